"""``gulfstream mcp`` logs one line per event: the one-line formatter, and the MCP server library keeping it."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest

from memory_core.log_lines import OneLineFormatter, one_line_logging


@pytest.fixture()
def root_logging() -> Iterator[None]:
    """The root logger's handlers and level put back after the test (pytest's capture lives there)."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)


def _record(msg: str, exc: BaseException | None = None) -> logging.LogRecord:
    info = (type(exc), exc, exc.__traceback__) if exc is not None else None
    return logging.LogRecord("mcp.server", logging.ERROR, __file__, 1, msg, None, info)


def test_a_message_with_line_breaks_is_one_line() -> None:
    line = OneLineFormatter("%(levelname)s %(name)s: %(message)s").format(_record("session manager\r\nstarted\n"))
    assert line == "ERROR mcp.server: session manager\\nstarted\\n"


def test_a_traceback_stays_on_its_events_line() -> None:
    try:
        raise ValueError("第一行\n第二行")
    except ValueError as exc:
        line = OneLineFormatter().format(_record("tool failed", exc))
    assert "\n" not in line and line.startswith("tool failed\\nTraceback") and "ValueError: 第一行\\n第二行" in line


@pytest.mark.usefixtures("root_logging")
def test_the_mcp_server_library_keeps_the_one_line_handler() -> None:
    pytest.importorskip("mcp")
    from memory_core.integrations.mcp_server import build_mcp_server

    out = io.StringIO()
    handler = one_line_logging(stream=out)
    build_mcp_server(object(), user_id="ann")  # type: ignore[arg-type]  # its constructor sets up logging
    assert logging.getLogger().handlers == [handler]
    logging.getLogger("mcp.server.streamable_http_manager").info("StreamableHTTP session manager started")
    lines = out.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].endswith(" INFO mcp.server.streamable_http_manager: StreamableHTTP "
                                                 "session manager started"), lines


@pytest.mark.usefixtures("root_logging")
def test_gulfstream_mcp_logs_each_event_on_one_stderr_line(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("mcp")
    import memory_core.integrations.mcp_server as mcp_server
    from memory_core.cli_api import run_mcp

    class Server:
        def run(self, transport: str, **kwargs: object) -> None:
            logging.getLogger("mcp.server").info("StreamableHTTP session manager\nstarted on %s", transport)

    monkeypatch.setattr(mcp_server, "build_mcp_server", lambda api, user_id=None: Server())
    run_mcp(object(), "ann", "stdio", "127.0.0.1", 0)  # type: ignore[arg-type]
    captured = capsys.readouterr()
    assert captured.out == ""  # stdout carries the MCP protocol
    assert captured.err.count("\n") == 1 and captured.err.rstrip().endswith(
        "INFO mcp.server: StreamableHTTP session manager\\nstarted on stdio"), captured.err
