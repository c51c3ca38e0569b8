"""Conversion between ``MemoryItem`` and seed 000's YAML item mapping.

Seed 000 stored one mapping per item id with five fields::

    a1b2c3d4:
      description: 喜欢吃辣
      theme: 品味
      history: [{...}, ...]        # list of dicts of strings, oldest first
      latest_update_time: "2026-05-09 12:00:00"
      hit: 3

We write the same five fields (so seed code can still read the file) plus our
lifecycle fields (kind, status, source, created_at, updated_at, valid_from, ...).
Times are ISO-8601 strings in UTC. ``latest_update_time`` is when the item was
last changed as its history tells it: the newest revision's time, which for a
change made by a turn is the turn's own time, as every history time and
``valid_from`` is (``UpdateOp.at``); ``updated_at`` is the store's record of
the write (the wall clock), read back as such, so a round trip keeps both. A
seed file has no ``updated_at``: its ``latest_update_time`` is read for it.
Both the YAML store and export/import use the two functions here, so a file
written by one is read by the other.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from memory_core.errors import InvalidField, InvalidInput
from memory_core.model import MAX_HIT, Actor, Kind, MemoryItem, Revision, Status, Trust, utcnow
from memory_core.validation import MAX_TEXT_CHARS, MAX_THEME_CHARS, check_id, check_meta, check_text, check_timestamp

__all__ = ["CREATE_OPS", "FALLBACK_THEME", "item_from_mapping", "item_to_mapping", "latest_update_time", "repair_item"]

CREATE_OPS = ("create", "import")
"""History ops that start an item's trail."""

FALLBACK_THEME = "uncategorized"
"""Theme given by repair to an item whose theme is empty."""

_TIME_KEYS = ("time", "at", "timestamp", "updated_at", "update_time", "date", "latest_update_time")
_OLD_DESC_KEYS = ("old_description", "old", "before", "old_content", "previous")
_NEW_DESC_KEYS = ("new_description", "new", "after", "new_content", "description", "content")
_OLD_THEME_KEYS = ("old_theme", "old_section")
_NEW_THEME_KEYS = ("new_theme", "theme", "new_section", "section")


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def latest_update_time(item: MemoryItem) -> datetime:
    """When ``item`` was last changed as its history tells it: its newest revision's time (a turn's change
    is dated by the turn); ``updated_at`` for an item without history."""
    return max((rev.at for rev in item.history), default=item.updated_at)


def item_to_mapping(item: MemoryItem) -> dict[str, Any]:
    """Return the seed-compatible mapping of ``item`` (without its id, which is the key).

    Returns:
        A dict of plain YAML/JSON values: the seed's five fields first, then ours.
        History entries are dicts of strings, oldest first.
    """
    history = []
    for rev in item.history:
        entry = {
            "op": rev.op, "reason": rev.reason, "actor": str(rev.actor), "time": rev.at.isoformat(),
            "old_description": rev.old_description, "new_description": rev.new_description,
            "old_theme": rev.old_theme, "new_theme": rev.new_theme,
        }
        if rev.turn_id is not None:
            entry["turn_id"] = rev.turn_id
        if rev.other_id is not None:
            entry["other_id"] = rev.other_id
        history.append(entry)
    out: dict[str, Any] = {
        "description": item.description,
        "theme": item.theme,
        "history": history,
        "latest_update_time": latest_update_time(item).isoformat(),
        "hit": int(item.hit),
        "kind": str(item.kind),
        "status": str(item.status),
        "source": list(item.source),
        "created_at": item.created_at.isoformat(),
        "updated_at": item.updated_at.isoformat(),
        "confidence": float(item.confidence),
        "trust": str(item.trust),
        "importance": float(item.importance),
        "speaker": item.speaker,
    }
    for name in ("valid_from", "valid_until", "last_used_at"):
        value = getattr(item, name)
        if value is not None:
            out[name] = _iso(value)
    if item.key is not None:
        out["key"] = item.key
    if item.meta:
        out["meta"] = dict(item.meta)
    return out


def _first(entry: Mapping[str, Any], keys: tuple[str, ...]) -> Any:
    for key in keys:
        if entry.get(key) not in (None, ""):
            return entry[key]
    return None


