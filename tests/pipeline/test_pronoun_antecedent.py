"""A turn that opens on "he"/"she" speaks of the person the user named before: "My husband is a teacher" …
"He switched careers, he's a lawyer now" changes the husband's job; with two people the pronoun could be, the
one spoken of in the conversation going on is meant, and with none of them recent nothing changes. English and
Chinese."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.embedded import open_memory
from memory_core.model import Turn
from memory_core.pipeline.antecedent import pronoun_led
from memory_core.settings import Settings

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _states(rows: list[tuple[str, str, str]], owner: str) -> dict[str, str]:
    return {text: state for state, key, text in rows if key.startswith(f"fact:{owner}/")}


@pytest.mark.parametrize(("texts", "owner", "now", "before"), [
    (["My husband is a teacher.", "He switched careers, he's a lawyer now."], "husband", "lawyer", "teacher"),
    (["我老公是老师。", "他转行了，现在当律师。"], "husband", "律师", "老师"),
    (["My mom lives in Qingdao.", "She moved to Beijing last month."], "mom", "Beijing", "Qingdao"),
    (["我妈住在青岛。", "对了，她上个月搬到北京了。"], "mom", "北京", "青岛"),
])
def test_the_only_person_of_the_pronouns_gender_is_the_one_changed(
        tmp_path: Path, texts: list[str], owner: str, now: str, before: str) -> None:
    states = _states(slot_items(tmp_path, texts, start=START, days_apart=2), owner)
    assert any(now in text and state == "active" for text, state in states.items()), states
    assert not any(before in text and state == "active" for text, state in states.items()), states


@pytest.mark.parametrize("texts", [
    ["My sister works at Meta.", "She just left Meta."],
    ["我姐在阿里上班。", "她上个月从阿里辞职了。"],
])
def test_leaving_a_job_said_with_a_pronoun_ends_it(tmp_path: Path, texts: list[str]) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=2)
    works = [(state, text) for state, key, text in rows if "/works_at" in key]
    assert works and not any(state == "active" and "no longer" not in text and "不再" not in text
                             and "离职" not in text for state, text in works), works


@pytest.mark.parametrize("texts", [
    ["My husband is a teacher.", "My son is six.", "He's a lawyer now."],
    ["我老公是老师。", "我儿子六岁了。", "他现在当律师了。"],
])
def test_two_people_of_the_gender_none_recent_changes_nothing(tmp_path: Path, texts: list[str]) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=2)
    assert not any("lawyer" in text or "律师" in text for _, key, text in rows if "/" in key), rows
    assert any(state == "active" and ("teacher" in text or "老师" in text) for state, _, text in rows), rows


@pytest.mark.parametrize(("texts", "changed", "kept"), [
    (["My brother lives in Leeds.", "My dad lives in York.", "He just moved to Bristol."], "dad", "brother"),
    (["我哥住在成都。", "我爸住在重庆。", "他刚搬到西安了。"], "dad", "哥"),
])
def test_among_several_the_one_of_the_conversation_going_on(
        tmp_path: Path, texts: list[str], changed: str, kept: str) -> None:
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    times = [START, START + timedelta(days=5), START + timedelta(days=5, minutes=20)]  # the last two in one talk
    pairs = enumerate(zip(texts, times, strict=True))
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, at) for n, (text, at) in pairs])
    rows = [(i.status, str(i.key), i.description) for i in memory.store.list_items("u1", statuses=None)]
    new = ("Bristol", "西安")
    assert any(state == "active" and key.startswith(f"fact:{changed}/") and any(w in text for w in new)
               for state, key, text in rows), rows
    assert not any(key.startswith(f"fact:{kept}/") and any(w in text for w in new) for _, key, text in rows), rows


@pytest.mark.parametrize(("text", "lang", "gender", "word"), [
    ("He switched careers.", "en", "male", "He"),
    ("Actually, she's a nurse now.", "en", "female", "she's"),
    ("对了，她搬家了", "zh", "female", "她"),
    ("他转行了", "zh", "male", "他"),
])
def test_the_pronoun_a_turn_opens_on(text: str, lang: str, gender: str, word: str) -> None:
    led = pronoun_led(text)
    assert led is not None and led[:2] == (lang, gender) and text[led[2]:led[3]] == word


@pytest.mark.parametrize("text", ["They moved to Leeds.", "他们搬家了", "I think he moved.", "He'd love that.",
                                  "Helen moved to Leeds."])
def test_no_pronoun_of_one_person_leading(text: str) -> None:
    assert pronoun_led(text) is None
