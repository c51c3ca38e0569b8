"""What an item grown by details was first about: its first statement, the one later details must speak of.

An own-words item grows by details joined after its text ("A；B", "A; B": ``changed_value.with_statement``). Its
whole text holds the words of every detail, so a later statement sharing one word with any of them ("…twice a
week" / "…for 3 weeks to see dad") would read as about the item, and a long item would gather unrelated turns
(new-user trial 35, finding 2: a Chinese-level item grew by a trip home, a dad's medication and bouldering). A
grown item is about what its first statement names: a new statement joins it, as a restatement or a detail, only
when it is about that (``gist.same_topic``), not when it shares a word with a detail alone.
"""

from __future__ import annotations

import re

from memory_core.pipeline.gist import Topic, same_topic, topic

__all__ = ["first_statement", "off_first"]

# the joints ``with_statement`` puts between an item's statements
_JOINT = re.compile(r"；|;\s")


def first_statement(description: str) -> str:
    """Return the first statement of an item's text: all of it when no detail was joined to it."""
    return _JOINT.split(description, maxsplit=1)[0].strip()


def off_first(new: Topic, description: str, lang: str, subject: str) -> bool:
    """True when ``description`` is a grown item (details joined to it) and the statement of topic ``new`` is not
    about its first statement (``gist.same_topic``, ``subject`` no term): a word of a later detail alone makes it
    no statement of the item."""
    first = first_statement(description)
    if first == description.strip():
        return False
    return not same_topic(new, topic(first, lang, subject))[0]
