"""A throwaway redis-server for tests, started from the installed binary.

``start_redis(tmpdir)`` runs redis-server on a free loopback port with its
data in ``tmpdir``: append-only file fsynced on every write (by default) and no RDB
snapshots, so a restart (``RedisServer.restart``) keeps every queued
message, as production Redis must; ``maxmemory-policy noeviction`` so Redis
refuses writes rather than dropping messages.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["RedisServer", "free_port", "redis_available", "start_redis"]


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def redis_available() -> bool:
    """True when a redis-server binary is on PATH."""
    return shutil.which("redis-server") is not None


@dataclass
class RedisServer:
    """One redis-server process.

    Attributes:
        port: its loopback port.
        data_dir: its working directory (AOF files).
        url: ``redis://127.0.0.1:<port>/0``.
    """

    port: int
    data_dir: Path
    appendfsync: str = "always"
    password: str | None = None
    proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        auth = f":{self.password}@" if self.password else ""
        return f"redis://{auth}127.0.0.1:{self.port}/0"

    def start(self, timeout_s: float = 10.0) -> None:
        """Start the server and wait until it answers PING."""
        args = [
            "redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.data_dir),
            "--save", "", "--appendonly", "yes", "--appendfsync", self.appendfsync,
            "--maxmemory-policy", "noeviction", "--protected-mode", "no", "--daemonize", "no",
            "--logfile", str(self.data_dir / "redis.log"),
        ]
        if self.password:
            args += ["--requirepass", self.password]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.ping():
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start on port {self.port}; see {self.data_dir}/redis.log")

    def ping(self) -> bool:
        """True when the server answers PING."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                if self.password:
                    sock.sendall(f"AUTH {self.password}\r\n".encode())
                    if not sock.recv(16).startswith(b"+OK"):
                        return False
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self, timeout_s: float = 10.0) -> None:
        """Shut down gracefully (SIGTERM: the AOF is flushed)."""
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout_s)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def restart(self, down_s: float = 0.5) -> None:
        """Stop, stay down ``down_s`` seconds, start again on the same port and data."""
        self.stop()
        time.sleep(down_s)
        self.start()


def start_redis(tmpdir: str | Path, appendfsync: str = "always", password: str | None = None) -> RedisServer:
    """Start a private redis-server with its data in ``tmpdir``; return it (``.url``, ``.stop()``).

    Args:
        appendfsync: "always" (tests: a restart loses nothing) or "everysec"
            (what ``ops/stack.sh`` and the compose file run; the benchmarks use it).
    """
    data_dir = Path(tmpdir)
    data_dir.mkdir(parents=True, exist_ok=True)
    server = RedisServer(free_port(), data_dir, appendfsync, password)
    server.start()
    return server
