"""Health facts a doctor reported about the user, English and Chinese: the diagnosis, the drug and the food rule are
the user's own slots; a report about someone else stays theirs (memory_core/pipeline/doctor_said.py, the health,
medication and restriction attributes of data/slots.yaml). A home said again in the other language is the same
home, whoever the speaker (memory_core/pipeline/agreement.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore, planned_items

from memory_core.model import Turn
from memory_core.pipeline.doctor_said import own_report
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.pipeline import WritePipeline


def _keys(text: str) -> set[str]:
    turn = Turn(user_id="u", turn_id="t1", session_id="s", role="user", text=text,
                timestamp=datetime(2026, 6, 1, tzinfo=UTC))
    return {c.key for c in MechanicalExtractor().statements(turn)}


@pytest.mark.parametrize(("text", "plain"), [
    ("doctor says I have high blood pressure", "I have high blood pressure"),
    ("my GP told me I've got asthma", "I've got asthma"),
    ("Bad news: the doc said that I can't have grapefruit anymore", "Bad news: I can't have grapefruit anymore"),
    ("医生说我血压高", "我血压高"),
    ("大夫告诉我有点贫血", "大夫告诉我有点贫血"),  # 我 is the one told, not what opens the report
    ("the doctor says my dad has high blood pressure", "the doctor says my dad has high blood pressure"),
    ("医生说我妈血压高", "医生说我妈血压高"),
    ("the doctor says it's nothing", "the doctor says it's nothing"),
    ("doctor ran tests and says I'm lactose intolerant now", "I'm lactose intolerant now"),
    ("my GP looked at the rash and said I have eczema", "I have eczema"),
    ("blood tests show I'm anemic", "I'm anemic"),
    ("the biopsy confirmed I have celiac disease", "I have celiac disease"),
    ("the doctor ran tests and says my mom has diabetes", "the doctor ran tests and says my mom has diabetes"),
    ("my sister ran tests and says I'm fine", "my sister ran tests and says I'm fine"),
])
def test_the_reporter_comes_off_a_report_about_the_user(text: str, plain: str) -> None:
    assert own_report(text) == plain


@pytest.mark.parametrize(("text", "keys"), [
    ("doctor says I have high blood pressure, taking amlodipine now",
     {"fact:health:high blood pressure", "fact:medication:amlodipine"}),
    ("医生说我血压高，现在在吃氨氯地平", {"fact:health:高血压", "fact:medication:氨氯地平"}),
    ("大夫说我有点贫血", {"fact:health:贫血"}),
    ("my GP put me on metformin last week", {"fact:medication:metformin"}),
    ("I'm taking lisinopril for it", {"fact:medication:lisinopril"}),
    ("my blood pressure is a bit high", {"fact:health:high blood pressure"}),
    ("Doc says I can't have grapefruit anymore", {"fact:restriction:grapefruit"}),
    ("医生不让我吃柚子了", {"fact:restriction:柚子"}),
])
def test_a_reported_health_fact_is_the_users_slot(text: str, keys: set[str]) -> None:
    assert keys <= _keys(text)


@pytest.mark.parametrize("text", [
    "the doctor says my dad has high blood pressure",
    "医生说我妈血压高",
    "I can't eat another bite",
    "医生不让我喝咖啡了",  # a drink the likes know: the like given up, no restriction
])
def test_no_user_health_slot_from_a_near_miss(text: str) -> None:
    assert not {k for k in _keys(text) if k.startswith(("fact:health", "fact:restriction", "fact:medication"))}


def test_a_measure_back_to_normal_ends_the_condition_in_the_users_words() -> None:
    items = planned_items(["体检的时候医生说我血压有点高。", "血压已经正常了"], timedelta(days=30))
    assert ("active", "fact:health:高血压", "用户的血压已经恢复正常了") in items, items
    assert not any(s == "active" and "有点高" in d for s, _, d in items), items


@pytest.mark.parametrize(("first", "again"), [
    ("I live in Hangzhou now", "我现在住在杭州"),
    ("我住在成都", "I live in Chengdu"),
])
def test_a_home_said_again_in_the_other_language_is_no_change_whoever_speaks(first: str, again: str) -> None:
    store, pipeline = DictStore(), WritePipeline()
    start = datetime(2026, 5, 1, tzinfo=UTC)
    for n, text in enumerate((first, again)):
        turn = Turn("u1", f"t{n}", "s", "user", text, start + timedelta(days=90 * n), speaker="Wei")
        store.apply("u1", pipeline.plan(turn, store))
    homes = [i for i in store.list_items("u1", statuses=None) if i.key.startswith("fact:lives_in")]
    assert [str(i.status) for i in homes] == ["active"], [(i.status, i.description) for i in homes]
    assert homes[0].hit >= 1
