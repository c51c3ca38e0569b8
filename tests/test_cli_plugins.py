"""``gulfstream`` mounts commands other packages declare in the ``gulfstream.cli`` entry-point group."""

from __future__ import annotations

import logging
import sys
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from memory_core import cli_plugins

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def plugin_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module on sys.path holding a Typer app ``app`` (command ``hello``) and a plain ``not_an_app``."""
    (tmp_path / "gs_fake_plugin.py").write_text(
        "import typer\n"
        "app = typer.Typer(help='Fake plugin.', no_args_is_help=True)\n"
        "@app.command()\n"
        "def hello(name: str) -> None:\n"
        "    print(f'你好 hello {name}')\n"
        "@app.command()\n"
        "def bye() -> None:\n"
        "    print('bye')\n"
        "not_an_app = 42\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "gs_fake_plugin", raising=False)
    return "gs_fake_plugin"


def _register(monkeypatch: pytest.MonkeyPatch, *eps: EntryPoint) -> None:
    monkeypatch.setattr(cli_plugins, "entry_points",
                        lambda group: [ep for ep in eps if ep.group == group])


def test_a_registered_entry_point_becomes_a_sub_command(monkeypatch: pytest.MonkeyPatch,
                                                        plugin_module: str) -> None:
    _register(monkeypatch, EntryPoint("fake", f"{plugin_module}:app", cli_plugins.GROUP),
              EntryPoint("elsewhere", f"{plugin_module}:app", "another.group"))
    app = typer.Typer()

    @app.command()
    def core() -> None:
        print("core")

    assert cli_plugins.mount_plugins(app) == ["fake"]
    result = CliRunner().invoke(app, ["fake", "hello", "小明"])
    assert result.exit_code == 0, result.output
    assert "你好 hello 小明" in result.output
    assert "elsewhere" not in CliRunner().invoke(app, ["--help"]).output


def test_a_plugin_that_does_not_import_or_is_no_typer_app_is_skipped_and_logged(
        monkeypatch: pytest.MonkeyPatch, plugin_module: str, caplog: pytest.LogCaptureFixture) -> None:
    _register(monkeypatch, EntryPoint("missing", "gs_no_such_module_anywhere:app", cli_plugins.GROUP),
              EntryPoint("wrong", f"{plugin_module}:not_an_app", cli_plugins.GROUP),
              EntryPoint("fake", f"{plugin_module}:app", cli_plugins.GROUP))
    app = typer.Typer()
    with caplog.at_level(logging.INFO, logger=cli_plugins.__name__):
        assert cli_plugins.mount_plugins(app) == ["fake"]
    messages = " ".join(r.getMessage() for r in caplog.records)
    assert "'missing' not mounted" in messages and "'wrong' not mounted" in messages
    assert CliRunner().invoke(app, ["fake", "bye"]).output.strip() == "bye"


def test_the_project_declares_the_workers_dlq_commands_as_a_plugin() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"][cli_plugins.GROUP]
    assert declared["dlq"] == "workers.dlq_cli:app"
    loaded = EntryPoint("dlq", declared["dlq"], cli_plugins.GROUP).load()
    assert isinstance(loaded, typer.Typer)
