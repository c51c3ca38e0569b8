"""Another person's facts are theirs: a partner or family item does not collect them as details (issue 13).

"My partner is Leo" … "Leo has a dog named Bobo" … "Leo wants to move to Shanghai for his job": each later turn
names Leo, so it restated the partner item, and the planner added each as a detail. The item grew into one long
text of everything Leo does ("User's partner is Leo; Leo has a dog named Bobo; Leo wants to move …"), which
then ranked first for unrelated questions (the dog, Shanghai, a job), and "阿哲不喜欢恐怖片" read as part of the
user's own partner fact. ``their_own`` says when a mention speaks of the person on its own account: it names
something the item does not (a name, a place, a thing), not only a number of the person (an age, "我儿子今年五岁了",
still a detail of the item). Such a turn gives the item a hit (the person was spoken of again) and stays the
turn's own record; the item keeps its short text.
"""

from __future__ import annotations

from memory_core.pipeline.gist import Topic
from memory_core.pipeline.types import Candidate

__all__ = ["their_own"]


def their_own(cand: Candidate, key: str, said: Topic, old: Topic) -> bool:
    """True when the mention ``cand`` (topic ``said``) says something of the person a partner or family item
    (``key``, topic ``old``) names, on that person's own account: a strong term the item lacks, not a number."""
    person = key.partition("@")[0]
    if not cand.restate_only or not (person == "fact:partner" or person.startswith("fact:family:")):
        return False
    return bool(said.strong - old.terms - said.numbers)
