"""The shipped bilingual synonym groups (vegetarian / 素食者 / 吃素, husband / 老公 ...).

Read once from ``memory_core/data/synonyms.yaml``, the same for every user. The
write path uses the groups to join restatements of one thing (``pipeline.gist``);
recall uses them to expand a query (``retrieval.aliases``). The names of one
medicine or condition (``data/medical_names.yaml``: Lexapro / 来士普) expand a
query too, and say which sensitive item a question naming one asks for
(``other_names``).
"""

from __future__ import annotations

import functools

from memory_core.shipped_yaml import load_shipped
from memory_core.text.tokenize import tokenize

__all__ = ["medical_phrases", "names_any", "other_names", "synonym_aliases", "synonym_groups"]


@functools.lru_cache(maxsize=1)
def synonym_groups() -> tuple[tuple[str, ...], ...]:
    """The shipped bilingual synonym groups, each as its members' surface text (cached).

    Raises:
        yaml.YAMLError: the shipped file does not parse (a packaging fault).
    """
    raw = load_shipped("data", "synonyms.yaml")
    return tuple(tuple(str(m) for m in group) for group in raw)


@functools.lru_cache(maxsize=1)
def synonym_aliases() -> dict[str, frozenset[tuple[str, ...]]]:
    """{index term: the other members' index terms} of the synonym groups and the medical names (single-term
    members only as keys; cached)."""
    out: dict[str, set[tuple[str, ...]]] = {}
    for group in (*synonym_groups(), *medical_groups()):
        terms = [tuple(tokenize(member)) for member in group]
        for term in terms:
            if len(term) == 1:
                out.setdefault(term[0], set()).update(t for t in terms if t != term and t)
    return {k: frozenset(v) for k, v in out.items()}



@functools.lru_cache(maxsize=1)
def medical_groups() -> tuple[tuple[str, ...], ...]:
    """The shipped names of one medicine or condition each (``data/medical_names.yaml``: Lexapro / 来士普 /
    escitalopram, 甲减 / hypothyroidism), each as its members' surface text (cached).

    Raises:
        yaml.YAMLError: the shipped file does not parse (a packaging fault).
    """
    return tuple(tuple(str(m) for m in group) for group in load_shipped("data", "medical_names.yaml"))


@functools.lru_cache(maxsize=4096)
def other_names(value: str) -> tuple[str, ...]:
    """``value`` casefolded, then every name of each medicine or condition ``value`` names, casefolded.

    A name counts when all its index terms are among ``value``'s ("takes Lexapro" names Lexapro: 来士普,
    escitalopram …; "用户每天吃优甲乐" names 优甲乐: euthyrox, levothyroxine …); only ``medical_groups``,
    so an everyday word in a health value ("lives with …") lends it no other names.
    """
    have = set(tokenize(value))
    out = {value.casefold(): None}
    for group in medical_groups():
        if any((terms := tokenize(m)) and set(terms) <= have for m in group):
            out.update((m.casefold(), None) for m in group)
    return tuple(out)


@functools.lru_cache(maxsize=1)
def medical_phrases() -> tuple[tuple[frozenset[str], tuple[tuple[str, ...], ...]], ...]:
    """The names of several index terms in ``medical_groups`` ("baby due", 孩子出生), each as (its terms, the
    other members' terms), cached: a query holding all of a name's terms, in any order and with other words
    between ("when is the baby due?", 孩子什么时候出生), names it (``names_any``) and searches the other names
    (``retrieval.aliases``). A one-term name is a key of ``synonym_aliases`` instead."""
    out = []
    for group in medical_groups():
        terms = [tuple(tokenize(member)) for member in group]
        for own in terms:
            if len(own) > 1:
                out.append((frozenset(own), tuple(t for t in terms if t != own and t)))
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def names_any(query: str, names: tuple[str, ...]) -> bool:
    """True when ``query`` names one of ``names`` (casefolded, as ``other_names`` gives them): as a substring
    of the casefolded query, or, for a name of several index terms, by all of its terms among the query's
    ("when is the baby due?" names "baby due"; 孩子什么时候出生 names 孩子出生)."""
    q = query.casefold()
    if any(name in q for name in names):
        return True
    have = set(tokenize(query))
    return any(len(terms := tokenize(name)) > 1 and set(terms) <= have for name in names)
