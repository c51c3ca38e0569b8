"""A drop-in for Mem0 OSS's ``Memory``: its method names, arguments and answer shapes, on Gulfstream.

Code written for ``from mem0 import Memory`` runs on Gulfstream by changing
the import::

    from memory_core.mem0_compat import Memory

    m = Memory()                                           # the embedded store (GULFSTREAM_* settings)
    m.add([{"role": "user", "content": "I love sci-fi movies"}], user_id="alice")
    m.search("what movies?", filters={"user_id": "alice"})  # or user_id="alice", limit=5
    # -> {"results": [{"id", "memory", "user_id", "score", "metadata", "created_at", ...}]}

Without an LLM configured, ``add`` runs the mechanical write pipeline (no
model call). Mapping (Mem0 → Gulfstream): a memory is a memory item
(``memory`` = ``description``; ``metadata`` is the item's own, ``categories``
its theme), ``infer`` as in ``MemoryAPI.add``, ``limit`` / ``top_k`` = k,
``history`` events ADD / UPDATE / DELETE from the item's revisions, and
``reset`` erases every user. ``user_id``, ``agent_id`` or ``run_id`` (at
least one, as Mem0) name whose memory it is: ``user_id`` (``user_id:agent_id``
with an agent), else ``agent#<agent_id>``, else ``run#<run_id>`` (Gulfstream
scopes by user only); a ``run_id`` becomes the turns' session and, beside a user or agent, a scope within
theirs, kept in each memory's metadata and filtered on (``mem0_shape.mem0_run``). Raw turns
that produced a curated memory are not listed (``mem0_shape``). Metadata given to ``add`` is kept on
each item added as given (``infer=False``) and on the turns otherwise (the
items the pipeline curates from them carry none); filters other than the
entity ids match metadata exactly (operators such as ``{"contains": ...}``
are refused with ``InvalidField``, as is ``expiration_date``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from functools import partial
from typing import Any

from memory_core.add_changes import change_mark, changed_ids
from memory_core.api import ItemRecord, MemoryAPI, Messages
from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidField, UnknownItem
from memory_core.item_ids import full_item_id
from memory_core.mem0_lineage import current_id, first_ids, line_revisions
from memory_core.mem0_shape import (
    RUN_KEY,
    mem0_add_metadata,
    mem0_delete_run,
    mem0_delete_scopes,
    mem0_deleted,
    mem0_entities,
    mem0_listed,
    mem0_listing,
    mem0_metadata,
    mem0_read_metadata,
    mem0_run,
    mem0_scope,
    mem0_search,
    mem0_with_run,
)
from memory_core.pipeline.sensitive import SENSITIVE_THEME, is_sensitive
from memory_core.user_scopes import stored_user_ids
from memory_core.validation import check_id, check_top_k

__all__ = ["Memory", "current_memory", "mem0_add_events", "mem0_history", "mem0_memory", "mem0_metadata", "mem0_scope",
           "previous_memory"]

#: The ``Memory.from_config`` keys Gulfstream honours; any other is refused, not ignored.
_CONFIG_KEYS = ("database_url", "history_db_path", "version")
_EVENTS = {"create": "ADD", "import": "ADD", "update": "UPDATE", "merge": "UPDATE", "restore": "UPDATE",
           "supersede": "DELETE", "delete": "DELETE", "archive": "DELETE", "purge": "DELETE"}


def mem0_memory(record: ItemRecord, user_id: str | None = None) -> dict[str, Any]:
    """An item record in Mem0's shape: ``{"id", "memory", "user_id", "agent_id", "run_id", "metadata",
    "categories", "created_at", "updated_at"}`` (and ``score`` and ``outdated`` for a search hit).

    Args:
        record: the item record.
        user_id: the caller's user id, shown instead of the stored one (a scope of ``mem0_shape.mem0_scope``:
            ``agent#bot`` shows as agent_id ``bot``, user_id None). ``categories`` holds the item's theme.
    """
    metadata = mem0_read_metadata(record.get("metadata") or {})
    entities = mem0_entities(user_id or record["user_id"])
    if entities["run_id"] is None and RUN_KEY in metadata:  # a run within a user or agent (``mem0_run``)
        entities["run_id"] = metadata.pop(RUN_KEY)
    out: dict[str, Any] = {"id": record["id"], "memory": record["description"], **entities,
                           "metadata": metadata, "categories": [record["theme"]],
                           "created_at": record["created_at"], "updated_at": record["updated_at"]}
    if "score" in record:
        out["score"] = record["score"]
    if "outdated" in record:  # a search hit: what it says no longer holds (``RecallResult.outdated``)
        out["outdated"] = record["outdated"]
    return out


def mem0_history(memory_id: str, revisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Revision records (newest first) as Mem0's history, oldest first: ``{"id", "memory_id", "old_memory",
    "new_memory", "event" (ADD / UPDATE / DELETE), "created_at", "updated_at", "is_deleted", "actor_id", "role"}``."""
    return [{"id": f"{memory_id}-{n}", "memory_id": memory_id, "old_memory": rev["old_description"] or None,
             "new_memory": rev["new_description"], "event": _EVENTS.get(rev["op"], "UPDATE"),
             "created_at": rev["at"], "updated_at": rev["at"], "is_deleted": rev["op"] == "delete",
             "actor_id": rev["actor"], "role": None} for n, rev in enumerate(reversed(revisions))]


