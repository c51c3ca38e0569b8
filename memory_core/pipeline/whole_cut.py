"""Where a stored text may be cut: at a word's or a title's edge, never inside either.

An object too long to keep whole is cut (``rules._bounded``), and its edges are trimmed of punctuation
(``rules.clean_object``). Cut at a fixed length, "香菜 honestly it tastes like soap" lost its last letter ("…like
soa"); trimmed as punctuation, the closing mark of "周杰伦的《晴天》" went ("…的《晴天"). ``cut_whole`` moves a cut
back to the last word boundary outside any open bracket or quote, and ``closed`` gives back the closing marks of the
pairs a text opens and does not close.
"""

from __future__ import annotations

__all__ = ["PAIRS", "closed", "cut_whole"]

#: Opening marks and the marks that close them (titles, quotes, brackets), in both scripts.
PAIRS = {"《": "》", "〈": "〉", "“": "”", "‘": "’", "「": "」", "『": "』", "（": "）", "(": ")", "【": "】", "[": "]"}
_CLOSERS = {v: k for k, v in PAIRS.items()}


def _open_at(text: str, end: int) -> int:
    """The index of the outermost mark of ``text[:end]`` left open at ``end``, or -1 when every pair is closed."""
    stack: list[int] = []
    for n, ch in enumerate(text[:end]):
        if ch in PAIRS:
            stack.append(n)
        elif ch in _CLOSERS and stack and text[stack[-1]] == _CLOSERS[ch]:
            stack.pop()
    return stack[0] if stack else -1


def cut_whole(text: str, end: int) -> str:
    """``text`` cut at ``end`` (characters) or before it, never inside a Latin word nor inside an open pair.

    Args:
        text: an object or a clause.
        end: where a length limit or a clause boundary would cut it.

    Returns:
        ``text[:end]`` stripped, moved back to the space before a word the cut would split ("…tastes like soa" ->
        "…tastes like") and to before a title or quote it would leave open ("周杰伦的《晴" -> "周杰伦的"), unless that
        leaves nothing, when the whole pair is kept instead.
    """
    if end >= len(text):
        return text.strip()
    if end > 0 and text[end - 1].isascii() and text[end - 1].isalnum() and text[end].isascii() \
            and text[end].isalnum():
        space = text.rfind(" ", 0, end)
        end = space if space > 0 else end
    opened = _open_at(text, end)
    if opened > 0 and text[:opened].strip():
        end = opened
    elif opened >= 0:
        close = text.find(PAIRS[text[opened]], end)
        end = close + 1 if close >= 0 else end
    return text[:end].strip()


def closed(text: str, source: str) -> str:
    """``text`` with the closing marks it lost put back, when ``source`` (what it was trimmed from) has them:
    "周杰伦的《晴天" from "周杰伦的《晴天》。" -> "周杰伦的《晴天》"."""
    stack: list[str] = []
    for ch in text:
        if ch in PAIRS:
            stack.append(PAIRS[ch])
        elif stack and ch == stack[-1]:
            stack.pop()
    tail = "".join(reversed(stack))
    return text + tail if tail and tail in source else text
