"""Medications are one item per drug (issue 13): a drug a doctor put the user on is the user's own
(memory_core/pipeline/prescribed.py), a dose belongs to the drug it is said after (changed_value.changed_number,
drug_dose.py), and a stop said without "I" ends the drug (drug_stop.py, the medication cues of data/slots.yaml)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.changed_value import changed_number
from memory_core.pipeline.drug_dose import dose_after
from memory_core.pipeline.drug_stop import own_stop
from memory_core.pipeline.prescribed import own_prescription


def _active(items: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    return [(key, text) for status, key, text in items if status == "active"]


@pytest.mark.parametrize(("text", "said"), [
    ("Doctor's name is Dr. Patel, she put me on metformin 500mg twice a day",
     "Doctor's name is Dr. Patel, I'm on metformin 500mg twice a day"),
    ("Dr Hughes added Jardiance 10mg, once a day", "I'm also on Jardiance 10mg, once a day"),
    ("my GP prescribed me lisinopril 10mg", "I'm on lisinopril 10mg"),
    ("the endo has started me on Ozempic", "I'm on Ozempic"),
    ("医生给我开了二甲双胍，一天两次", "我在吃二甲双胍，一天两次"),
    ("大夫又给我加了恩格列净10毫克", "我也在吃恩格列净10毫克"),
])
def test_a_prescription_is_said_as_the_users_own_drug(text: str, said: str) -> None:
    assert own_prescription(text) == said


@pytest.mark.parametrize("text", [
    "the vet put Max on gabapentin",  # the dog's drug
    "医生给我妈开了二甲双胍",  # the mother's
    "should the doctor put me on metformin?",  # a question
    "my boss put me on the Jardiance account",  # no drug said right after
])
def test_a_prescription_to_someone_else_or_asked_is_left_as_said(text: str) -> None:
    assert own_prescription(text) == text


@pytest.mark.parametrize(("text", "said"), [
    ("no more ibuprofen, ankle feels way better", "I'm off ibuprofen, ankle feels way better"),
    ("off the metformin now", "I'm off metformin now"),
    ("Ankle's better, no more naproxen", "Ankle's better, I'm off naproxen"),
    ("ok so done with the statins", "I'm off statins"),
])
def test_a_stop_without_i_is_said_with_its_speaker(text: str, said: str) -> None:
    assert own_stop(text) == said


@pytest.mark.parametrize("text", ["no more late nights", "I'm off the hook", "no more ibuprofen?"])
def test_a_stop_of_no_medicine_is_left_as_said(text: str) -> None:
    assert own_stop(text) == text


def test_a_dose_said_after_another_drug_is_no_new_dose() -> None:
    held = "User is on metformin 500mg twice a day"
    assert not changed_number("User is also on Jardiance 10mg, once a day, on top of the metformin", held)
    assert changed_number("I take metformin 1000mg now", held)  # the same drug's new dose
    assert changed_number("my metformin dose went up to 1000mg", held)  # "to" names no drug
    assert changed_number("I take Euthyrox 75 mcg now", "User takes Euthyrox 50 mcg")


@pytest.mark.parametrize(("clause", "value", "lang", "dose"), [
    ("I also started lisinopril 10mg once a day", "lisinopril", "en", "10mg once a day"),
    ("I take vitamin D daily", "vitamin D", "en", "daily"),
    ("我也在吃恩格列净10毫克", "恩格列净", "zh", "10毫克"),
    ("I started lisinopril", "lisinopril", "en", ""),
])
def test_the_dose_said_right_after_the_drug_is_its_own(clause: str, value: str, lang: str, dose: str) -> None:
    assert dose_after(clause, value, lang) == dose


@pytest.mark.parametrize(("texts", "kept", "gone"), [
    (["Doctor's name is Dr. Patel at the Leeds clinic, she put me on metformin 500mg twice a day",
      "Dr Hughes added Jardiance 10mg, once a day, on top of the metformin",
      "Stopped the Jardiance, it was causing infections. Dr Hughes put me on Ozempic weekly injection instead"],
     ["metformin 500mg", "Ozempic"], ["metformin 10mg", "she put", "on Jardiance", "takes Jardiance"]),
    (["医生给我开了二甲双胍，每次500毫克，一天两次", "大夫又给我加了达格列净10毫克，一天一次"],
     ["二甲双胍", "达格列净10毫克"], ["二甲双胍10"]),
])
def test_a_second_drug_is_an_item_of_its_own_and_the_first_keeps_its_dose(
        texts: list[str], kept: list[str], gone: list[str]) -> None:
    active = _active(planned_items(texts, timedelta(days=60)))
    for said in kept:
        assert any(said in text for _, text in active), active
    for said in gone:
        assert not any(said in text and "no longer" not in text for _, text in active), active


@pytest.mark.parametrize("stop", [
    "no more ibuprofen, ankle feels way better",
    "I stopped taking ibuprofen",
    "off the ibuprofen now",
    "Stopped the ibuprofen, it upset my stomach",
])
def test_an_english_stop_ends_the_drug(stop: str) -> None:
    active = _active(planned_items(["I'm taking ibuprofen twice a day for my ankle", stop], timedelta(days=20)))
    taking = [text for key, text in active if "ibuprofen" in text and "no longer" not in text and "stopped" not in text
              and " off " not in text]
    assert not taking, active


def test_quitting_the_pills_is_no_change_of_employer() -> None:
    items = planned_items(["I work at Deloitte", "quit the pills"], timedelta(days=20))
    assert ("active", "fact:works_at", "User works at Deloitte") in items, items


def test_a_drug_said_by_its_kind_takes_its_name_as_a_detail() -> None:
    said = ["最近血压有点高，在吃降压药", "补充下，降压药是氨氯地平，每天早饭后一片 5mg"]
    items = planned_items(said, timedelta(days=2))
    assert any(s == "active" and "降压药" in d and "氨氯地平" in d for s, _, d in items), items
