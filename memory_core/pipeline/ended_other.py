"""A statement that another value ended is no second value of a single-valued slot (issue 13, trial 40 F4).

The write path keeps a quit of an employer the user does not hold as what it says ("quit the Starbucks gig" said
at Google: ``pipeline.quit_unheld``): "User no longer works at Starbucks" stays active under ``fact:works_at``
beside "User works at Google". The two do not disagree, yet ``gulfstream check`` counted two active values and
reported FAIL on a store ordinary ingest produced. ``ended_elsewhere`` tells such a statement: its text is one of
the slot's rendered endings with a value ("{s} no longer works at {v}", "{s}已从{v}离职"), and no other active
item of the slot names that value. An ending with no value ("User no longer has a job") or one naming a value
still held is a true conflict and stays one.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

__all__ = ["ended_elsewhere"]

_SLOT = re.compile(r"\{(\w+)\}")


@functools.lru_cache(maxsize=256)
def _endings(attr_id: str) -> tuple[re.Pattern[str], ...]:
    """The slot's rendered endings that carry a value (``render`` forms named ``*_neg*`` holding ``{v}``), as
    patterns capturing the value."""
    from memory_core.pipeline.slot_lexicon import lexicon

    attr = next((a for a in lexicon().attributes if a.id == attr_id), None)
    if attr is None:
        return ()
    out = []
    for form, template in attr.render.items():
        if "_neg" not in form or "{v}" not in template:
            continue
        parts = _SLOT.split(template)  # text, name, text, name, ...
        regex = "".join(re.escape(p) if i % 2 == 0 else ("(?P<v>.+?)" if p == "v" else ".+?")
                        for i, p in enumerate(parts))
        out.append(re.compile(f"^{regex}$", re.IGNORECASE))
    return tuple(out)


def _ended_value(description: str, attr_id: str) -> str:
    for pattern in _endings(attr_id):
        m = pattern.match(description.strip().rstrip("。."))
        if m and "v" in m.groupdict():
            return m.group("v").strip()
    return ""


def ended_elsewhere(item: Any, group: Sequence[Any], attr_id: str) -> bool:
    """True when ``item`` says a value of the slot ``attr_id`` ended, a value no other item of ``group`` names.

    Args:
        item: an active item of the slot (``description``, ``id``).
        group: every active item under the slot's key, ``item`` among them.
        attr_id: the slot's attribute ("works_at", "lives_in").

    Returns:
        False for a statement of a current value, an ending with no value, and an ending whose value another
        active item of the slot names ("User works at Google" beside "User no longer works at Google").
    """
    value = _ended_value(str(item.description), attr_id).casefold()
    if not value:
        return False
    return not any(value in str(o.description).casefold() for o in group if o.id != item.id)
