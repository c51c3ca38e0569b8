"""A favourite asked in Chinese finds the one said in English: 最喜欢 / 最爱 is read whole as "favourite".

The tokenizer reads 我最爱吃什么？ as 爱 / 吃 (最 is a stopword), and a liking word is ranked apart from the question's
other words (``idioms.split_now_words``); the everyday glosses' [最喜欢, 最爱, favourite] entry was never looked up,
and "My favourite food is ramen" shared nothing with the question. ``everyday_glosses.split_members`` reads the
word whole from the question's text (``hybrid``'s gloss ranking).
"""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


@pytest.mark.parametrize(("turns", "question", "expected"), [
    (["My favourite food is ramen.", "I had pizza for lunch today.", "I cook pasta most evenings."],
     "我最爱吃什么？", "ramen"),
    (["My favourite colour is green.", "I painted the kitchen a pale colour, sort of grey."],
     "我最喜欢什么颜色？", "green"),
])
def test_a_favourite_asked_in_chinese_finds_the_english_one_first(
        mem: EmbeddedMemory, turns: list[str], question: str, expected: str) -> None:
    for n, text in enumerate(turns):
        mem.add(text, user_id="u", timestamp=f"2025-03-0{n + 1}T09:00:00Z")
    said = [str(h["description"]) for h in mem.search(question, user_id="u", k=3)]
    assert said and expected in said[0], said
