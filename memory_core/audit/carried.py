"""Two active values of one single-valued slot, whatever key each item was filed under.

``slot_lexicon.slot_conflicts`` flags two active items under one slot key. A value can also ride on an item
filed under another key: "用户在Google做TPM" is filed as the employer (``fact:works_at``) and says the job
title too, so beside "用户的职业是hardware engineer" (``fact:occupation``) the user has two active job titles
and recall may answer either. ``carried_conflicts`` reads the values a text states in the user's own voice
(``data/check_texts.yaml``, ``carried``) and flags a slot holding two different ones when at least one of
them was filed under another key (the rest ``slot_conflicts`` already says).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from memory_core.audit.texts import carried_slots
from memory_core.model import Kind, MemoryItem

__all__ = ["CarriedValue", "carried_conflicts", "carried_values"]

#: What may stand between the subject and the statement of the user's own value ("用户现在在…", "User now …");
#: anything else ("用户的妈妈在医院当护士", "User's sister works as …") is someone else's.
_BETWEEN = re.compile(r"^\s*(?:的|'s\s+(?=job|occupation|title|role))?\s*"
                      r"(?:现在|目前|如今|已经|也|还|仍然|now|currently|still|also)?\s*$", re.IGNORECASE)
_CLAUSES = re.compile(r"[；;。!?！？\n]+")
_ARTICLE = re.compile(r"^(?:an?|the)\s+", re.IGNORECASE)
_NOT_WORD = re.compile(r"[\W_]+")


@dataclass(frozen=True, slots=True)
class CarriedValue:
    """A value of a single-valued slot that one item's text states.

    Attributes:
        slot: the slot key with the item's speaker qualifier ("fact:occupation", "fact:occupation@wei").
        value: the value as written ("TPM", "hardware engineer").
        item: the item whose text states it.
    """

    slot: str
    value: str
    item: MemoryItem

    @property
    def filed_elsewhere(self) -> bool:
        """True when the item is filed under another key than the slot (its text says more than its key)."""
        return str(self.item.key or "").replace("gist:", "fact:", 1) != self.slot


def _subjects(item: MemoryItem) -> tuple[str, ...]:
    """How the item's text names the user: the speaker's name when it has one, else 用户 / User."""
    return tuple(s for s in (item.speaker.strip(), "用户", "User") if s)


def _qualifier(key: str | None) -> str:
    return "@" + str(key).rpartition("@")[2] if key and "@" in key else ""


def carried_values(item: MemoryItem) -> list[CarriedValue]:
    """The values of single-valued slots ``item``'s text states of the user (its own clauses only).

    Args:
        item: an item; events (a turn as said) and items filed under another person's key give none.

    Returns:
        One ``CarriedValue`` per slot (the first value a clause states), in the order of the data file.
    """
    key = str(item.key or "")
    if item.kind == Kind.EVENT or "/" in key.partition(":")[2].split("@")[0]:
        return []
    found: dict[str, CarriedValue] = {}
    for clause in _CLAUSES.split(item.description):
        clause = clause.strip()
        subject = next((s for s in _subjects(item) if clause.casefold().startswith(s.casefold())), "")
        if not subject:
            continue
        rest = clause[len(subject):]
        for carried in carried_slots():
            slot = carried.slot + _qualifier(key)
            if slot in found:
                continue
            for pattern in carried.said:
                m = pattern.search(rest)
                if m and _BETWEEN.match(rest[:m.start()]):
                    found[slot] = CarriedValue(slot, m.group("v").strip(), item)
                    break
    own = key.replace("gist:", "fact:", 1)  # a value in the user's own words is one of the slot (slot_conflicts)
    if own not in found and any(c.slot + _qualifier(key) == own for c in carried_slots()):
        found[own] = CarriedValue(own, item.description, item)  # its own slot, said in words not read above
    return list(found.values())


def _same(a: str, b: str) -> bool:
    """One value said two ways: equal once folded, or one inside the other ("产品经理" / "高级产品经理")."""
    fa, fb = (_NOT_WORD.sub("", _ARTICLE.sub("", v.strip()).casefold()) for v in (a, b))
    return bool(fa and fb) and (fa in fb or fb in fa)


def carried_conflicts(items: Iterable[MemoryItem]) -> list[tuple[str, Sequence[CarriedValue]]]:
    """The single-valued slots holding two different active values, one of them filed under another key.

    Args:
        items: one user's items (any status; only active ones are read).

    Returns:
        ``(slot, values)`` per slot, sorted by slot; ``values`` holds one ``CarriedValue`` per item, oldest
        first (by ``valid_from``, else ``created_at``). Empty when every slot holds one value.
    """
    by_slot: dict[str, list[CarriedValue]] = {}
    for item in items:
        if item.active:
            for value in carried_values(item):
                by_slot.setdefault(value.slot, []).append(value)
    out: list[tuple[str, Sequence[CarriedValue]]] = []
    for slot, values in sorted(by_slot.items()):
        if not any(v.filed_elsewhere for v in values):
            continue  # all under the slot's own key: slot_conflicts says it
        values.sort(key=lambda v: (v.item.valid_from or v.item.created_at, v.item.created_at))
        distinct = [v for n, v in enumerate(values) if not any(_same(v.value, w.value) for w in values[:n])]
        if len(distinct) > 1:
            out.append((slot, values))
    return out
