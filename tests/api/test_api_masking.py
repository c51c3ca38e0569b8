"""Sensitive values masked by every read of the embedded Memory API and the CLI, revealed on request (EN, ZH).

The distributed and HTTP transports run the same script against real
workers, Redis and PostgreSQL in ``test_transport_conformance.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from masking_script import SECRETS, run_masking_script
from typer.testing import CliRunner

from memory_core.cli import app
from memory_core.cli_output import LISTED_CHARS
from memory_core.embedded import EmbeddedMemory
from memory_core.errors import LLMUnavailable


@pytest.fixture()
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/m.db"


def test_embedded_reads_mask_unless_revealed(db: str) -> None:
    mem = EmbeddedMemory.open(database_url=db)
    try:
        assert run_masking_script(mem, "sec")
    finally:
        mem.close()


def _squashed(text: str) -> str:
    return text.replace(" ", "").replace("\n", "")


def test_cli_memories_history_get_and_recall_mask_unless_revealed(db: str) -> None:
    mem = EmbeddedMemory.open(database_url=db)
    try:
        run_masking_script(mem, "sec")
        plain = next(r for r in mem.get_all(user_id="sec") if "Lyon" in r["description"])
    finally:
        mem.close()
    runner = CliRunner()
    listing = runner.invoke(app, ["memories", "--user", "sec", "--all", "--turns", "--db", db], env={"COLUMNS": "400"})
    assert listing.exit_code == 0, listing.output
    assert "[secret]" in listing.output and "[cvv]" in listing.output and "[id]" in listing.output
    assert [s for s in SECRETS if s in _squashed(listing.output)] == []
    revealed = runner.invoke(app, ["memories", "--user", "sec", "--all", "--turns", "--reveal", "--db", db],
                             env={"COLUMNS": "400"})
    assert set(s for s in SECRETS if s in _squashed(revealed.output)) == set(SECRETS)
    history = runner.invoke(app, ["history", plain["id"], "--user", "sec", "--db", db], env={"COLUMNS": "400"})
    assert history.exit_code == 0 and "9911" not in history.output and "[code]" in history.output
    history = runner.invoke(app, ["history", plain["id"], "--user", "sec", "--reveal", "--db", db],
                            env={"COLUMNS": "400"})
    assert "9911" in history.output
    got = runner.invoke(app, ["get", plain["id"], "--user", "sec", "--db", db])
    assert got.exit_code == 0 and "9911" not in got.output
    assert "9911" in runner.invoke(app, ["get", plain["id"], "--user", "sec", "--reveal", "--db", db]).output
    for query, shown, hidden in [("what's my wifi password?", "Tr0ub4dor&3", "hunter2hunter2"),
                                 ("我的银行卡密码是多少", "884422", "6222021234567890123")]:
        for extra in ([], ["--json"]):
            answer = runner.invoke(app, ["recall", "--user", "sec", query, "--db", db, *extra],
                                   env={"COLUMNS": "400"})
            assert answer.exit_code == 0, answer.output
            out = _squashed(answer.output)  # the asked item found, its value withheld like every other
            assert shown not in out and hidden not in out and ("[secret]" in out or "[code]" in out), (query, extra)


@pytest.mark.parametrize("text", ["I live in Paris. " * 500, "我住在巴黎，在一家咖啡馆工作。" * 500])
def test_cli_memories_shortens_long_texts_unless_full(db: str, text: str) -> None:
    text = text[:8000].strip()
    mem = EmbeddedMemory.open(database_url=db)
    try:
        mem.add(text, user_id="bob", infer=False)
    finally:
        mem.close()
    runner = CliRunner()
    short = runner.invoke(app, ["memories", "--user", "bob", "--turns", "--db", db], env={"COLUMNS": "100000"})
    assert short.exit_code == 0, short.output
    assert text[:LISTED_CHARS].strip() in short.output and text not in short.output
    assert f"(+{len(text) - LISTED_CHARS} chars; --full shows all)" in short.output
    assert len(short.output) < LISTED_CHARS * 2
    whole = runner.invoke(app, ["memories", "--user", "bob", "--turns", "--full", "--db", db],
                          env={"COLUMNS": "100000"})
    assert text in whole.output


@pytest.mark.parametrize("query", ["where do I live?", "我住在哪里"])
def test_cli_recall_for_an_unknown_user_is_an_empty_answer(db: str, query: str) -> None:
    mem = EmbeddedMemory.open(database_url=db)
    try:
        mem.add("I live in Lyon", user_id="ann", infer=False)
        assert mem.recall(query, user_id="nobody")["results"] == []
    finally:
        mem.close()
    runner = CliRunner()
    answer = runner.invoke(app, ["recall", "--user", "nobody", query, "--db", db])
    assert answer.exit_code == 0 and "no memories for user 'nobody'" in answer.output
    as_json = runner.invoke(app, ["recall", "--user", "nobody", query, "--json", "--db", db])
    assert as_json.exit_code == 0 and '"results": []' in as_json.output
    bad = runner.invoke(app, ["recall", "--user", "bad id", query, "--db", db])
    assert bad.exit_code != 0


@pytest.mark.parametrize("line", ["I live in Paris", "我住在巴黎"])
def test_chat_with_a_model_that_is_down_says_so_in_one_line_and_keeps_the_message(db: str, line: str) -> None:
    runner = CliRunner()
    down = runner.invoke(app, ["chat", "--user", "c1", "--model", "m", "--base-url", "http://127.0.0.1:9/v1",
                               "--db", db], input=line + "\n", env={"GULFSTREAM_LLM_MAX_RETRIES": "0"})
    assert down.exit_code != 0 and isinstance(down.exception, LLMUnavailable), down.output
    assert "http://127.0.0.1:9/v1" in str(down.exception) and "kept" in str(down.exception)
    mem = EmbeddedMemory.open(database_url=db)
    try:
        assert any(line in r["description"] for r in mem.get_all(user_id="c1")), "the line is kept"
    finally:
        mem.close()
