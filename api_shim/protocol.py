"""The wire contract between backends (``api_shim``) and the workers.

Both sides import this module; a backend never imports ``workers``. It
names every task, queue and Redis key, and encodes recall replies.

Queues:

- ``ingest``: store a published turn, then wake its user's curator.
- ``curate``: drain one user's unapplied turns in ``seq`` order.
- ``edits``: a person's edits and the reads (add, update, merge, delete,
  import, erase; list, get, history, turn status), so an editor or an erase
  never waits behind thousands of queued turns.
- ``recall``: read-only, low latency, its own solo worker.
- ``maintenance``: the periodic sweeper and other housekeeping.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import time
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

try:  # optional (the workers and http extras): the same JSON, several times faster
    import orjson
except ImportError:  # pragma: no cover - exercised where orjson is not installed
    orjson = None  # type: ignore[assignment]

__all__ = [
    "ADD_ITEM",
    "CURATE_USER",
    "DELETE_ITEM",
    "ERASE_USER",
    "GET_ITEM",
    "IMPORT_ITEMS",
    "INBOX_USERS_KEY",
    "INGEST_TURN",
    "INGEST_WAITING_TTL_S",
    "ITEM_HISTORY",
    "KEY_PREFIX",
    "LIST_ITEMS",
    "MERGE_ITEMS",
    "NOOP",
    "PING",
    "PUBLISH_SCRIPT",
    "QUEUES",
    "RECALL",
    "ROUTES",
    "SWEEP",
    "TURN_STATUS",
    "UPDATE_ITEM",
    "curate_waiting_key",
    "deadline_after",
    "decode_reply",
    "encode_reply",
    "inbox_key",
    "ingest_waiting_key",
    "ingested_key",
    "item_payload",
    "past_deadline",
    "pub_seq_key",
    "recall_payload",
    "refused_key",
    "reply_key",
    "to_jsonable",
]

# ── task names (stable: renaming one strands messages already queued) ──
INGEST_TURN = "gulfstream.ingest_turn"
CURATE_USER = "gulfstream.curate_user"
RECALL = "gulfstream.recall"
SWEEP = "gulfstream.sweep"
PING = "gulfstream.ping"
NOOP = "gulfstream.noop"
ADD_ITEM = "gulfstream.add_item"
UPDATE_ITEM = "gulfstream.update_item"
DELETE_ITEM = "gulfstream.delete_item"
LIST_ITEMS = "gulfstream.list_items"
ITEM_HISTORY = "gulfstream.item_history"
ERASE_USER = "gulfstream.erase_user"
MERGE_ITEMS = "gulfstream.merge_items"
GET_ITEM = "gulfstream.get_item"
IMPORT_ITEMS = "gulfstream.import_items"
TURN_STATUS = "gulfstream.turn_status"

# ── queues and routes ──
QUEUES = ("ingest", "curate", "edits", "recall", "maintenance")
ROUTES: dict[str, str] = {
    INGEST_TURN: "ingest",
    CURATE_USER: "curate",
    ADD_ITEM: "edits",
    UPDATE_ITEM: "edits",
    DELETE_ITEM: "edits",
    MERGE_ITEMS: "edits",
    IMPORT_ITEMS: "edits",
    ERASE_USER: "edits",
    LIST_ITEMS: "edits",
    GET_ITEM: "edits",
    ITEM_HISTORY: "edits",
    TURN_STATUS: "edits",
    RECALL: "recall",
    PING: "recall",
    NOOP: "recall",
    SWEEP: "maintenance",
}

# ── Redis keys (every one starts with KEY_PREFIX) ──
KEY_PREFIX = "gulfstream:"


def pub_seq_key(user_id: str) -> str:
    """Counter the client INCRs per published turn: the user's publish order."""
    return f"{KEY_PREFIX}pub:{user_id}"


INBOX_USERS_KEY = f"{KEY_PREFIX}inbox-users"

