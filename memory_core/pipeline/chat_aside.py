"""Chat asides about the telling, taken off a statement: "forgot to mention", "btw", 忘了说 (issue 13).

"I'm allergic to sulfa drugs, forgot to mention" is an allergy; "forgot to mention" says how it is told, not what
holds. Read as part of the clause, the aside stayed in the item's text ("User is allergic to sulfa drugs, forgot to
mention"). ``without_chat_asides`` takes such asides (``data/chat_asides.yaml``: a whole part of a sentence, or a
"btw" ending a clause) off the text the rules read; the turn's event keeps the text as said.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["without_chat_asides"]

# where a part of a sentence starts and ends: the text's ends, a stop, a comma
_OPEN = r"(?P<open>^|[,，;；.。!！?？]|(?<=[\u4e00-\u9fff]))\s*"
_CLOSE = r"\s*(?=[,，;；.。!！?？]|$)"


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a whole part that is an aside, an aside ending a clause after a space)."""
    data = load_shipped("data", "chat_asides.yaml")
    parts = [p for lang in ("en", "zh") for p in data["part"][lang]]
    tails = list(data["tail"]["en"])
    whole = re.compile(_OPEN + "(?:" + "|".join(parts) + ")" + _CLOSE, re.IGNORECASE)
    tail = re.compile(r"(?<=\w)\s+(?:" + "|".join(tails) + r")\b(?=\s*(?:[,;.!?]|$))", re.IGNORECASE)
    return whole, tail


def without_chat_asides(text: str) -> str:
    """``text`` without the chat asides of ``data/chat_asides.yaml``.

    Units: characters in, characters out; ``text`` itself when it holds none, or when nothing but an aside is
    left. Never raises. "I'm allergic to sulfa drugs, forgot to mention" -> "I'm allergic to sulfa drugs";
    "对了，忘了说，我对青霉素过敏" -> "对了，我对青霉素过敏".
    """
    whole, tail = _patterns()
    out = tail.sub("", whole.sub(lambda m: m.group("open") if m.group("open") not in ",，" else "", text))
    out = re.sub(r"^[\s,，;；]+", "", out).strip()
    return out if re.search(r"\w", out) else text
