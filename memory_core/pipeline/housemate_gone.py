"""Whom a move out said with only a pronoun ends: the person the user lives with ("he moved out", "她搬走了").

"I live with my roommate Jake" … "he moved out last week" / "我跟室友小美一起住" … "她搬走了": the second turn names
nobody, and the person it speaks of may be keyed only by the living together (``fact:lives_with:<label>``, no
``fact:<person>/…`` key for ``antecedent`` to take up), so the move out ended nothing. ``housemate_turn`` gives
the turn back with the pronoun replaced by that housemate or partner ("my roommate moved out", "我室友搬走了"),
chosen among the user's active, positive ``lives_with`` statements: the most recent one of the pronoun's gender
(``lexicon().gender`` of the label), else the most recent one of no known gender (a roommate, a partner); one of
the other gender is never taken. The caller keeps only the ``lives_with`` end read from it, put on the stored key,
so no other fact of the turn is given to that person. Recency and agreement, as ``antecedent`` (Hobbs 1978;
Lappin and Leass 1994), over the people the user lives with.
"""

from __future__ import annotations

from dataclasses import replace

from memory_core.model import Turn
from memory_core.pipeline.agreement import description_polarity
from memory_core.pipeline.antecedent import pronoun_led
from memory_core.pipeline.own_words import speaker_qualifier
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.store.lookup import KeyLookup
from memory_core.text.relations import relation_names

__all__ = ["LIVES_WITH", "chosen_housemate", "housemate_turn"]

#: The key prefix of who the user lives with (``fact:lives_with:<label>[@speaker]``).
LIVES_WITH = "fact:lives_with:"


def _gender(label: str) -> str:
    """"male" / "female" for a label of known gender ("girlfriend", "妈妈"), "" otherwise ("roommate")."""
    known = lexicon().gender
    return known.get(label) or next((known[n] for n in relation_names(label) if n in known), "")


def chosen_housemate(gender: str, said: list[tuple[str, str, float]]) -> str | None:
    """The key a pronoun of ``gender`` takes up among the people the user lives with, or None.

    Args:
        gender: "male" or "female", the pronoun's.
        said: ``(key, label, when)`` of each active positive ``lives_with`` statement, ``when`` in POSIX seconds.

    Returns:
        The key of the most recent one of that gender, else of the most recent one of no known gender; None when
        every one is of the other gender (or there is none).
    """
    for wanted in (gender, ""):
        fit = [(when, key) for key, label, when in said if _gender(label) == wanted]
        if fit:
            return max(fit)[1]
    return None


def _words(label: str, lang: str) -> str | None:
    """How the user names ``label`` in ``lang``: "my roommate", "我室友"; None when the lexicon has no such word."""
    word = next((n for n in (label, *relation_names(label)) if n.isascii() == (lang == "en")), None)
    if word is None:
        return None
    return f"my {word.replace('_', ' ')}" if lang == "en" else f"我{word}"


def housemate_turn(turn: Turn, store: KeyLookup) -> tuple[Turn, str | None] | None:
    """``(turn with its opening pronoun replaced by the housemate it takes up, that housemate's stored key)``, or None.

    When the user lives with someone but nobody the pronoun can mean ("he moved out" said with only a mother at
    home), the key is None and the pronoun is replaced by "my roommate" / "我室友", so the caller can tell a move
    out of nobody known (which then changes nothing) from a turn about something else.

    Only a user's turn opening on "he"/"she" (``antecedent.pronoun_led``) when the speaker lives with someone. One
    light read by key prefix and one by key (for the statements' times).

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user" or (led := pronoun_led(turn.text)) is None:
        return None
    lang, gender, start, end = led
    qualifier = speaker_qualifier(turn.speaker)
    keys = {key for _, key, description in store.active_by_prefix(turn.user_id, (LIVES_WITH,))
            if key.partition("@")[1:] == (("@", qualifier[1:]) if qualifier else ("", ""))
            and description_polarity(description) > 0}
    if not keys:
        return None
    said = [(key, key.partition("@")[0][len(LIVES_WITH):], (item.valid_from or item.created_at).timestamp())
            for key, items in store.find_by_keys(turn.user_id, sorted(keys)).items() for item in items
            if item.active and description_polarity(item.description) > 0
            and (item.valid_from or item.created_at) <= turn.timestamp]
    key = chosen_housemate(gender, said)
    words = _words(key.partition("@")[0][len(LIVES_WITH):] if key else "roommate", lang)
    if words is None:
        return None
    if lang == "en":
        said_as = turn.text[start:end].casefold()
        words += "'s" if said_as in ("his", "her") else " is" if said_as.endswith(("'s", " is")) else ""
        words = words[0].upper() + words[1:] if turn.text[start].isupper() else words
    return replace(turn, text=turn.text[:start] + words + turn.text[end:]), key
