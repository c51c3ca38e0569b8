"""Is this Chinese script: the one Han character class the write path and recall share.

The class covers two Unicode blocks and what lies between them:

- CJK Unified Ideographs Extension A, U+3400–U+4DBF (rare characters, mostly names);
- Yijing Hexagram Symbols, U+4DC0–U+4DFF (64 symbols between the two blocks, never
  seen in chat; kept inside so the class stays one contiguous range, as the rules
  built on it always read it);
- CJK Unified Ideographs, U+4E00–U+9FFF (every common Chinese character).

``HAN_CHARS`` is the bare class body, for rules that put Han inside a larger pattern
(``rf"[{HAN_CHARS}A-Za-z]{{2,6}}"``); ``HAN`` matches one character, ``HAN_RUN`` a run.

``HAN_COMPAT_CHARS`` (``has_han(text, compatibility=True)``) is the other class some
modules read: Extension A and the unified block exactly (no hexagram symbols), plus
CJK Compatibility Ideographs, U+F900–U+FAFF (duplicates of unified characters kept for
round-tripping older encodings; NFKC folds most of them). Kana and Hangul are in
neither: a module that means "CJK text" in that wider sense keeps its own class.
"""

from __future__ import annotations

import re

__all__ = ["HAN", "HAN_CHARS", "HAN_COMPAT", "HAN_COMPAT_CHARS", "HAN_RUN", "has_han", "lang_of"]

HAN_CHARS = "\u3400-\u9fff"
HAN = re.compile(f"[{HAN_CHARS}]")
HAN_RUN = re.compile(f"[{HAN_CHARS}]+")
HAN_COMPAT_CHARS = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
HAN_COMPAT = re.compile(f"[{HAN_COMPAT_CHARS}]")


def has_han(text: str, *, compatibility: bool = False) -> bool:
    """Whether ``text`` holds at least one Han character (``HAN``, or ``HAN_COMPAT``).

    The test the rules use to pick their Chinese or English patterns and wording:
    "我在Google工作" is Chinese, "I love 火锅" is too, "Beijing" is not.

    Args:
        text: any text; empty gives False.
        compatibility: test against ``HAN_COMPAT`` (with the compatibility ideographs)
            instead of ``HAN``.

    Returns:
        True when some character of ``text`` is in U+3400–U+9FFF (with ``compatibility``:
        in U+3400–U+4DBF, U+4E00–U+9FFF or U+F900–U+FAFF).
    """
    return (HAN_COMPAT if compatibility else HAN).search(text) is not None


def lang_of(text: str) -> str:
    """``"zh"`` when ``text`` holds a Han character (``has_han``), else ``"en"``: the side of the rules and
    wording a text is read with ("I love 火锅" is read as Chinese, "Beijing" as English)."""
    return "zh" if has_han(text) else "en"
