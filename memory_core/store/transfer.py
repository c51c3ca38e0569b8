"""Export and import memory between stores as YAML.

The export document::

    format: gulfstream-export
    version: 1
    masked: true           # some sensitive values written as placeholders ([health]); false: all as stored
    users:
      <user_id>:
        <item_id>: {description, theme, history, latest_update_time, hit, kind, status, ...}

Each item mapping is the seed-000 compatible one of ``seed_format`` (the same
the YAML store writes), so ids, texts, themes, statuses, hits, sources, times
and full histories survive a round trip between any two stores. A bare
seed-000 file (item id → item) can be imported for one named user.

A masked export is refused by ``parse_import`` unless the caller accepts the
placeholders (``accept_masked``): importing it would store "用户有[health]"
as the memory itself, and the masked values would be gone for good.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import IO, Any

import yaml

from memory_core.errors import InvalidField, InvalidInput
from memory_core.model import MemoryItem
from memory_core.store.base import MemoryStore
from memory_core.store.seed_format import item_from_mapping, item_to_mapping
from memory_core.store.write_ops import AddOp
from memory_core.validation import check_id

__all__ = ["EXPORT_FORMAT", "EXPORT_VERSION", "ItemView", "check_unmasked", "export_text", "export_yaml", "import_yaml",
           "parse_import", "store_import"]

EXPORT_FORMAT = "gulfstream-export"
EXPORT_VERSION = 1

Source = str | os.PathLike[str] | IO[str]
_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


#: What an export shows of one item mapping (``memory_core.shown.shown_export_item``: sensitive values masked).
ItemView = Callable[[dict[str, Any]], dict[str, Any]]


def export_text(items: Mapping[str, Iterable[MemoryItem]], view: ItemView | None = None) -> str:
    """The export document of ``items`` (user id as named in the document → that user's items), as YAML text.

    Args:
        items: user id → items (all statuses, full histories).
        view: applied to each item mapping before it is written (None: as stored, a full backup). The
            document says ``masked: true`` when the view changed any item (a value was replaced by a
            placeholder), ``masked: false`` when every item is written as stored.
    """
    body: dict[str, dict[str, Any]] = {}
    masked = False
    for user_id, user_items in items.items():
        body[user_id] = {}
        for item in user_items:
            stored = item_to_mapping(item)
            shown = stored if view is None else view(dict(stored))
            masked = masked or shown != stored
            body[user_id][item.id] = shown
    doc = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "masked": masked, "users": body}
    return str(yaml.dump(doc, Dumper=_Dumper, allow_unicode=True, sort_keys=False, default_flow_style=False))


def export_yaml(store: MemoryStore, out: Source, users: Iterable[str] | None = None,
                view: ItemView | None = None) -> dict[str, int]:
    """Write every item (all statuses, full histories) of ``users`` as an export document.

    A file is written owner-only (mode 0600, as new SQLite stores are): an export holds whatever the items
    hold, sensitive values included unless ``view`` masks them.

    Args:
        store: any ``MemoryStore``.
        out: a file path, or a text stream to write to.
        users: user ids to export; None for every user of the store.
        view: as in ``export_text``.

    Returns:
        Items exported per user id.

    Raises:
        StoreError: the store failed. OSError: ``out`` could not be written.
    """
    wanted = store.users() if users is None else [check_id(u, "user id") for u in users]
    items = {user_id: store.list_items(user_id, statuses=None) for user_id in wanted}
    text = export_text(items, view)
    if isinstance(out, str | os.PathLike):
        fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.fchmod(fd, 0o600)  # an existing file keeps its mode through O_CREAT
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        out.write(text)
    return {user_id: len(user_items) for user_id, user_items in items.items()}


def _read(src: Source) -> Any:
    try:
        if isinstance(src, str | os.PathLike):
            with Path(src).open(encoding="utf-8") as f:
                return yaml.load(f, Loader=_Loader)
        return yaml.load(src, Loader=_Loader)
    except UnicodeDecodeError as exc:
        raise InvalidInput(f"import file is not valid UTF-8: {exc}") from exc
    except yaml.YAMLError as exc:
        raise InvalidInput(f"import file is not valid YAML: {exc}") from exc
    except (ValueError, OverflowError, RecursionError) as exc:  # YAML's own timestamps: 2026-02-30, +25:00
        raise InvalidInput(f"import file holds a value YAML cannot read: {exc}") from exc


def check_unmasked(doc: Mapping[str, Any], *, accept_masked: bool = False, how: str = "--accept-masked") -> None:
    """Refuse an export document that says ``masked: true``, unless ``accept_masked``.

    Args:
        doc: a parsed export document (``format: gulfstream-export``).
        accept_masked: the caller knowingly stores the placeholders as the items' texts.
        how: how the caller's user accepts them, named in the error (the CLI's flag, an HTTP query parameter).

    Raises:
        InvalidField: the export is masked (one line, saying what to do instead), or ``masked`` is not a boolean.
    """
    masked = doc.get("masked", False)
    if not isinstance(masked, bool):
        raise InvalidField(f"'masked' must be true or false; got {masked!r}")
    if masked and not accept_masked:
        raise InvalidField("this is a masked export: its sensitive values are placeholders such as [health], and "
                           "importing it would store them as the memory itself; import an export written with "
                           f"--reveal (a full backup), or pass {how} to keep the placeholders")


def parse_import(src: Source, *, user_id: str | None = None, accept_masked: bool = False
                 ) -> dict[str, list[MemoryItem]]:
    """Read and validate a whole import document; return the items per user id.

    Args:
        src: a file path, or a text stream.
        user_id: as in ``import_yaml``.
        accept_masked: read a masked export too (its placeholders become the items' texts).

    Raises:
        InvalidInput: bad YAML or items (naming the user and item id), or a masked export not accepted
            (``check_unmasked``).
    """
    if user_id is not None:
        user_id = check_id(user_id, "user id")
    doc = _read(src)
    if isinstance(doc, Mapping) and doc.get("format") == EXPORT_FORMAT:
        if doc.get("version") != EXPORT_VERSION:
            raise InvalidField(f"unsupported export version {doc.get('version')!r}; this code reads "
                               f"version {EXPORT_VERSION}")
        check_unmasked(doc, accept_masked=accept_masked)
        users = doc.get("users") or {}
        if not isinstance(users, Mapping):
            raise InvalidField("'users' must map user ids to their items")
        if user_id is not None:
            users = {user_id: users.get(user_id) or {}}
    elif isinstance(doc, Mapping) or doc is None:
        if doc and not any(isinstance(item, Mapping) for item in doc.values()):
            raise _not_items(doc)  # not one item: not an import at all, whatever the user id
        if user_id is None:
            raise InvalidField("a bare seed-000 file holds one user's items: say which user (user_id=...)")
        users = {user_id: doc or {}}
    else:
        raise _not_items(doc)
    parsed: dict[str, list[MemoryItem]] = {}
    for raw_user, items in users.items():
        owner = check_id(raw_user, "user id", numbers=True)
        if not isinstance(items, Mapping):
            raise InvalidField(f"user {owner!r}: items must be a mapping of item id to item")
        try:
            parsed[owner] = [item_from_mapping(owner, item_id, data) for item_id, data in items.items()]
        except InvalidInput as exc:
            raise type(exc)(f"user {owner!r}, {exc}") from exc
    return parsed


def _not_items(doc: object) -> InvalidField:
    """The error for a document that parses as YAML but holds no memory items (``"::: not yaml ["``)."""
    shown = repr(doc)
    shown = shown if len(shown) <= 80 else shown[:77] + "..."
    return InvalidField("import is not valid YAML of memory items: expected item ids mapped to items "
                        f"(description, theme, ...) or an export document; it reads as a "
                        f"{type(doc).__name__}: {shown}")


def import_yaml(store: MemoryStore, src: Source, *, user_id: str | None = None,
                accept_masked: bool = False) -> dict[str, int]:
    """Import an export document, or a bare seed-000 file for ``user_id``, into ``store``.

    Every item is validated before anything is written; then each user's
    items are added in one all-or-nothing batch, keeping ids, times and
    histories as they are.

    Args:
        store: any ``MemoryStore``.
        src: a file path, or a text stream.
        user_id: for a bare seed-000 file, whose items they are; for an export
            document, import only this user.
        accept_masked: import a masked export too, placeholders as texts.

    Returns:
        Items imported per user id.

    Raises:
        InvalidInput: bad input (naming the user and item id), or an item id
            the user already has; nothing stored changes.
        StoreError: the store failed while writing a user (that user unchanged).
    """
    return store_import(store, parse_import(src, user_id=user_id, accept_masked=accept_masked))


def store_import(store: MemoryStore, parsed: Mapping[str, list[MemoryItem]]) -> dict[str, int]:
    """Add the items ``parse_import`` returned: refused whole if any user already has one of the ids.

    A caller that must not interleave with other writers holds each user's
    lock around this call (the check and the writes).

    Returns:
        Items imported per user id.

    Raises:
        InvalidInput: an item id the user already has; nothing stored changes.
        StoreError: the store failed while writing a user (that user unchanged).
    """
    for owner, items in parsed.items():
        existing = {i.id for i in store.list_items(owner, statuses=None)}
        clash = sorted(existing.intersection(i.id for i in items))
        if clash:
            raise InvalidField(f"user {owner!r} already has memory items {', '.join(clash[:5])}: "
                               "import refused (erase the user first to replace them)")
    for owner, items in parsed.items():
        if items:
            store.apply(owner, [AddOp(item) for item in items])
    return {owner: len(items) for owner, items in parsed.items()}