# Publishing a turn: number it in the user's publish order and keep a copy in
# the user's inbox until ingest has stored it, atomically. The inbox closes
# the one gap of the Redis transport (a message popped by a worker just
# before Redis or the worker dies, never written to the unacked set): the
# sweeper re-publishes inbox entries that stay too long.
#
# Coalescing: ingest stores every inbox entry of the user at once, so while
# one ingest message of the user is queued and not yet started, another adds
# nothing. The script names that message (``ingest_waiting_key``, set with a
# TTL) and the client sends a new one only when none is waiting. The ingest
# task clears the mark before it reads the inbox, so a turn added after the
# read finds no mark and sends its own message: no turn is left without one.
# KEYS: pub_seq_key, inbox_key, INBOX_USERS_KEY, ingest_waiting_key;
# ARGV: turn JSON, user id, a fresh message id, mark TTL in seconds.
# Returns {publish number, id of the message that will store it, 1 if the caller must send it}.
PUBLISH_SCRIPT = """
local n = redis.call('INCR', KEYS[1])
redis.call('HSET', KEYS[2], n, ARGV[1])
redis.call('SADD', KEYS[3], ARGV[2])
local waiting = redis.call('GET', KEYS[4])
if waiting then return {n, waiting, 0} end
redis.call('SET', KEYS[4], ARGV[3], 'EX', tonumber(ARGV[4]))
return {n, ARGV[3], 1}
"""
INGEST_WAITING_TTL_S = 120


def inbox_key(user_id: str) -> str:
    """Hash of the user's published turns not yet stored: publish number → turn JSON."""
    return f"{KEY_PREFIX}inbox:{user_id}"


def ingested_key(user_id: str) -> str:
    """Highest publish number of the user whose turn ingest has stored (only grows)."""
    return f"{KEY_PREFIX}ingested:{user_id}"


def ingest_waiting_key(user_id: str) -> str:
    """Id of the user's queued, not yet started ingest message (see ``PUBLISH_SCRIPT``)."""
    return f"{KEY_PREFIX}ingest-waiting:{user_id}"


def refused_key(user_id: str) -> str:
    """Hash of the user's turn ids whose last publish ingest refused: turn id → {error_type, error, at}."""
    return f"{KEY_PREFIX}refused:{user_id}"


def curate_waiting_key(user_id: str) -> str:
    """Set while one curate trigger of the user waits for the busy lock."""
    return f"{KEY_PREFIX}curate-waiting:{user_id}"


def reply_key(call_id: str) -> str:
    """Per-call list the worker LPUSHes an RPC reply to; the caller BRPOPs it."""
    return f"{KEY_PREFIX}reply:{call_id}"


def deadline_after(wait_ms: float) -> float:
    """The ``deadline`` a recall request carries: now + ``wait_ms``, in epoch seconds.

    The recall worker drops a request past its deadline unanswered (its
    caller has stopped waiting and fell back to the database). Celery's own
    ``expires`` did the same at ~0.3 ms of client CPU per call (timezone
    arithmetic and ISO-8601 formatting on send, parsing on receipt). Both
    compare wall clocks: the caller's and the worker's must agree to well
    within the wait.
    """
    return time.time() + wait_ms / 1000


def past_deadline(deadline: float | None) -> float:
    """How far past ``deadline`` (epoch seconds) now is, in seconds; 0.0 when not past or None."""
    if deadline is None:
        return 0.0
    return max(0.0, time.time() - deadline)


# ── payloads ──


