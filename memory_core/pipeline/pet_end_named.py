"""A pet's death or loss said by its name alone keeps the kind of pet in the item that ends it (issue 13 §2).

"Luna passed away this morning", "Luna 今天早上走了": the pet item ("用户有一只狗叫Luna") is ended and the clause
kept as its successor, but in the user's words the successor names only Luna, so a later question "Does she
have a dog?" / "你还养狗吗" found neither item. ``kind_named_ops`` says the kind in the successor ("User's dog
Luna passed away this morning", "用户的狗Luna 今天早上走了"), the words such a question asks with; the ended
pet item's history keeps the date.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence

from memory_core.model import Turn
from memory_core.pipeline.handed_on import PET_PREFIX
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.store.write_ops import AddOp, EndOp, Op
from memory_core.text.script import has_han

__all__ = ["kind_named_ops"]

Rows = Callable[[tuple[str, ...]], list[tuple[str, str, str]]]

# the subject a successor opens on ("用户", "用户：", "User: "), and a name after it
_ZH_LEAD = re.compile(r"^(?P<s>用户)[：:]?\s*(?P<n>[A-Z][a-z'-]+|[\u4e00-\u9fff]{1,4}?)"
                      r"(?=\s*(?:上|今|昨|前|这|那|已|也|还|去|走|离|过|病|死|在|$))")
_EN_LEAD = re.compile(r"^(?:(?:User|Sadly|Unfortunately)[:,]?\s+)?(?P<n>(?!User\b)[A-Z][a-z'-]+)\b")


def kind_named_ops(turn: Turn, ops: Sequence[Op], rows: Rows) -> list[Op]:
    """``ops`` with the successor of each pet item the turn ends, when it names the pet only by its name, made
    to name its kind too ("Luna passed away" -> "User's dog Luna passed away").

    Args:
        turn: the turn (its ops are changed only when one ends an item keyed ``fact:pet:<kind>``).
        ops: the turn's ops so far.
        rows: ``rows(prefixes)`` -> the user's active ``(id, key, description)`` rows (read only when the turn
            ends an item).
    """
    ends = [op for op in ops if isinstance(op, EndOp) and op.by_id]
    if not ends:
        return list(ops)
    pets = {row[0]: row for row in rows((PET_PREFIX,))}
    kinds: dict[str, str] = {}
    for end in ends:
        if end.item_id in pets and end.by_id:
            kinds[end.by_id] = pets[end.item_id][1][len(PET_PREFIX):].split(":")[0].split("@")[0]
    if not kinds:
        return list(ops)
    out: list[Op] = []
    for op in ops:
        kind = kinds.get(op.item.id) if isinstance(op, AddOp) else None
        if isinstance(op, AddOp) and kind:
            said = _with_kind(op.item.description, kind, pets)
            if said != op.item.description:
                op = AddOp(dataclasses.replace(op.item, description=said,
                                               history=[dataclasses.replace(r, new_description=said)
                                                        if r.new_description == op.item.description else r
                                                        for r in op.item.history]))
        out.append(op)
    return out


def _with_kind(description: str, kind: str, pets: dict[str, tuple[str, str, str]]) -> str:
    """``description`` with the pet's ``kind`` said before its name, when it opens on a name the ended pet item
    held and says no kind of pet; else unchanged."""
    zh = has_han(description)
    shown = lexicon().shown["zh" if zh else "en"].get(kind, "")
    said = description.casefold()
    if not shown or any(w.casefold() in said for w, k in lexicon().surface["zh" if zh else "en"].items() if k == kind):
        return description
    m = (_ZH_LEAD if zh else _EN_LEAD).match(description)
    if m is None or not any(m.group("n") in row[2] for row in pets.values()):
        return description
    rest = description[m.start("n"):]
    return f"{m.group('s')}的{shown}{rest}" if zh else f"User's {shown} {rest}"
