"""Aliases: acronyms learned from the user's text, bilingual synonyms, and recall through them."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from memory_core.model import MemoryItem, Turn
from memory_core.retrieval.aliases import AliasTable, find_acronyms
from memory_core.retrieval.recall import Recaller
from memory_core.retrieval.stages import RETRIEVERS
from memory_core.service import open_memory
from memory_core.settings import Settings
from memory_core.store.write_ops import AddOp
from memory_core.text.tokenize import tokenize

T0 = datetime(2024, 5, 1, tzinfo=UTC)


def test_acronyms_are_learned_only_when_the_initials_spell_them():
    assert find_acronyms("I am studying for the Graduate Record Examination (GRE) this fall") == [
        ("GRE", "Graduate Record Examination")]
    assert find_acronyms("Mom has COPD (chronic obstructive pulmonary disease).") == [
        ("COPD", "chronic obstructive pulmonary disease")]
    assert find_acronyms("She works at the Bank of China (BOC) now") == [("BOC", "Bank of China")]
    assert find_acronyms("I met Tom (TM) in 2024 (2024)") == []
    assert find_acronyms("we went to the park (yesterday)") == []


def test_expansion_goes_both_ways_and_across_languages():
    table = AliasTable()
    assert table.learn(["I am studying for the Graduate Record Examination (GRE) this fall"]) == 1
    assert table.expand(tokenize("when is my GRE")) == tokenize("graduate record examination")
    assert table.expand(tokenize("graduate record examination date")) == ["gre"]
    assert "素食者" in table.expand(tokenize("Am I a vegetarian?"))
    assert "vegetarian" in table.expand(tokenize("我吃素吗"))
    assert table.expand(tokenize("the weather today")) == []


def test_recall_finds_a_memory_through_an_acronym_another_memory_defined(store):
    defined = MemoryItem.create("u1", "Signed up for the Graduate Record Examination (GRE) in March", "plans",
                                at=T0, turn_id="t1")
    later = MemoryItem.create("u1", "GRE prep is going badly, the verbal part is hard", "moments",
                              at=T0 + timedelta(days=9), turn_id="t2")
    other = MemoryItem.create("u1", "Booked a dentist appointment", "moments", at=T0 + timedelta(days=10),
                              turn_id="t3")
    for item in (defined, later, other):
        store.apply("u1", [AddOp(item)])
    # without the second round (which also follows rare terms of the first results), only aliases connect them
    on = replace(RETRIEVERS["lexical"], second_round=False)
    recaller = Recaller(store, settings=on)
    query = "graduate record examination difficulties"
    assert later.id in [r.item.id for r in recaller.recall("u1", query, k=3)]
    assert later.id not in [r.item.id for r in recaller.recall("u1", query, k=3, settings=replace(on, aliases=False))]


def test_smoking_is_asked_about_in_either_language():
    table = AliasTable()
    assert set(tokenize("cigarettes smoker")) <= set(table.expand(tokenize("这个人抽烟吗")))
    assert "抽烟" in table.expand(tokenize("Is she a smoker?"))
    assert "抽烟" not in table.expand(tokenize("smoked salmon for breakfast"))


def test_hometown_is_asked_by_its_other_names_in_either_language(tmp_path):
    """老家, 家乡, 故乡 and "hometown" are one thing: each question finds a hometown said with another of them."""
    said = {"zh": ["我老家在湖南长沙，大学毕业后来了北京。", "我住在北京朝阳区，离公司不远。"],
            "en": ["My hometown is Dayton, Ohio; I moved away at eighteen.", "I live in Chicago now."]}
    asked = {"zh": ("长沙", ["我家乡是哪里？", "我故乡在哪儿？", "What's my hometown?"]),
             "en": ("Dayton", ["我老家是哪里？", "我家乡在哪？"])}
    for lang, turns in said.items():
        memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/{lang}.sqlite3", embedder="none"))
        memory.ingest([Turn(user_id="u", turn_id=f"t{n}", session_id=f"s{n}", role="user", text=text,
                            timestamp=T0 + timedelta(days=n)) for n, text in enumerate(turns)])
        word, questions = asked[lang]
        for question in questions:
            top = [r.item.description for r in memory.recall("u", question, k=3).results]
            assert top and word in top[0], (question, top)
        memory.close()


def test_easing_stress_is_asked_by_its_other_names_in_either_language():
    table = AliasTable()
    assert {"解压", "减压"} <= set(table.expand(tokenize("How do I unwind after work?")))
    assert {"unwind", "destress"} <= set(table.expand(tokenize("我平时怎么解压？")))
    assert set(tokenize("stress relief")) <= set(table.expand(tokenize("我用什么减压")))
    # stress alone is no way to ease it (moving still finds 搬家, through its own group)
    assert not {"解压", "减压", "unwind", "destress"} & set(table.expand(tokenize("the stress of moving house")))


def test_a_colloquial_word_expands_to_its_plain_words_in_its_own_language():
    table = AliasTable()
    assert "辞职" in table.expand(["裸辞"]) and "裸辞" in table.expand(["离职"])
    assert "996" in table.expand(["加班"]) and "加班" in table.expand(["996"])
    assert "健身" in table.expand(["撸铁"])
