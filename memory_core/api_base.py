"""``BaseMemoryAPI``: what each ``MemoryAPI`` call means, written once over a transport's primitives.

A transport (embedded, distributed, HTTP) implements the ``_``-prefixed
primitives — publish turns, wait for them, list/get/create/update/delete
items, history, erase, recall, hit — and inherits the calls. Every argument
is checked here, before any primitive runs, so the same bad call raises the
same error whatever the transport and nothing is stored; the primitives'
own errors (``UnknownItem`` from a worker or a 404) come back as the same
core classes.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any, TypeVar

from memory_core.api import AddResult, ItemRecord, Messages, RecallAnswer, TimeLike
from memory_core.api_messages import checked_messages, checked_turn, derived_turn_id, new_turn_id
from memory_core.api_records import (
    FILTER_NAMES,
    ITEM_KEYS,
    Filters,
    check_filters,
    check_strings,
    item_record,
    revision_record,
)
from memory_core.api_users import UserListing
from memory_core.errors import InvalidField, UnknownItem
from memory_core.item_ids import match_prefix
from memory_core.local_time import with_offset
from memory_core.mem0_shape import is_raw_turn
from memory_core.model import MAX_HIT, Kind, Status, Turn, utcnow
from memory_core.shown import shown_record, shown_revision
from memory_core.validation import (
    MAX_THEME_CHARS,
    MAX_TOP_K,
    check_id,
    check_meta,
    check_reason,
    check_text,
    check_timestamp,
    check_top_k,
    check_turn_time,
)

__all__ = ["FILTER_NAMES", "ITEM_KEYS", "BaseMemoryAPI", "Filters", "check_add", "check_filters", "item_record",
           "revision_record"]  # the records and filters live in api_records; named here for the transports

MAX_PAGE = 1000


def _given_fields(theme: object, kind: object) -> tuple[str | None, str | None]:
    """``theme`` and ``kind`` of an add as given, checked (None: chosen from the words). Raises InvalidInput."""
    item_theme = None if theme is None else check_text(theme, "theme", max_chars=MAX_THEME_CHARS)
    item_kind = None if kind is None else check_strings("kind", kind, Kind._value2member_map_, field="kind")[0]
    return item_theme, item_kind


def check_add(messages: Messages, *, user_id: object, infer: bool = True, theme: object = None,
              kind: object = None) -> None:
    """Check an ``add``'s input as ``BaseMemoryAPI.add`` does, before any store is opened (so a command that
    refuses it creates nothing).

    Raises:
        InvalidInput: bad messages (empty, too long, not text), user id, theme or kind, or theme/kind with
            ``infer``.
    """
    check_id(user_id, "user id")
    checked_messages(messages, utcnow())
    if infer and (theme is not None or kind is not None):
        raise InvalidField("theme and kind are chosen by the write pipeline; pass them with infer=False")
    if not infer:
        _given_fields(theme, kind)
DEFAULT_REASON = "edited through the memory API"
T = TypeVar("T")
#: Statuses an ``add``'s turns can end an item with, and the revision op that ends it (reported as DELETE).
_ENDED = {Status.SUPERSEDED.value: "supersede", Status.DELETED.value: "delete"}
#: How long before an ``add`` an ended item may have been changed to be one it ended (the far side's clock).
ENDED_SLACK = timedelta(minutes=10)


def _int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidField(f"{what} must be an integer from {low} to {high}; got {value!r}")
    return value


class BaseMemoryAPI(UserListing, ABC):
    """The ``MemoryAPI`` calls over a transport's primitives (see the module docstring).

    Attributes:
        wait_timeout_s: how long ``add`` / ``ingest`` with ``wait`` wait for the turns to be applied, in s.
        default_session: the session id of turns given without one.
    """

    wait_timeout_s: float = 30.0
    default_session: str = "default"

    # ── primitives ─────────────────────────────────────────────────────

    @abstractmethod
    def _publish(self, turns: list[Turn]) -> None:
        """Hand checked turns to the write pipeline (in order)."""

    def _stored_before(self, user_id: str, turns: list[Turn]) -> set[str]:
        """The ids of ``turns`` stored already with the same text (a re-sent add: the store will do nothing);
        empty where the transport cannot tell (its add then lists its items as it did the first time)."""
        return set()

    @abstractmethod
    def _wait(self, user_id: str, turn_ids: list[str], timeout_s: float,
              texts: Mapping[str, str] | None = None) -> None:
        """Return once every turn is applied (``texts``: what was published under each id). Raises NotApplied
        (timeout, dead letter or refusal), TurnConflict (an id stored before with other text)."""

    @abstractmethod
    def _list(self, user_id: str, statuses: tuple[str, ...] | None, reveal: bool = False) -> list[ItemRecord]:
        """The user's items with these statuses (None: all) as records; [] for an unknown user.
        (``reveal``: a transport that masks on its far side asks it for the stored text; the calls mask.)"""

    def _of_turns(self, user_id: str, turn_ids: list[str]) -> list[ItemRecord]:
        """Records of at least the user's items (any status) that ``turn_ids`` made, changed, confirmed or
        ended, oldest first: what ``add`` reports after applying them. Default: every item (``_list``); a
        transport with the store at hand asks it for those items only (``MemoryStore.items_of_turns``)."""
        return self._list(user_id, None)

    @abstractmethod
    def _get(self, user_id: str, item_id: str, reveal: bool = False) -> ItemRecord:
        """One item record, any status. Raises UnknownItem."""

    @abstractmethod
    def _create(self, user_id: str, item_id: str | None, description: str, theme: str, kind: str,
                valid_from: datetime | None, speaker: str, reason: str, meta: dict[str, str]) -> str:
        """Add an item written by a person (actor and trust ``user``), with ``item_id`` or a new id; return it."""

    @abstractmethod
    def _update(self, user_id: str, item_id: str, reason: str, description: str | None,
                theme: str | None) -> None:
        """Change an item's text and/or theme. Raises UnknownItem."""

    @abstractmethod
    def _delete(self, user_id: str, item_id: str, reason: str) -> None:
        """Soft-delete an item. Raises UnknownItem."""

    def _purge(self, user_id: str, item_id: str, reason: str) -> None:
        """Hard-delete an item's words (``MemoryStore.purge``). Raises UnknownItem."""
        raise NotImplementedError(f"{type(self).__name__} cannot purge")

    @abstractmethod
    def _history(self, user_id: str, item_id: str, reveal: bool = False) -> list[dict[str, Any]]:
        """Revision records, newest first. Raises UnknownItem."""

    @abstractmethod
    def _erase(self, user_id: str) -> int:
        """Erase the user everywhere; return items removed."""

    @abstractmethod
    def _recall(self, user_id: str, query: str, k: int, filters: dict[str, Any],
                budget_tokens: int | None) -> RecallAnswer:
        """``{"results": [item record + score, rank], "context", "degraded", "reason"}``."""

    @abstractmethod
    def _hit(self, user_id: str, item_id: str, count: int) -> int:
        """Raise an item's hit count; return the new count. Raises UnknownItem."""

    def _forget_turns(self, user_id: str) -> int:
        """Remove the user's applied turns (``delete_all``); return how many. Default: none (a transport whose
        turn log is on its far side keeps them)."""
        return 0

    def close(self) -> None:
        """Release connections (default: nothing)."""

    # ── writes ─────────────────────────────────────────────────────────

    def add(self, messages: Messages, *, user_id: str, infer: bool = True,
            metadata: Mapping[str, str] | None = None, timestamp: TimeLike = None,
            session_id: str | None = None, theme: str | None = None, kind: str | None = None,
            wait: bool = True) -> AddResult:
        """Remember ``messages`` for the user.

        With ``infer`` each message becomes a turn of ``session_id`` and the
        write pipeline curates it (extract, dedupe, supersede, ...), as for
        ``ingest``; with ``wait`` (read-your-writes) the call returns once the
        turns are applied, so a ``search`` or ``recall`` right after sees
        them, and ``results`` lists the items they added (event ``ADD``),
        changed or confirmed (``UPDATE``) or ended (``DELETE``: a value they
        superseded, as Mem0's add reports it). Without ``infer`` each message
        other than a system message is stored as one item, as given
        (``theme`` or one chosen from its words; ``kind``, or preference for a like or dislike the
        pipeline reads in it, else fact), with its
        own time as ``valid_from``.

        Args:
            messages: a text (one user message), one message or a list of messages ``{"role", "content"}``, each
                optionally with ``timestamp`` (when it was said), ``name`` (the speaker) and
                ``id`` (its turn id, the idempotency key; with ``infer=False`` the item's id,
                refused with ``InvalidField`` if the user has it already). A message without an
                id whose time is given (its ``timestamp`` or the call's) gets one derived from
                what it is (user, session, position, role, speaker, time, text:
                ``derived_turn_id``), so an ``add`` retried after a timeout stores nothing
                twice; a message without a time gets a fresh id (saying the same thing twice is
                two turns).
            metadata: up to 32 string entries, kept on each item (its ``metadata``, filterable): with
                ``infer`` on every turn (``Turn.meta``) and on each item the write path makes from it
                (as Mem0 keeps an add's metadata on each memory it extracts), without on each item added.
            timestamp: when the messages were said (default now), for messages without their own.
            session_id: the conversation (default ``default_session``).
            theme, kind: for ``infer=False`` only.
            wait: with ``infer``, wait until the turns are applied (up to ``wait_timeout_s``).

        Returns:
            ``{"results": [item record + "event"], "turn_ids": [...]}`` (no results without ``wait``); the
            event is ADD, UPDATE, DELETE, or NONE for an item only turns stored before gave (the same message
            re-sent: nothing was added, so a caller counting ADD events counts it once).

        Raises:
            InvalidInput: bad messages, ids, time, metadata, theme or kind, or ``infer`` / ``wait`` not a
                bool (the string "false" is refused, not read as true); nothing stored.
            NotApplied: ``wait`` ran out, or the pipeline gave up on a turn.
        """
        infer, wait = _flag(infer, "infer"), _flag(wait, "wait")
        user_id = check_id(user_id, "user id")
        meta = check_meta(metadata, "metadata")
        default_when = utcnow() if timestamp is None else check_turn_time(timestamp)
        untimed = default_when if timestamp is None else None  # the one object messages without a time share
        session = self.default_session if session_id is None else check_id(session_id, "session id")
        msgs = checked_messages(messages, default_when, timestamp)
        if infer:
            if theme is not None or kind is not None:
                raise InvalidField("theme and kind are chosen by the write pipeline; pass them with infer=False")
            turns = [Turn(user_id, tid or (new_turn_id() if when is untimed else
                                           derived_turn_id(user_id, session, n, role, speaker, when, text)),
                          session, role, text, when, speaker, meta=with_offset(meta, raw))
                     for n, (role, text, when, speaker, tid, raw) in enumerate(msgs)]
            ids = [t.turn_id for t in turns]
            resent = self._stored_before(user_id, turns)
            started = utcnow() - ENDED_SLACK
            self._publish(turns)
            if not wait:
                return {"results": [], "turn_ids": ids}
            self._wait(user_id, ids, self.wait_timeout_s, {t.turn_id: t.text for t in turns})
            wanted = set(ids)
            results, ended = [], []
            for record in self._of_turns(user_id, ids):
                if wanted.intersection(record["source"]):
                    # an item only re-sent turns gave (stored before with the same text) was not added now: NONE
                    event = ("NONE" if not (wanted - resent).intersection(record["source"])
                             else "ADD" if record["source"][0] in wanted else "UPDATE")
                    results.append({**shown_record(record), "event": event})
                elif record["status"] in _ENDED and check_timestamp(record["updated_at"]) >= started:
                    ended.append(record)
            results += [{**shown_record(r), "event": "DELETE"} for r in ended if self._ended_by(user_id, r, wanted)]
            return {"results": results, "turn_ids": ids}
        item_theme, item_kind = _given_fields(theme, kind)
        out = []
        for role, text, when, speaker, given_id, _ in msgs:
            if role == "system":
                continue
            chosen = item_theme or _theme_of(text)
            # a like said as given is a preference, as the pipeline would file it ("I like tea")
            chosen_kind = item_kind or _kind_of(text, speaker or "")
            item_id = self._create(user_id, given_id, text, chosen, chosen_kind, when, speaker, "added as given",
                                   meta)
            out.append({**shown_record(self._get(user_id, item_id)), "event": "ADD"})
        return {"results": out, "turn_ids": []}

    def _by_id(self, user_id: str, item_id: str, call: Callable[[str], T]) -> tuple[str, T]:
        """``call(item_id)``; when the user has no item with this id, ``call`` of the one id it is a unique
        prefix of (``memory_core.item_ids``: 6+ characters). Returns (the id used, what ``call`` returned).

        Raises:
            UnknownItem: neither an id nor a unique prefix of one of the user's items. InvalidField: the
                prefix of several (named).
        """
        try:
            return item_id, call(item_id)
        except UnknownItem:
            full = match_prefix(item_id, (r["id"] for r in self._list(user_id, None)))
            if full is None:
                raise
        return full, call(full)

    def _ended_by(self, user_id: str, record: ItemRecord, turn_ids: set[str]) -> bool:
        """True when the newest revision of an ended item (superseded, deleted) came from one of ``turn_ids``."""
        revisions = self._history(user_id, record["id"])
        return bool(revisions) and revisions[0]["op"] in _ENDED.values() and revisions[0]["turn_id"] in turn_ids

    def update(self, item_id: str, text: str | None = None, *, user_id: str, theme: str | None = None,
               reason: str = "") -> ItemRecord:
        """Correct an item's text and/or theme; the old ones stay in its history. Returns the item.

        Raises:
            InvalidField: neither text nor theme; EmptyText / TextTooLong; UnknownItem.
        """
        user_id, item_id = check_id(user_id, "user id"), check_id(item_id, "item id")
        if text is None and theme is None:
            raise InvalidField("update needs a new text or a new theme")
        desc = None if text is None else check_text(text, "description", bytes_ok=False)
        new_theme = None if theme is None else check_text(theme, "theme", max_chars=MAX_THEME_CHARS, bytes_ok=False)
        item_id, _ = self._by_id(user_id, item_id, lambda i: self._update(user_id, i, _reason(reason), desc, new_theme))
        return shown_record(self._get(user_id, item_id))

    def delete(self, item_id: str, *, user_id: str, reason: str = "", purge: bool = False) -> ItemRecord:
        """Delete an item; return it (status deleted).

        Soft by default: the item, its text and history and the turns it came from stay on disk (shown
        again with ``reveal``), kept with the reason. With ``purge`` the words go
        (``memory_core.store.purge``): the item's text, its revisions' texts, the raw turns it came from
        and their turn-log texts, their vectors and session summaries become ``[purged]``, and a
        ``purge`` revision (who, when, ``reason``; no text) stays as the audit record. A soft-deleted
        item can be purged afterwards.

        Raises:
            UnknownItem: no live item with this id for the user (with ``purge``: no item at all).
            InvalidField: ``purge`` not a bool.
        """
        purge = _flag(purge, "purge")
        user_id, item_id = check_id(user_id, "user id"), check_id(item_id, "item id")
        why = _reason(reason)
        drop = self._purge if purge else self._delete
        item_id, _ = self._by_id(user_id, item_id, lambda i: drop(user_id, i, why))
        return shown_record(self._get(user_id, item_id))

    def delete_all(self, *, user_id: str, reason: str = "") -> dict[str, Any]:
        """Soft-delete every active item of the user (each kept, with the reason, in its history) and forget
        the user's applied turns (``_forget_turns``): a message said again after the wipe is a new turn, not a
        retry of one whose memory is gone (its derived turn id, the idempotency key, no longer blocks it).

        Returns:
            ``{"results": [item record + "event": "DELETE"], "deleted": n}`` (Mem0's event for each; none for
            an unknown user).
        """
        user_id = check_id(user_id, "user id")
        why = _reason(reason)
        records = self._list(user_id, (Status.ACTIVE.value,))
        for record in sorted(records, key=lambda r: not is_raw_turn(r)):  # raw turns first: no cascade ends one
            self._delete(user_id, record["id"], why)
        out = [{**shown_record(r), "status": Status.DELETED.value, "event": "DELETE"} for r in records]
        self._forget_turns(user_id)
        return {"results": out, "deleted": len(out)}

    def reset(self, *, user_id: str) -> int:
        """Erase the user entirely (turns, items, revisions, caches); return items removed."""
        return self._erase(check_id(user_id, "user id"))

    def ingest(self, turns: Iterable[Turn | Mapping[str, Any]], *, wait: bool = False) -> dict[str, Any]:
        """Hand finished turns to the write pipeline, in order; return ``{"accepted", "turn_ids"}``.

        Args:
            turns: ``Turn`` objects or dicts with its fields (``timestamp``: ISO-8601, epoch or datetime).
            wait: return once every turn is applied (read-your-writes).

        Raises:
            InvalidInput: any bad turn; then none is handed on.
            NotApplied: ``wait`` ran out, or the pipeline gave up on a turn.
        """
        checked = [checked_turn(t) for t in turns]
        self._publish(checked)
        if wait:
            by_user: dict[str, list[str]] = {}
            for t in checked:
                by_user.setdefault(t.user_id, []).append(t.turn_id)
            deadline = time.monotonic() + self.wait_timeout_s
            for user_id, ids in by_user.items():
                self._wait(user_id, ids, max(deadline - time.monotonic(), 0.001),
                           {t.turn_id: t.text for t in checked if t.user_id == user_id})
        return {"accepted": len(checked), "turn_ids": [t.turn_id for t in checked]}

    def hit(self, item_id: str, *, user_id: str, count: int = 1) -> int:
        """Mark an item used or confirmed ``count`` times; return its hit count. Raises UnknownItem."""
        user_id, item_id = check_id(user_id, "user id"), check_id(item_id, "item id")
        count = _int(count, "count", 1, MAX_HIT)
        return self._by_id(user_id, item_id, lambda i: self._hit(user_id, i, count))[1]

    # ── reads ──────────────────────────────────────────────────────────

    def get(self, item_id: str, *, user_id: str, reveal: bool = False) -> ItemRecord:
        """One item of the user, any status; sensitive values masked unless ``reveal`` (``memory_core.shown``;
        every read call below alike). Raises UnknownItem (another user's item too)."""
        reveal = _flag(reveal)
        user_id = check_id(user_id, "user id")
        _, record = self._by_id(user_id, check_id(item_id, "item id"), lambda i: self._get(user_id, i, reveal))
        return shown_record(record, reveal=reveal)

    def get_all(self, *, user_id: str, filters: Mapping[str, Any] | None = None, limit: int = 100,
                offset: int = 0, reveal: bool = False) -> list[ItemRecord]:
        """One page of the user's items passing ``filters`` (default: active), oldest first: at most ``limit``
        (default 100) from ``offset``. A full page may have more after it: ask again from ``offset + limit``
        until a page is shorter. Sensitive values masked unless ``reveal`` (the owner's own tools).

        Raises:
            InvalidField: a bad filter, limit (1..1,000), offset (>= 0) or reveal (a bool).
        """
        reveal = _flag(reveal)
        user_id = check_id(user_id, "user id")
        flt = check_filters(filters)
        limit = _int(limit, "limit", 1, MAX_PAGE)
        offset = _int(offset, "offset", 0, 2**31)
        kept = [r for r in self._list(user_id, flt.statuses, reveal) if flt.keeps(r)]
        kept.sort(key=lambda r: (r["created_at"], r["id"]))
        return [shown_record(r, reveal=reveal) for r in kept[offset:offset + limit]]

    def history(self, item_id: str, *, user_id: str, reveal: bool = False) -> list[dict[str, Any]]:
        """An item's revisions, newest first (``REVISION_KEYS``), texts masked unless ``reveal``.
        Raises UnknownItem."""
        reveal = _flag(reveal)
        user_id = check_id(user_id, "user id")
        _, revisions = self._by_id(user_id, check_id(item_id, "item id"), lambda i: self._history(user_id, i, reveal))
        return [shown_revision(r, reveal=reveal) for r in revisions]

    def search(self, query: str, *, user_id: str, k: int = 10, filters: Mapping[str, Any] | None = None,
               threshold: float | None = None) -> list[ItemRecord]:
        """The user's items that best answer ``query``, best first: item records with ``score`` and ``rank``.

        Args:
            k: 1..``MAX_TOP_K`` (100) results.
            filters: as ``check_filters`` (a ``metadata`` filter is applied to the best 100).
            threshold: drop results scoring below it.

        Raises:
            InvalidInput: empty or oversized query, a bad k, filter or threshold.
        """
        user_id, query, k, flt = self._recall_args(user_id, query, k, filters, threshold)
        answer = self._recall(user_id, query, MAX_TOP_K if flt.metadata else k, flt.recall_form(), 0)
        hits = [r for r in answer["results"] if flt.keeps_metadata(r)
                and (threshold is None or r["score"] >= threshold)][:k]
        return [{**shown_record(r, query=query), "rank": n} for n, r in enumerate(hits, 1)]

    def recall(self, query: str, *, user_id: str, k: int = 10, filters: Mapping[str, Any] | None = None,
               budget_tokens: int | None = None, threshold: float | None = None) -> RecallAnswer:
        """``search`` plus the packed context block (within ``budget_tokens``, default the core's setting).

        Returns:
            ``{"results": [...], "context": str, "degraded": bool, "reason": str}``; ``degraded``
            when the answer came from a fallback (e.g. the recall worker was too slow).

        Raises:
            InvalidInput: as ``search``, a budget outside 0..32,000 tokens, or a ``metadata``
                filter (the block is packed where the recall runs: filter with ``search``).
        """
        user_id, query, k, flt = self._recall_args(user_id, query, k, filters, threshold)
        if flt.metadata:
            raise InvalidField("a metadata filter applies to search and get_all, not to recall's packed block")
        if budget_tokens is not None:
            budget_tokens = _int(budget_tokens, "budget_tokens", 0, 32_000)
        answer = self._recall(user_id, query, k, flt.recall_form(), budget_tokens)
        if threshold is not None:
            answer["results"] = [r for r in answer["results"] if r["score"] >= threshold]
        answer["results"] = [shown_record(r, query=query) for r in answer["results"]]  # as its context shows them
        return answer

    @staticmethod
    def _recall_args(user_id: str, query: str, k: int, filters: Mapping[str, Any] | None,
                     threshold: float | None) -> tuple[str, str, int, Filters]:
        """The checked arguments of ``search`` and ``recall``. Raises InvalidInput."""
        user_id = check_id(user_id, "user id")
        query = check_text(query, "query", bytes_ok=False)
        k = check_top_k(k)
        flt = check_filters(filters)
        if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, int | float)):
            raise InvalidField(f"threshold must be a number; got {threshold!r}")
        return user_id, query, k, flt


def _theme_of(text: str) -> str:
    """The theme of a text stored as given: ``sensitive`` when the write path's detector finds a secret or a
    health detail in it (as the pipeline flags a curated item: recall then shows it only to a question naming
    its kind), else the one its words choose."""
    from memory_core.pipeline.sensitive import SENSITIVE_THEME, is_sensitive
    from memory_core.pipeline.themes import classify_theme

    return SENSITIVE_THEME if is_sensitive(text) else classify_theme(text)


def _kind_of(text: str, speaker: str) -> str:
    """The kind of a text stored as given with none named: ``preference`` for a like or dislike, else ``fact``."""
    from memory_core.given_slot import given_kind

    return given_kind(text, speaker)


def _flag(value: object, name: str = "reveal") -> bool:
    if not isinstance(value, bool):
        raise InvalidField(f"{name} must be True or False; got {value!r}")
    return value


def _reason(reason: object) -> str:
    if reason is None or (isinstance(reason, str) and not reason.strip()):
        return DEFAULT_REASON
    return check_reason(reason)
