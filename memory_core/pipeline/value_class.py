"""Is this value a place, or an organisation? The class of a slot value read by a weak cue.

Some changes are said without the verbs the slot lexicon lists: "these days
I'm with Bosch", "我现在在小米", "I'm in Denver now". What tells the slot is the
class of the value — a city is a home, a company an employer — so a cue of
``slots.yaml`` may ask for one (``value_class: place`` or ``org``) and the
value is checked here:

- ``place``: a city of the GeoNames gazetteer in either script
  (``place_names.names_of``), or, in Chinese, a name jieba tags as a place
  (``ns``) or ending in an administrative suffix (市, 区, 县, 省 …);
- ``org``: not a place, not a generic noun of where one is ("公司", "家",
  "the office": the lexicon's ``GENERIC_PLACE`` word class), and, in Chinese,
  not a word jieba tags as a verb, time, pronoun or locality.

jieba's part-of-speech model is loaded on first use only (a weak cue matched
in a Chinese clause); English values never load it.
"""

from __future__ import annotations

import functools
import logging
import re

from memory_core.pipeline.place_names import names_of
from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["is_org", "is_place", "of_class"]

log = logging.getLogger(__name__)

_HAN = re.compile(r"[\u3400-\u9fff]")
#: Chinese administrative suffixes: a name ending in one is a place ("南山区", "昆山市").
_ZH_PLACE_SUFFIX = re.compile(r"[\u3400-\u9fff]{2,}(?:市|区|县|省|州|镇|乡|村)$")
#: jieba tags of words that cannot be an employer's name (verb, time, pronoun, locality, place word, number).
_NOT_ORG_FLAGS = frozenset({"v", "vn", "t", "r", "f", "s", "m", "d", "p", "ns", "a", "ad", "q"})


@functools.lru_cache(maxsize=4096)
def _flags(value: str) -> tuple[str, ...]:
    """jieba part-of-speech flags of ``value``'s words (empty when jieba is missing)."""
    try:
        import jieba
        import jieba.posseg as posseg
    except ImportError:  # pragma: no cover - jieba is a core dependency
        return ()
    jieba.setLogLevel(logging.WARNING)
    return tuple(p.flag for p in posseg.cut(value) if p.word.strip())


def _generic(value: str, lang: str) -> bool:
    pattern = lexicon().classes[lang].get("GENERIC_PLACE", "")
    return bool(pattern) and re.fullmatch(f"(?:{pattern})", value.strip(), re.IGNORECASE) is not None


def is_place(value: str, lang: str) -> bool:
    """True when ``value`` names a city (GeoNames, either script) or, in Chinese, a place by its form or tag."""
    value = value.strip()
    if not value:
        return False
    if names_of(value):
        return True
    if lang == "zh" and _HAN.search(value):
        if _ZH_PLACE_SUFFIX.search(value):
            return True
        flags = _flags(value)
        return len(flags) == 1 and flags[0] == "ns"
    return False


def is_org(value: str, lang: str) -> bool:
    """True when ``value`` may name an employer or school: not a place, not a generic noun, not a verb or time."""
    value = value.strip()
    if not value or _generic(value, lang) or is_place(value, lang):
        return False
    if lang == "zh" and _HAN.search(value):
        flags = _flags(value)
        return bool(flags) and flags[0] not in _NOT_ORG_FLAGS
    return True


def of_class(value: str, name: str, lang: str) -> bool:
    """True when ``value`` is of the class ``name`` ("place", "org"); any other name (or "") accepts every value.

    Args:
        value: the value as said ("Denver", "小米").
        name: the cue's ``value_class``.
        lang: the clause's language, "en" or "zh".
    """
    if name == "place":
        return is_place(value, lang)
    if name == "org":
        return is_org(value, lang)
    return True
