"""News a raw turn tells about the user or their family: an outcome, a habit back (issue 13, trial 31 W12).

"20 week scan: it's a girl!! 💕", "coffee is back lol, one small latte a day", "拿到驾照了!": short lines with an
emoji, read by length as chat, yet each states a fact that stays true. The value scorer (``score``) rated them
as chat (importance ~0.3), so decay archived them within days of disuse and "boy or girl?" found nothing months
later. ``news`` reads them by word class (``data/news.yaml``): how something turned out (a baby's sex, an exam, a
test, an application: "passed my driving test", 考过了, 被录取, 是个女孩) and a habit taken up again ("X is back",
"started running again", 又开始跑步了, 又抽上了). A question ("is it a girl?") is none; chat ("haha nice",
"I'm back", "back home now") is none.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.personal import request
from memory_core.shipped_yaml import load_shipped

__all__ = ["news", "news_words"]


@functools.lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    """Every entry of ``data/news.yaml``, one alternation (cached).

    Raises:
        yaml.YAMLError: the shipped file does not parse. re.error: an entry is no regular expression.
    """
    data = load_shipped("data", "news.yaml")
    entries = [e for family in data.values() for lang in ("en", "zh") for e in family.get(lang, ())]
    return re.compile("|".join(f"(?:{e})" for e in entries), re.IGNORECASE)


@functools.lru_cache(maxsize=8192)
def news(text: str) -> bool:
    """True when ``text`` (a turn's words; a "speaker: " prefix is harmless) tells news about the user or their
    family: an outcome or a habit taken up again (module docstring), in English or Chinese; False for a
    question or a task for the assistant (``personal.request``) and for chat. Never raises."""
    return not request(text) and _pattern().search(text) is not None


def news_words(text: str) -> str:
    """The words of ``text`` that tell news (``news``), casefolded with spaces collapsed; "" when it tells none."""
    if request(text):
        return ""
    m = _pattern().search(text)
    return " ".join(m.group(0).split()).casefold() if m else ""
