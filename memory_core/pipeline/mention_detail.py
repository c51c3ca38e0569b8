"""What of a turn's mention is a detail of the item it restates (issue 13 §3, "an added detail is a revision").

A turn of several sentences ("Small but bright. Pixel loves the park next door. I started learning the piano
too.") restates an item ("Mia has a dog named Pixel") in one sentence and says other things in the others.
Only the sentences that speak of the item (a term of the item's) are its detail; a sentence the turn states as
a statement of its own under another key ("Starting at Alibaba as a senior engineer", read as the employer)
is that statement, never a detail of another item.
"""

from __future__ import annotations

from collections.abc import Sequence

from memory_core.pipeline.gist import Topic, topic
from memory_core.pipeline.types import Candidate

__all__ = ["detail_of"]


def detail_of(cand: Candidate, old: Topic, old_key: str, stated: Sequence[Candidate], subject: str) -> str:
    """The sentences of the mention ``cand`` that add to an item of topic ``old`` under ``old_key``, joined; "" for
    none.

    Args:
        cand: a turn's mention (``own_words.mention``); its ``pieces`` are its sentences, third person.
        old: the topic of the item restated; old_key: its key.
        stated: the turn's own statements (not the mention); those of a slot ("fact:", "pref:") under another key
            hold their sentences.
        subject: the user's subject word ("User", "用户", a speaker's name), no term of a topic.
    """
    pieces = cand.pieces or (cand.description,)
    theirs = [topic(c.description, c.lang, subject) for c in stated
              if c.key != old_key and c.key.startswith(("fact:", "pref:")) and c.polarity >= 0]
    kept: list[str] = []
    for piece in pieces:
        said = topic(piece, cand.lang, subject)
        if len(pieces) > 1 and not said.terms & (old.terms | old.strong):
            continue  # another sentence of the turn, about another thing
        if any(said.strong & other.strong - old.strong for other in theirs):
            continue  # stated on its own this turn ("Starting at Alibaba" is the new employer)
        kept.append(piece)
    if len(kept) == len(pieces):
        return cand.description
    return ("，" if cand.lang == "zh" else ". ").join(p.rstrip("。.!！ ") for p in kept)
