"""Everyday words across Chinese and English that the dictionary glosses formally or not at all: data, not code.

CC-CEDICT (``text.glossary``) is a learner's dictionary: 外卖 is "takeout" and "delivery" is 交割 / 分娩, "app",
"e-bike" and 网约车 are missing, "phone" gives 致电. A question about a gig worker's memories ("Which delivery app
does he ride for?" over 我在美团送外卖) then found nothing at all without a model. ``data/everyday_glosses.yaml``
lists the words people say for one thing in both languages, and ``data/org_names.yaml`` the names of one
organisation in both scripts (美团 / Meituan); ``everyday_glosses`` gives, for one index term, the other language's
terms of every entry that names it. ``retrieval.glosses`` searches them before the dictionary's.

A member is a key when it is one index term (a Chinese word jieba keeps whole, "电瓶车"; an English word, stemmed)
or two English terms ("e-bike" → "e bike", "driver's license" → "driver licens": ``glosses.gloss_terms`` looks up
each pair of adjacent English terms of a question). Every member's terms are values.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterable

from memory_core.shipped_yaml import load_shipped
from memory_core.text.phrasal import phrasal_groups
from memory_core.text.tokenize import tokenize

__all__ = ["everyday_glosses", "everyday_groups", "split_members"]

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


@functools.lru_cache(maxsize=1)
def everyday_groups() -> tuple[tuple[str, ...], ...]:
    """The shipped groups: ``everyday_glosses.yaml``'s entries, ``org_names.yaml``'s organisations, then each phrasal
    verb's joined word beside its Chinese words (``phrasal.phrasal_groups``: "workout" / 健身) (cached).

    Raises:
        OSError: a shipped file is missing. yaml.YAMLError: it does not parse (a packaging fault).
    """
    everyday = load_shipped("data", "everyday_glosses.yaml")
    orgs = load_shipped("data", "org_names.yaml")["orgs"]
    return tuple(tuple(str(m) for m in group) for group in [*everyday, *orgs, *phrasal_groups()])


def _keys(member: str, terms: list[str]) -> list[str]:
    """The lookup keys of one member: a Chinese word itself (its one term, or read whole by ``split_members``),
    an English member when it is one term, or two English terms joined by a space."""
    if _CJK.search(member):  # kept whole, or split and read whole from the text (``split_members``): 最喜欢, never 喜欢
        return [member]
    if len(terms) == 1:
        return terms
    return [" ".join(terms)] if len(terms) == 2 else []


def _values(member: str, terms: list[str], zh: bool) -> list[str]:
    """The terms a member is searched by: a Chinese word jieba keeps whole is itself alone (电动车, not also 动车,
    its search-mode piece "bullet train"), else its terms of two characters or more (点外卖: 外卖, not 点);
    an English member all its terms."""
    if not zh:
        return terms
    return [member] if member in terms else [t for t in terms if len(t) > 1]


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, tuple[str, ...]]:
    """{key: the other language's terms of every group naming it, in file order, none repeated}."""
    out: dict[str, dict[str, None]] = {}
    for group in everyday_groups():
        members = [(m, tokenize(m), bool(_CJK.search(m))) for m in group]
        for member, terms, zh in members:
            other: Iterable[str] = (t for m, ts, z in members if z != zh for t in _values(m, ts, z))
            values = list(dict.fromkeys(other))
            for key in _keys(member, terms):
                out.setdefault(key, {}).update(dict.fromkeys(values))
    return {k: tuple(v) for k, v in out.items()}


@functools.lru_cache(maxsize=1)
def _split() -> tuple[tuple[str, frozenset[str]], ...]:
    """The Chinese members the tokenizer does not keep whole, each with its index terms, longest first (cached)."""
    members = {m for group in everyday_groups() for m in group if _CJK.search(m)}
    out = [(m, frozenset(tokenize(m))) for m in members]
    return tuple(sorted(((m, ts) for m, ts in out if m not in ts and ts), key=lambda x: (-len(x[0]), x[0])))


def split_members(text: str, terms: Collection[str]) -> list[str]:
    """The Chinese members of the everyday groups ``text`` says whole that the tokenizer split into ``terms``.

    jieba reads 最喜欢 as 最 (a stopword) and 喜欢, and 送外卖 as 送 / 外卖: looked up by its terms, the word
    "favourite" is never found for 我最喜欢哪个歌手？. A member counts when ``text`` (whitespace removed) holds it
    and every one of its index terms is among ``terms`` (the text's own): 中大 inside 中大型 is no university, its
    term 大 not said.

    Args:
        text: a question as written; ``terms``: its index terms (``tokenize``).

    Returns:
        The members, longest first, none repeated; [] when none. Each is a key of ``everyday_glosses``.
    """
    said = "".join(text.split())
    have = set(terms)
    return [m for m, ts in _split() if m in said and ts <= have]


def everyday_glosses(term: str) -> tuple[str, ...]:
    """The other-language index terms of the everyday groups naming ``term`` (``()`` when none does).

    Args:
        term: one index term (``tokenize``'s: "外卖", "deliveri") or two English terms joined by one space
            ("e bike").

    Returns:
        Chinese terms for an English key, English (stemmed) terms for a Chinese one, in file order.
    """
    return _table().get(term, ())
