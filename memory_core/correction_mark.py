"""The mark of a value the user took back as a mistake (issue 13: "I meant Hangzhou, not Suzhou. typo").

A correction supersedes the wrong item like any change, so its history is kept, but the wrong value never held:
it is no former value. The write path marks the item it ends that way in its ``meta``
(``CORRECTED_META`` = ``CORRECTED_VALUE``); recall reads the mark with ``was_corrected`` and never offers such an
item as what held before (a past question's answer, the "was: …" note of the context block).
"""

from __future__ import annotations

from memory_core.model import MemoryItem

__all__ = ["CORRECTED_META", "CORRECTED_VALUE", "CORRECTION_NOTE", "mark_corrected", "was_corrected"]

#: ``MemoryItem.meta`` key of an item superseded by a correction of it.
CORRECTED_META = "corrected"
#: its value.
CORRECTED_VALUE = "true"
#: how the note of a candidate that corrects a value opens ("correction: Hangzhou, not Suzhou";
#: ``pipeline.correction``, ``pipeline.inline_correction``, ``pipeline.value_swap``).
CORRECTION_NOTE = "correction:"


def mark_corrected(item: MemoryItem) -> None:
    """Mark ``item`` as a value the user corrected as a mistake (in place; its ``meta`` gains one entry)."""
    item.meta[CORRECTED_META] = CORRECTED_VALUE


def was_corrected(item: MemoryItem) -> bool:
    """True when ``item`` was superseded by a correction of it (``mark_corrected``): a value that never held."""
    return (item.meta or {}).get(CORRECTED_META) == CORRECTED_VALUE  # items read for the index may carry no meta
