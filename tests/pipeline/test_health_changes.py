"""Health and habit facts that change: a corrected allergy, a changed dose or count, a need said of a habit, a
restart after a stop, a past said only of when a state began (memory_core/pipeline/cleared_value.py,
changed_value.py, doctor_said.own_dose, cant_without.need_elided, again_fragment.py, since_aside.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import planned_items

from memory_core.model import Turn
from memory_core.pipeline.again_fragment import again_filled
from memory_core.pipeline.cant_without import need_elided
from memory_core.pipeline.changed_value import changed_number, renumbered
from memory_core.pipeline.correction import read_correction
from memory_core.pipeline.doctor_said import own_dose
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.sensitive_detect import detect
from memory_core.pipeline.sensitive_reworded import restated
from memory_core.pipeline.since_aside import before_since_aside

DAY = timedelta(days=1)


def _keys(text: str) -> set[str]:
    turn = Turn(user_id="u", turn_id="t1", session_id="s", role="user", text=text,
                timestamp=datetime(2026, 6, 1, tzinfo=UTC))
    return {c.key for c in MechanicalExtractor().statements(turn)}


@pytest.mark.parametrize(("text", "pair"), [
    ("actually I meant cephalosporins (头孢), penicillin is fine for me", ("cephalosporins", "penicillin")),
    ("sorry, I meant cashews, I'm fine with peanuts", ("cashews", "peanuts")),
    ("说错了，我是对阿莫西林过敏，青霉素没事", ("阿莫西林", "青霉素")),
    ("记错了，是头孢过敏，青霉素可以用", ("头孢", "青霉素")),
    ("wait, actually it's crab I'm allergic to, not shrimp. shrimp is fine", None),  # read by the cleft rule
    ("penicillin is fine for me", None),  # no correction cue: nothing put right
])
def test_a_wrong_value_said_fine_is_the_old_value_of_a_correction(text: str, pair: tuple[str, str] | None) -> None:
    assert read_correction(text) == pair


def test_a_corrected_allergy_ends_the_wrong_one_in_the_turns_language() -> None:
    items = planned_items(["I'm allergic to penicillin",
                           "actually I meant cephalosporins (头孢), penicillin is fine for me"], DAY)
    active = [d for s, _, d in items if s == "active"]
    assert active == ["User is allergic to cephalosporins"]


@pytest.mark.parametrize(("new", "old", "changed"), [
    ("降压药减到半片了", "用户每天吃一片降压药", True),
    ("doc upped my Euthyrox to 75 mcg", "User takes Euthyrox 50 mcg every morning", True),
    ("我每天吃一片降压药", "用户每天吃一片降压药", False),
    ("I used to take 50 mcg years ago", "User takes Euthyrox 75 mcg", True),  # a dose by its unit
    ("我最近每天还是吃两片钙片", "用户每天吃两片钙片", False),
])
def test_a_count_of_pills_or_cups_is_a_number(new: str, old: str, changed: bool) -> None:
    assert changed_number(new, old) is changed


def test_a_renumbered_dose_keeps_the_count_as_said() -> None:
    assert renumbered("用户每天吃一片降压药", "降压药减到半片了") == "用户每天吃半片降压药"


@pytest.mark.parametrize(("text", "said"), [
    ("doc upped my Euthyrox to 75 mcg, TSH was still high", "I take Euthyrox 75 mcg now, TSH was still high"),
    ("my doctor bumped my levothyroxine up to 88 mcg", "I take levothyroxine 88 mcg now"),
    ("医生把我的优甲乐加到100微克了", "我现在吃优甲乐100微克"),
    ("should I ask the doc to up my dose to 1000 mg?", "should I ask the doc to up my dose to 1000 mg?"),
    ("my doc upped my mom's Euthyrox to 75 mcg", "my doc upped my mom's Euthyrox to 75 mcg"),
])
def test_a_dose_the_doctor_changed_is_the_dose_taken_now(text: str, said: str) -> None:
    assert own_dose(text) == said


@pytest.mark.parametrize(("turns", "current", "old"), [
    (["I take Euthyrox 50 mcg every morning", "doc upped my Euthyrox to 75 mcg"], "75 mcg", "50 mcg"),
    (["我每天吃一片降压药", "降压药减到半片了"], "半片", "一片"),
])
def test_a_changed_dose_leaves_one_current_item(turns: list[str], current: str, old: str) -> None:
    active = [d for s, k, d in planned_items(turns, DAY) if s == "active"]
    assert any(current in d for d in active)
    assert not any(old in d for d in active)


@pytest.mark.parametrize("turns", [
    ["I take metformin 500 mg twice a day", "should I ask the doc to up my dose to 1000 mg?"],
    ["我每天吃优甲乐75微克", "我妈的优甲乐加到100微克了"],
])
def test_a_question_or_a_relatives_dose_changes_nothing(turns: list[str]) -> None:
    first = [d for s, _, d in planned_items(turns[:1], DAY) if s == "active"]
    active = [d for s, _, d in planned_items(turns, DAY) if s == "active"]
    assert first and all(d in active for d in first)


def test_a_dose_rewritten_with_its_schedule_is_still_the_users_words() -> None:
    said = "doc upped my Euthyrox to 75 mcg"
    findings = detect("User takes Euthyrox 75 mcg every morning")
    assert findings and all(restated(f, detect(said), said) for f in findings)
    assert not all(restated(f, detect(said), said) for f in detect("User takes Euthyrox 75 mcg for epilepsy"))


@pytest.mark.parametrize(("clause", "lang", "elided"), [
    ("不喝活不下去", "zh", True), ("不喝睡不着", "zh", True), ("一天不喝就难受", "zh", True),
    ("can't function without it", "en", True),
    ("我不喝咖啡", "zh", False), ("喝了睡不着", "zh", False), ("不喝了", "zh", False),
    ("I don't drink it", "en", False),
])
def test_a_need_with_its_thing_left_out(clause: str, lang: str, elided: bool) -> None:
    assert need_elided(clause, lang) is elided


@pytest.mark.parametrize("text", ["每天早上一杯燕麦拿铁，不喝活不下去☕", "每天下午一杯奶茶，不喝睡不着"])
def test_a_need_after_a_habit_is_no_negation(text: str) -> None:
    keys = _keys(text)
    assert any(k.startswith("pref:") for k in keys)
    assert not any("活不下去" in k or "睡不着" in k for k in keys)


@pytest.mark.parametrize(("fragment", "said"), [
    ("coffee again these days", "I'm drinking coffee again these days"),
    ("back on the cigarettes", "I'm smoking again"),
    ("sugar again lately", "I'm eating sugar again lately"),
    ("pizza again", None), ("Monday again", None), ("back to work", None),
])
def test_a_verbless_restart(fragment: str, said: str | None) -> None:
    assert again_filled(fragment) == said


@pytest.mark.parametrize("turns", [
    ["咖啡我戒了，心悸太厉害", "coffee again these days, but only one cup"],
    ["I quit coffee, palpitations were bad", "咖啡又喝上了，一天一杯"],
])
def test_a_restart_in_the_other_language_ends_the_stop(turns: list[str]) -> None:
    active = [d for s, _, d in planned_items(turns, DAY * 30) if s == "active"]
    assert active and not any("戒" in d or "quit" in d or "no longer" in d for d in active)


@pytest.mark.parametrize(("clause", "head"), [
    ("I'm allergic to penicillin btw, found out as a kid", "I'm allergic to penicillin btw"),
    ("I've had asthma, ever since I was a kid", "I've had asthma"),
    ("I lived in Leeds, as a kid", ""),
])
def test_a_past_said_of_when_a_state_began(clause: str, head: str) -> None:
    assert before_since_aside(clause, "en") == head


def test_an_allergy_with_a_found_out_aside_is_stored() -> None:
    assert "fact:allergy:penicillin" in _keys("I'm allergic to penicillin btw, found out as a kid")
    assert not any(k.startswith("fact:home") for k in _keys("I lived in Leeds, as a kid"))


def test_a_drug_taken_on_an_empty_stomach_after_the_condition_is_the_users() -> None:
    items = planned_items(["我有甲减，每天早上空腹吃优甲乐 50微克", "优甲乐现在是100微克了，上周复查调的"], DAY * 7)
    active = [d for s, _, d in items if s == "active"]
    assert "用户有甲减" in active
    assert any("优甲乐" in d and "100微克" in d for d in active)
    assert not any("50微克" in d for d in active)


def test_an_old_dose_told_as_history_leaves_the_current_dose() -> None:
    items = planned_items(["I take Euthyrox 75 mcg every morning", "I used to take 50 mcg years ago"], DAY)
    assert ("active", "gist:euthyrox", "User takes Euthyrox 75 mcg every morning") in items
