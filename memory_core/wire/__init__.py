"""The wire contract between the backends (``api_shim``) and the workers, owned by the core.

Both sides import it; neither imports the other's internals. It names every
task, queue and route (``routes``), the Redis keys both sides touch and the
publish script (``keys``), defines and checks a published turn (``turns``)
and a recall request (``requests``), encodes replies and payloads
(``codec``) with stable error codes (``errors``) and answers where a published turn is (``turn_status``).
Importing it pulls in no Celery, Redis or web framework.
"""

from memory_core.wire.codec import decode_reply, encode_reply, item_payload, recall_payload, to_jsonable
from memory_core.wire.errors import ERROR_CODES, INTERNAL_ERROR, error_class, error_code, reply_error_class
from memory_core.wire.keys import (
    INBOX_USERS_KEY,
    INGEST_WAITING_TTL_S,
    KEY_PREFIX,
    PUBLISH_SCRIPT,
    REFUSED_TTL_S,
    inbox_key,
    ingest_waiting_key,
    pub_seq_key,
    refused_key,
    reply_key,
)
from memory_core.wire.requests import (
    MAX_BUDGET_TOKENS,
    RECALL_FILTER_NAMES,
    check_recall_filters,
    check_recall_request,
    deadline_after,
    past_deadline,
    recall_filters,
)
from memory_core.wire.routes import (
    ADD_ITEM,
    CURATE_USER,
    DELETE_ITEM,
    EMBED_USER,
    ERASE_USER,
    GET_ITEM,
    HIT_ITEM,
    IMPORT_ITEMS,
    INGEST_TURN,
    ITEM_HISTORY,
    LIST_ITEMS,
    MAINTAIN_ALL,
    MAINTAIN_USER,
    MERGE_ITEMS,
    NOOP,
    PING,
    QUEUES,
    RECALL,
    ROUTES,
    SWEEP,
    TURN_STATUS,
    UPDATE_ITEM,
)
from memory_core.wire.turn_status import turn_status
from memory_core.wire.turns import TURN_FIELDS, WireTurn, check_turn, turn_from_wire

__all__ = [
    "ADD_ITEM",
    "CURATE_USER",
    "DELETE_ITEM",
    "EMBED_USER",
    "ERASE_USER",
    "ERROR_CODES",
    "GET_ITEM",
    "HIT_ITEM",
    "IMPORT_ITEMS",
    "INBOX_USERS_KEY",
    "INGEST_TURN",
    "INGEST_WAITING_TTL_S",
    "INTERNAL_ERROR",
    "ITEM_HISTORY",
    "KEY_PREFIX",
    "LIST_ITEMS",
    "MAINTAIN_ALL",
    "MAINTAIN_USER",
    "MAX_BUDGET_TOKENS",
    "MERGE_ITEMS",
    "NOOP",
    "PING",
    "PUBLISH_SCRIPT",
    "QUEUES",
    "RECALL",
    "RECALL_FILTER_NAMES",
    "REFUSED_TTL_S",
    "ROUTES",
    "SWEEP",
    "TURN_FIELDS",
    "TURN_STATUS",
    "UPDATE_ITEM",
    "WireTurn",
    "check_recall_filters",
    "check_recall_request",
    "check_turn",
    "deadline_after",
    "decode_reply",
    "encode_reply",
    "error_class",
    "error_code",
    "inbox_key",
    "ingest_waiting_key",
    "item_payload",
    "past_deadline",
    "pub_seq_key",
    "recall_filters",
    "recall_payload",
    "refused_key",
    "reply_error_class",
    "reply_key",
    "to_jsonable",
    "turn_from_wire",
    "turn_status",
]
