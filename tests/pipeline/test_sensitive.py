"""Sensitive data on the write path (memory_core/pipeline/sensitive.py), English and Chinese.

The detector is measured on a labelled set written for it (tests/pipeline/data/):
the dev half was used to write the rules, the test half was held out.
``ops/bench/sensitive_eval.py`` prints both halves' figures (ops/bench/RESULTS.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import yaml

from memory_core.model import Actor, MemoryItem, Turn
from memory_core.pipeline.sensitive import (
    SENSITIVE_THEME,
    SensitiveGuard,
    asks_for_sensitive,
    detect,
    mask,
    parse_tenant_policies,
)
from memory_core.retrieval.index import RecallFilters
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings
from memory_core.store.write_ops import AddOp, EndOp

DATA = Path(__file__).parent / "data"
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _scores(name: str) -> tuple[float, float, int]:
    rows = yaml.safe_load((DATA / name).read_text(encoding="utf-8"))
    tp = fp = fn = 0
    for row in rows:
        predicted, gold = bool(detect(row["text"])), row["category"] != "none"
        tp += predicted and gold
        fp += predicted and not gold
        fn += gold and not predicted
    return tp / (tp + fp), tp / (tp + fn), len(rows)


def test_the_labelled_set_has_both_languages_and_both_halves() -> None:
    rows = [r for name in ("sensitive_dev.yaml", "sensitive_test.yaml")
            for r in yaml.safe_load((DATA / name).read_text(encoding="utf-8"))]
    assert len(rows) >= 100
    zh = [r for r in rows if any("\u4e00" <= ch <= "\u9fff" for ch in r["text"])]
    assert len(zh) >= 30 and len(rows) - len(zh) >= 30
    assert {r["category"] for r in rows} == {"none", "secret", "code", "card", "account", "id", "api_key", "health"}


def test_dev_half_meets_the_targets() -> None:
    precision, recall, n = _scores("sensitive_dev.yaml")
    assert n >= 50 and precision >= 0.9 and recall >= 0.95, (precision, recall)


def test_held_out_half_stays_near_the_targets() -> None:
    # measured once, after the rules were frozen: P 0.975, R 0.929 (ops/bench/RESULTS.md)
    precision, recall, n = _scores("sensitive_test.yaml")
    assert n >= 50 and precision >= 0.9 and recall >= 0.9, (precision, recall)


@pytest.mark.parametrize(("text", "category", "value"), [
    ("my locker code is 4711", "code", "4711"),
    ("我的身份证号是11010519491231002X", "id", "11010519491231002X"),
    ("我的银行卡号是6222020200112233445", "card", "6222020200112233445"),
    ("The password for my bank login is hunter2", "secret", "hunter2"),
    ("api key: 9f8e7d6c5b4a39281706f5e4d3c2b1a0", "api_key", "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
    ("我上个月确诊了抑郁症", "health", None),
])
def test_detect_finds_the_value(text: str, category: str, value: str | None) -> None:
    found = detect(text)
    assert found and found[0].category == category
    if value is not None:
        assert found[0].value == value
        assert value not in mask(text) and f"[{category}]" in mask(text)


def test_queries_that_ask_for_sensitive_data() -> None:
    assert asks_for_sensitive("what is my locker code?")
    assert asks_for_sensitive("我的银行卡号是多少")
    assert not asks_for_sensitive("what food do I like?")
    assert not asks_for_sensitive("我住在哪里")


def _turn(user: str, n: int, text: str, role: str = "user") -> Turn:
    return Turn(user_id=user, turn_id=f"t{n}", session_id="s1", role=role, text=text,
                timestamp=T0 + timedelta(minutes=n), speaker="Ann" if role == "user" else role)


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3",
                               sensitive_policy_by_tenant="acme=drop,beta=mask"))
    yield mem
    mem.close()


@pytest.mark.parametrize(("text", "asked", "unrelated"), [
    ("My locker code is 4711 and I like spicy food.", "what is my locker code?", "what food do I like?"),
    ("我的储物柜密码是0419，我喜欢吃辣", "我的储物柜密码是多少", "我喜欢吃什么"),
])
def test_sensitive_items_are_flagged_and_packed_only_when_asked(memory: Memory, text: str, asked: str,
                                                                  unrelated: str) -> None:
    memory.ingest([_turn("ann", 0, text)])
    flagged = [i for i in memory.store.list_items("ann") if i.theme == SENSITIVE_THEME]
    assert flagged, memory.store.list_items("ann")
    secret = detect(text)[0].value
    assert secret not in memory.recall("ann", unrelated).context.text
    assert all(r.item.theme != SENSITIVE_THEME for r in memory.recall("ann", unrelated).results)
    assert secret in memory.recall("ann", asked).context.text
    by_theme = memory.recall("ann", unrelated, filters=RecallFilters(themes=(SENSITIVE_THEME,)))
    assert by_theme.results


def test_tenant_policies_drop_and_mask(memory: Memory) -> None:
    memory.ingest([_turn("acme:bob", 0, "My PIN is 9034.")])
    assert all("9034" not in i.description for i in memory.store.list_items("acme:bob", statuses=None))
    memory.ingest([_turn("beta:cy", 0, "My PIN is 9034.")])
    descriptions = [i.description for i in memory.store.list_items("beta:cy")]
    assert descriptions and all("9034" not in d for d in descriptions)
    assert any("[code]" in d for d in descriptions)
    assert memory.sensitive.counts["dropped"] >= 1 and memory.sensitive.counts["masked"] >= 1


def test_no_sensitive_item_from_words_that_are_not_the_users(memory: Memory) -> None:
    memory.ingest([_turn("dee", 0, "Your new PIN is 5521, keep it safe.", role="assistant")])
    assert all("5521" not in i.description for i in memory.store.list_items("dee", statuses=None))
    assert memory.sensitive.counts["refused_not_users_words"] >= 1


def test_an_llm_op_needs_the_value_in_the_users_words() -> None:
    guard = SensitiveGuard()
    turn = _turn("eve", 0, "I finally set a PIN for my phone.")
    made_up = MemoryItem.create("eve", "Eve's phone PIN is 1234", "identity", actor=Actor.AGENT, turn_id="t0")
    kept = MemoryItem.create("eve", "Eve set a PIN for her phone", "identity", actor=Actor.AGENT, turn_id="t0")
    ops = guard.guard(turn, [AddOp(made_up), EndOp("old1", "superseded", "replaced", by_id=made_up.id),
                             AddOp(kept)])
    assert ops == [AddOp(kept)]
    said = _turn("eve", 1, "my phone PIN is 1234")
    ops = guard.guard(said, [AddOp(made_up)])
    assert len(ops) == 1 and made_up.theme == SENSITIVE_THEME


def test_bad_tenant_policy_is_refused() -> None:
    assert parse_tenant_policies("acme=drop, beta=keep") == {"acme": "drop", "beta": "keep"}
    with pytest.raises(ValueError):
        parse_tenant_policies("acme=shred")
    with pytest.raises(ValueError):
        SensitiveGuard("forget")  # type: ignore[arg-type]


def test_a_health_item_is_recalled_when_the_query_names_its_condition(memory: Memory) -> None:
    memory.ingest([_turn("fay", 0, "I was diagnosed with diabetes in May.")])
    assert any(i.theme == SENSITIVE_THEME for i in memory.store.list_items("fay"))
    assert "diabetes" in memory.recall("fay", "how is my diabetes going").context.text
    assert "diabetes" not in memory.recall("fay", "what happened in May").context.text