class Memory:
    """Mem0 OSS's ``Memory`` calls over Gulfstream's embedded ``MemoryAPI``.

    Args:
        api: the embedded Memory API to use (default: ``EmbeddedMemory.open()``).
    """

    def __init__(self, api: EmbeddedMemory | None = None) -> None:
        self.api = api or EmbeddedMemory.open()

    @classmethod
    def from_config(cls, config_dict: Mapping[str, Any] | None = None) -> Memory:
        """As Mem0's: ``{"database_url": ...}`` or ``{"history_db_path": path}`` pick the database (else settings);
        ``version`` is taken.

        Raises:
            InvalidField: any other section (Mem0's ``vector_store``, ``embedder``, ``llm``, ``graph_store``, …):
                Gulfstream keeps memories in its own store with its own embedder and LLM, set with
                ``GULFSTREAM_*`` settings, so such a section would be ignored; it is refused, naming it.
        """
        config = dict(config_dict or {})
        other = sorted(str(k) for k in config if k not in _CONFIG_KEYS)
        if other:
            raise InvalidField(f"Memory.from_config does not take {other}: Gulfstream keeps memories in its own store "
                               "(database_url or history_db_path here, else GULFSTREAM_DATABASE_URL) with its own "
                               "embedder and LLM (GULFSTREAM_EMBEDDER, GULFSTREAM_LLM_* settings); remove "
                               f"{'it' if len(other) == 1 else 'them'} rather than have it ignored")
        url = config.get("database_url") or (f"sqlite:///{config['history_db_path']}"
                                             if config.get("history_db_path") else None)
        return cls(EmbeddedMemory.open(**({"database_url": url} if url else {})))

    def _owner(self, memory_id: str) -> str:
        """The user id holding ``memory_id`` (or the one id it is a unique prefix of: ``memory_core.item_ids``).

        Mem0's calls by id name no user, and ids are unique per user only (an import keeps a Mem0 export's ids):
        an id two users hold is refused, never resolved to one of them (a ``delete`` by one user's id removed the
        other user's memory).

        Raises:
            UnknownItem: no such memory. InvalidField: a prefix of several, or an id several users hold.
        """
        memory_id, store = check_id(memory_id, "memory_id"), self.api.memory.store
        owners = store.owners_of(memory_id)
        if not owners:
            full = full_item_id(store, None, memory_id)
            if full == memory_id:
                raise UnknownItem(f"no memory item {memory_id!r}")
            owners = store.owners_of(full)
        if len(owners) > 1:
            raise InvalidField(f"memory id {memory_id!r} is held by {len(owners)} users ({', '.join(owners[:5])}); "
                               "use the native API with user_id (MemoryAPI.delete/get/update/history) to name whose")
        return owners[0]

    def add(self, messages: Messages, *, user_id: str | None = None, agent_id: str | None = None,
            run_id: str | None = None, metadata: Mapping[str, Any] | None = None, infer: bool = True,
            **kwargs: Any) -> dict[str, Any]:
        """Remember messages; return ``{"results": [{"id", "memory", "event"}]}`` as Mem0's add: ADD for a new
        memory, UPDATE (with ``previous_memory``) for one the messages changed (a value superseded too: "I moved
        to Beijing" is an UPDATE of the live memory, "lives in Hangzhou" its previous_memory), DELETE for one
        they ended with no new value.
        A memory the messages only confirmed (said again, unchanged), or messages already stored (a
        re-send: the store does nothing), list no event, as Mem0 lists none for its NONE decision
        (``mem0_add_events``). A message's raw turn is listed only when it
        produced no curated memory (``mem0_shape``). A
        message's ``content`` may be a text or a list of text parts (``[{"type": "text", "text": ...}]``).

        Raises:
            InvalidInput: none of user_id / agent_id / run_id, empty messages, a content part that is not
                text, metadata that is not a mapping of plain values (``mem0_add_metadata``), unknown arguments,
                a message field other than role, content, timestamp and name (nothing is stored).
        """
        if kwargs:
            raise InvalidField(f"unsupported argument(s) {sorted(kwargs)}")
        uid = mem0_scope(user_id, agent_id, run_id=run_id)
        meta = mem0_with_run(mem0_add_metadata(metadata), mem0_run(user_id, agent_id, None, run_id))
        store = self.api.memory.store
        mark = change_mark(store, uid)  # the version, not the user's items: no read of the whole set
        result = self.api.add(messages, user_id=uid, infer=infer, metadata=meta, session_id=run_id)
        return {"results": mem0_add_events(self.api, uid, result, changed_ids(store, uid, mark, result["results"]),
                                           first_ids(store, uid))}

    def search(self, query: str, *, user_id: str | None = None, agent_id: str | None = None,
               run_id: str | None = None, limit: int | None = None, top_k: int | None = None,
               filters: Mapping[str, Any] | None = None, threshold: float | None = None,
               rerank: bool = True, keyword_search: bool = True) -> dict[str, Any]:
        """``{"results": [memory + "score"]}``, best first (``limit`` or ``top_k``: 1..``MAX_TOP_K``,
        default 20 as Mem0; InvalidField outside).

        ``rerank`` and ``keyword_search`` are taken so Mem0 code runs unchanged; recall always fuses
        keyword (BM25) and meaning ranks and reranks, so ``False`` is refused rather than ignored
        (InvalidField).

        Mem0's vector search answers any query with the nearest memories; when
        Gulfstream's recall finds nothing for the query (it shares no word or
        meaning with any memory: "what do you know about me?"), the user's
        most important, most used memories are returned instead, with score 0.0
        (seed 000's answer to a broad query) — never a sensitive one (theme
        ``sensitive`` or holding a password, PIN, card or ID number, API key or
        health detail): a query that names none of them sees none, as in recall.
        """
        if rerank is not True or keyword_search is not True:
            raise InvalidField("rerank=False and keyword_search=False are not supported: recall always ranks by "
                               "keywords and meaning together and reranks")
        uid = mem0_scope(user_id, agent_id, filters, run_id)
        meta = mem0_with_run(mem0_metadata(filters), mem0_run(user_id, agent_id, filters, run_id))
        given = limit if limit is not None else top_k
        k = 20 if given is None else check_top_k(given, "limit" if limit is not None else "top_k")
        hits = mem0_search(self.api, query, uid, k, threshold, meta)  # memories in the place of their turns
        if not hits and threshold is None:
            every = mem0_listing(self.api, uid, meta, reveal=True)  # revealed: to tell which hold a value
            broad = sorted((r for r in every if r["theme"] != SENSITIVE_THEME and not is_sensitive(r["description"])),
                           key=lambda r: (-r["importance"], -r["hit"], r["created_at"]))
            hits = [{**r, "score": 0.0, "outdated": False} for r in broad[:k]]  # active, no stale raw turn listed
        return {"results": [mem0_memory(r, uid) for r in hits]}

    def get(self, memory_id: str) -> dict[str, Any] | None:
        """One memory, or None when there is none with this id or it was deleted (as Mem0, whose store no longer
        holds a deleted memory; its history does). An id whose value an ``add`` changed (superseded) shows the
        memory's current version under the id asked for, as Mem0's UPDATE keeps the id (``mem0_lineage``)."""
        try:
            owner = self._owner(memory_id)
        except UnknownItem:
            return None
        return current_memory(self.api, self.api.get(memory_id, user_id=owner), owner)

    def get_all(self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
                filters: Mapping[str, Any] | None = None, limit: int | None = None,
                top_k: int | None = None) -> dict[str, Any]:
        """``{"results": [memory]}`` of the user's active memories, oldest first (at most ``limit`` or
        ``top_k``, default 100); a raw turn that produced a curated memory is not one (``mem0_shape``).

        Raises:
            InvalidField: no entity id or a bad one (``mem0_scope``); a ``limit`` / ``top_k`` that is no
                integer of at least 1 (0 or -1 would silently list all or all but one).
        """
        uid = mem0_scope(user_id, agent_id, filters, run_id)
        given, name = (limit, "limit") if limit is not None else (top_k, "top_k")
        if given is not None and (isinstance(given, bool) or not isinstance(given, int) or given < 1):
            raise InvalidField(f"{name} must be an integer of at least 1; got {given!r}")
        meta = mem0_with_run(mem0_metadata(filters), mem0_run(user_id, agent_id, filters, run_id))
        records = mem0_listing(self.api, uid, meta, given or 100)
        return {"results": [mem0_memory(r, uid) for r in records]}

    def update(self, memory_id: str, data: str | None = None, *, text: str | None = None,
               metadata: Mapping[str, Any] | None = None) -> dict[str, str]:
        """Replace a memory's text (``text``, or Mem0's older ``data``); the old one stays in its history.

        Raises:
            InvalidField: no text, or new metadata (an item's metadata is set when it is added). UnknownItem.
        """
        if metadata is not None:
            raise InvalidField("an item's metadata cannot be changed after it is added; update its text")
        new = text if text is not None else data
        if new is None:
            raise InvalidField("update needs text")
        owner = self._owner(memory_id)  # the memory's current version (``mem0_lineage``)
        self.api.update(current_id(self.api, memory_id, owner), new, user_id=owner, reason="updated (mem0 API)")
        return {"message": "Memory updated successfully!"}

    def delete(self, memory_id: str, *, purge: bool = False) -> dict[str, str]:
        """Soft-delete one memory (its text stays in its history); ``purge=True`` removes its words for good
        (``MemoryAPI.delete``); an id whose value an ``add`` changed deletes the memory's current version.
        Raises UnknownItem, InvalidField (purge not a bool)."""
        owner = self._owner(memory_id)
        self.api.delete(current_id(self.api, memory_id, owner), user_id=owner, reason="deleted (mem0 API)",
                        purge=purge)
        return {"message": "Memory deleted successfully!"}

    def delete_all(self, *, user_id: str | None = None, agent_id: str | None = None,
                   run_id: str | None = None) -> dict[str, Any]:
        """Soft-delete every memory of the user (without ``agent_id``: their memories with every agent too, as
        Mem0's filter on user_id matches them), of the user with one agent, or of the agent or run alone; with
        ``run_id`` beside a user or agent, only that run's memories (``mem0_delete_run``). ``deleted`` counts the
        memories deleted per scope (``mem0_deleted``).

        Raises:
            InvalidField: no entity id or a bad one.
        """
        scopes = mem0_delete_scopes(user_id, agent_id, run_id, partial(stored_user_ids, self.api.memory.store))
        run, why = mem0_run(user_id, agent_id, None, run_id), "deleted (mem0 API)"
        done = {s: mem0_delete_run(self.api, s, run, why) if run
                else self.api.delete_all(user_id=s, reason=why)["deleted"] for s in scopes}
        return {"message": "Memories deleted successfully!", "deleted": mem0_deleted(done, run=run)}

    def history(self, memory_id: str) -> list[dict[str, Any]]:
        """The memory's changes, oldest first: ``{"id", "memory_id", "old_memory", "new_memory", "event", ...}``;
        a value an ``add`` changed is an UPDATE of the id, with the memory's later changes after it
        (``mem0_lineage.line_revisions``)."""
        return mem0_history(memory_id, line_revisions(self.api, memory_id, self._owner(memory_id)))

    def reset(self) -> None:
        """Erase every user's memory, turns and history."""
        store = self.api.memory.store
        turns = store.turn_log()
        users = set(store.users()) | set(turns.turn_users() if turns is not None else ())
        for user in sorted(users):
            self.api.reset(user_id=user)

    def close(self) -> None:
        """Release the store's connections."""
        self.api.close()


