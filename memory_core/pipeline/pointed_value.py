"""A value only pointed at as the one held before is no value: "还在同一家公司", "still at the same company".

"我被 promote 做经理了，不过还在同一个 resort" says the employer did not change; read by the employer cue, "同一个
resort" became a new value that superseded the employer named before (trial 37). ``pointed_value`` tells such a
value (``data/pointed_values.yaml``: 同一家…, 原来那个…, "the same …", "the usual …"), which the slot engine then
does not read; the turn keeps it in its event.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["pointed_value"]


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    """The whole-value pattern per language of ``data/pointed_values.yaml``."""
    data = load_shipped("data", "pointed_values.yaml")
    return {lang: re.compile(str(data[lang]), re.IGNORECASE) for lang in ("zh", "en")}


def pointed_value(value: str, lang: str) -> bool:
    """True when ``value`` ("同一家公司", "the same company", "原来那个小区") only points at the value held before.

    Args:
        value: a slot value as the slot engine cleaned it; lang: "zh" or "en", the language it is said in.
    """
    return _patterns()["zh" if lang == "zh" else "en"].fullmatch(value.strip()) is not None
