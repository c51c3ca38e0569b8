"""LoCoMo observations as the extractor's output, through dedupe, conflict and storage."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_core.ingest_io import read_locomo
from memory_core.llm.observations import ObservationExtractor, locomo_observations, observation_pipeline
from memory_core.model import Kind
from memory_core.retrieval.recall import RecallFilters
from memory_core.service import open_memory
from memory_core.settings import Settings

DEV = Path("/work/shared/datasets/locomo/locomo10_dev.json")

SAMPLE = {
    "sample_id": "s1",
    "conversation": {
        "speaker_a": "Priya", "speaker_b": "Kofi",
        "session_1_date_time": "3:10 pm on 14 June, 2023",
        "session_1": [
            {"speaker": "Priya", "dia_id": "D1:1", "text": "I went to a community choir rehearsal yesterday."},
            {"speaker": "Kofi", "dia_id": "D1:2", "text": "I'm buried in grading and chores."},
            {"speaker": "Priya", "dia_id": "D1:3", "text": "The choir made me feel welcome."},
        ],
        "session_2_date_time": "11:05 am on 2 July, 2023",
        "session_2": [
            {"speaker": "Priya", "dia_id": "D2:1", "text": "Back at the choir again today!"},
        ],
    },
    "observation": {
        "session_1_observation": {
            "Priya": [["Priya attended a community choir rehearsal.", "D1:1"],
                         ["The choir made Priya feel welcome.", ["D1:1", "D1:3"]]],
            "Kofi": [["Kofi is juggling grading and chores.", "D1:2"]],
        },
        "session_2_observation": {
            "Priya": [["Priya attended a community choir rehearsal.", "D2:1"]],
        },
    },
    "qa": [],
}


def test_index_by_user_and_dia_id_with_lists_and_strings() -> None:
    index = locomo_observations([SAMPLE], lambda sid: f"locomo-{sid}")
    assert sorted(index) == [("locomo-s1", "D1:1"), ("locomo-s1", "D1:2"), ("locomo-s1", "D1:3"),
                             ("locomo-s1", "D2:1")]
    assert [o.text for o in index[("locomo-s1", "D1:1")]] == [
        "Priya attended a community choir rehearsal.", "The choir made Priya feel welcome."]
    assert index[("locomo-s1", "D1:3")][0].dia_ids == ("D1:1", "D1:3")


def user_for(sample_id: str) -> str:
    return f"locomo-{sample_id}"


def test_observations_become_fact_items_with_every_supporting_turn(tmp_path: Path) -> None:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/o.sqlite3"))
    try:
        mem.pipeline = observation_pipeline([SAMPLE], user_for)
        [sample] = read_locomo([SAMPLE], user_for)
        mem.ingest(sample.turns)
        facts = {i.description: i for i in mem.store.list_items("locomo-s1", kind=Kind.FACT)}
        assert set(facts) == {"Priya attended a community choir rehearsal.",
                              "The choir made Priya feel welcome.", "Kofi is juggling grading and chores."}
        attended = facts["Priya attended a community choir rehearsal."]
        assert attended.source == ["D1:1", "D2:1"] and attended.hit == 1  # the same fact again: one item
        assert facts["The choir made Priya feel welcome."].source == ["D1:1", "D1:3"]
        assert len(mem.store.list_items("locomo-s1", kind=Kind.EVENT)) == 4  # raw turns kept beside facts
        assert mem.pipeline.extractor.used == 4  # type: ignore[attr-defined]
        results = mem.recall("locomo-s1", "choir", k=5,
                             filters=RecallFilters(kinds=[Kind.FACT])).results
        assert results and all(r.item.kind == Kind.FACT for r in results)
    finally:
        mem.close()


def test_without_events_only_facts_are_stored() -> None:
    index = locomo_observations([SAMPLE], lambda sid: "u")
    [sample] = read_locomo([SAMPLE], lambda sid: "u")
    extractor = ObservationExtractor(index, keep_events=False)
    assert [c.kind for c in extractor.extract(sample.turns[0])] == [Kind.FACT, Kind.FACT]


@pytest.mark.skipif(not DEV.exists(), reason="LoCoMo dev file not present")
def test_dev_file_observations_cover_most_turns() -> None:
    data = json.loads(DEV.read_text(encoding="utf-8"))
    index = locomo_observations(data, lambda sid: f"locomo-{sid}")
    turns = [t for s in read_locomo(data, lambda sid: f"locomo-{sid}") for t in s.turns]
    covered = sum((t.user_id, t.turn_id) in index for t in turns)
    assert len(index) > 1000 and covered / len(turns) > 0.3
