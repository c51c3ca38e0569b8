"""Names said after a count, set apart by a comma, are the counted ones' names (issue 13: two pets named together).

"我养了两只猫，豆豆和咪咪" says the cats are 豆豆 and 咪咪, as "我养了两只猫，叫豆豆和咪咪" does; read as two
clauses, the second ("豆豆和咪咪") names nobody's anything and is dropped, and "豆豆走了" later cannot end 豆豆
alone. ``counted_named`` gives such a list its 叫, so the names stay in the item ("用户养了两只猫，叫豆豆和咪咪")
and one of them ends on its own (``members.kept_members``). English ("two cats, Miso and Tofu") is read whole
already.
"""

from __future__ import annotations

import re

__all__ = ["counted_named"]

# a count and a measure word, then a pet or a child; a comma; two or more short names joined, ending the clause
_NAME = r"(?:(?![我你他她它们是在都也很了的和跟与叫])[\u4e00-\u9fff]{1,3}|[A-Z][a-z]+)"
_COUNTED_NAMES = re.compile(
    r"(?P<head>(?:[两二三四五六七八九十几]|\d+)\s*[只条个头匹](?:小)?(?:猫咪?|狗狗?|兔子|仓鼠|鹦鹉|乌龟|孩子|儿子|女儿))"
    r"[，,]\s*(?=" + _NAME + r"(?:[和跟与、]" + _NAME + r")+(?:[。！!，,；;]|$))")


def counted_named(sentence: str) -> str:
    """``sentence`` with 叫 put before names listed after a count ("两只猫，豆豆和咪咪" -> "两只猫，叫豆豆和咪咪");
    unchanged when it has no such list."""
    return _COUNTED_NAMES.sub(lambda m: m.group("head") + "，叫", sentence)
