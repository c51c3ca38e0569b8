"""What a new user sees when a command line is wrong or when asking for help: the ``--help`` hint on every usage
error, flags listed without a value placeholder, help texts that name only commands and options that exist and
show their placeholders, and ``memories`` dated by the user's own day."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from memory_core.cli import app
from memory_core.cli_plugins import mount_plugins
from memory_core.cli_usage import command_path
from memory_core.embedded import EmbeddedMemory


def gs(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memory_core", *args], capture_output=True, text=True,
                          timeout=120, env={"PATH": "/usr/bin:/bin", "COLUMNS": "200", "HOME": str(home),
                                            "GULFSTREAM_EMBEDDER": "none"})


@pytest.mark.parametrize(("args", "command"), [
    (["add", "-u", "ann", "--infer=false", "I live in Oslo"], "add"),  # a flag given a value
    (["add", "-u", "ann", "我住在杭州", "surplus"], "add"),  # an argument too many
    (["delete", "abc", "-u", "ann", "--purge=yes"], "delete"),
    (["eval", "behaviour", "cases.yaml", "--bogus"], "eval behaviour"),  # a nested command, an unknown option
])
def test_every_usage_error_names_the_commands_help(tmp_path: Path, args: list[str], command: str) -> None:
    done = gs(*args, "--db", f"sqlite:///{tmp_path / 'm.db'}", home=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.rstrip().endswith(f"(see 'python -m memory_core {command} --help')"), done.stderr


def test_the_command_is_read_off_the_command_line_up_to_its_first_other_word() -> None:
    root = typer.main.get_command(app)
    assert command_path(root, ["eval", "behaviour", "x.yaml"], "gulfstream") == "gulfstream eval behaviour"
    assert command_path(root, ["add", "--infer=false", "eval"], "gulfstream") == "gulfstream add"
    assert command_path(root, ["--help"], "gulfstream") == "gulfstream"
    assert command_path(root, ["nosuch", "add"], "gulfstream") == "gulfstream"


def test_memories_dates_each_item_by_the_day_it_was_said_where_it_was_said(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    api = EmbeddedMemory.open(database_url=url)
    try:  # 1 am in Shanghai is the day before in UTC; 8 pm in Los Angeles is the next day in UTC
        api.add([{"role": "user", "content": "今天领养了一只狗", "timestamp": "2026-01-06T01:00:00+08:00"},
                 {"role": "user", "content": "I adopted a cat today", "timestamp": "2026-01-05T20:00:00-08:00"},
                 {"role": "user", "content": "I adopted a parrot today", "timestamp": "2026-01-07T23:30:00Z"}],
                user_id="ann")
    finally:
        api.close()
    done = gs("memories", "-u", "ann", "--turns", "--db", url, home=tmp_path)
    assert done.returncode == 0, done.stderr
    dated = {m.group(2): m.group(1) for m in re.finditer(r"(\d{4}-\d\d-\d\d)  \[event\] user: (.+?)  \(hit",
                                                         done.stdout)}
    assert dated == {"今天领养了一只狗": "2026-01-06", "I adopted a cat today": "2026-01-05",
                     "I adopted a parrot today": "2026-01-07"}, done.stdout


def _commands(group: object, prefix: str = "") -> list[tuple[str, object]]:
    """Every command under ``group`` (Typer's own click: a group is what has ``commands``), with its path."""
    out: list[tuple[str, object]] = []
    for name, command in getattr(group, "commands", {}).items():
        out.append((prefix + name, command))
        out += _commands(command, f"{prefix}{name} ")
    return out


def test_every_db_help_names_the_data_folder_as_xdg_places_it() -> None:
    commands = _commands(typer.main.get_command(app))
    helps = {name: p.help for name, c in commands for p in getattr(c, "params", []) if "--db" in getattr(p, "opts", [])}
    assert {"memories", "get", "import", "maintain"} <= set(helps)
    # the embedded commands default to a file in the data folder; a plug-in's --db for the distributed stack
    # (``dlq list``: PostgreSQL) names no folder at all
    local = {name: text or "" for name, text in helps.items()
             if "share/gulfstream" in (text or "") or "XDG" in (text or "")}
    assert {"memories", "get", "import", "maintain"} <= set(local)
    for name, text in local.items():
        assert "$XDG_DATA_HOME/gulfstream" in text and "~/.local/share/gulfstream" in text, name


def _whole_app() -> object:
    """The click group ``gulfstream`` runs: the core's commands and the installed plug-ins' (``remote``, ``dlq``)."""
    whole = typer.Typer()
    whole.registered_commands = list(app.registered_commands)
    whole.registered_groups = list(app.registered_groups)
    mount_plugins(whole)
    return typer.main.get_command(whole)


def _help_texts(command: object) -> list[str]:
    """The help of ``command`` and of each of its options, as written in the source."""
    return [getattr(command, "help", "") or ""] + [getattr(p, "help", "") or "" for p in getattr(command, "params", [])]


#: Words help texts quote as ``word`` that name no command: a field, a scope's shape, the script itself.
NOT_COMMANDS = {"local_time", "gulfstream"}


def test_help_texts_name_only_commands_that_exist() -> None:
    root = _whole_app()
    paths = {name for name, _ in _commands(root)}
    for name, command in _commands(root):
        for text in _help_texts(command):
            for quoted in re.findall(r"``([^`]+)``", text):
                if not re.fullmatch(r"(gulfstream )?[a-z][a-z-]*( [a-z][a-z-]*)*", quoted) or quoted in NOT_COMMANDS:
                    continue  # a shape such as ``<user>#agent#<agent>``, or a word that is no command
                named = quoted.removeprefix("gulfstream ")
                assert named in paths, f"{name} --help names ``{quoted}``, which is no command"


def test_help_texts_name_only_options_that_exist() -> None:
    root = _whole_app()
    commands = _commands(root)
    everywhere = {o for _, c in commands for p in getattr(c, "params", []) for o in [*p.opts, *p.secondary_opts]}
    for name, command in commands:
        own = {o for p in getattr(command, "params", []) for o in [*p.opts, *p.secondary_opts]}
        for text in _help_texts(command):
            for option in re.findall(r"(?<![\w-])--[a-z][\w-]*", text):
                # its own option, or another command's when the help says whose (import: "written without --reveal")
                assert option in own or option in everywhere, f"{name} --help names {option}, which no command has"
            # rich reads a bare [word] as a style and shows nothing: a placeholder is written \\[word]
            assert not re.findall(r"(?<!\\)\[[a-z]+\]", text), f"{name} --help: {text}"


@pytest.mark.parametrize("args", [["import", "--help"], ["delete", "--help"], ["export", "--help"]])
def test_help_shows_bracketed_placeholders_as_written(tmp_path: Path, args: list[str]) -> None:
    # rich reads "[health]" as a style tag and drops it: the help must say which placeholders a masked export holds
    root = typer.main.get_command(app)
    command = dict(_commands(root))[args[0]]
    written = {w for text in _help_texts(command) for w in re.findall(r"\\?\[([a-z]+)\]", text)}
    done = gs(*args, home=tmp_path)
    assert done.returncode == 0, done.stderr
    for word in written:
        assert f"[{word}]" in done.stdout, done.stdout
