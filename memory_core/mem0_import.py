"""Read a Mem0 export (JSON) into memory items, for ``gulfstream import --from mem0 FILE``.

Accepted: what Mem0's ``get_all`` / ``GET /memories`` return —
``{"results": [memory, ...]}`` — or a bare list of memories, each
``{"id", "memory", "user_id", ["agent_id", "metadata", "created_at", "updated_at"]}``.
Every memory needs its ``id`` (a record without one is refused, naming it).
Each becomes an active item of user ``user_id`` (``user_id:agent_id`` with an
agent, as ``memory_core.mem0_compat``): the text, the id, the creation time
(also its ``valid_from``) and the update time are kept; the theme is
``metadata["category"]`` when it is a theme-like string, else one chosen from
the words; the kind is fact, the trust ``user``; its history starts with a
"create" revision by ``system`` saying where it came from.

Memories of one user that state a value of the same single-valued slot
("Lives in Porto", then "Moved to Braga in 2025"; "住在杭州", then "搬到上海了")
are read by the write pipeline's extractor for their slot key (``slot_keys``),
which each keeps: the newest by creation time stays active, each older one is
imported already superseded by the next, ``valid_until`` at that one's time,
as turns saying the same would have left them. Later turns then supersede
the imported value as any other, and ``gulfstream check`` sees the slot.
"""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import Any

from memory_core.errors import InvalidField
from memory_core.mem0_compat import mem0_scope
from memory_core.model import Actor, MemoryItem, Status, Trust, Turn
from memory_core.validation import check_id, check_text, check_turn_time

__all__ = ["parse_mem0"]

MAX_BYTES = 200_000_000


def _records(data: Any) -> list[Any]:
    if isinstance(data, dict) and isinstance(data.get("results"), list):
        return list(data["results"])
    if isinstance(data, list):
        return data
    raise InvalidField("a Mem0 export is {\"results\": [...]} or a list of memories")


def _item(n: int, record: Any, default_user: str | None) -> MemoryItem:
    from memory_core.pipeline.themes import classify_theme

    if not isinstance(record, dict):
        raise InvalidField(f"memory {n}: expected an object; got {type(record).__name__}")
    try:
        owner = mem0_scope(record.get("user_id") or default_user, record.get("agent_id"))
        text = check_text(record.get("memory"), "memory")
        if record.get("id") is None:  # a Mem0 export gives every memory its id: without one a re-import doubles it
            raise InvalidField("no id (a Mem0 export names every memory's id, which makes a second import of "
                               "the same file a refusal instead of a copy)")
        item_id = check_id(record.get("id"), "id")
        # a memory is something already said: one dated ahead of the clock would outrank every later turn for good
        created = check_turn_time(record["created_at"], "created_at") if record.get("created_at") else None
        updated = check_turn_time(record["updated_at"], "updated_at") if record.get("updated_at") else None
    except InvalidField as exc:
        raise InvalidField(f"memory {n}: {exc}") from None
    meta = record.get("metadata") if isinstance(record.get("metadata"), dict) else {}
    category = meta.get("category") if meta else None
    theme = category.strip() if isinstance(category, str) and 0 < len(category.strip()) <= 64 else \
        classify_theme(text)
    fields: dict[str, Any] = {"trust": Trust.USER.value, "valid_from": created, "id": item_id}
    item = MemoryItem.create(owner, text, theme, actor=Actor.SYSTEM, reason="imported from Mem0", at=created,
                             **fields)
    if updated is not None and (created is None or updated > created):
        item.updated_at = updated
    return item


def parse_mem0(path: Path, user_id: str | None = None) -> dict[str, list[MemoryItem]]:
    """Items of a Mem0 export file, by user id (``user_id`` for memories that name none).

    Raises:
        InvalidField: not JSON, not a Mem0 export, a memory without text, user or id, a bad id or time (or one
            more than a day ahead of the clock, ``validation.check_turn_time``),
            the same id twice for a user (naming the memory's index); nothing is read in part.
    """
    if path.stat().st_size > MAX_BYTES:
        raise InvalidField(f"{path} is over {MAX_BYTES} bytes; export fewer users at a time")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise InvalidField(f"{path} is not JSON: {exc}") from None
    out: dict[str, list[MemoryItem]] = {}
    seen: set[tuple[str, str]] = set()
    for n, record in enumerate(_records(data)):
        item = _item(n, record, user_id)
        if (item.user_id, item.id) in seen:
            raise InvalidField(f"memory {n}: id {item.id!r} appears twice for user {item.user_id!r}")
        seen.add((item.user_id, item.id))
        out.setdefault(item.user_id, []).append(item)
    for items in out.values():
        slot_keys(items)
    return out


def slot_keys(items: list[MemoryItem]) -> None:
    """Give each imported memory that states one single-valued slot's value that slot's key, and end every
    value but the newest of each slot as superseded by the next one (module docstring). In place."""
    from memory_core.pipeline.pipeline import WritePipeline

    pipeline = WritePipeline()
    by_key: dict[str, list[MemoryItem]] = {}
    for item in items:
        said = item.valid_from or item.created_at
        turn = Turn(user_id=item.user_id, turn_id=f"import-{item.id}", session_id="import", role="user",
                    text=item.description, timestamp=said, speaker="user")
        keys = {c.key for c in pipeline.candidates(turn) if c.single_valued and c.key}
        if len(keys) == 1:  # two slots in one memory ("lives in Porto and works at Google"): left unkeyed
            item.key = keys.pop()
            by_key.setdefault(item.key, []).append(item)
    for values in by_key.values():
        values.sort(key=lambda i: i.valid_from or i.created_at)
        for old, new in pairwise(values):
            until = new.valid_from or new.created_at
            if until <= (old.valid_from or old.created_at):
                continue  # said at the same time: neither is the newer
            old.end(Status.SUPERSEDED, f"imported from Mem0 beside a newer value: {new.description}",
                    actor=Actor.SYSTEM, at=until, other_id=new.id, valid_until=until)
