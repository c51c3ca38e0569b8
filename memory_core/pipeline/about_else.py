"""A statement that names what an item names, but is about something else, is no restatement of the item.

"阿Ken最后都没养狗，他自己都话太忙" names Ken, and "用户的老公是阿Ken" names him too; yet the sentence is about a
dog not got, not about who the husband is, and counting it a confirmation of the husband item (a hit, a detail
joined on) misreads it. The same holds for "Ken never got the dog in the end" beside "User's husband is Ken",
or "Mochi knocked my coffee over" beside "User has a cat named Mochi". Each statement's topic has an anchor
(``gist.topic``: what it is about); when neither anchor is a term of the other statement, the words they share
are a name mentioned in passing, whatever the name is.
"""

from __future__ import annotations

from memory_core.pipeline.gist import Topic

__all__ = ["about_else"]


def about_else(said: Topic, item: Topic) -> bool:
    """True when ``said`` (a turn's statement) and ``item`` (an item's text) are each about a thing the other
    does not name: both have an anchor, and neither anchor is among the other's terms or strong terms.

    "我女儿叫朵朵" beside "用户有个女儿" (both about the daughter) is not; "Ken never got the dog" beside "User's
    husband is Ken" (a dog; the husband) is. Never raises.
    """
    if not said.anchor or not item.anchor:
        return False
    return said.anchor not in item.terms | item.strong and item.anchor not in said.terms | said.strong
