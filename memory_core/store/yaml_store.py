"""The YAML store: one seed-000 style file per user, ``<directory>/<user_id>.yaml``.

It is the reference backend of the default CRUD: it implements only the
primitives (``_load_all`` / ``_save_all`` / ``_write_lock`` with portalocker,
as seed 000's ``YamlMemoryManager`` did) and inherits everything else.

Each file maps item id → ``{description, theme, history, latest_update_time,
hit, ...}`` (see ``seed_format``): a plain seed-000 file loads, and the files
written stay loadable by seed code (extra keys aside). Writes go to a temporary
file that replaces the old one, so a reader never sees half a file.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import portalocker
import yaml

from memory_core.errors import InvalidField, InvalidInput, StoreError, StoreLocked
from memory_core.model import MemoryItem
from memory_core.store.base import MemoryStore, SelfCheckReport
from memory_core.store.factory import private_folders
from memory_core.store.seed_format import item_from_mapping, item_to_mapping
from memory_core.validation import check_id

__all__ = ["YamlStore", "check_file_id"]

_SUFFIX = ".yaml"
_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def check_file_id(user_id: object) -> str:
    """Return ``user_id`` if it is a valid id that is also a safe file name.

    Raises:
        InvalidField: not a valid id, or it holds a path separator or starts with a dot.
    """
    ident = check_id(user_id, "user id")
    if "/" in ident or "\\" in ident or ident.startswith("."):
        raise InvalidField(f"user id {ident!r} cannot name a file: no '/', '\\' or leading '.'")
    return ident


class YamlStore(MemoryStore):
    """Memory items in one YAML file per user, seed-000 compatible.

    Args:
        directory: folder of the ``<user_id>.yaml`` files (created if missing, with its missing parents,
            mode 0700).
        lock_timeout_s: how long a writer waits for a user's file lock, in seconds.
    """

    def __init__(self, directory: str | os.PathLike[str], lock_timeout_s: float = 10.0) -> None:
        self.directory = Path(directory)
        self.lock_timeout_s = lock_timeout_s
        try:
            private_folders(self.directory)  # owner-only, as a SQLite store's folders
        except OSError as exc:
            raise StoreError(f"cannot use {self.directory} as a YAML store: {exc}") from exc

    def __repr__(self) -> str:
        return f"YamlStore({str(self.directory)!r})"

    def path(self, user_id: str) -> Path:
        """Return the file of ``user_id``. Raises InvalidField for an unsafe id."""
        return self.directory / f"{check_file_id(user_id)}{_SUFFIX}"

    # ── primitives ─────────────────────────────────────────────────────

    def _read(self, path: Path) -> dict[Any, Any]:
        """Parse one file into its raw mapping ({} if missing). Raises StoreError."""
        try:
            with path.open(encoding="utf-8") as f:
                data = yaml.load(f, Loader=_Loader)
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
            raise StoreError(f"{path.name} cannot be read as YAML: {exc}") from exc
        if data is None:
            return {}
        if not isinstance(data, dict):
            raise StoreError(f"{path.name} must map item ids to items; got {type(data).__name__}")
        return data

    def _load_all(self, user_id: str) -> dict[str, MemoryItem]:
        path = self.path(user_id)
        items: dict[str, MemoryItem] = {}
        for key, value in self._read(path).items():
            try:
                item = item_from_mapping(user_id, key, value, repairs=[])
            except InvalidInput as exc:
                raise StoreError(f"{path.name}: {exc}; run self_check") from exc
            items[item.id] = item
        return items

    def _save_all(self, user_id: str, items: dict[str, MemoryItem]) -> None:
        path = self.path(user_id)
        if not items:
            path.unlink(missing_ok=True)
            return
        data = {item_id: item_to_mapping(item) for item_id, item in items.items()}
        try:
            fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=f".{path.name}.", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                yaml.dump(data, f, Dumper=_Dumper, allow_unicode=True, sort_keys=False,
                          default_flow_style=False)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except (OSError, yaml.YAMLError) as exc:
            Path(tmp).unlink(missing_ok=True)
            raise StoreError(f"cannot write {path.name}: {exc}") from exc

    @contextmanager
    def _write_lock(self, user_id: str) -> Iterator[None]:
        lock_path = self.path(user_id).with_suffix(_SUFFIX + ".lock")
        lock = portalocker.Lock(str(lock_path), mode="a", timeout=self.lock_timeout_s, check_interval=0.01,
                                flags=portalocker.LockFlags.EXCLUSIVE | portalocker.LockFlags.NON_BLOCKING)
        try:
            lock.acquire()
        except portalocker.exceptions.LockException as exc:
            raise StoreLocked(f"{lock_path.name} is held by another writer "
                              f"(waited {self.lock_timeout_s} s)") from exc
        try:
            yield
        finally:
            lock.release()

    # ── store-wide operations ──────────────────────────────────────────

    def _files(self) -> list[Path]:
        return sorted(p for p in self.directory.glob(f"*{_SUFFIX}") if p.is_file())

    def users(self, prefix: str = "") -> list[str]:
        """Return the ids of users with a file, sorted; with ``prefix``, those starting with it."""
        return [p.name[: -len(_SUFFIX)] for p in self._files() if p.name.startswith(prefix)]

    def erase_user(self, user_id: str) -> int:
        """Delete the user's file (items and their histories); return how many items it held."""
        path = self.path(user_id)
        with self._write_lock(user_id):
            count = len(self._read(path)) if path.exists() else 0
            path.unlink(missing_ok=True)
        path.with_suffix(_SUFFIX + ".lock").unlink(missing_ok=True)
        return count

    def self_check(self, repair: bool = True) -> SelfCheckReport:
        """Check the folder is writable and every file and item well-formed; repair what can be.

        Unparsable files and unrepairable items are reported as issues (FAIL)
        and left untouched; fixable ones (missing hit, missing history, empty
        theme, unknown enum values ...) are rewritten when ``repair`` is True.
        """
        report = SelfCheckReport()
        try:
            with tempfile.TemporaryFile(dir=self.directory):
                pass
        except OSError as exc:
            report.issues.append(f"{self.directory} is not writable: {exc}")
        for path in self._files():
            user_id = path.name[: -len(_SUFFIX)]
            try:
                check_file_id(user_id)
                raw = self._read(path)
            except (StoreError, InvalidInput) as exc:
                report.issues.append(f"{path.name}: {exc}")
                continue
            items: dict[str, MemoryItem] = {}
            fixes: list[str] = []
            broken = False
            for key, value in raw.items():
                try:
                    item = item_from_mapping(user_id, key, value, repairs=fixes)
                except InvalidInput as exc:
                    report.issues.append(f"{path.name}: {exc}")
                    broken = True
                    continue
                items[item.id] = item
            report.item_count += len(items)
            if not fixes:
                continue
            if repair and not broken:
                with self._write_lock(user_id):  # re-read under the lock: a writer may have come by
                    self._save_all(user_id, self._load_all(user_id))
                report.repaired += [f"{path.name}: {msg}" for msg in fixes]
            else:
                why = "file has unrepairable items" if broken else "repair is off"
                report.issues += [f"{path.name}: {msg} (not repaired: {why})" for msg in fixes]
        return report.finish()