def to_jsonable(value: Any) -> Any:
    """Turn dataclasses, enums, datetimes, sets and tuples into JSON-ready values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return to_jsonable(value.value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_jsonable(v) for v in value]
    if hasattr(value, "model_dump"):
        return to_jsonable(value.model_dump())
    return value


def _json_default(value: Any) -> Any:
    """``json.dumps`` hook: what ``to_jsonable`` converts, one level at a time (json recurses)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): v for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return list(value)
    if hasattr(value, "model_dump"):
        return value.model_dump()
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def encode_reply(ok: bool, value: Any = None, *, error: str = "", error_type: str = "") -> bytes:
    """Encode an RPC reply: ``{"ok": bool, "value": ..., "error": str, "error_type": str}``.

    Plain JSON values go straight to the encoder; only dataclasses, enums,
    datetimes, sets and pydantic models reach ``_json_default`` (walking
    every value in Python first cost more than a recall's search). With
    orjson installed it encodes (datetimes, enums and dataclasses natively,
    in the same form); what it refuses (integers over 64 bits, lone
    surrogates) goes through the json module, whose output starts with one
    space (``_EXACT``, still plain JSON) so that ``decode_reply`` knows to read
    it with the json module too.

    Raises:
        TypeError: a value neither encoder can hold.
    """
    body = {"ok": ok, "value": value, "error": error, "error_type": error_type}
    if orjson is not None:
        try:
            return orjson.dumps(body, default=_json_default, option=orjson.OPT_NON_STR_KEYS)
        except TypeError:  # orjson.JSONEncodeError is one
            pass
    return _EXACT + json.dumps(body, ensure_ascii=False, separators=(",", ":"), default=_json_default).encode()


_EXACT = b" "  # leads a reply the json module encoded: it may hold integers over 64 bits


def decode_reply(raw: bytes | str) -> dict[str, Any]:
    """Decode what ``encode_reply`` produced.

    orjson when installed, unless the json module encoded the reply (it
    starts with ``_EXACT``): such a reply may hold an integer over 64 bits,
    which orjson would read as a float, and the json module keeps it exact.
    (Scanning every reply for long digit runs instead cost ~5x the decode.)
    """
    data = raw.encode() if isinstance(raw, str) else raw
    if orjson is not None and not data.startswith(_EXACT):
        body: dict[str, Any] = orjson.loads(data)
    else:
        body = json.loads(data)
    return body


_PAYLOAD_FIELDS: dict[type, tuple[str, ...]] = {}
_PLAIN = frozenset({str, int, float, bool, type(None)})


def item_payload(item: Any, *, raw: bool = False) -> dict[str, Any]:
    """A memory item as JSON, without its history (ask ``item_history`` for that).

    Built field by field (names cached per class) rather than through
    ``to_jsonable``: a recall reply carries k items, and walking each one's
    history only to drop it cost more than the search itself.

    Args:
        item: a ``MemoryItem`` (or any dataclass).
        raw: keep field values as they are (datetimes, enums) for
            ``encode_reply``, which gives them the same JSON form; the
            default converts them here.
    """
    if not dataclasses.is_dataclass(item) or isinstance(item, type):
        body = to_jsonable(item)
        body.pop("history", None)
        return dict(body)
    names = _PAYLOAD_FIELDS.get(type(item))
    if names is None:
        names = _PAYLOAD_FIELDS[type(item)] = tuple(
            f.name for f in dataclasses.fields(item) if f.name != "history")
    if raw:
        return {name: getattr(item, name) for name in names}
    body = {}
    for name in names:
        value = getattr(item, name)
        if type(value) in _PLAIN:  # most fields: no conversion
            body[name] = value
            continue
        if isinstance(value, enum.Enum):
            value = to_jsonable(value.value)
        elif isinstance(value, datetime | date):
            value = value.isoformat()
        elif isinstance(value, list | tuple | set | frozenset | Mapping) or dataclasses.is_dataclass(value):
            value = to_jsonable(value)
        body[name] = value
    return body


def recall_payload(response: Any, *, raw: bool = False) -> dict[str, Any]:
    """A ``memory_core.service.RecallResponse`` as JSON.

    Shape: ``{"results": [{"item": {...}, "score", "bm25", "rank", "turn_ids"}],
    "context": {"text", ...}, "timings_ms": {...}}``. With ``raw`` the items
    and the context block keep their Python values, for ``encode_reply``
    (the recall worker's path: one conversion, in the encoder).
    """
    results = [
        {"item": item_payload(r.item, raw=raw), "score": r.score, "bm25": r.bm25, "rank": r.rank,
         "turn_ids": list(r.turn_ids)}
        for r in response.results
    ]
    return {"results": results, "context": response.context if raw else to_jsonable(response.context),
            "timings_ms": dict(response.timings_ms)}


