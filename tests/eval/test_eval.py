"""Evaluation: metrics, the ablation table (every stage combination) and the bilingual set."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from memory_core.cli import app
from memory_core.errors import InvalidInput
from memory_core.eval.ablation import Question, format_ablation, run_configs
from memory_core.eval.bilingual import LANGS, QUESTIONS_PATH, evaluate_bilingual, load_questions
from memory_core.eval.locomo import evaluate_locomo, format_table
from memory_core.eval.metrics import Tally, evidence_ids, recall_at_k
from memory_core.retrieval.recall import HybridIndex, Recaller
from memory_core.retrieval.stages import STAGES, stage_combinations
from memory_core.service import open_memory
from memory_core.settings import Settings


def test_recall_at_k_and_tally():
    assert evidence_ids(["D1:3", "D8:6; D9:17"]) == {"D1:3", "D8:6", "D9:17"}
    assert recall_at_k({"a", "b"}, [["x"], ["a"], ["b"]], 2) == 0.5
    tally = Tally(("1", "2"))
    tally.add("1", {"a"}, [["a"]])
    tally.add("2", {"a"}, [["b"]])
    tally.add("5", {"a"}, [["a"]])
    summary = tally.summary()
    assert summary["overall"]["recall@1"] == 0.5  # category 5 is not pooled
    assert summary["questions"] == {"1": 1, "2": 1, "5": 1}


def test_ablation_lists_every_combination(tmp_path):
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3"))
    memory.store.add("u1", "Caroline likes hiking in the Alps", "moments", speaker="Caroline")
    questions = [Question("u1", "Where does Caroline hike?", "1", frozenset())]
    rows = run_configs(Recaller(memory.store), questions, stage_combinations(), ("1",))
    memory.close()
    assert len(rows) == 2 ** len(STAGES)
    table = format_ablation(rows, ("1",))
    for config in stage_combinations():
        assert f"| {config.label()} |" in table
    assert all("p95" in row["recall_ms"] for row in rows)


def test_bilingual_set_is_large_enough_and_well_formed():
    pairs = load_questions()
    assert len(pairs) >= 40
    assert {q.category for _, q in pairs} == set(LANGS)
    for conversation, question in pairs:
        ids = {json.loads(line)["turn_id"] for line in (QUESTIONS_PATH.parent / conversation).read_text(
            encoding="utf-8").splitlines() if line.strip()}
        assert question.evidence <= ids, question.text


def test_bilingual_evaluation_beats_plain_bm25_and_ablates():
    result = evaluate_bilingual(ablation=True)
    ours, base = result["systems"]["gulfstream"], result["systems"]["bm25_raw_turns"]
    assert ours["overall"]["recall@5"] >= base["overall"]["recall@5"]
    assert set(ours["by_category"]) == set(LANGS)
    assert len(result["ablation"]) == 2 ** len(STAGES)


def locomo_file(tmp_path):
    sample = {
        "sample_id": "conv-x",
        "conversation": {
            "speaker_a": "Ann", "speaker_b": "Bo", "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ann", "dia_id": "D1:1", "text": "How long have you played the cello?"},
                {"speaker": "Bo", "dia_id": "D1:2", "text": "Nine years, since school."},
                {"speaker": "Ann", "dia_id": "D1:3", "text": "I baked bread today."},
            ],
        },
        "qa": [{"question": "How long has Bo played the cello?", "answer": "9 years", "evidence": ["D1:2"],
                "category": 4}],
    }
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([sample]), encoding="utf-8")
    return path


def test_locomo_evaluation_with_ablation(tmp_path):
    result = evaluate_locomo(locomo_file(tmp_path), workdir=tmp_path, ablation=True)
    assert result["systems"]["gulfstream"]["by_category"]["4"]["recall@5"] == 1.0
    assert len(result["ablation"]) == 2 ** len(STAGES)


def test_cli_eval_locomo_ablation_prints_every_row(tmp_path):
    out = CliRunner().invoke(app, ["eval", "locomo", str(locomo_file(tmp_path)), "--ablation"])
    assert out.exit_code == 0, out.output
    assert "bm25_raw_turns (baseline)" in out.output
    for config in stage_combinations():
        assert f"| {config.label()} |" in out.output


def test_format_table_names_the_overall_row_of_every_system(tmp_path):
    table = format_table(evaluate_locomo(locomo_file(tmp_path), workdir=tmp_path))
    assert table.count("| 1-4 (overall) |") == 2


def test_hybrid_index_is_importable_from_recall():
    assert HybridIndex.build([]).search("anything") == []


def test_observations_extractor_adds_fact_items_measured_beside_raw_turns(tmp_path):
    path = locomo_file(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data[0]["observation"] = {"session_1_observation": {
        "Bo": [["Bo has played the cello for nine years, since school.", "D1:2"]]}}
    path.write_text(json.dumps(data), encoding="utf-8")
    result = evaluate_locomo(path, workdir=tmp_path, extractor="observations")
    systems = result["systems"]
    assert set(systems) == {"gulfstream", "fact_items", "raw_turn_items", "bm25_raw_turns"}
    assert systems["fact_items"]["by_category"]["4"]["recall@1"] == 1.0
    assert result["extractor"] == "observations"


def test_unknown_extractor_is_refused(tmp_path):
    with pytest.raises(InvalidInput, match="extractor must be one of"):
        evaluate_locomo(locomo_file(tmp_path), workdir=tmp_path, extractor="magic")
