"""Names of one relation across English and Chinese ("daughter" = "女儿"), for whose-fact reranking.

The groups are data, ``memory_core/data/relations.yaml``. A slot key names
another person by the word the user said (``fact:daughter/hobby…``,
``fact:女儿/…``); a question in the other language names the same person
with another word, and ``names_relation`` takes that into account. Names
that can only mean one person ("mom" = "我妈" = "mother") share one key
label (``person_label``), so a change said in the other language or with
another word supersedes the fact it changes.
"""

from __future__ import annotations

import re
from functools import cache

from memory_core.shipped_yaml import load_shipped

__all__ = ["asks_about_household", "household_relation", "mentions_relation", "names_person", "names_relation",
           "person_label",
           "relation_groups", "relation_names", "relation_pattern"]


@cache
def _groups() -> dict[str, tuple[str, ...]]:
    """Each relation name (casefolded, "_" for spaces as in keys) -> every name of its group."""
    raw = load_shipped("data", "relations.yaml")
    out: dict[str, tuple[str, ...]] = {}
    for group in raw["relations"]:
        names = tuple(str(n).casefold() for n in group)
        for name in names:
            out[name.replace(" ", "_")] = names
    return out


@cache
def _one_person() -> dict[str, str]:
    """Each name of a one-person group (casefolded, "_" for spaces) -> the group's first name."""
    raw = load_shipped("data", "relations.yaml")
    return {str(name).casefold().replace(" ", "_"): str(group[0]).casefold().replace(" ", "_")
            for group in raw.get("one_person") or () for name in group}


@cache
def _short_forms() -> dict[str, str]:
    """Each short form of a relation word ("bro", "sis") -> the word ("brother", "sister")."""
    raw = load_shipped("data", "relations.yaml")
    return {str(short).casefold(): str(word).casefold() for short, word in (raw.get("short_forms") or {}).items()}


def person_label(subject: str) -> str:
    """The slot-key label of another person named ``subject`` (casefolded, "_" for spaces): the group's first
    name for a name of one person ("我妈", "Mother" -> "mom"), the relation word for a short form ("bro" ->
    "brother"), else the name itself ("sister", "姐姐")."""
    label = subject.casefold().replace(" ", "_")
    label = _short_forms().get(label, label)
    return _one_person().get(label, label)


def relation_groups() -> tuple[tuple[str, ...], ...]:
    """Every relation group (its names casefolded, in the data's order), once each."""
    return tuple(dict.fromkeys(_groups().values()))


def relation_names(subject: str) -> tuple[str, ...]:
    """Every name of ``subject``'s relation (itself first when unknown): "daughter" -> ("daughter", "女儿", "闺女")."""
    word = subject.casefold()
    return _groups().get(word, (word.replace("_", " "),))


def names_relation(folded_query: str, subject: str) -> bool:
    """True when the casefolded query names the relation ``subject`` in either language.

    English names match at a word start ("wife", "wife's", "sisters"), not as the head of an in-law ("son-in-law"
    names no son); Chinese ones anywhere.
    """
    for word in relation_names(subject):
        if word.isascii():
            if re.search(rf"(?<![a-z]){re.escape(word)}(?![-\u2010]in[-\u2010]law)", folded_query):
                return True
        elif word in folded_query:
            return True
    return False


@cache
def _covered_by() -> dict[str, tuple[str, ...]]:
    """Each relation name (casefolded, "_" for spaces) -> the relations whose names cover it ("son" -> ("kid",))."""
    raw = load_shipped("data", "relations.yaml").get("covers") or {}
    groups = _groups()
    out: dict[str, list[str]] = {}
    for wide, narrow in raw.items():
        for relation in narrow:
            for name in groups.get(str(relation).casefold(), (str(relation).casefold(),)):
                out.setdefault(name.replace(" ", "_"), []).append(str(wide).casefold())
    return {name: tuple(wide) for name, wide in out.items()}


@cache
def _covering() -> dict[str, tuple[str, ...]]:
    """Each covering relation name (casefolded, "_" for spaces) -> the relations it covers ("对象" -> ("wife", …))."""
    raw = load_shipped("data", "relations.yaml").get("covers") or {}
    groups = _groups()
    return {name.replace(" ", "_"): tuple(str(r).casefold() for r in narrow)
            for wide, narrow in raw.items() for name in groups.get(str(wide).casefold(), (str(wide).casefold(),))}


def names_person(folded_query: str, subject: str) -> bool:
    """True when the casefolded query names ``subject``'s relation (``names_relation``), a relation covering it
    (``covers`` of ``data/relations.yaml``: "我孩子…" names a son, "who's my partner?" a wife, "my parents" a mom),
    or one it covers ("我男朋友叫什么？" names the one said as "我对象")."""
    return names_relation(folded_query, subject) or any(
        names_relation(folded_query, wide) for wide in _covered_by().get(subject.casefold(), ())) or any(
        names_relation(folded_query, narrow) for narrow in _covering().get(subject.casefold(), ()))


@cache
def _any_relation() -> re.Pattern[str]:
    """Every relation name of the groups, English at word edges, Chinese anywhere, longest first."""
    names = sorted({n.replace("_", " ") for group in _groups().values() for n in group}, key=len, reverse=True)
    return re.compile("|".join(rf"(?<![a-z]){re.escape(n)}(?![a-z])" if n.isascii() else re.escape(n)
                               for n in names))


def relation_pattern() -> re.Pattern[str]:
    """The compiled pattern of every relation name (casefolded text: English at word edges, Chinese anywhere)."""
    return _any_relation()


def mentions_relation(text: str) -> bool:
    """True when ``text`` names anyone's relation in either language ("User's mom eats fish", "用户妈吃鱼")."""
    return _any_relation().search(text.casefold()) is not None


@cache
def _household() -> tuple[frozenset[str], re.Pattern[str]]:
    """(every name of the household's relations, casefolded with "_" for spaces; the household question words).

    Raises:
        yaml.YAMLError: the shipped file does not parse. re.error: a word is no regular expression.
    """
    raw = load_shipped("data", "relations.yaml").get("household") or {}
    groups = _groups()
    names = frozenset(n.replace(" ", "_") for r in raw.get("relations") or ()
                      for n in groups.get(str(r).casefold(), (str(r).casefold(),)))
    words = [w for lang in ("en", "zh") for w in (raw.get("words") or {}).get(lang) or ()]
    return names, re.compile("|".join(f"(?:{w})" for w in words) or r"(?!)", re.IGNORECASE)


def household_relation(subject: str) -> bool:
    """True when ``subject`` (a slot key's relation: "wife", "媳妇", "daughter") is one of the user's household
    (``data/relations.yaml`` ``household``: a partner, a spouse, a child), not a friend, a colleague or a cousin."""
    return subject.casefold().replace(" ", "_") in _household()[0]


def asks_about_household(query: str) -> bool:
    """True when ``query`` asks about the user's household without naming anyone in it: we / our, 我们 / 咱家, the
    baby or the kids said without a possessor ("When is the baby due?", 宝宝什么时候出生)."""
    return _household()[1].search(query) is not None