def current_memory(api: MemoryAPI, record: ItemRecord, user_id: str,
                   shown_user: str | None = None) -> dict[str, Any] | None:
    """Mem0's ``get`` of ``record`` (the item asked for by id; ``mem0_memory`` with ``shown_user``): None when
    deleted; for a superseded item its line's current version (``mem0_lineage.current_id``) under the asked
    item's id, None when that one was deleted or superseded with no successor."""
    if record["status"] == "superseded":
        record = {**api.get(current_id(api, record["id"], user_id), user_id=user_id), "id": record["id"],
                  "created_at": record["created_at"]}  # one memory since its ADD, updated since
    return None if record["status"] in ("deleted", "superseded") else mem0_memory(record, shown_user)


def previous_memory(api: MemoryAPI, memory_id: str, user_id: str, turn_ids: set[str]) -> str | None:
    """The text a memory had before the first revision ``turn_ids`` made; None when they only confirmed it
    (said it again unchanged: Mem0's NONE, which its ``add`` does not list). One ``history`` call."""
    changes = [rev for rev in api.history(memory_id, user_id=user_id)
               if rev["turn_id"] in turn_ids and rev["old_description"]]
    return changes[-1]["old_description"] if changes else None


def mem0_add_events(api: MemoryAPI, user_id: str, result: Mapping[str, Any], changed: Collection[str],
                    first_of: Callable[[Mapping[str, Any]], str] | None = None) -> list[dict[str, Any]]:
    """Mem0's add answer, ``[{"id", "memory", "event"}]`` (UPDATE with ``previous_memory``), from the native
    ``add``'s ``result``: only what the add did to the store, as Mem0 reports its ADD / UPDATE / DELETE.

    The native add lists every item its turns produced, also when the turns were stored before (a re-send:
    the turn id is the idempotency key, so nothing is applied again). Left out: an item the add did not
    touch (not in ``changed``: ``memory_core.add_changes``), an ADD or UPDATE of an item that is
    not live (made, then ended by a later message of the same add), an UPDATE that only confirmed (no
    ``previous_memory``: Mem0's NONE), and raw turns that produced a curated memory (``mem0_listed``).

    A value the add superseded is an UPDATE, as Mem0 reports a memory whose value changed: its successor's
    text with the superseded text as ``previous_memory`` ("婚期又改回今年十月了": UPDATE of the wedding date,
    "推迟到明年三月" before), not a DELETE beside an ADD, under the id the caller already holds (Mem0's UPDATE
    keeps the id): the first id of the memory's line of versions (``first_of``), whose ``get`` and ``history``
    reach the current version (``mem0_lineage``). DELETE stays for what the add ended without a successor
    among its memories (a deletion, a value said to hold no more).

    Args:
        result: the native add's ``{"results", "turn_ids"}``. changed: the ids of its results the store wrote
            in the add (``add_changes.changed_ids``). first_of: an item record → the first id of its line
            (``mem0_lineage.first_ids``); default: the superseded item's own id.

    Returns:
        One dict per event, in the order of ``result``; an ADD or UPDATE folded with a supersede keeps the
        place of the successor's entry.
    """
    said = set(result["turn_ids"])
    out: list[dict[str, Any]] = []
    ended: list[dict[str, Any]] = []
    for r in mem0_listed(result["results"]):
        if r["id"] not in changed:
            continue  # the store did nothing to it in this add
        if r["event"] == "DELETE":
            ended.append(r)
            continue
        if r["status"] != "active":
            continue  # never an ADD or UPDATE for a memory get() does not show
        entry = {"id": r["id"], "memory": r["description"], "event": r["event"]}
        if r["event"] == "UPDATE":
            entry["previous_memory"] = previous_memory(api, r["id"], user_id, said)
            if entry["previous_memory"] is None:
                continue  # confirmed, not changed: Mem0's NONE, which its add does not list
        out.append(entry)
    live = {entry["id"]: entry for entry in out}
    for gone in ended:
        successor = live.get(superseded_by(api, gone["id"], user_id, said) or "")
        if successor is None:
            out.append({"id": gone["id"], "memory": gone["description"], "event": "DELETE"})
        elif successor["event"] == "ADD":  # the new value of the slot: the memory changed, not one added
            held = first_of(gone) if first_of is not None else gone["id"]
            successor.update(id=held, event="UPDATE", previous_memory=gone["description"])
    return out


def superseded_by(api: MemoryAPI, memory_id: str, user_id: str, turn_ids: set[str]) -> str | None:
    """The id of the item that superseded ``memory_id`` in one of ``turn_ids`` (its newest revision, a
    ``supersede`` naming its successor), or None (deleted, ended with no successor, or not by these turns).
    One ``history`` call."""
    revisions = api.history(memory_id, user_id=user_id)
    if not revisions or revisions[0]["op"] != "supersede" or revisions[0]["turn_id"] not in turn_ids:
        return None
    return revisions[0]["other_id"] or None