def _time(value: Any, what: str, default: datetime | None) -> datetime | None:
    if value is None or value == "":
        return default
    return check_timestamp(value, what)


def _revision(entry: Any, index: int, fallback: datetime, strict: bool) -> Revision | None:
    if not isinstance(entry, Mapping):
        if strict:
            raise InvalidField(f"history entry {index} must be a mapping; got {type(entry).__name__}")
        return None
    try:
        at = _time(_first(entry, _TIME_KEYS), f"history entry {index} time", fallback) or fallback
    except InvalidField:
        if strict:
            raise
        at = fallback
    old_desc = _first(entry, _OLD_DESC_KEYS)
    new_desc = _first(entry, _NEW_DESC_KEYS)
    op = entry.get("op") or ("create" if index == 0 and not old_desc else "update")
    turn_id, other_id = entry.get("turn_id"), entry.get("other_id")
    return Revision(
        op=str(op), reason=str(entry.get("reason") or ""), actor=str(entry.get("actor") or Actor.SYSTEM),
        at=at, old_description=str(old_desc or ""), new_description=str(new_desc or ""),
        old_theme=str(_first(entry, _OLD_THEME_KEYS) or ""),
        new_theme=str(_first(entry, _NEW_THEME_KEYS) or ""),
        turn_id=None if turn_id is None else str(turn_id),
        other_id=None if other_id is None else str(other_id),
    )


def _number(data: Mapping[str, Any], name: str, default: float, notes: list[str], strict: bool) -> Any:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        if strict:
            raise InvalidField(f"{name} must be a number; got {value!r}")
        notes.append(f"{name} {value!r} is not a number: set to {default}")
        return default
    return value


def _build(user_id: str, item_id: str, data: Mapping[str, Any], notes: list[str], strict: bool) -> MemoryItem:
    """Parse types; in strict mode any wrong type raises, else it is defaulted with a note."""
    stamp = "updated_at" if data.get("updated_at") not in (None, "") else "latest_update_time"  # a seed file's
    updated = _time(data.get(stamp), stamp, None)
    created = _time(data.get("created_at"), "created_at", None)
    raw_history = data.get("history")
    if raw_history is None:
        raw_history = []
    if not isinstance(raw_history, list):
        if strict:
            raise InvalidField(f"history must be a list; got {type(raw_history).__name__}")
        notes.append("history is not a list: replaced")
        raw_history = []
    fallback = updated or created or utcnow()
    history = [r for i, e in enumerate(raw_history) if (r := _revision(e, i, fallback, strict)) is not None]
    if len(history) != len(raw_history):
        notes.append(f"{len(raw_history) - len(history)} unreadable history entries dropped")
    created = created or (min(r.at for r in history) if history else fallback)
    if "hit" not in data and not strict:
        notes.append("hit missing: set to 0")
    hit = data.get("hit", 0)
    if isinstance(hit, bool) or not isinstance(hit, int) or not 0 <= hit <= MAX_HIT:
        if strict:
            raise InvalidField(f"hit must be an integer from 0 to {MAX_HIT}; got {hit!r}")
        notes.append(f"hit {hit!r} is not an integer from 0 to {MAX_HIT}: set to 0")
        hit = 0
    source = data.get("source") or []
    if not isinstance(source, list):
        if strict:
            raise InvalidField(f"source must be a list of turn ids; got {type(source).__name__}")
        notes.append("source is not a list: emptied")
        source = []
    key = data.get("key")
    return MemoryItem(
        user_id=user_id, id=item_id,
        description=_str(data.get("description")), theme=_str(data.get("theme")),
        kind=str(data.get("kind") or Kind.FACT), status=str(data.get("status") or Status.ACTIVE),
        trust=str(data.get("trust") or Trust.USER), history=history, hit=hit,
        created_at=created, updated_at=updated or created,
        valid_from=_time(data.get("valid_from"), "valid_from", None),
        valid_until=_time(data.get("valid_until"), "valid_until", None),
        source=[str(s) for s in source],
        confidence=_number(data, "confidence", 1.0, notes, strict),
        importance=_number(data, "importance", 0.5, notes, strict),
        key=None if key is None else str(key), speaker=str(data.get("speaker") or ""),
        last_used_at=_time(data.get("last_used_at"), "last_used_at", None),
        meta=check_meta(data.get("meta")),
    )


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _ensure_create(item: MemoryItem) -> bool:
    """Give ``item`` a synthetic "import" revision if no create/import starts its trail."""
    if any(r.op in CREATE_OPS for r in item.history):
        return False
    first = item.history[0] if item.history else None
    text = (first.old_description if first and first.old_description else item.description)
    theme = (first.old_theme if first and first.old_theme else item.theme)
    at = min([item.created_at, *(r.at for r in item.history)])
    item.history.insert(0, Revision("import", "restored: no creation record", str(Actor.SYSTEM), at,
                                    new_description=text, new_theme=theme))
    return True