RECALL_FILTER_NAMES = ("themes", "kinds", "statuses", "since", "until")
MAX_BUDGET_TOKENS = 32_000


def check_recall_filters(filters: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """Check recall filters and return their JSON form (None when there are none).

    ``themes`` / ``kinds`` / ``statuses``: a string or a list, tuple or set of
    strings (sent as a list); ``since`` / ``until``: aware datetimes or
    ISO-8601 strings (sent as ISO-8601). Unknown kinds or statuses are
    refused by the recall itself.

    Raises:
        InvalidField: not a mapping, an unknown filter name, or a value of the wrong type.
    """
    from memory_core.errors import InvalidField
    from memory_core.validation import check_timestamp

    if filters is None:
        return None
    if not isinstance(filters, Mapping):
        raise InvalidField(f"filters must be a mapping; got {type(filters).__name__}")
    out: dict[str, Any] = {}
    for name, value in filters.items():
        if name not in RECALL_FILTER_NAMES:
            raise InvalidField(f"unknown recall filter {name!r}; expected one of {', '.join(RECALL_FILTER_NAMES)}")
        if value is None:
            continue
        if name in ("since", "until"):
            out[name] = check_timestamp(value, name).isoformat()
            continue
        values = [value] if isinstance(value, str) else \
            sorted(value) if isinstance(value, set | frozenset) else value
        if not isinstance(values, list | tuple) or not all(isinstance(v, str) for v in values):
            raise InvalidField(f"filter {name!r} must be a string or a list of strings; got {value!r}")
        out[name] = list(values)
    return out or None


def check_recall_request(user_id: str, query: str, k: int, filters: Mapping[str, Any] | None,
                         budget_tokens: int | None, timeout_ms: int | None) -> dict[str, Any]:
    """Check a recall's arguments; return the task's keyword arguments (without ``call_id``).

    k is 1..1,000 items, ``budget_tokens`` 0..``MAX_BUDGET_TOKENS`` tokens,
    ``timeout_ms`` 1..600,000 ms (None: the caller's default); filters as
    ``check_recall_filters``. The client and the shim's event-loop recall both use it.

    Raises:
        InvalidInput: a bad user id, empty or oversized query, k, filters, budget or timeout.
    """
    from memory_core.errors import InvalidField
    from memory_core.validation import check_id, check_text

    user_id = check_id(user_id, "user id")
    query = check_text(query, "query", bytes_ok=False)
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 1000:
        raise InvalidField(f"k must be an integer from 1 to 1000; got {k!r}")
    if budget_tokens is not None and (isinstance(budget_tokens, bool) or not isinstance(budget_tokens, int)
                                      or not 0 <= budget_tokens <= MAX_BUDGET_TOKENS):
        raise InvalidField(f"budget_tokens must be an integer from 0 to {MAX_BUDGET_TOKENS}; got {budget_tokens!r}")
    if timeout_ms is not None and (isinstance(timeout_ms, bool) or not isinstance(timeout_ms, int)
                                   or not 1 <= timeout_ms <= 600_000):
        raise InvalidField(f"timeout_ms must be an integer from 1 to 600000; got {timeout_ms!r}")
    return {"user_id": user_id, "query": query, "k": k, "filters": check_recall_filters(filters),
            "budget_tokens": budget_tokens}


def recall_filters(data: Mapping[str, Any] | None) -> Any:
    """``memory_core.retrieval.recall.RecallFilters`` from filters as ``check_recall_filters`` takes them.

    Raises:
        InvalidField: as ``check_recall_filters``.
    """
    from memory_core.retrieval.recall import RecallFilters
    from memory_core.validation import check_timestamp

    checked = check_recall_filters(data)
    if not checked:
        return None
    fields: dict[str, Any] = {name: check_timestamp(v, name) if name in ("since", "until") else v
                              for name, v in checked.items()}
    return RecallFilters(**fields)
