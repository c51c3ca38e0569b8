"""What a turn stores, written in the script the user wrote the turn in.

The rules read a traditional Chinese turn as its simplified form (``text.han_forms.simplified``), so the
descriptions they build are simplified; the user who wrote "我領養了一隻狗，她叫麻糬" reads "用戶養了一隻狗叫麻糬", not
"用户养了一只狗叫麻糬". Keys and values stay as read (simplified), so a later turn in either script finds them.
"""

from __future__ import annotations

import dataclasses

from memory_core.store.write_ops import AddOp, EndOp, MergeOp, Op, UpdateOp
from memory_core.text.han_forms import in_script_of, is_traditional

__all__ = ["in_users_script"]


def in_users_script(ops: list[Op], written: str) -> list[Op]:
    """``ops`` with every new text (an added item's description, an update's or a merge's) in ``written``'s script.

    Args:
        ops: the ops a turn plans, built from its simplified reading.
        written: the turn's text as the user wrote it.

    Returns:
        ``ops`` itself when ``written`` is not traditional Chinese; else new ops whose texts are
        ``han_forms.in_script_of(text, written)``, and so are the reasons of updates, merges and ends that
        history shows (other fields kept).
    """
    if not is_traditional(written):
        return ops
    out: list[Op] = []
    for op in ops:
        if isinstance(op, AddOp):
            item = dataclasses.replace(op.item, description=in_script_of(op.item.description, written))
            op = dataclasses.replace(op, item=item)
        elif isinstance(op, UpdateOp) and op.new_description is not None:
            op = dataclasses.replace(op, new_description=in_script_of(op.new_description, written))
        elif isinstance(op, MergeOp):
            op = dataclasses.replace(op, merged_description=in_script_of(op.merged_description, written))
        if isinstance(op, (UpdateOp, MergeOp, EndOp)) and op.reason:  # "被新的说法取代：…" in history: 被新的說法取代
            op = dataclasses.replace(op, reason=in_script_of(op.reason, written))
        out.append(op)
    return out
