"""Recall index snapshots on disk: a user's index saved by column with its memory version, loaded, caught up.

A cold user with 100,000 items costs seconds to index (every item and turn
is tokenized); loading a saved index costs a file read, and the changes
made since it was saved are then applied as for any cached index
(``MemoryStore.changes_since``), so the loaded index answers exactly as a
fresh build. ``IndexSnapshots(directory, scope)`` keeps one file per user:

- ``MAGIC``, then a header line (JSON): format, the code fingerprint (a hash
  of the modules and data files that shape an index: any change to them
  makes every snapshot stale), the scope (which database, which embedding
  model), the user, the memory version and last turn seq it reflects, the
  window and decay parameters, the index's small fields (``meta``), the
  table of members (name, dtype, shape, offset) and a CRC-32 over the meta,
  the member table and every member's bytes;
- the members: numpy arrays (``snapshot_columns``: postings, lengths, idf,
  filters, times, dense rows, and the items and per-item maps by column),
  each at a 64-byte boundary, read straight into arrays of their own.

Loading creates no per-item object: items and the per-item maps are made
when first read (``lazy``). An earlier format pickled the index; unpickling
100,000 item objects took seconds (``RESULTS.md``, issue 17). A snapshot is
a cache: a file that does not match (another format, fingerprint, scope,
user, window or decay; a bad CRC; truncated) is deleted with a warning and
the index is built from the store instead, never an error to the caller.
The files hold data only (no pickle); still, a snapshot is read only from a
directory owned by this process's user and not writable by group or others,
and from files with the same owner and mode (another account could
otherwise feed a user's recall).

Writes are atomic (a temporary file renamed over the old one). Erasing a
user through ``Recaller.invalidate`` deletes the file; a snapshot of a user
erased by another process is deleted when it is next loaded (the store then
answers with the complete set of a new user, or none).
"""

from __future__ import annotations

import gc
import hashlib
import importlib.metadata
import json
import logging
import math
import os
import stat
import threading
import zlib
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import numpy as np

from memory_core.errors import InvalidField
from memory_core.model import MemoryItem
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.snapshot_columns import decode, encode

if TYPE_CHECKING:
    from memory_core.embedding.base import Embedder
    from memory_core.settings import Settings

__all__ = ["IndexSnapshots", "code_fingerprint", "refresh_usage", "restore_index", "snapshots_for"]

log = logging.getLogger(__name__)

MAGIC = b"GULFSTREAM-INDEX-COLUMNS\n"
OLD_MAGIC = b"GULFSTREAM-INDEX-SNAPSHOT\n"  # format 1: a pickle, never read (rebuilt)
FORMAT = 2
_ALIGN = 64
_MAX_HEADER = 64 << 20
_ONE_READ = 1 << 20  # members of at most this many bytes in all are read in one go
_KINDS = frozenset("biuf")  # member dtypes: bool, integers, floats (never objects)
_PACKAGE = Path(__file__).resolve().parents[1]
#: Files whose content shapes an index: a change to any of them makes every snapshot stale.
_SHAPING = ("retrieval/*.py", "text/*.py", "pipeline/slots.py", "pipeline/slot_lexicon.py",
            "pipeline/slot_questions.py", "model.py", "decay.py",
            "data/slots.yaml", "data/synonyms.yaml", "data/phrasal_verbs.yaml",
            "data/separable_verbs.yaml", "data/zh_words.yaml")
_fingerprint: str | None = None


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
    if not usage:
        return 0
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


def _crc_start(meta: dict[str, Any], members: list[list[Any]]) -> int:
    """CRC-32 of the header's meta and member table (then continued over the members' bytes)."""
    return zlib.crc32(json.dumps([meta, members], sort_keys=True, ensure_ascii=False).encode())


