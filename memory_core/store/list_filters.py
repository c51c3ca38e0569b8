"""The filters of ``MemoryStore.list_items`` (statuses, theme, kind), checked once for every backend and the client."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from memory_core.errors import InvalidField
from memory_core.model import Kind, Status
from memory_core.validation import MAX_THEME_CHARS, check_text

__all__ = ["check_list_filters"]


def check_list_filters(statuses: Iterable[str] | str | None, theme: object = None,
                       kind: object = None) -> tuple[tuple[str, ...] | None, str | None, str | None]:
    """Check the filters of ``MemoryStore.list_items``; return ``(statuses, theme, kind)`` as it uses them.

    Args:
        statuses: None (any status), one ``Status`` value as a string, or an
            iterable of them (an empty one matches nothing).
        theme: None, or a theme (stripped, 1..64 characters).
        kind: None, or a ``Kind`` value.

    Raises:
        InvalidField: a value of the wrong type, or an unknown status or kind.
        EmptyText, TextTooLong: an empty or oversized theme.
    """
    wanted: tuple[str, ...] | None = None
    if statuses is not None:
        if isinstance(statuses, str):
            values: list[object] = [statuses]
        elif isinstance(statuses, bytes | bytearray | Mapping) or not isinstance(statuses, Iterable):
            raise InvalidField(f"statuses must be a status or a list of statuses; got {type(statuses).__name__}")
        else:
            values = list(statuses)
        for value in values:
            if not isinstance(value, str) or value not in Status._value2member_map_:
                raise InvalidField(f"unknown status {value!r}; expected one of {', '.join(Status)}")
        wanted = tuple(str(v) for v in values)
    if theme is not None:
        if not isinstance(theme, str):
            raise InvalidField(f"theme must be a string; got {type(theme).__name__}")
        theme = check_text(theme, "theme", max_chars=MAX_THEME_CHARS)
    if kind is not None and (not isinstance(kind, str) or kind not in Kind._value2member_map_):
        raise InvalidField(f"unknown kind {kind!r}; expected one of {', '.join(Kind)}")
    return wanted, theme, None if kind is None else str(kind)
