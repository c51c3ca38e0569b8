"""The soak's full-disk phase: PostgreSQL's data on a small tmpfs that is filled while turns arrive.

``SmallDisk`` mounts a tmpfs of ``size_mb`` (root only: ``mount -t tmpfs``;
no Docker, no quota tools), creates a tablespace on it and moves every
table and index of the database there (``ALTER TABLE|INDEX ALL IN
TABLESPACE``), so the data files live on a disk that can run out. The WAL
and the catalogs stay on the server's own disk: this is the common "data
volume full" case, where a write that needs a new page fails with
``53100 could not extend file …: No space left on device`` and the server
keeps running (a full WAL disk makes PostgreSQL PANIC and restart instead,
which the soak's immediate-restart step covers).

``fill()`` writes a filler file until the tmpfs refuses another byte;
``free()`` removes it. ``no_space_errors()`` counts the server log's
"No space left on device" lines: the proof that the phase bit.
"""

from __future__ import annotations

import errno
import os
import pwd
import subprocess
from pathlib import Path

import sqlalchemy as sa

__all__ = ["SmallDisk"]

TABLESPACE = "soak_small_disk"


class SmallDisk:
    """A tmpfs of ``size_mb`` MiB under ``root``, holding one database's tables and indexes.

    Args:
        root: a directory of the run (the mount point is ``root / "small-disk"``).
        size_mb: the tmpfs size in MiB.
        server_log: PostgreSQL's log file (for ``no_space_errors``).

    Raises:
        PermissionError: not root (mounting needs it).
        subprocess.CalledProcessError: ``mount`` failed.
    """

    def __init__(self, root: Path, size_mb: int, server_log: Path) -> None:
        if os.geteuid() != 0:
            raise PermissionError("the full-disk phase mounts a tmpfs: run the soak as root")
        self.path = root / "small-disk"
        self.size_mb = size_mb
        self.server_log = server_log
        self.filler = self.path / "filler"
        self.path.mkdir(parents=True, exist_ok=True)
        owner = pwd.getpwnam("postgres")
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_mb}m,uid={owner.pw_uid},gid={owner.pw_gid},"
                        "mode=0700", "tmpfs", str(self.path)], check=True, capture_output=True)
        self.mounted = True

    def attach(self, database_url: str) -> int:
        """Create the tablespace and move the database's tables and indexes onto it; return the bytes used."""
        engine = sa.create_engine(database_url, isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                conn.execute(sa.text(f"CREATE TABLESPACE {TABLESPACE} LOCATION '{self.path}'"))
                conn.execute(sa.text(f"ALTER TABLE ALL IN TABLESPACE pg_default SET TABLESPACE {TABLESPACE}"))
                conn.execute(sa.text(f"ALTER INDEX ALL IN TABLESPACE pg_default SET TABLESPACE {TABLESPACE}"))
                name = conn.execute(sa.text("SELECT current_database()")).scalar_one()
                conn.execute(sa.text(f'ALTER DATABASE "{name}" SET default_tablespace = {TABLESPACE}'))
        finally:
            engine.dispose()
        return self.used_bytes()

    def used_bytes(self) -> int:
        """Bytes in use on the tmpfs."""
        st = os.statvfs(self.path)
        return (st.f_blocks - st.f_bfree) * st.f_frsize

    def fill(self) -> int:
        """Write a filler file until the tmpfs is full; return its size in bytes."""
        written = 0
        chunk = b"\0" * (1 << 20)
        fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            for size in (1 << 20, 1 << 12):
                piece = chunk[:size]
                while True:
                    try:
                        n = os.write(fd, piece)
                    except OSError as exc:
                        if exc.errno != errno.ENOSPC:
                            raise
                        break
                    written += n
                    if n < size:
                        break
        finally:
            os.close(fd)
        return written

    def free(self) -> None:
        """Remove the filler."""
        self.filler.unlink(missing_ok=True)

    def no_space_errors(self) -> int:
        """Lines of the server log saying a write found no space."""
        if not self.server_log.exists():
            return 0
        return self.server_log.read_text(errors="replace").count("No space left on device")

    def unmount(self) -> None:
        """Unmount the tmpfs (after the server stopped); idempotent."""
        if self.mounted:
            subprocess.run(["umount", "-l", str(self.path)], check=False, capture_output=True)
            self.mounted = False

