"""Name statements and questions that ask a name (``rerank.Reranks.name_factors``), in English and Chinese.

A name in a query ("What does Alex love?") says whom it is about, as "I"
does; only a query that asks a name ("What's my name?", "Who is Alex?",
"我叫什么？") is answered by the item that says the name.
"""

from __future__ import annotations

import re

__all__ = ["asks_name", "is_name_statement", "key_attribute", "names_in", "stated_name"]

_NAME_ASKED = re.compile(
    r"(?<![A-Za-z])(?:names?|named|call|called|calls|who|whom|whose)(?![A-Za-z])|名字|姓名|叫|姓|称呼|谁",
    re.IGNORECASE)
_NAME_STATEMENT = re.compile(
    r"^\s*(?:the\s+)?(?:user|用户)\s*(?:is|'s|am|=|是|叫|名叫|叫做)\s*(?P<name>[^,，。.!！?？]+?)\s*[.。!！]?\s*$",
    re.IGNORECASE)
# the name a name slot's item states ("User's name is Kevin", "User is Kevin", "用户叫林浩", "用户的名字是王建国")
_STATED_NAME = re.compile(r"^\s*(?:the\s+)?(?:user|用户)\s*(?:'s\s+name\s+is|\s+is|的名字(?:是|叫)|叫|名叫|叫做|是)\s*"
                          r"(?P<name>[^,，。.!！?？;；]+?)\s*[.。!！]?\s*$", re.IGNORECASE)
_HAN_NAME = re.compile(r"^[\u3400-\u4dbf\u4e00-\u9fff]{2,4}$")
_LATIN_NAME = re.compile(r"^[A-Z\u00c0-\u00de][\w'’-]*(?:\s+[A-Z\u00c0-\u00de][\w'’-]*){0,2}$")


def key_attribute(key: str | None) -> str | None:
    """The attribute a slot key holds ("name" for ``fact:name@alex`` and ``fact:wife/name@ben``); None for no slot."""
    if not key or not key.startswith(("fact:", "pref:", "todo:")):
        return None
    rest = key.partition(":")[2].split("@", 1)[0]
    return rest.rsplit("/", 1)[-1].split(":", 1)[0]


def is_name_statement(description: str) -> bool:
    """True when a curated item's text only says what the user is called.

    Not cached: one anchored regex match, and a cache of item texts kept 4,096 strings of evicted
    indexes alive, each holding allocator pages that then never went back (37 MiB above the start
    after 1,500 snapshot loads in a bounded cache, measured with the cache cleared).

    "User is Alex", "User is Mary Ann", "用户是小林", "用户叫美玲" are; "User is
    vegetarian" (not capitalised) and "User is from Porto" are not. Han names
    are two to four characters ("用户是学生" reads as one too: it weighs less
    only for queries that ask no name). Slot items keyed ``…name…`` count
    too (``Reranks.name_factors``).
    """
    m = _NAME_STATEMENT.match(description)
    if m is None:
        return False
    name = m.group("name").strip()
    return bool(_LATIN_NAME.match(name) or _HAN_NAME.match(name))


def asks_name(query: str) -> bool:
    """True when ``query`` asks for a name or who someone is ("What's my name?", "Who is Alex?", "我叫什么？")."""
    return _NAME_ASKED.search(query) is not None


def stated_name(description: str) -> str:
    """The name a name slot's item states ("User's name is Kevin" -> "Kevin", "用户叫林浩" -> "林浩"); "" when its
    text states no name of two to four Han characters or of capitalised Latin words."""
    m = _STATED_NAME.match(description)
    if m is None:
        return ""
    name = m.group("name").strip()
    return name if _LATIN_NAME.match(name) or _HAN_NAME.match(name) else ""


def names_in(query: str, names: frozenset[str]) -> bool:
    """True when ``query`` holds one of ``names`` (casefolded): a Han name anywhere, a Latin one as a whole word
    ("Where does Kevin work?", "Kevin's job?", "林浩在哪上班？"; not "Kevinson")."""
    folded = query.casefold()
    return any(name in folded if _HAN_NAME.match(name)
               else re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", folded) is not None for name in names)
