"""A change of how bound a partner is (girlfriend -> married) is a new value of the partner slot, and a
statement kept in the user's words is said in the third person, whoever it opens on."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.own_words import mention
from memory_core.pipeline.third_person import third_person


def _facts(texts: list[str]) -> list[tuple[str, str, str]]:
    store, pipeline = DictStore(), WritePipeline()
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    for n, text in enumerate(texts):
        turn = Turn("u1", f"t{n}", "s", "user", text, t0 + timedelta(days=n), speaker="Bo")
        store.apply("u1", pipeline.plan(turn, store))
    return [(str(i.status), str(i.key), i.description) for i in store.list_items("u1", statuses=None)
            if i.kind != "event"]


@pytest.mark.parametrize(("texts", "now"), [
    (["My girlfriend Lily is a teacher.", "Lily and I got married in August!"], "married to Lily"),
    (["My boyfriend Tom is a nurse.", "I married Tom last spring."], "married to Tom"),
    (["My girlfriend Lily is a teacher.", "Lily is my wife now."], "wife is Lily"),
    (["我女朋友叫小雨。", "我和小雨结婚了！"], "和小雨结婚了"),
    (["我女朋友叫小雨。", "小雨现在是我老婆了。"], "老婆是小雨"),
    (["我女朋友叫小雨。", "小雨和我领证了"], "和小雨结婚了"),
    (["My girlfriend Lily is a teacher.", "Lily and I got engaged!"], "engaged to Lily"),
])
def test_a_changed_bond_is_a_new_value_of_the_partner(texts: list[str], now: str) -> None:
    partners = [(status, d) for status, key, d in _facts(texts) if key.startswith("fact:partner")]
    active = [d for status, d in partners if status == "active"]
    assert len(active) == 1 and now in active[0], partners
    assert any(status == "superseded" for status, _ in partners), "the old relation is history"


@pytest.mark.parametrize("text", ["这是我老婆。", "This is my wife.", "他是我男朋友。"])
def test_a_pronoun_is_no_partner_s_name(text: str) -> None:
    assert not [d for _, k, d in _facts([text]) if k.startswith("fact:partner")]


def test_the_same_bond_said_again_changes_nothing() -> None:
    partners = [(s, d) for s, k, d in _facts(["My girlfriend Lily is a teacher.", "My girlfriend Lily loves tea."])
                if k.startswith("fact:partner")]
    assert partners == [("active", "Bo's girlfriend is Lily")]


@pytest.mark.parametrize(("text", "said"), [
    ("Lily and I got married in August!", "Lily and Bo got married in August"),
    ("Lily is my wife now.", "Lily is Bo's wife now"),
    ("Lily and I got married in August! 她现在是我老婆了。", "Lily and Bo got married in August"),
])
def test_a_mention_is_third_person_in_each_language(text: str, said: str) -> None:
    turn = Turn("u1", "t1", "s", "user", text, datetime(2026, 1, 1, tzinfo=UTC), speaker="Bo")
    cand = mention(turn, "Bo", "@bo")
    assert cand is not None and cand.description.startswith(said)
    assert " I " not in f" {cand.description} " and "我" not in cand.description


def test_third_person_names_the_user_mid_clause() -> None:
    assert third_person("Lily and I moved in together", "Bo", "en") == "Lily and Bo moved in together"
    assert third_person("Lily和我搬到一起住了", "Bo", "zh") == "Lily和Bo搬到一起住了"
