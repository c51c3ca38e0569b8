"""What ``gulfstream check`` reads in a user's stored items beyond the store's own self-check.

- ``carried``: two active values of one single-valued slot, whatever key each item was filed under
  ("用户的职业是hardware engineer" beside "用户在Google做TPM", filed as the employer);
- ``spliced``: a text spliced from two turns, a speaker's label inside it ("…；用户：阿杰对海鲜过敏");
- ``run``: the per-user pass ``check`` makes (the speaker-twin repair under the user's lock, then each flag
  with how to fix it).

The write path never imports this package; the texts it reads are data (``data/check_texts.yaml``).
"""
