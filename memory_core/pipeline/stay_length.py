"""How long a temporary stay is said to last (issue 13 §2): "an Airbnb in Lisbon for the month", "去闺女家住一个月".

A turn read as a temporary state (``extract``) makes an event valid for a window; when the turn says the stay's
length, the window is that length instead of the default week. The lengths are data (``data/stay_length.yaml``).
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["stay_days"]


@functools.lru_cache(maxsize=1)
def _lengths() -> dict[str, tuple[tuple[re.Pattern[str], int], ...]]:
    data = load_shipped("data", "stay_length.yaml")
    return {lang: tuple((re.compile(row["re"], re.IGNORECASE), int(row["days"])) for row in rows)
            for lang, rows in data.items()}


def stay_days(text: str, lang: str) -> int | None:
    """The days a stay said in ``text`` lasts, or None when ``text`` says no length.

    Args:
        text: the turn, as said.
        lang: its language, "en" or "zh" (any other reads as "en").

    Returns:
        The days of the first length of ``data/stay_length.yaml`` found in ``text`` (31 for "for the month", 92
        for "住到她生完孩子"), None when none is.
    """
    for pattern, days in _lengths().get(lang, _lengths()["en"]):
        if pattern.search(text):
            return days
    return None
