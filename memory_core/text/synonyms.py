"""The shipped bilingual synonym groups (vegetarian / 素食者 / 吃素, husband / 老公 ...).

Read once from ``memory_core/data/synonyms.yaml``, the same for every user. The
write path uses the groups to join restatements of one thing (``pipeline.gist``);
recall uses them to expand a query (``retrieval.aliases``).
"""

from __future__ import annotations

import functools

from memory_core.shipped_yaml import load_shipped
from memory_core.text.tokenize import tokenize

__all__ = ["synonym_aliases", "synonym_groups"]


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
    """{index term: the other members' index terms} of the synonym groups (single-term members only as keys; cached)."""
    out: dict[str, set[tuple[str, ...]]] = {}
    for group in synonym_groups():
        terms = [tuple(tokenize(member)) for member in group]
        for term in terms:
            if len(term) == 1:
                out.setdefault(term[0], set()).update(t for t in terms if t != term and t)
    return {k: frozenset(v) for k, v in out.items()}
