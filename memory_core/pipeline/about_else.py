"""A statement that names a person of the user's, but is about something else, is no restatement of that
person's item.

"阿Ken最后都没养狗，他自己都话太忙" names Ken, and "用户的老公是阿Ken" names him too; yet the sentence is about a
dog not got, not about who the husband is, and counting it a confirmation of the husband item (a hit, a detail
joined on) misreads it. The same holds for "Ken never got the dog in the end" beside "User's husband is Ken",
or "小美最后没去成日本" beside "用户的女朋友叫小美". Each statement's topic has an anchor (``gist.topic``: what it is
about); an item about a person is anchored on the relation (``syn:husband``). When the statement's anchor is
another thing and it never says the relation, the words they share are the person's name, said in passing.
"""

from __future__ import annotations

from memory_core.pipeline.gist import Topic
from memory_core.text.relations import relation_names

__all__ = ["about_else"]


def _of_a_person(anchor: str) -> bool:
    """True for an anchor naming a relation of the user's (``syn:husband``, ``syn:daughter``: ``relations.yaml``)."""
    word = anchor.removeprefix("syn:")
    return anchor.startswith("syn:") and len(relation_names(word)) > 1


def about_else(said: Topic, item: Topic) -> bool:
    """True when ``item`` (an item's text) is about a person of the user's and ``said`` (a turn's statement) names
    that person only in passing: ``item``'s anchor is a relation ``said`` does not say, and ``said``'s anchor is
    another thing, not a term of ``item``.

    "Ken never got the dog" beside "User's husband is Ken" is; "我女儿叫朵朵" beside "用户有个女儿" (both say the
    daughter) is not, nor is any statement beside an item about a thing rather than a person. Never raises.
    """
    if not said.anchor or not _of_a_person(item.anchor) or _of_a_person(said.anchor):
        return False
    return said.anchor not in item.terms | item.strong and item.anchor not in said.terms | said.strong
