"""A name a sentence shares with an item names the item's thing only when it is the same name in the same role.

New-user trial 37 glued turns onto items they shared one name with: "gonna move down to Tacoma and do the welding
program" onto "User's truck is a 2011 Tacoma" (the city, not the truck), "going to Lagos for my sister's wedding"
onto "User is from Lagos", "Jia Min 来了" (her sister) onto "用户是 Jia Hui". Items of a person, a pet, a home or an
employer already ask that a sentence speak OF their thing (``detail_role.passing_mention``); any other item shared
only a word. Three tests here, each on the terms a sentence shares with an item that are words of a capitalised name
in the sentence (a person, a place, a brand):

- ``other_full_name``: each such word is one word of a name of several words that differs from the item's ("Jia
  Min" beside "Jia Hui", "Tom Brady" beside "Tom Hanks"): another one of the same first or last name;
- ``name_elsewhere``: the sentence does not speak of the name (``detail_role.speaks_of``: its subject, or the
  description after a copula) but says it after a preposition of place the item does not say it after ("move down
  to Tacoma" beside "a 2011 Tacoma", "going to Lagos" beside "from Lagos"): a place one goes, not the thing the
  item says something of. A name acted on ("traded the Corolla in") is left to the rules of a change.

- ``common_word_of_name``: each such word is, in the item, one word of a name of several words and, in the
  sentence, an everyday word of no name ("close to the airport" beside "starting at Dublin Airport"): the name's
  kind, not the name.

A fourth, ``when_only``, on any shared term: the sentence names the item's thing only as the time of another act
("Proposed on the marshes at sunrise after parkrun" beside "User has started running again, parkrun every
Saturday"; "以前大学的时候特别喜欢打羽毛球" beside "用户本科是河南财经政法大学的").

Each way the sentence neither says the item again nor adds to it.
"""

from __future__ import annotations

import re

from memory_core.pipeline.detail_role import of_entity, speaks_of
from memory_core.pipeline.gist import Topic, topic

__all__ = ["common_word_of_name", "name_elsewhere", "other_full_name", "when_only"]

# a capitalised Latin name of one or more words ("Tacoma", "Jia Min", "Walthamstow Marshes")
_NAME = re.compile(r"(?<![A-Za-z'’])[A-Z][a-z]+(?:[ -][A-Z][a-z]+)*(?![A-Za-z])")
# capitalised words that name no one thing: the user's subject word, pronouns, sentence openers
_NOT_NAME = frozenset(["user", "i", "i'm", "he", "she", "we", "they", "it", "the", "a", "an", "my", "our", "so",
                       "and", "but", "oh", "ok", "okay", "yes", "no"])


def _names(text: str, subject: str) -> list[str]:
    """The capitalised names of ``text`` (several words kept together), the user's subject word and pronouns out."""
    out: list[str] = []
    for m in _NAME.finditer(text):
        words = [w for w in re.split(r"[ -]", m.group(0)) if w.casefold() not in _NOT_NAME
                 and w.casefold() != subject.casefold()]
        if words:
            out.append(" ".join(words))
    return out


def _shared_named(new: Topic, old: Topic) -> frozenset[str]:
    return (new.terms & (old.terms | old.strong)) - new.numbers - old.numbers


def _terms_of(name: str) -> frozenset[str]:
    return topic(name, "en").terms


def other_full_name(said: str, held: str, new: Topic, old: Topic, subject: str = "") -> bool:
    """True when every term ``said`` (topic ``new``) shares with an item (text ``held``, topic ``old``) is a word of
    a name of several words in each, and the two names differ: "Jia Min 来了" beside "用户是 Jia Hui".

    Args:
        said: the sentence; held: the item's text; subject: the user's subject word, no name.
    """
    shared = _shared_named(new, old)
    if not shared:
        return False
    theirs = [(n, _terms_of(n)) for n in _names(said, subject) if " " in n]
    ours = [(n, _terms_of(n)) for n in _names(held, subject) if " " in n]
    for term in shared:
        in_said = {n.casefold() for n, t in theirs if term in t}
        in_held = {n.casefold() for n, t in ours if term in t}
        if not in_said or not in_held or in_said & in_held:
            return False
    return True


