"""Celery task names, queues and routes of the wire contract.

Task names are stable: renaming one strands messages already queued.
Queues:

- ``ingest``: store a published turn, then wake its user's curator.
- ``curate``: drain one user's unapplied turns in ``seq`` order.
- ``edits``: a person's edits and the reads (add, update, merge, delete,
  import, erase, hit, restore, expiry; list, get, history, turn status; a session's
  short-term window and working memory), so an editor or an erase never
  waits behind thousands of queued turns.
- ``recall``: read-only, low latency, its own solo worker.
- ``maintenance``: the periodic sweeper and other housekeeping (the
  lifecycle job: ``MAINTAIN_ALL`` fans out one ``MAINTAIN_USER`` per user).
- ``embed``: compute the vectors of a user's new items and turns after
  curation, in workers of their own, so curation never waits for a model.
"""

from __future__ import annotations

__all__ = [
    "ADD_ITEM",
    "CURATE_USER",
    "DELETE_ITEM",
    "EMBED_USER",
    "ERASE_USER",
    "FORGET_TURNS",
    "GET_ITEM",
    "HIT_ITEM",
    "IMPORT_ITEMS",
    "INGEST_TURN",
    "ITEMS_OF_TURNS",
    "ITEM_HISTORY",
    "LIST_ITEMS",
    "LIST_USERS",
    "MAINTAIN_ALL",
    "MAINTAIN_USER",
    "MERGE_ITEMS",
    "NOOP",
    "PING",
    "PROMPT_CONTEXT",
    "QUEUES",
    "RECALL",
    "REFINE_USER",
    "RESTORE_ITEM",
    "ROUTES",
    "SESSION_CONTEXT",
    "SET_EXPIRY",
    "SWEEP",
    "TURN_STATUS",
    "UPDATE_ITEM",
    "WORKING_CLEAR",
    "WORKING_GET",
    "WORKING_UPDATE",
]

# ── task names (stable: renaming one strands messages already queued) ──
INGEST_TURN = "gulfstream.ingest_turn"
CURATE_USER = "gulfstream.curate_user"
EMBED_USER = "gulfstream.embed_user"
REFINE_USER = "gulfstream.refine_user"  # the model's vectors in place of the table's (low priority)
RECALL = "gulfstream.recall"
SWEEP = "gulfstream.sweep"
PING = "gulfstream.ping"
NOOP = "gulfstream.noop"
ADD_ITEM = "gulfstream.add_item"
UPDATE_ITEM = "gulfstream.update_item"
DELETE_ITEM = "gulfstream.delete_item"
LIST_ITEMS = "gulfstream.list_items"
ITEMS_OF_TURNS = "gulfstream.items_of_turns"  # what an add answers: the items its turns touched
LIST_USERS = "gulfstream.list_users"
ITEM_HISTORY = "gulfstream.item_history"
ERASE_USER = "gulfstream.erase_user"
FORGET_TURNS = "gulfstream.forget_turns"  # delete_all: the user's applied turns
MERGE_ITEMS = "gulfstream.merge_items"
GET_ITEM = "gulfstream.get_item"
IMPORT_ITEMS = "gulfstream.import_items"
TURN_STATUS = "gulfstream.turn_status"
HIT_ITEM = "gulfstream.hit_item"
MAINTAIN_USER = "gulfstream.maintain_user"
MAINTAIN_ALL = "gulfstream.maintain_all"
SESSION_CONTEXT = "gulfstream.session_context"
PROMPT_CONTEXT = "gulfstream.prompt_context"
WORKING_GET = "gulfstream.working_memory"
WORKING_UPDATE = "gulfstream.update_working_memory"
WORKING_CLEAR = "gulfstream.clear_working_memory"
RESTORE_ITEM = "gulfstream.restore_item"
SET_EXPIRY = "gulfstream.set_expiry"

# ── queues and routes ──
QUEUES = ("ingest", "curate", "edits", "recall", "maintenance", "embed")
ROUTES: dict[str, str] = {
    INGEST_TURN: "ingest",
    CURATE_USER: "curate",
    EMBED_USER: "embed",
    REFINE_USER: "embed",
    ADD_ITEM: "edits",
    UPDATE_ITEM: "edits",
    DELETE_ITEM: "edits",
    MERGE_ITEMS: "edits",
    IMPORT_ITEMS: "edits",
    ERASE_USER: "edits",
    FORGET_TURNS: "edits",
    LIST_ITEMS: "edits",
    ITEMS_OF_TURNS: "edits",
    LIST_USERS: "edits",
    GET_ITEM: "edits",
    ITEM_HISTORY: "edits",
    TURN_STATUS: "edits",
    HIT_ITEM: "edits",
    SESSION_CONTEXT: "edits",
    PROMPT_CONTEXT: "edits",
    RESTORE_ITEM: "edits",
    SET_EXPIRY: "edits",
    WORKING_GET: "edits",
    WORKING_UPDATE: "edits",
    WORKING_CLEAR: "edits",
    RECALL: "recall",
    PING: "recall",
    NOOP: "recall",
    SWEEP: "maintenance",
    MAINTAIN_USER: "maintenance",
    MAINTAIN_ALL: "maintenance",
}
