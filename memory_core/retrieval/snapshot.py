"""Recall index snapshots on disk: a user's index saved with its memory version, loaded, then caught up.

A cold user with 100,000 items costs seconds to index (every item and turn
is tokenized); loading a saved index costs a file read and an unpickle, and
the changes made since it was saved are then applied as for any cached
index (``MemoryStore.changes_since``), so the loaded index answers exactly as
a fresh build. ``IndexSnapshots(directory, scope)`` keeps one file per user:

- a header line (JSON): format, the code fingerprint (a hash of the modules
  and data files that shape an index: any change to them makes every
  snapshot stale), the scope (which database, which embedding model), the
  user, the memory version and last turn seq it reflects, the window and
  decay parameters, and the CRC-32 and length of the payload (damage, not tampering:
  ownership guards against that, below);
- the payload: the index's state pickled, with its items stored by column
  (unpickling 100,000 item objects one by one took longer than the build).

A snapshot is a cache: any file that does not match (another fingerprint,
scope, user, window or decay; a bad digest; truncated) is deleted and the
index is built from the store instead. Pickle runs code when it loads, so a
snapshot is only read from a directory owned by this process's user and not
writable by group or others, from files with the same owner and mode, and
the unpickler resolves only the classes an index is made of (numpy,
datetime, collections, array and this package's own).

Writes are atomic (a temporary file renamed over the old one). Erasing a
user through ``Recaller.invalidate`` deletes the file; a snapshot of a user
erased by another process is deleted when it is next loaded (the store then
answers with the complete set of a new user, or none).
"""

from __future__ import annotations

import copy
import dataclasses
import gc
import hashlib
import importlib.metadata
import io
import json
import logging
import os
import pickle
import stat
import threading
import zlib
from array import array
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memory_core.errors import InvalidField
from memory_core.model import MemoryItem
from memory_core.retrieval.hybrid import HybridIndex

if TYPE_CHECKING:
    from memory_core.embedding.base import Embedder
    from memory_core.settings import Settings

__all__ = ["IndexSnapshots", "code_fingerprint", "refresh_usage", "restore_index", "snapshots_for"]

log = logging.getLogger(__name__)

MAGIC = b"GULFSTREAM-INDEX-SNAPSHOT\n"
FORMAT = 1
_PACKAGE = Path(__file__).resolve().parents[1]
#: Files whose content shapes an index: a change to any of them makes every snapshot stale.
_SHAPING = ("retrieval/*.py", "pipeline/slots.py", "model.py", "decay.py", "data/slots.yaml",
            "data/synonyms.yaml")
_FIELDS = tuple(f.name for f in dataclasses.fields(MemoryItem))
_REPEATED = ("user_id", "theme", "kind", "status", "trust", "speaker", "key", "confidence", "importance")
_fingerprint: str | None = None
#: What the unpickler may resolve: these names, numpy's array rebuilders, and this package's index classes.
_ALLOWED = frozenset({("array", "_array_reconstructor"), ("array", "array"), ("collections", "Counter"),
                      ("collections", "OrderedDict"), ("datetime", "datetime"), ("datetime", "date"),
                      ("datetime", "timedelta"), ("datetime", "timezone"), ("re", "_compile"),
                      ("builtins", "set"), ("builtins", "frozenset"), ("builtins", "bytearray")})
_NUMPY_NAMES = frozenset({"dtype", "ndarray", "_frombuffer", "_reconstruct", "scalar"})
_OWN_MODULES = ("memory_core.retrieval.", "memory_core.model", "memory_core.decay")


def code_fingerprint() -> str:
    """A hash (hex, 16 characters) of the source and data files that shape an index, and jieba's version."""
    global _fingerprint
    if _fingerprint is None:
        digest = hashlib.sha256()
        for pattern in _SHAPING:
            for path in sorted(_PACKAGE.glob(pattern)):
                digest.update(path.relative_to(_PACKAGE).as_posix().encode())
                digest.update(path.read_bytes())
        for dist in ("jieba", "numpy"):
            try:
                digest.update(f"{dist}={importlib.metadata.version(dist)}".encode())
            except importlib.metadata.PackageNotFoundError:
                digest.update(f"{dist}=none".encode())
        _fingerprint = digest.hexdigest()[:16]
    return _fingerprint


