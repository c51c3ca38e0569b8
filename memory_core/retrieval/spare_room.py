"""Per-slot arrays lengthened by a few slots without copying them: views of buffers with room to spare.

A recall index keeps about twenty arrays of one entry per item slot (BM25
lengths and flags, filter codes, times, hits …). A new item takes the next
slot of each, and ``np.concatenate`` copied every one of them whole to add
it: ~22 copies of the 10,000-entry arrays per new item at 10,000 items
(~0.1 ms of CPU of the first recall after a write; ten times that at
100,000). ``lengthened`` makes the array a view of a buffer one eighth (at
least 16 entries) longer than it needs, so the next new slots are a new view
of the same buffer, and the copy is paid once per eighth of growth
(amortised: about eight entries copied per new slot).

Only buffers this module allocated are grown into, and only through the
very view it handed out last for that name: any other array (built by
another step, renumbered by a compaction, read from a snapshot file's
columns) is copied into a new buffer first, so nothing else's memory is
ever written. The spare room is at most
an eighth of each array (plus 16 entries) and is not counted by the arrays'
``nbytes``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["lengthened"]

_MIN_SPARE = 16


def lengthened(owner: Any, name: str, array: np.ndarray, n: int, fill: Any = 0) -> np.ndarray:
    """``array`` (1-D) lengthened to ``n`` entries, the new ones set to ``fill`` (unchanged when long enough).

    Args:
        owner: the object whose attribute the array is (its buffers are kept in ``owner.__dict__["_spare"]``).
        name: the attribute's name (one buffer per name).
        array: the attribute's current value.
        n: the length wanted, entries.
        fill: the value of the new entries.

    Returns:
        A view of a buffer of at least ``n`` entries whose first ``len(array)`` entries are ``array``'s.
    """
    old = array.shape[0]
    if n <= old:
        return array
    spare: dict[str, tuple[np.ndarray, np.ndarray]] = owner.__dict__.setdefault("_spare", {})
    kept = spare.get(name)
    if kept is not None and kept[1] is array and kept[0].shape[0] >= n:  # the view handed out last: its buffer
        buffer = kept[0]
    else:
        buffer = np.empty(n + max(n // 8, _MIN_SPARE), dtype=array.dtype)
        buffer[:old] = array
    view = buffer[:n]
    view[old:] = fill
    spare[name] = (buffer, view)
    return view
