"""A pet question is not answered by what the user eats: "她有什么宠物？" meets "用户吃鱼".

The pet category (``data/categories.yaml``) lists 鱼 / fish among the pets
people keep, so "What pets does she have?" searched them and put "用户吃鱼"
(the user eats fish again) above "家里有一只猫叫 Mochi". An animal named
right after an eating word (吃鱼, "eat fish", "ate chicken") is food there,
never a pet. ``eaten_factors`` gives such an item ``factor`` when the query
names the pet category (``data/eaten_kinds.yaml``: ``ask``) and the item
names no pet otherwise; a factor, never a filter.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

import numpy as np

from memory_core.model import MemoryItem
from memory_core.retrieval.categories import category_terms
from memory_core.shipped_yaml import load_shipped
from memory_core.text.tokenize import tokenize

__all__ = ["eaten_factors", "eats_only"]


@functools.lru_cache(maxsize=1)
def _lexicon() -> tuple[frozenset[str], re.Pattern[str], frozenset[str]]:
    """(the query terms naming pets, the "eat + animal" pattern, the pet members' index terms), cached.

    Raises:
        ValueError: the data file lacks ``ask``, ``eat`` or ``animals``.
    """
    raw = load_shipped("data", "eaten_kinds.yaml")
    if not isinstance(raw, dict) or not all(raw.get(k) for k in ("ask", "eat", "animals")):
        raise ValueError("eaten_kinds.yaml needs ask, eat and animals")
    ask = frozenset(t for w in raw["ask"] for t in tokenize(str(w)))
    alt = lambda words: "|".join(sorted((re.escape(str(w)) for w in words), key=len, reverse=True))  # noqa: E731
    eaten = re.compile(rf"(?:\b(?:{alt(raw['eat'])})\s+(?:{alt(raw['animals'])})\b)|(?:(?:{alt(raw['eat'])})"
                       rf"(?:[一两几]?[条只块盘份]?)(?:{alt(raw['animals'])}))", re.IGNORECASE)
    return ask, eaten, frozenset(category_terms(tokenize(str(raw["ask"][0]))))


def eats_only(text: str) -> bool:
    """True when ``text`` names an animal after an eating word ("用户吃鱼", "I eat fish") and no pet elsewhere."""
    _, eaten, pets = _lexicon()
    if eaten.search(text) is None:
        return False
    return not any(t in pets for t in tokenize(eaten.sub(" ", text)))


def eaten_factors(query: str, items: Sequence[MemoryItem | None], docs: np.ndarray,
                  factor: float) -> np.ndarray | None:
    """Shape (len(docs),) ``factor`` for each item that only eats a pet kind, when ``query`` names pets; else None.

    Args:
        query: the question. items: the table's items by slot. docs: the short list's slots.
        factor: 0 < x <= 1, the weight of an item that names the animal only as food.
    """
    ask, _, _ = _lexicon()
    if not ask.intersection(tokenize(query)):
        return None
    out = np.ones(docs.shape[0])
    for n, j in enumerate(docs.tolist()):
        item = items[j]
        if item is not None and eats_only(item.description):
            out[n] = factor
    return out if (out < 1).any() else None
