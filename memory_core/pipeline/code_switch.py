"""English fillers inside a Chinese clause, read past (issue 13, pass 25).

People who switch languages drop English adverbs into Chinese: "我 currently 在 Shopee 做 PM，base 新加坡",
"我 still 住在上海", "我 actually 不吃辣". The Chinese cues ("我在 X 做 Y", "住在") need their words next to each
other, so one such word left the clause unread (no employer, no home). ``without_fillers`` leaves out a word of
the shipped list (``data/code_switch.yaml``: adverbs of time, degree and stance, fillers; never a word that
names a value) where it stands between Chinese words, or opens the text before one. English text and words
said as values ("base 新加坡", "去 climbing") are left as written.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["without_fillers"]

_HAN = "\u3400-\u4dbf\u4e00-\u9fff"
_ZH_MARK = "，。！？；：、"


@functools.lru_cache(maxsize=1)
def _filler() -> re.Pattern[str]:
    words = sorted((str(w) for w in load_shipped("data", "code_switch.yaml")["fillers"]), key=len, reverse=True)
    alternatives = "|".join(r"\s+".join(map(re.escape, w.split())) for w in words)
    # after a Chinese word or mark (or at the start), before a Chinese word: "我 currently 在", "Actually 我"
    return re.compile(rf"(?:(?<=[{_HAN}{_ZH_MARK}])|^)[ \t]*\b(?:{alternatives})\b[ \t]*(?=[{_HAN}])", re.IGNORECASE)


def without_fillers(text: str) -> str:
    """``text`` without the English fillers that stand inside a Chinese clause ("我 currently 在 Shopee" ->
    "我在 Shopee"); ``text`` itself when it holds none. Units: characters in, characters out.

    Raises:
        OSError, yaml.YAMLError: the shipped list is missing or does not parse (a packaging fault).
    """
    if not re.search(f"[{_HAN}]", text):
        return text
    return _filler().sub("", text)