class _ItemColumns:
    """A slot list of items (None for a dead slot) pickled by column and rebuilt as a list."""

    def __init__(self, items: Sequence[MemoryItem | None]) -> None:
        self.items = items

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        live = [i for i in self.items if i is not None]
        dead = [s for s, i in enumerate(self.items) if i is None]
        columns = {name: [getattr(i, name) for i in live] for name in _FIELDS}  # enum members memoized
        for name in _REPEATED:  # one string object per distinct value: pickled once, loaded once
            canon: dict[object, object] = {}
            columns[name] = [canon.setdefault(v, v) for v in columns[name]]
        return _items_from_columns, (len(self.items), dead, columns)


class _Arrays:
    """A list of small ``array('i')`` pickled as one array and its offsets (100,000 objects load 10x faster)."""

    def __init__(self, arrays: Sequence[array[int]]) -> None:
        self.arrays = arrays

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        flat: array[int] = array("i")
        ends: array[int] = array("q")
        for a in self.arrays:
            flat.extend(a)
            ends.append(len(flat))
        return _arrays_from_flat, (flat.tobytes(), ends.tobytes())


def _arrays_from_flat(flat: bytes, ends: bytes) -> list[array[int]]:
    values: array[int] = array("i")
    values.frombytes(flat)
    stops: array[int] = array("q")
    stops.frombytes(ends)
    out = []
    start = 0
    for stop in stops:
        out.append(values[start:stop])
        start = stop
    return out


def _items_from_columns(n: int, dead: list[int], columns: dict[str, list[Any]]) -> list[MemoryItem | None]:
    live = [MemoryItem(*row) for row in zip(*(columns[name] for name in _FIELDS), strict=True)]
    if not dead:
        return live  # type: ignore[return-value]
    out: list[MemoryItem | None] = [None] * n
    gone = set(dead)
    it = iter(live)
    for slot in range(n):
        if slot not in gone:
            out[slot] = next(it)
    return out


_OWN_REBUILDERS = {"_items_from_columns": _items_from_columns, "_arrays_from_flat": _arrays_from_flat}


class _Unpickler(pickle.Unpickler):
    """Resolves only the names an index is made of (see the module docstring)."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _ALLOWED or (module.split(".")[0] == "numpy" and name in _NUMPY_NAMES):
            return super().find_class(module, name)
        if module == __name__ and name in _OWN_REBUILDERS:
            return _OWN_REBUILDERS[name]
        if module.startswith(_OWN_MODULES):
            found = super().find_class(module, name)
            if isinstance(found, type):  # a class of this package (built without running its __init__)
                return found
        raise pickle.UnpicklingError(f"a snapshot may not refer to {module}.{name}")


def _state_of(index: Any) -> dict[str, Any]:
    """The index's attributes to pickle: no lock, no per-query caches, items by column (shallow copies)."""
    state = dict(index.__dict__)
    state.pop("lock", None)
    table = copy.copy(index.table)
    table.items = _ItemColumns(index.table.items)
    table._masks, table._whole_boosts, table._whole_asked = {}, {}, set()
    state["table"] = table
    for name in ("lexical", "turns"):
        signal = copy.copy(state[name])
        signal._cache = {}
        state[name] = signal
    state["changing"] = False
    state["_seed_rest"] = _Arrays(index._seed_rest)
    return state


def restore_index(state: dict[str, Any]) -> HybridIndex:
    """An index with the attributes ``IndexSnapshots.load`` read (and a new lock)."""
    index = HybridIndex.__new__(HybridIndex)
    index.__dict__.update(state)
    index.lock = threading.RLock()
    return index


