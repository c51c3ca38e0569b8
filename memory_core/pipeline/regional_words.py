"""Regional and spoken Chinese function words read as standard Mandarin ones: "俺是哈尔滨的" reads "我是哈尔滨的".

The rules are written for Standard Mandarin: first-person 我, the copula 是, 在, 的, 了, 不. Users from the north
type 俺 for 我 ("俺家住道里区，老伴儿叫桂芬"), users from Guangdong and Hong Kong type Cantonese function words in
simplified characters ("我而家喺深圳返工", "佢係我老公"); read as written, no rule sees a first-person statement
and the turn is kept only as a raw turn. ``standard_words`` rewrites the forms listed in
``data/regional_words.yaml`` (only forms that are no other Mandarin word) to their Mandarin word, longest form
first; the turn and its event keep the text as the user wrote it (``plain_text.reading_text`` calls this).
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["standard_words"]


@functools.cache
def _table() -> tuple[re.Pattern[str] | None, dict[str, str]]:
    """(one alternation of every regional form, longest first; the form -> Mandarin map) from the data file."""
    words = {str(k): str(v) for k, v in (load_shipped("data", "regional_words.yaml").get("words") or {}).items()}
    if not words:
        return None, {}
    return re.compile("|".join(sorted(map(re.escape, words), key=len, reverse=True))), words


@functools.cache
def _particles() -> tuple[re.Pattern[str] | None, dict[str, str]]:
    """(the sentence-final particles of the data file, where a clause ends; the particle -> Mandarin map)."""
    words = {str(k): str(v) for k, v in (load_shipped("data", "regional_words.yaml").get("particles") or {}).items()}
    if not words:
        return None, {}
    return re.compile("(?:" + "|".join(map(re.escape, words)) + r")(?=\s*(?:[，,。！!？?~～…；;）)]|$))"), \
        words


def standard_words(text: str) -> str:
    """``text`` with each regional form of ``data/regional_words.yaml`` replaced by its Mandarin word ("俺" -> "我",
    "佢係" -> "他是", a clause-final "喇" -> "了"); ``text`` itself when it holds none. Units: characters in,
    characters out (lengths may differ: "冇" -> "没有")."""
    pattern, words = _table()
    if pattern is not None:
        text = pattern.sub(lambda m: words[m.group()], text)
    ending, particles = _particles()
    return text if ending is None else ending.sub(lambda m: particles[m.group()], text)
