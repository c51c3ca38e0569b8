"""What the ``MemoryAPI`` calls hand back and take as filters, the same on every transport.

``item_record`` and ``revision_record`` turn a memory item or revision (a core
object, or the JSON a worker or the HTTP shim sent) into the plain dicts the
calls return (``ITEM_KEYS``, ``REVISION_KEYS``; times as ISO 8601 strings);
``check_filters`` checks a call's ``filters`` once, into a ``Filters``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from memory_core.api import ItemRecord
from memory_core.errors import InvalidField
from memory_core.model import Kind, MemoryItem, Revision, Status
from memory_core.validation import MAX_THEME_CHARS, check_meta, check_text, check_timestamp

__all__ = ["FILTER_NAMES", "ITEM_KEYS", "REVISION_KEYS", "Filters", "check_filters", "check_strings", "item_record",
           "revision_record"]

ITEM_KEYS = ("id", "user_id", "description", "theme", "kind", "status", "hit", "created_at", "updated_at",
             "valid_from", "valid_until", "source", "confidence", "trust", "importance", "key", "speaker",
             "metadata")
_TIMES = frozenset({"created_at", "updated_at", "valid_from", "valid_until", "at"})
REVISION_KEYS = ("op", "reason", "actor", "at", "old_description", "new_description", "old_theme",
                 "new_theme", "turn_id", "other_id")
FILTER_NAMES = ("theme", "themes", "kind", "kinds", "status", "statuses", "since", "until", "metadata")
#: The singular and plural names of one filter.
_SAME_FILTER = (("theme", "themes"), ("kind", "kinds"), ("status", "statuses"))


def _time(value: Any) -> str | None:
    """A time as ISO-8601 in UTC (``+00:00``), whatever form a transport gave it in."""
    if value is None or value == "":
        return None
    return check_timestamp(value).isoformat()


def _plain(value: Any) -> Any:
    return value.value if hasattr(value, "value") and not isinstance(value, str | int | float) else \
        str(value) if isinstance(value, str) else value


def item_record(item: MemoryItem | Mapping[str, Any], user_id: str | None = None) -> ItemRecord:
    """A memory item as the API's JSON record (``ITEM_KEYS``; times ISO-8601 UTC; no history).

    Args:
        item: a ``MemoryItem`` or a dict with its fields (as a worker or the HTTP API sends it).
        user_id: the user id to show (a transport that stores ids with a tenant prefix passes the bare one).
    """
    get = item.get if isinstance(item, Mapping) else lambda name, default=None: getattr(item, name, default)
    out: dict[str, Any] = {}
    for name in ITEM_KEYS:
        value = get(name, None)
        if name == "metadata":
            value = get("meta", None)
            out[name] = {str(k): str(v) for k, v in dict(value or {}).items()}
            continue
        out[name] = _time(value) if name in _TIMES else list(value or []) if name == "source" else _plain(value)
    if user_id is not None:
        out["user_id"] = user_id
    out["hit"] = int(out["hit"] or 0)
    out["confidence"], out["importance"] = float(out["confidence"]), float(out["importance"])
    out["speaker"] = out["speaker"] or ""
    return out


def revision_record(rev: Revision | Mapping[str, Any]) -> dict[str, Any]:
    """One revision as JSON (``REVISION_KEYS``; ``at`` ISO-8601 UTC)."""
    get = rev.get if isinstance(rev, Mapping) else lambda name, default=None: getattr(rev, name, default)
    return {name: _time(get(name, None)) if name in _TIMES else _plain(get(name, None))
            for name in REVISION_KEYS}


@dataclass(slots=True, frozen=True)
class Filters:
    """Checked filters of ``search``, ``recall`` and ``get_all``.

    Attributes:
        themes / kinds: allowed values (None: any).
        statuses: allowed statuses (default: active only; None: every status).
        since / until: items whose time (``valid_from``, else ``created_at``) is in ``[since, until)``.
        metadata: ``(key, value)`` pairs an item's metadata must all hold (None: any).
    """

    themes: tuple[str, ...] | None = None
    kinds: tuple[str, ...] | None = None
    statuses: tuple[str, ...] | None = (Status.ACTIVE.value,)
    since: datetime | None = None
    until: datetime | None = None
    metadata: tuple[tuple[str, str], ...] | None = None

    def keeps_metadata(self, record: Mapping[str, Any]) -> bool:
        """True when the record's metadata holds every wanted entry."""
        held = record.get("metadata") or {}
        return self.metadata is None or all(held.get(k) == v for k, v in self.metadata)

    def recall_form(self) -> dict[str, Any]:
        """The filters as ``recall`` takes them on every transport (``themes``, ``kinds``, ``statuses``, ...)."""
        out: dict[str, Any] = {}
        for name in ("themes", "kinds", "statuses"):
            value = getattr(self, name)
            if value is not None:
                out[name] = list(value)
        for name in ("since", "until"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value.isoformat()
        return out

    def keeps(self, record: Mapping[str, Any]) -> bool:
        """True when an item record passes every filter."""
        if self.themes is not None and record["theme"] not in self.themes:
            return False
        if self.kinds is not None and record["kind"] not in self.kinds:
            return False
        if self.statuses is not None and record["status"] not in self.statuses:
            return False
        if not self.keeps_metadata(record):
            return False
        if self.since is None and self.until is None:
            return True
        when = check_timestamp(record["valid_from"] or record["created_at"])
        return (self.since is None or when >= self.since) and (self.until is None or when < self.until)


def check_strings(name: str, value: object, allowed: Iterable[str] | None = None,
                  field: str | None = None) -> tuple[str, ...]:
    """Check one filter's value: a string or a list of strings, each in ``allowed`` when given.

    ``field`` names the value in errors (default ``filter '<name>'``; an argument such as add's ``kind``
    passes its own name).

    Raises:
        InvalidField: another type, or a value not in ``allowed``. EmptyText, TextTooLong: a bad theme.
    """
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list | tuple | set | frozenset) or not all(isinstance(v, str) for v in values):
        raise InvalidField(f"{field or f'filter {name!r}'} must be a string or a list of strings; got {value!r}")
    out = tuple(sorted(values)) if isinstance(values, set | frozenset) else tuple(values)
    if allowed is not None:
        known = set(allowed)
        for v in out:
            if v not in known:
                raise InvalidField(f"{field or f'filter {name!r}'}: unknown value {v!r}; expected one of "
                                   f"{', '.join(sorted(known))}")
    else:
        out = tuple(check_text(v, f"filter {name!r}", max_chars=MAX_THEME_CHARS) for v in out)
    return out