def refresh_usage(index: HybridIndex, usage: Mapping[str, tuple[int, datetime | None]]) -> int:
    """Give a loaded index the store's hit counts and last uses (``item_usage``); return items changed.

    Hits move no memory version, so ``changes_since`` does not bring them;
    an item never used is 0/None in the snapshot and the store alike.
    """
    pos, items = index._pos, index.table.items
    used: dict[int, MemoryItem | None] = {}
    for item_id, (hit, last_used) in usage.items():
        slot = pos.get(item_id)
        item = items[slot] if slot is not None else None
        if item is not None and slot is not None and (item.hit, item.last_used_at) != (hit, last_used):
            item.hit, item.last_used_at = hit, last_used
            used[slot] = item
    if used:
        index.table.set(used)
    return len(used)


class IndexSnapshots:
    """One snapshot file per user in ``directory`` (created 0700 if missing).

    Args:
        directory: where the files live; must be owned by this process's user and not
            writable by group or others (the files are pickles, see the module docstring).
        scope: what the indexes were built from (e.g. the database and the embedding model);
            a snapshot of another scope is never loaded.

    Attributes:
        saved, loaded: snapshots written and read so far.
        rejected: files found unusable (stale, foreign, corrupt) and deleted.
        failures: reads or writes that raised (logged; the caller builds instead).

    Raises:
        InvalidField: ``directory`` is not a directory, belongs to another user, or is
            writable by group or others.
    """

    def __init__(self, directory: str | Path, scope: str = "") -> None:
        self.directory = Path(directory)
        self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = self.directory.stat()
        if not stat.S_ISDIR(info.st_mode):
            raise InvalidField(f"snapshot directory {str(self.directory)!r} is not a directory")
        if info.st_uid != os.getuid() or info.st_mode & 0o022:
            raise InvalidField(f"snapshot directory {str(self.directory)!r} must be owned by this user and not "
                               "writable by group or others (snapshots are pickles)")
        self.scope = scope
        self.saved = self.loaded = self.rejected = self.failures = 0
        self._count = threading.Lock()

    def path(self, user_id: str) -> Path:
        """The user's snapshot file (named by a hash of the user id)."""
        return self.directory / f"{hashlib.sha256(user_id.encode()).hexdigest()[:40]}.snap"

    def _header(self, user_id: str, index: Any) -> dict[str, Any]:
        return {"format": FORMAT, "code": code_fingerprint(), "scope": self.scope, "user": user_id,
                "window": index.window, "decay": repr(index.table.decay)}

    def save(self, user_id: str, index: Any) -> int:
        """Write the user's index (holding its lock while it is pickled); return the file's bytes.

        Raises:
            OSError: the file could not be written (the old one, if any, is left).
        """
        with index.lock:
            size = self._write(user_id, index)
        with self._count:
            self.saved += 1
        return size

    def save_forked(self, user_id: str, index: Any) -> bool:
        """Write the user's index from a forked child; return True once the file is written.

        The index's lock is held only while the process forks (milliseconds: page
        tables, not pages); the child pickles its copy-on-write view and writes
        the file while this process keeps answering, as Redis's BGSAVE does.
        Pickling a 10,000-item index in a thread held the lock (and the GIL)
        for 0.4 s, and every recall of the user waited behind it. The calling
        thread waits for the child (without the GIL). Where ``os.fork`` is
        missing, ``save`` runs instead.

        Raises:
            OSError: the fork failed, or the child could not write the file (the old one is left).
        """
        if not hasattr(os, "fork"):
            return self.save(user_id, index) >= 0
        with index.lock:
            pid = os.fork()
            if pid == 0:  # the child: no logging, no lock another thread may have held at the fork
                code = 1
                try:
                    gc.disable()
                    self._write(user_id, index)
                    code = 0
                finally:
                    os._exit(code)
        _, status = os.waitpid(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise OSError(f"the snapshot child for {user_id!r} failed (wait status {status})")
        with self._count:
            self.saved += 1
        return True

    def _write(self, user_id: str, index: Any) -> int:
        """Pickle the index (the caller holds its lock or is a forked child) and write the file atomically."""
        header = self._header(user_id, index)
        header.update(version=index.version, last_seq=index.last_seq)
        payload = pickle.dumps(_state_of(index), protocol=pickle.HIGHEST_PROTOCOL)
        header.update(crc32=zlib.crc32(payload), length=len(payload))
        target = self.path(user_id)
        tmp = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(MAGIC)
                out.write(json.dumps(header).encode() + b"\n")
                out.write(payload)
            os.replace(tmp, target)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        return len(payload)

    def load(self, user_id: str, expected: Any) -> dict[str, Any] | None:
        """Read the user's snapshot: the index's attributes, or None (no file, or one unusable: deleted).

        Args:
            user_id: whose snapshot.
            expected: an empty index of the caller's settings (window, decay) to compare against.
        """
        target = self.path(user_id)
        try:
            fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW)
        except FileNotFoundError:
            return None
        except OSError as exc:
            self._failed("open", user_id, exc)
            return None
        try:
            with os.fdopen(fd, "rb") as src:
                info = os.fstat(src.fileno())
                if info.st_uid != os.getuid() or info.st_mode & 0o022:
                    return self._reject(user_id, "owned by another user or writable by others")
                magic = src.read(len(MAGIC))
                head = src.readline(1 << 16)
                payload = src.read()  # bytes: io.BytesIO below shares them instead of copying 100 MB
        except OSError as exc:
            self._failed("read", user_id, exc)
            return None
        if magic != MAGIC:
            return self._reject(user_id, "not a snapshot")
        try:
            header = json.loads(head)
        except ValueError:
            return self._reject(user_id, "unreadable header")
        want = self._header(user_id, expected)
        stale = [k for k, v in want.items() if header.get(k) != v]
        if stale:
            return self._reject(user_id, f"made with another {', '.join(stale)}")
        if header.get("length") != len(payload) or header.get("crc32") != zlib.crc32(payload):
            return self._reject(user_id, "truncated or corrupt")
        try:
            state = _Unpickler(io.BytesIO(payload)).load()
        except Exception as exc:  # any unpickling failure means: build instead
            return self._reject(user_id, f"unreadable payload ({type(exc).__name__}: {exc})")
        if not isinstance(state, dict) or state.get("version") != header.get("version"):
            return self._reject(user_id, "payload does not match its header")
        with self._count:
            self.loaded += 1
        return state

    def drop(self, user_id: str) -> None:
        """Delete the user's snapshot, if any (after erasure)."""
        try:
            self.path(user_id).unlink(missing_ok=True)
        except OSError as exc:
            self._failed("delete", user_id, exc)

    def _reject(self, user_id: str, why: str) -> dict[str, Any] | None:
        log.info("index snapshot of %s not used (%s): deleted, the index is built from the store", user_id, why)
        with self._count:
            self.rejected += 1
        self.drop(user_id)
        return None

    def _failed(self, what: str, user_id: str, exc: BaseException) -> None:
        log.warning("index snapshot %s for %s failed: %s", what, user_id, exc)
        with self._count:
            self.failures += 1


def snapshots_for(settings: Settings, embedder: Embedder | None = None) -> IndexSnapshots | None:
    """The snapshots of ``settings.recall_snapshot_dir`` (None when unset), scoped to its database and model.

    The scope hashes the database URL without its password and the embedder's model id, so a
    folder shared by mistake between databases or models is never read across them.

    Raises:
        InvalidField: the folder is not private to this user (see ``IndexSnapshots``).
    """
    if not settings.recall_snapshot_dir:
        return None
    from sqlalchemy.engine import make_url

    url = make_url(settings.database_url).render_as_string(hide_password=True)
    model = "" if embedder is None else f"{embedder.model_id}/{embedder.dim}"
    scope = hashlib.sha256(f"{url}\n{model}".encode()).hexdigest()[:16]
    return IndexSnapshots(Path(settings.recall_snapshot_dir).expanduser(), scope)
