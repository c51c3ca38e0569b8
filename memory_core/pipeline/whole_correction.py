"""A correction said as a whole new statement replaces the wrong one as it stands (issue 13).

People often take back what they said by saying the whole statement again with the right value and a cue,
without naming the wrong value: "oops I meant I take the subway to work" (after "I drive to work"),
"sorry, I meant I take the bus to work", "不对，我是坐公交上班" (after "我每天骑车上班"). The turn's own statement
is read under the same single-valued key as the wrong one, so it alone is the right value: the key supersedes
the wrong item. Cutting the right value out of the words and putting it in the wrong item's text instead blends
the two ("take subway to work by car", "用坐公交上班").

``whole_correction`` settles such a turn before ``correction.corrected`` looks for a value to put right.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.model import Turn
from memory_core.pipeline.correction import read_correction
from memory_core.pipeline.types import Candidate

__all__ = ["whole_correction"]

# a cue that the turn takes back what was just said, with the statement said again after it
_CUE_EN = re.compile(r"\b(?:i\s+meant|meant\s+to\s+say|i\s+mean|correction|i\s+misspoke|typo|my\s+bad|scratch\s+that|"
                     r"(?:no\s*,?\s*wait|wait\s*,?\s*no)|got\s+(?:that|it)\s+wrong)\b", re.IGNORECASE)
_CUE_ZH = re.compile(r"说错|记错|打错|写错|口误|搞错|弄错|不对|更正|纠正")


def whole_correction(turn: Turn, cands: list[Candidate],
                     rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]]) -> list[Candidate] | None:
    """The candidates of a correction said as a whole statement (module docstring), else None.

    Args:
        turn: the turn being planned; only a user's turn with a correction cue and no "X, not Y" pair qualifies.
        cands: the turn's candidates, after the store-free stages.
        rows: the user's active statements as ``(id, key, description)`` for key prefixes.

    Returns:
        The turn's event and its statements read by a slot (no own-words gist, no restatement, no cue words),
        when one of them has the key of one of the user's active single-valued facts under another text;
        None otherwise (``correction.corrected`` then reads the turn).

    Raises:
        StoreError: the store failed while reading.
    """
    text = turn.text.replace("\u2019", "'")
    if turn.role != "user" or not (_CUE_EN.search(text) or _CUE_ZH.search(text)) or read_correction(text):
        return None
    said = {c.key: c.description for c in cands if c.single_valued and c.polarity > 0 and not c.restate_only
            and c.key.startswith("fact:") and "/" not in c.key and not c.detail}
    if not said or not any(key in said and said[key] != description for _, key, description in rows(("fact:",))):
        return None
    return [c for c in cands if c.is_event or not (
        c.restate_only or c.key.startswith("gist:") or _CUE_EN.search(c.description) or _CUE_ZH.search(c.description))]
