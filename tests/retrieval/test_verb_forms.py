"""A question with an irregular verb's base form finds what was told in the past ("what did I buy?": "I bought")."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.retrieval.verb_forms import verb_forms
from memory_core.text.tokenize import tokenize


@pytest.mark.parametrize("question, forms", [
    ("What did she buy?", ["bought"]),
    ("What has she bought?", ["buy"]),
    ("Who did he meet at the shelter?", ["met"]),
    ("What did the team win?", ["won"]),
    ("before winning the tournament", ["won"]),
    ("What did I eat for lunch?", ["ate", "eaten"]),
    ("What did Ines write about?", ["wrote", "written"]),
])
def test_an_irregular_verb_asks_its_other_forms(question: str, forms: list[str]) -> None:
    assert verb_forms(tokenize(question)) == [t for f in forms for t in tokenize(f)]


@pytest.mark.parametrize("question", [
    "Where did she go?",  # light verbs: every "went" would be asked
    "What did he make for dinner?",
    "What did you see at the zoo?",
    "What did I read last month?",  # one form for all
    "What did she walk to?",  # regular: the stemmer joins its forms
    "我昨天买了什么？",  # Chinese does not inflect
    "",
])
def test_light_regular_and_chinese_verbs_ask_nothing_more(question: str) -> None:
    assert verb_forms(tokenize(question)) == []


@pytest.mark.parametrize("question, word", [
    ("What did I buy?", "bicycle"),
    ("What did we win?", "quiz"),
    ("Who did I meet?", "Jonas"),
])
def test_what_was_told_in_the_past_is_found(mem: EmbeddedMemory, question: str, word: str) -> None:
    for n, text in enumerate(["Bought a second-hand bicycle at the flea market",
                              "We won the pub quiz on Thursday!",
                              "Met Jonas from the climbing gym for coffee",
                              "The weather has been grey all week"]):
        mem.add([{"role": "user", "content": text, "timestamp": f"2025-03-{2 + n:02d}T12:00:00+00:00"}],
                user_id="ko")
    answer = mem.recall(question, user_id="ko", k=3)
    assert answer["results"] and word in answer["results"][0]["description"], answer