def repair_item(item: MemoryItem) -> tuple[list[str], list[str]]:
    """Check one item's fields; fix what can be fixed in place.

    Returns:
        (repaired, issues): messages for fixes made and for problems left
        (an empty description with no text in its history, an oversized text).
    """
    fixed: list[str] = []
    issues: list[str] = []
    if not item.description.strip():
        restored = next((r.new_description for r in reversed(item.history) if r.new_description.strip()), "")
        if restored:
            item.description = restored.strip()
            fixed.append("empty description restored from history")
        else:
            issues.append("description is empty and history holds no text")
    elif len(item.description.strip()) > MAX_TEXT_CHARS:
        issues.append(f"description is over {MAX_TEXT_CHARS} characters")
    if not item.theme.strip():
        item.theme = FALLBACK_THEME
        fixed.append(f"empty theme set to {FALLBACK_THEME!r}")
    for name, enum, default in (("kind", Kind, Kind.FACT), ("status", Status, Status.ACTIVE),
                                ("trust", Trust, Trust.AGENT)):
        if getattr(item, name) not in enum._value2member_map_:
            fixed.append(f"{name} {getattr(item, name)!r} unknown: set to {default.value!r}")
            setattr(item, name, default.value)
    if item.hit < 0:
        fixed.append(f"negative hit {item.hit} set to 0")
        item.hit = 0
    for name in ("confidence", "importance"):
        value = getattr(item, name)
        if not 0 <= value <= 1:
            setattr(item, name, min(1.0, max(0.0, float(value))))
            fixed.append(f"{name} {value} clamped to 0..1")
    if _ensure_create(item):
        fixed.append("no create revision: a synthetic one was added")
    return fixed, issues


def item_from_mapping(user_id: str, item_id: object, data: object, *,
                      repairs: list[str] | None = None) -> MemoryItem:
    """Build a ``MemoryItem`` from a seed-000 or Gulfstream item mapping.

    Seed-only fields are mapped as well as they can be: a missing hit is 0,
    history dicts of strings become revisions (times parsed, texts under
    ``old_description``/``new_description`` or a few seed-like aliases), and
    an item with no creation record gets a synthetic "import" revision.

    Args:
        user_id: owner of the item.
        item_id: the mapping's key.
        data: the item mapping.
        repairs: None for strict parsing (import): any bad field raises.
            A list for lenient loading (a store's own file): fixable problems
            are fixed and described in it.

    Raises:
        InvalidInput: naming the item id, for bad input in strict mode, or a
            problem no repair can fix in lenient mode.
    """
    label = f"memory item {item_id!r}"
    try:
        ident = check_id(item_id, "item id", numbers=True)
        if not isinstance(data, Mapping):
            raise InvalidField(f"must be a mapping; got {type(data).__name__}")
        notes: list[str] = []
        item = _build(user_id, ident, data, notes, repairs is None)
        if repairs is None:
            item.description = check_text(data.get("description"), "description")
            item.theme = check_text(data.get("theme"), "theme", max_chars=MAX_THEME_CHARS)
            item.validate()
            _ensure_create(item)
            return item
        fixed, issues = repair_item(item)
        if issues:
            raise InvalidField("; ".join(issues))
        repairs.extend(f"{label}: {msg}" for msg in notes + fixed)
        return item
    except InvalidInput as exc:
        raise type(exc)(f"{label}: {exc}") from exc
