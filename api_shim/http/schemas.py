"""Request and response bodies of the HTTP API (pydantic, so the OpenAPI schema states every limit).

Limits match ``memory_core.validation``: texts up to 8,000 characters,
ids up to 128 (user ids up to 95, see ``auth.MAX_USER_ID_CHARS``), themes up
to 64, reasons up to 1,000. Unknown fields are refused.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, WithJsonSchema, field_validator, model_validator
from pydantic_core import PydanticCustomError

from api_shim.http.auth import MAX_USER_ID_CHARS
from memory_core.errors import InvalidField
from memory_core.local_time import offset_minutes
from memory_core.validation import (
    DEFAULT_ROLE,
    DEFAULT_SESSION_ID,
    MAX_ID_CHARS,
    MAX_META_ENTRIES,
    MAX_META_KEY_CHARS,
    MAX_META_VALUE_CHARS,
    MAX_REASON_CHARS,
    MAX_TEXT_CHARS,
    MAX_TOP_K,
    check_timestamp,
)
from memory_core.wire.requests import RECALL_FILTER_ALIASES

__all__ = [
    "ID_PATTERN",
    "JSON_BODY",
    "NO_NUL",
    "BatchIn",
    "ErrorOut",
    "ImportOut",
    "ItemIn",
    "ItemOut",
    "ItemPatch",
    "ItemsOut",
    "MergeIn",
    "PublishedOut",
    "RecallFiltersIn",
    "RecallIn",
    "RecallOut",
    "RevisionOut",
    "TurnIn",
    "TurnStatusOut",
    "UserId",
]

ID_PATTERN = r"^[\w.:@#+\-/]+$"
"""Ids over HTTP, as in the core: word characters and ``. : @ # + - /`` (in a path, "/" is written
``%2F``: ``encoded_ids``)."""

NO_NUL = r"^[^\x00]*$"
"""Query texts: anything but NUL, which PostgreSQL cannot store."""

UserId = Annotated[str, Field(min_length=1, max_length=MAX_USER_ID_CHARS, pattern=ID_PATTERN)]
AnyId = Annotated[str, Field(min_length=1, max_length=MAX_ID_CHARS, pattern=ID_PATTERN)]
Text = Annotated[str, Field(min_length=1, max_length=MAX_TEXT_CHARS)]
Theme = Annotated[str, Field(min_length=1, max_length=64)]
Reason = Annotated[str, Field(min_length=1, max_length=MAX_REASON_CHARS, description="why: kept in the item's history")]


def _timestamp(value: Any) -> datetime:
    """A timestamp by the core's one rule (``memory_core.validation.check_timestamp``).

    Epoch numbers are seconds whatever their size (pydantic's own datetime type
    would read one above 2·10^10 as milliseconds), and a time out of range once
    converted to UTC is a 422, not an OverflowError. A time given with a UTC
    offset keeps it (the same instant, in the caller's zone): a turn's offset
    dates what it says as its user lived it (``memory_core.local_time``).
    """
    try:
        when = check_timestamp(value)
    except InvalidField as exc:
        raise PydanticCustomError("timestamp", "{reason}", {"reason": str(exc)}) from None
    minutes = offset_minutes(value)
    return when if minutes is None else when.astimezone(timezone(timedelta(minutes=minutes)))


Timestamp = Annotated[datetime, PlainValidator(_timestamp), WithJsonSchema({
    "anyOf": [{"type": "string", "format": "date-time"}, {"type": "number"}],
    "description": "ISO-8601 (naive = UTC) or epoch seconds (never milliseconds)"})]
Kind = Literal["fact", "preference", "event", "todo", "procedure", "summary"]
Status = Literal["active", "superseded", "archived", "deleted"]


def _no_nul(value: Any) -> Any:
    """Refuse a NUL character anywhere in a field's value; a loop, not recursion, for any nesting.

    A nested request body (a ``TurnIn`` of a batch, the recall filters) is
    skipped: its own fields were checked, so the error names the field
    that holds the NUL (``turns.1.text``), not the one around it.
    """
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                raise PydanticCustomError("nul_character", "may not contain NUL (\\u0000) characters: "
                                          "PostgreSQL cannot store them")
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise PydanticCustomError("invalid_unicode", "may not contain lone surrogates (\\ud800-\\udfff): "
                                          "they are not text") from None
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            pending.extend(item)
    return value


class _In(BaseModel):
    """Base of request bodies: unknown fields and NUL characters (PostgreSQL cannot store them) are refused."""

    model_config = ConfigDict(extra="forbid")

    @field_validator("*")
    @classmethod
    def _refuse_nul(cls, value: Any) -> Any:
        """Each field's value once it has its type, so an error names the field holding the NUL."""
        return _no_nul(value)


class TurnIn(_In):
    """One finished conversation turn; ``role`` and ``session_id`` default as in a turn file (README "Turn files")."""

    user_id: UserId
    turn_id: AnyId = Field(description="the caller's id for the turn: publishing it again is a no-op")
    session_id: AnyId = Field(DEFAULT_SESSION_ID, description="the conversation the turn belongs to")
    role: Literal["user", "assistant", "tool", "system"] = DEFAULT_ROLE
    text: Text
    timestamp: Timestamp = Field(description="when the turn happened: ISO-8601 (naive = UTC) or epoch seconds")
    speaker: Annotated[str, Field(min_length=1, max_length=128)] | None = None
    meta: dict[Annotated[str, Field(min_length=1, max_length=MAX_META_KEY_CHARS)],
               Annotated[str, Field(min_length=1, max_length=MAX_META_VALUE_CHARS)]] | None = Field(
        None, max_length=MAX_META_ENTRIES)


class BatchIn(_In):
    """Up to 100 turns, published in list order (each user's turns apply in that order)."""

    turns: list[TurnIn] = Field(min_length=1, max_length=100)


class PublishedOut(BaseModel):
    """Turns accepted for ingest (202): each will be stored and applied once."""

    accepted: list[dict[str, str]] = Field(description="[{user_id, turn_id, status_url}]")


class RecallFiltersIn(_In):
    """Which items may be recalled: ``theme(s)``, ``kind(s)``, ``status(es)`` (one value or a list; the singular
    and plural names are the same filter, as in Python), ``since``, ``until``. 422 for any other name."""

    themes: list[Theme] | None = Field(None, max_length=50)
    kinds: list[Kind] | None = None
    statuses: list[Status] | None = None
    since: Timestamp | None = None
    until: Timestamp | None = None
    # the singular names, read into the plural fields by the validator below (here for the schema)
    theme: Theme | list[Theme] | None = Field(None, description="the themes filter under its singular name")
    kind: Kind | list[Kind] | None = Field(None, description="the kinds filter under its singular name")
    status: Status | list[Status] | None = Field(None, description="the statuses filter under its singular name")

    @model_validator(mode="before")
    @classmethod
    def _one_name_per_filter(cls, data: Any) -> Any:
        """Take the singular names as their plurals and a lone value as a list of one; refuse an unknown name,
        the same filter named twice and ``metadata`` (a filter of ``search``, not of recall's packed block)."""
        if not isinstance(data, dict):
            return data
        out = dict(data)
        if "metadata" in out:
            raise PydanticCustomError("invalid_filter", "a metadata filter applies to search and get_all, not to "
                                      "recall's packed block")
        for one, many in RECALL_FILTER_ALIASES.items():
            if one in out:
                if many in out:
                    raise PydanticCustomError("invalid_filter", "{one} and {many} are the same filter: give one",
                                              {"one": one, "many": many})
                value = out.pop(one)
                out[many] = [value] if isinstance(value, str) else value
            elif isinstance(out.get(many), str):
                out[many] = [out[many]]
        unknown = sorted(str(name) for name in out if name not in cls.model_fields)
        if unknown:
            raise PydanticCustomError("invalid_filter", "unknown filter {name}; expected one of {names}",
                                      {"name": repr(unknown[0]), "names": ", ".join(sorted(cls.model_fields))})
        return out


class RecallIn(_In):
    """A recall: the new message and how much to return."""

    query: Text
    k: int = Field(10, ge=1, le=MAX_TOP_K, strict=True)  # strict: true and "3" are not numbers of items
    filters: RecallFiltersIn | None = None
    budget_tokens: int | None = Field(None, ge=0, le=32_000, strict=True,
                                      description="context block budget, in tokens")
    timeout_ms: int | None = Field(None, ge=10, le=10_000, strict=True,
                                   description="wait this long for the recall worker before the database fallback")


class ItemOut(BaseModel):
    """A memory item (without its history)."""

    model_config = ConfigDict(extra="allow")

    id: str
    user_id: str
    description: str
    theme: str
    kind: str
    status: str
    hit: int
    created_at: str
    updated_at: str


class ItemsOut(BaseModel):
    """A user's items, oldest first."""

    user_id: str
    items: list[ItemOut]


class RecallOut(BaseModel):
    """Ranked items, the packed context block, and whether the answer is degraded."""

    results: list[dict[str, Any]]
    context: dict[str, Any]
    degraded: bool
    reason: str
    timings_ms: dict[str, float]


class ItemIn(_In):
    """A memory item written by a person."""

    description: Text
    theme: Theme
    kind: Kind = "fact"
    reason: Annotated[str, Field(max_length=MAX_REASON_CHARS)] = ""
    id: AnyId | None = Field(None, description="the item's id (default: a new one); refused if the user has it")
    valid_from: datetime | None = Field(None, description="since when it holds in the world (ISO-8601)")
    speaker: Annotated[str, Field(min_length=1, max_length=128)] | None = None
    meta: dict[Annotated[str, Field(min_length=1, max_length=MAX_META_KEY_CHARS)],
               Annotated[str, Field(min_length=1, max_length=MAX_META_VALUE_CHARS)]] | None = Field(
        None, max_length=MAX_META_ENTRIES, description="the caller's metadata (string entries)")


class HitIn(_In):
    """How many times an item was used or confirmed."""

    count: int = Field(1, ge=1, le=2**31 - 1, strict=True)


class ItemPatch(_In):
    """A person's correction: a new text and/or theme, and why."""

    description: Text | None = None
    theme: Theme | None = None
    reason: Reason


class MergeIn(_In):
    """Merge ``other_id`` into the item in the path: both histories are kept, ``other_id`` ends deleted."""

    other_id: AnyId
    description: Text | None = Field(None, description="merged text (default: the kept item's)")
    theme: Theme | None = Field(None, description="merged theme (default: the kept item's)")
    reason: Reason


class RevisionOut(BaseModel):
    """One entry of an item's history."""

    model_config = ConfigDict(extra="allow")

    op: str
    reason: str
    actor: str
    at: str


class TurnStatusOut(BaseModel):
    """Where a published turn is: queued, stored, applied, dead_lettered or refused."""

    user_id: str
    turn_id: str
    status: Literal["queued", "stored", "applied", "dead_lettered", "refused"]
    seq: int | None = None
    error_type: str | None = None
    attempts: int | None = None
    error: str | None = Field(default=None, description="why a refused turn was refused")
    embedded: bool | None = Field(default=None, description="an applied turn's vectors are stored (where the "
                                  "workers embed; read-your-writes waits for them)")


class ImportOut(BaseModel):
    """How many items an import added."""

    user_id: str
    imported: int


class ErrorOut(BaseModel):
    """Every error: ``{"error": {"status", "code", "message", ...}}``."""

    error: dict[str, Any]


JSON_BODY: dict[int | str, dict[str, Any]] = {
    415: {"model": ErrorOut, "description": "the body was not sent with `Content-Type: application/json`"}}
"""The extra error of a route whose body is JSON (``responses=`` of its decorator)."""
