"""``gulfstream ingest`` of turns stored before under other ids says what happened: they are already seen and make
nothing, and no other run is named (new-user trial 40, F6: "applied 2 turn(s) another run recorded and had not
applied (stopped, or still running)" when no other run existed, and "19 created" after an import though the
store was unchanged)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli import gs

TEXTS = {"en": ["I live in Lisbon.", "I have a cat named Tofu."], "zh": ["我住在杭州。", "我养了一只猫叫豆腐。"]}


def _file(tmp_path: Path, name: str, prefix: str, texts: list[str]) -> Path:
    src = tmp_path / name
    src.write_text("".join(json.dumps({"turn_id": f"{prefix}{n}", "text": text,
                                       "timestamp": f"2025-03-02T09:0{n}:00Z"}, ensure_ascii=False) + "\n"
                           for n, text in enumerate(texts)), encoding="utf-8")
    return src


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_same_turns_under_new_ids_are_already_seen_by_this_run(tmp_path: Path, lang: str) -> None:
    db = tmp_path / "store.sqlite3"
    first = gs("ingest", "-u", "d", str(_file(tmp_path, "a.jsonl", "a", TEXTS[lang])), db=db)
    assert first.returncode == 0 and "2 created" in first.stdout, first.stdout + first.stderr
    again = gs("ingest", "-u", "d", str(_file(tmp_path, "b.jsonl", "b", TEXTS[lang])), db=db)
    assert again.returncode == 0, again.stderr
    assert "another run" not in again.stdout, again.stdout
    assert "recorded 0 turn(s), 2 already seen; memories: 0 created" in again.stdout, again.stdout


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_turns_ingested_again_after_an_import_make_nothing(tmp_path: Path, lang: str) -> None:
    src, old, new = _file(tmp_path, "a.jsonl", "a", TEXTS[lang]), tmp_path / "old.sqlite3", tmp_path / "new.sqlite3"
    assert gs("ingest", "-u", "d", str(src), db=old).returncode == 0
    export = tmp_path / "d.yaml"
    assert gs("export", str(export), "-u", "d", "--reveal", db=old).returncode == 0
    assert gs("import", str(export), db=new).returncode == 0
    again = gs("ingest", "-u", "d", str(src), db=new)
    assert again.returncode == 0, again.stderr
    assert "another run" not in again.stdout and "0 created" in again.stdout, again.stdout