def common_word_of_name(said: str, held: str, new: Topic, old: Topic, subject: str = "") -> bool:
    """True when every term ``said`` (topic ``new``) shares with an item (text ``held``, topic ``old``) is, in the
    item, a word of a capitalised name of several words, and in ``said`` an everyday word of no name: "looking at
    places in Swords, close to the airport" beside "User is starting at Dublin Airport on the 1st of July" (new-user
    trial 38): the word is the name's kind, not the name, so the sentence neither says the item again nor adds to it.

    Args:
        said: the sentence; held: the item's text; subject: the user's subject word, no name.
    """
    shared = _shared_named(new, old)
    if not shared or shared & new.strong:
        return False
    ours = [_terms_of(n) for n in _names(held, subject) if " " in n]
    return all(any(term in t for t in ours) for term in shared)


def _named_terms(text: str, subject: str) -> frozenset[str]:
    """The terms of every capitalised name of ``text``."""
    out: set[str] = set()
    for name in _names(text, subject):
        out |= _terms_of(name)
    return frozenset(out)


def name_elsewhere(said: str, held: str, new: Topic, old: Topic, key: str, lang: str, subject: str = "") -> bool:
    """True when every term ``said`` shares with an item (``key``, text ``held``, topic ``old``) is a word of a
    capitalised name in both and ``said`` does not speak of it (``speaks_of``): "gonna move down to Tacoma …"
    beside "User's truck is a 2011 Tacoma". Items of an entity (``detail_role.of_entity``) are left to
    ``passing_mention``.

    Args:
        said: the sentence (the user's words or third person); new / old: topics of ``said`` and of the item.
        lang: "en" or "zh"; subject: the user's subject word, no name.
    """
    shared = _shared_named(new, old)
    if not shared or of_entity(key, new, old):
        return False
    if not shared <= _named_terms(said, subject) & _named_terms(held, subject):
        return False  # a word capitalised in one only ("Running again!") is no name the two share
    for term in shared:
        where = _place_roles(said, term, subject)
        if not where or "" in where or where & _place_roles(held, term, subject):
            return False  # "traded the Corolla in": the thing acted on, which may end or revise the item
    return not speaks_of(said, new, old, lang, subject)


# a preposition of place or direction right before a name ("move down to Tacoma", "flying to Lagos", "from Lagos")
_PLACE_BEFORE = re.compile(r"\b(to|into|in|at|from|near|towards|toward|around|outside|via)\s+(?:the\s+)?$",
                           re.IGNORECASE)


def _place_roles(text: str, term: str, subject: str) -> frozenset[str]:
    """The prepositions of place right before each capitalised name of ``text`` holding ``term`` ("to", "from");
    "" for a name said with none ("a 2011 Tacoma")."""
    roles: set[str] = set()
    for m in _NAME.finditer(text):
        if term in _terms_of(" ".join(w for w in re.split(r"[ -]", m.group(0)) if w.casefold() != subject.casefold())):
            before = _PLACE_BEFORE.search(text[:m.start()])
            roles.add(before.group(1).casefold() if before else "")
    return frozenset(roles)


# the time of an act given by another thing: "after parkrun", "before work", "during the wedding"; "大学的时候",
# "下班之后", "毕业以后", "结婚之前"
_WHEN = {
    "en": re.compile(r"\b(?:after|before|during|since|until)\s+((?:(?:the|my|a|an|our|his|her|their)\s+)?"
                     r"[\w'’-]+(?:\s+[\w'’-]+){0,2}?)(?=\s*(?:[,.;:!?]|$|\b(?:and|but|so|then|i|we|he|she|they|"
                     r"today|yesterday|this|last|on|at|in|with)\b))", re.IGNORECASE),
    "zh": re.compile(r"([^，,。！!？?；;\s]{1,8}?)(?:的时候|那时候|那会儿?|之后|以后|之前|以前|期间)"),
}


def when_only(said: str, new: Topic, old: Topic, lang: str, subject: str = "") -> bool:
    """True when every term ``said`` (topic ``new``) shares with an item (topic ``old``) is said only as the time of
    another act ("after parkrun", "大学的时候"), nowhere else in ``said``.

    Args:
        said: the sentence; lang: "en" or "zh" (a clause holding Chinese is read as Chinese); subject: the user's
            subject word, no term.
    """
    shared = _shared_named(new, old)
    if not shared:
        return False
    pattern = _WHEN["zh" if lang == "zh" or re.search(r"[\u4e00-\u9fff]", said) else "en"]
    spans = list(pattern.finditer(said))
    if not spans:
        return False
    when: set[str] = set()
    rest = said
    for m in reversed(spans):
        when |= topic(m.group(1), lang, subject).terms
        rest = rest[:m.start()] + " " + rest[m.end():]
    return shared <= when and not shared & topic(rest, lang, subject).terms
