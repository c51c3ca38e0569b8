"""English things named by several words ("flat white", "cold brew", "iced coffee"): one thing, not its words.

A word of such a name is no term of its own meaning: "flat" in "flat whites" is no apartment, "white" no
colour. ``compound_spans`` finds the lexicon's multi-word English names and kinds in a text, so the topic
reader keys the statement by the thing they name (``obj:coffee``) and reads their words plainly.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["compound_spans"]


@functools.lru_cache(maxsize=1)
def _pattern() -> tuple[re.Pattern[str], dict[str, str]]:
    """One alternation of every multi-word English name and kind (longest first), with the object each names."""
    lex = lexicon()
    owner = {
        name: oid
        for table in (lex.kind_of["en"], lex.surface["en"])
        for name, oid in table.items()
        if " " in name.strip() and name.isascii()
    }
    names = sorted(owner, key=len, reverse=True)
    alternation = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in names) or r"(?!)"
    return re.compile(rf"(?<![\w'-])(?:{alternation})(?:e?s)?(?![\w'-])"), owner


def compound_spans(folded: str) -> list[tuple[int, int, str]]:
    """The multi-word English object names in ``folded`` (case-folded text).

    Args:
        folded: the text, case-folded (offsets are into it).

    Returns:
        ``(start, end, object id)`` per name found, in text order, non-overlapping (the longest name wins);
        a plural ("flat whites") counts as its name.
    """
    pattern, owner = _pattern()
    spans: list[tuple[int, int, str]] = []
    for m in pattern.finditer(folded):
        said = " ".join(m.group(0).split())
        oid = owner.get(said) or owner.get(said.removesuffix("s")) or owner.get(said.removesuffix("es"))
        if oid:
            spans.append((m.start(), m.end(), oid))
    return spans
