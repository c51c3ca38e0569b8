"""Traditional Chinese read as the simplified text it converts to, and written back in the user's own script.

Users in Taiwan, Hong Kong and overseas write traditional characters ("又開始喝珍奶了", "現在住Brookline"); the
rules, word lists, tokenizer and glosses are written for simplified ones. ``simplified`` is the one conversion
every reader applies to text before reading it (the write path's ``plain_text.reading_text``, the pipeline's
stages, ``text.tokenize``), so a traditional turn is read exactly as its simplified form is, and recall finds a
traditional item with a simplified question and back. The conversion is OpenCC's (Hong Kong variant characters to
standard traditional, then standard traditional to simplified, phrase by phrase: "頭髮" reads "头发", "這裡" "这里");
simplified text comes out as it went in. Without the ``opencc`` package text is read as written.

Items carry the script the user wrote: ``in_script_of`` writes a description built from the simplified reading
back in the characters of the turn it came from (each character as the user wrote it in that turn, "台北" stays
"台北"; any other, such as the subject "用户", by OpenCC's simplified-to-traditional conversion: "用戶").
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from memory_core.text.script import has_han

__all__ = ["in_script_of", "is_traditional", "simplified"]

#: OpenCC configurations applied in turn to read traditional text as simplified: Hong Kong variants, then standard
#: traditional (Taiwan's forms, 裡 著 台, included) to simplified. Each leaves simplified text as it is; OpenCC's
#: ``tw2s`` does not ("饿了么" read as "饿了幺": 么 is a Taiwan variant of 幺), so it is not one of them.
TO_SIMPLIFIED = ("hk2s",)
#: The OpenCC configuration that writes simplified text in standard traditional characters.
TO_TRADITIONAL = "s2t"


@functools.lru_cache(maxsize=4)
def _converter(config: str) -> Callable[[str], str] | None:
    """OpenCC's ``convert`` for ``config``, or None when the ``opencc`` package is not installed."""
    try:
        import opencc
    except ImportError:
        return None
    return opencc.OpenCC(config).convert  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=4096)
def simplified(text: str) -> str:
    """``text`` with its traditional Chinese characters written as simplified ones; the rest kept.

    Args:
        text: any text ("我領養了！她叫麻糬", "I live in 台北", "Leeds").

    Returns:
        The simplified reading ("我领养了！她叫麻糬"); ``text`` itself when it holds no Han character, is
        simplified already, or ``opencc`` is not installed. Characters in, characters out: OpenCC's
        character and phrase tables keep the length, which ``in_script_of`` relies on.
    """
    if not has_han(text):
        return text
    out = text
    for config in TO_SIMPLIFIED:
        convert = _converter(config)
        if convert is None:
            return text
        out = convert(out)
    return out if len(out) == len(text) else text


def is_traditional(text: str) -> bool:
    """Whether ``text`` holds a character ``simplified`` writes otherwise ("現在住Brookline": True; "现在住" and
    "台北" alone: False)."""
    return simplified(text) != text


def in_script_of(description: str, said: str) -> str:
    """``description`` (built from the simplified reading of ``said``) in the script ``said`` was written in.

    Args:
        description: an item's text read from ``simplified(said)`` ("用户养了一只狗叫麻糬").
        said: the turn as the user wrote it ("我領養了一隻狗叫麻糬").

    Returns:
        ``description`` itself when ``said`` is not traditional (module docstring); else each character as the
        user wrote it where the turn holds its simplified form, any other by OpenCC's simplified-to-traditional
        conversion ("用戶養了一隻狗叫麻糬").
    """
    if not has_han(description) or not is_traditional(said):
        return description
    read = simplified(said)
    own = {s: t for t, s in zip(said, read, strict=True)}
    convert = _converter(TO_TRADITIONAL)
    general = convert(description) if convert is not None else description
    if len(general) != len(description):
        general = description
    return "".join(own.get(s, g) for s, g in zip(description, general, strict=True))
