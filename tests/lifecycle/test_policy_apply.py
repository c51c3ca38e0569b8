"""A switch of sensitive-data policy from keep to mask or drop reaches what was stored (``policy_apply``).

English and Chinese turns holding a PIN, a password or a card number are curated under ``keep`` (values
kept in clear); then the policy changes. ``apply_policy`` (and maintenance, and ``gulfstream apply-policy``)
masks every stored turn and item text, keeps each turn's SHA-256 of what was said as the write path does,
ends the items holding a value under ``drop``, and is idempotent; a CLI run killed midway leaves a store
``gulfstream check`` passes, and the next run finishes it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_core.lifecycle import ManualClock
from memory_core.lifecycle.policy_apply import apply_policy
from memory_core.model import Status, Turn
from memory_core.service import Memory
from memory_core.settings import load_settings
from memory_core.store.sql import SqlStore
from memory_core.store.turn_text import TEXT_SHA_META, text_sha256

ROOT = Path(__file__).resolve().parents[2]
SAID = {
    "en": [("My bank card PIN is 4821, please remember it.", "4821"),
           ("The password for my work laptop is Tr0ub4dor&3.", "Tr0ub4dor&3"),
           ("I moved to Leeds last spring and I love the parks.", None)],
    "zh": [("我的银行卡密码是739164，帮我记一下。", "739164"),
           ("我的邮箱密码是 Qiu#2024xyz，别告诉别人。", "Qiu#2024xyz"),
           ("我去年搬到了成都，很喜欢这里的公园。", None)],
}


@contextmanager
def _memory(path: Path, policy: str) -> Iterator[Memory]:
    store = SqlStore(f"sqlite:///{path}", migrate=True)
    memory = Memory(store, settings=load_settings(maintain_every_turns=0, sensitive_policy=policy),
                    clock=ManualClock(datetime(2026, 6, 1, tzinfo=UTC)))
    try:
        yield memory
    finally:
        memory.close()


def _ingest(memory: Memory, user: str, lang: str) -> None:
    memory.ingest([Turn(user_id=user, turn_id=f"{user}-{n}", session_id="s", role="user", text=text,
                        timestamp=datetime(2026, 5, 1 + n, 9, tzinfo=UTC), speaker="user")
                   for n, (text, _) in enumerate(SAID[lang])])


def _stored_texts(memory: Memory, user: str) -> str:
    """Every text the store holds for the user: turns, item texts and keys, revision texts."""
    parts = [t.text for t in memory.store.list_turns(user)]  # type: ignore[union-attr]
    for item in memory.store.list_items(user, statuses=None):
        parts += [item.description, item.key or ""]
        parts += [t for r in item.history for t in (r.old_description, r.new_description)]
    return "\n".join(parts)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_mask_reaches_turns_and_items_stored_under_keep(tmp_path: Path, lang: str) -> None:
    db = tmp_path / "m.db"
    with _memory(db, "keep") as kept:
        _ingest(kept, "u", lang)
        before = _stored_texts(kept, "u")
        items_before = len(kept.store.list_items("u", statuses=None))
    secrets = [v for _, v in SAID[lang] if v]
    assert all(v in before for v in secrets), before  # keep: in clear
    with _memory(db, "mask") as memory:
        report = apply_policy(memory, "u")
        assert report.turns == 2 and report.masked >= 2 and report.dropped == 0, report
        after = _stored_texts(memory, "u")
        assert not [v for v in secrets if v in after], after
        assert SAID[lang][2][0] in after  # a turn without a value stays as said
        for n, (text, value) in enumerate(SAID[lang]):
            turn = memory.store.get_turn("u", f"u-{n}")  # type: ignore[union-attr]
            assert (turn.meta.get(TEXT_SHA_META) == text_sha256(text)) == (value is not None), turn
        assert len(memory.store.list_items("u", statuses=None)) == items_before
        again = apply_policy(memory, "u")
        assert not again.changed and _stored_texts(memory, "u") == after  # idempotent
        _ingest(memory, "u", lang)  # the same turns redelivered: duplicates by their hash, not conflicts
        assert _stored_texts(memory, "u") == after


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_drop_ends_the_items_holding_a_value_and_masks_them(tmp_path: Path, lang: str) -> None:
    db = tmp_path / "m.db"
    with _memory(db, "keep") as kept:
        _ingest(kept, "u", lang)
        holding = {i.id for i in kept.store.list_items("u") if any(v and v in i.description for _, v in SAID[lang])}
    assert holding
    with _memory(db, "drop") as memory:
        report = apply_policy(memory, "u")
        assert report.dropped >= len(holding), report
        live = memory.store.list_items("u")
        assert not holding & {i.id for i in live} and live  # the item without a value stays
        assert all(memory.store.get("u", i).status == Status.DELETED for i in holding)
        assert not [v for _, v in SAID[lang] if v and v in _stored_texts(memory, "u")]


def test_maintenance_applies_the_policy(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with _memory(db, "keep") as kept:
        _ingest(kept, "en-u", "en")
        _ingest(kept, "zh-u", "zh")
        [report] = kept.maintain("en-u")
        assert report.sensitive == 0
    with _memory(db, "mask") as memory:
        reports = {r.user_id: r for r in memory.maintain()}
        assert reports["en-u"].sensitive > 0 and reports["zh-u"].sensitive > 0
        assert not [v for lang in SAID for _, v in SAID[lang] if v and v in
                    _stored_texts(memory, "en-u") + _stored_texts(memory, "zh-u")]
        assert all(r.sensitive == 0 for r in memory.maintain())


def test_cli_run_killed_midway_leaves_a_consistent_store_the_next_run_finishes(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    users = [f"{lang}-{n:02d}" for n in range(15) for lang in SAID]
    with _memory(db, "keep") as kept:
        for user in users:
            _ingest(kept, user, user[:2])
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1",
           "COLUMNS": "200", "GULFSTREAM_EMBEDDER": "none", "GULFSTREAM_SENSITIVE_POLICY": "mask"}
    cmd = [sys.executable, "-m", "memory_core", "apply-policy", "--db", f"sqlite:///{db}"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    first = proc.stdout.readline()  # one user done, others not
    assert "turn(s) masked" in first, first + (proc.stderr.read() if proc.stderr else "")
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(30)
    with _memory(db, "keep") as memory:  # killed midway: some users done, some not yet
        clear = [u for u in users if any(v and v in _stored_texts(memory, u) for _, v in SAID[u[:2]])]
    assert 0 < len(clear) < len(users), clear
    check = subprocess.run([sys.executable, "-m", "memory_core", "check", "--db", f"sqlite:///{db}"],
                           capture_output=True, text=True, env=env, timeout=120)
    assert check.returncode == 0 and check.stdout.startswith(("OK", "WARN")), check.stdout + check.stderr
    start = time.monotonic()
    rest = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    assert rest.returncode == 0 and len(rest.stdout.strip().splitlines()) == len(users), rest.stdout + rest.stderr
    assert time.monotonic() - start < 300
    with _memory(db, "mask") as memory:
        assert not [u for u in users if any(v and v in _stored_texts(memory, u) for _, v in SAID[u[:2]])]
    last = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    assert all(" 0 turn(s) masked, 0 item(s) masked, 0 item(s) dropped" in line
               for line in last.stdout.strip().splitlines()), last.stdout