def check_filters(filters: Mapping[str, Any] | None) -> Filters:
    """Check a filter mapping; return ``Filters``.

    Names (singular and plural are the same filter, so only one of the two may be given): ``theme(s)``, ``kind(s)``,
    ``status(es)`` (a string or a list; ``[]`` for statuses: every status),
    ``since`` / ``until`` (aware datetimes, ISO-8601 or epoch seconds),
    ``metadata`` (a mapping of strings the item's metadata must hold, exactly).

    Raises:
        InvalidField: not a mapping, an unknown filter name, a value of the wrong type, an
            unknown kind or status, or since not before until.
    """
    if filters is None:
        return Filters()
    if not isinstance(filters, Mapping):
        raise InvalidField('filters must be a mapping of filter names to values, such as filters={"theme": "places"}'
                           f" ({', '.join(FILTER_NAMES)}; the user goes in user_id=...); got "
                           f"{type(filters).__name__} {filters!r:.60}")
    found: dict[str, Any] = {}
    for name, value in filters.items():
        if name in ("user_id", "agent_id", "run_id"):
            raise InvalidField(f"{name} is not a filter here: pass the user as user_id=... (filters take "
                               f"{', '.join(FILTER_NAMES)}; Mem0's filters={{'user_id': ...}} is the "
                               "Mem0-shaped API's)")
        if name not in FILTER_NAMES:
            raise InvalidField(f"unknown filter {name!r}; expected one of {', '.join(FILTER_NAMES)}")
        one, many = next(((a, b) for a, b in _SAME_FILTER if name in (a, b)), (name, name))
        if one != many and one in filters and many in filters:
            raise InvalidField(f"{one} and {many} are the same filter: give one")
        if value is None:
            continue
        if name in ("since", "until"):
            found[name] = check_timestamp(value, name)
            continue
        if name == "metadata":
            found[name] = tuple(sorted(check_meta(value, "filter 'metadata'").items())) or None
            continue
        plural = {"theme": "themes", "kind": "kinds", "status": "statuses"}.get(name, name)
        allowed = {"kinds": Kind._value2member_map_, "statuses": Status._value2member_map_}.get(plural)
        found[plural] = check_strings(name, value, allowed)
    if "since" in found and "until" in found and found["since"] >= found["until"]:
        raise InvalidField("filter 'since' must be before 'until'")
    statuses = found.pop("statuses", (Status.ACTIVE.value,))
    return Filters(statuses=statuses or None, **found)
