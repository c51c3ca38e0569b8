"""A correction said as a whole new statement replaces the wrong one as it stands (issue 13).

People often take back what they said by saying the whole statement again with the right value and a cue,
without naming the wrong value: "oops I meant I take the subway to work" (after "I drive to work"),
"sorry, I meant I take the bus to work", "不对，我是坐公交上班" (after "我每天骑车上班"). The turn's own statement
is read under the same single-valued key as the wrong one, so it alone is the right value: the key supersedes
the wrong item (or, for one more pet of a species kept under its name, "fact:pet:dog:biscuit", ends it).
Cutting the right value out of the words and putting it in the wrong item's text instead blends
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
    facts = rows(("fact:",))
    named = _named_ones(said, {key for _, key, _ in facts})
    if not said or not (named or any(key in said and said[key] != description for _, key, description in facts)):
        return None
    for c in cands:
        if c.key in named:  # "I meant my dog's name is 豆豆" of the dog kept as "fact:pet:dog:biscuit"
            c.ends = tuple(dict.fromkeys((*c.ends, named[c.key])))
    return [c for c in cands if c.is_event or not (
        c.restate_only or c.key.startswith("gist:") or _CUE_EN.search(c.description) or _CUE_ZH.search(c.description))]


def _named_ones(said: dict[str, str], keys: set[str]) -> dict[str, str]:
    """For each key of ``said`` the user holds no item of, the one active key of the same attribute and object
    kept under a name ("fact:pet:dog:biscuit" for "fact:pet:dog": one more pet of a species is keyed by its
    name, ``clause_hits``). None when two are (which dog the turn means is not said)."""
    out: dict[str, str] = {}
    for key in said:
        if key in keys:
            continue
        under = [k for k in keys if k.split("@")[0].startswith(key + ":")]
        if len(under) == 1:
            out[key] = under[0]
    return out
