"""Every command taking an item id says in one line whether the id given is too short, ambiguous or unknown, and
what to do; exit 2, nothing on stdout (``memory_core.cli_ids``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from memory_core.cli import main
from memory_core.cli_ids import given_item_id
from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidField, UnknownItem


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("GULFSTREAM_EMBEDDER", "none")
    url = f"sqlite:///{tmp_path}/ids.db"
    mem = EmbeddedMemory.open(database_url=url)
    for item_id, text in [("note-aaaa1", "I like tea"), ("note-aaaa2", "我喜欢咖啡"), ("solo-item-1", "我住在杭州")]:
        mem.add([{"role": "user", "content": text, "id": item_id}], user_id="ann", infer=False)
    mem.add([{"role": "user", "content": "I live in Oslo", "id": "solo-item-2"}], user_id="bob", infer=False)
    mem.close()
    return url


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["gulfstream", *args])
    with pytest.raises(SystemExit) as ended:
        main()
    out, err = capsys.readouterr()
    return int(ended.value.code or 0), out, err


COMMANDS = [("history",), ("history", "--user", "ann"), ("get", "--user", "ann"), ("delete", "--user", "ann"),
            ("update", "--user", "ann", "--theme", "misc"), ("restore", "--user", "ann"),
            ("expire", "--user", "ann", "--clear")]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c))
@pytest.mark.parametrize(("given", "said"), [("note", "is too short"), ("note-aaaa", "is ambiguous"),
                                             ("zzzzzzzz", "or an id starting with it")])
def test_a_bad_id_is_one_line_saying_which_and_what_to_do(
        db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: tuple[str, ...],
        given: str, said: str) -> None:
    code, out, err = run(monkeypatch, capsys, command[0], given, *command[1:], "--db", db)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and said in err, err
    assert any(step in err for step in ("give more", "lists the ids")), err  # what to do next
    if said == "is ambiguous":
        assert "note-aaaa1" in err and "note-aaaa2" in err


def test_a_unique_prefix_still_names_the_item(db: str, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(monkeypatch, capsys, "history", "solo-item-1", "--db", db)
    assert code == 0 and "我住在杭州" in out
    code, out, _ = run(monkeypatch, capsys, "get", "solo-i", "--user", "bob", "--db", db)
    assert code == 0 and "Oslo" in out  # ann's solo-item-1 is not bob's: unique among bob's


def test_given_item_id_keeps_the_rule_of_item_ids(db: str) -> None:
    mem = EmbeddedMemory.open(database_url=db)
    store = mem.memory.store
    try:
        assert given_item_id(store, "ann", "note-aaaa1") == "note-aaaa1"
        assert given_item_id(store, "ann", "solo-i") == "solo-item-1"
        with pytest.raises(InvalidField, match="is ambiguous: it matches 2 items"):
            given_item_id(store, None, "solo-item")  # two owners' ids start so
        with pytest.raises(InvalidField, match="too short"):
            given_item_id(store, "ann", "solo")
        with pytest.raises(UnknownItem, match="memories -u ann --all"):
            given_item_id(store, "ann", "solo-item-2")  # bob's
    finally:
        mem.close()