def _read_members(src: IO[bytes], head_len: int, header: dict[str, Any], size: int) -> dict[str, np.ndarray] | str:
    """Each member read into an array of its own, the CRC checked; or why the file is unusable."""
    members, length = header.get("members"), header.get("length")
    start = -(-head_len // _ALIGN) * _ALIGN
    if not isinstance(members, list) or not isinstance(length, int) or size != start + length:
        return "truncated or corrupt"
    try:
        crc = _crc_start(header["meta"], members)
        arrays: dict[str, np.ndarray] = {}
        whole: bytearray | None = None
        if length <= _ONE_READ:  # a small index: one read, arrays as views of it (nothing worth freeing apart)
            whole = bytearray(length)
            src.seek(start)
            if src.readinto(whole) != length:  # type: ignore[attr-defined]
                return "truncated or corrupt"
            crc = zlib.crc32(whole, crc)
        for name, dtype, shape, at in members:
            kind = np.dtype(dtype)
            count = math.prod(shape)
            if kind.kind not in _KINDS or not 0 <= at <= length - count * kind.itemsize:
                return "truncated or corrupt"
            if whole is not None:
                flat = np.frombuffer(whole, dtype=kind, count=count, offset=at)
                arrays[name] = flat if len(shape) == 1 else flat.reshape(shape)  # (a second object per array)
                continue
            arr = np.empty(tuple(shape), dtype=kind)  # a large index: each array its own (freed on its own)
            view = arr.reshape(-1).view(np.uint8).data
            src.seek(start + at)
            pad = -arr.nbytes % _ALIGN
            if src.readinto(view) != arr.nbytes:  # type: ignore[attr-defined]
                return "truncated or corrupt"
            crc = zlib.crc32(src.read(pad), zlib.crc32(view, crc))
            arrays[name] = arr
    except (KeyError, TypeError, ValueError) as exc:
        return f"unreadable member table ({type(exc).__name__})"
    return arrays if crc == header.get("crc32") else "truncated or corrupt"


class IndexSnapshots:
    """One snapshot file per user in ``directory`` (created 0700 if missing).

    Args:
        directory: where the files live; must be owned by this process's user and not
            writable by group or others (see the module docstring).
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
                               "writable by group or others (snapshots feed recall)")
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
        """Write the user's index (holding its lock while it is encoded); return the file's bytes.

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
        tables, not pages); the child encodes its copy-on-write view and writes
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
        """Write the index by column (the caller holds its lock or is a forked child), atomically; return bytes."""
        meta, arrays = encode(index)
        meta = json.loads(json.dumps(meta, ensure_ascii=False))  # as the reader will see it (the CRC covers it)
        members: list[list[Any]] = []
        datas: list[memoryview] = []
        offset = 0
        for name, value in arrays.items():
            arr = np.ascontiguousarray(value)
            members.append([name, arr.dtype.str, list(arr.shape), offset])
            datas.append(arr.reshape(-1).view(np.uint8).data)
            offset += -(-arr.nbytes // _ALIGN) * _ALIGN
        crc = _crc_start(meta, members)
        for data in datas:  # the padding too: every byte of the file after the header is checked
            crc = zlib.crc32(bytes(-data.nbytes % _ALIGN), zlib.crc32(data, crc))
        header = self._header(user_id, index)
        header.update(version=index.version, last_seq=index.last_seq, meta=meta, members=members, length=offset,
                      crc32=crc)
        head = MAGIC + json.dumps(header, ensure_ascii=False).encode() + b"\n"
        start = -(-len(head) // _ALIGN) * _ALIGN
        target = self.path(user_id)
        tmp = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(head.ljust(start, b"\0"))
                for (_, _, _, at), data in zip(members, datas, strict=True):
                    out.seek(start + at)
                    out.write(data)
                out.truncate(start + offset)
            os.replace(tmp, target)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        return start + offset

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
                if magic != MAGIC:
                    return self._reject(user_id, "an old format" if OLD_MAGIC.startswith(magic[:20]) and magic
                                        else "not a snapshot")
                head = src.readline(_MAX_HEADER)
                try:
                    header = json.loads(head)
                except ValueError:
                    return self._reject(user_id, "unreadable header")
                want = self._header(user_id, expected)
                stale = [k for k, v in want.items() if not isinstance(header, dict) or header.get(k) != v]
                if stale:
                    return self._reject(user_id, f"made with another {', '.join(stale)}")
                arrays = _read_members(src, len(MAGIC) + len(head), header, info.st_size)
        except OSError as exc:
            self._failed("read", user_id, exc)
            return None
        if isinstance(arrays, str):
            return self._reject(user_id, arrays)
        try:
            state = decode(header["meta"], arrays, expected.table.decay)
        except Exception as exc:  # any decoding failure means: build instead
            return self._reject(user_id, f"unreadable columns ({type(exc).__name__}: {exc})")
        if state.get("version") != header.get("version"):
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
        log.warning("index snapshot of %s not used (%s): deleted, the index is built from the store", user_id, why)
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
