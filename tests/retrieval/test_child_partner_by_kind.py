"""A child or a partner asked by the relation finds them said another way, in either language.

"What's my son's name?" shares no word with "Rory was born on the 3rd" or 宝宝叫豆豆; 我男朋友叫什么？ none with
我对象小林…. The son and daughter entry of ``data/fallback_kinds.yaml`` searches the words a child is said by (the
baby, the little one, the birth, nursery) when nothing else was found; the child entry of ``data/categories.yaml``
the same plus the relations; the partner entry is
``by_member``, so a boyfriend, a wife or 老公 asked also searches 对象, partner, 爱人. A Chinese member said with its
parts (男朋友 is 朋友 and 男朋友) names its kind by the whole word.
"""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.retrieval.categories import category_terms
from memory_core.retrieval.fallback_kinds import fallback_terms
from memory_core.text.tokenize import tokenize


def test_a_son_or_a_daughter_asks_the_words_a_child_is_said_by_when_nothing_else_is_found() -> None:
    for query in ("What's my son's name?", "我儿子叫什么？", "How old is my daughter?", "我闺女几岁了？"):
        terms = fallback_terms(tokenize(query), query)
        assert {"born", "宝宝", "babi", "出生", "幼儿园"} <= set(terms), (query, terms)
        assert "born" not in category_terms(tokenize(query))  # beside the question's words it cost a held-out check
    son = fallback_terms(tokenize("What's my son's name?"))
    assert "daughter" not in son and "女儿" not in son  # never the other relation


def test_the_baby_asked_finds_the_son_or_the_daughter() -> None:
    for query in ("What's my baby's name?", "宝宝叫什么？"):
        terms = category_terms(tokenize(query))
        assert {"son", "daughter", "儿子", "女儿"} <= set(terms), (query, terms)


def test_a_chinese_relation_asked_searches_the_partner_by_its_whole_word() -> None:
    for query in ("我男朋友叫什么？", "我老公在哪上班？", "what's my girlfriend's name?"):
        terms = category_terms(tokenize(query))
        assert {"对象", "partner", "爱人"} <= set(terms), (query, terms)
    assert "对象" not in category_terms(tokenize("我朋友叫什么？"))  # a friend is no partner


@pytest.mark.parametrize(("turns", "question", "expected"), [
    (["Rory was born on March 3rd, 3.4 kilos, and he already has my nose.", "I work as a nurse at St Mary's.",
      "My sister Jane lives in Leeds."], "What's my son's name?", "Rory"),
    (["Rory was born on March 3rd, 3.4 kilos, and he already has my nose.", "I work as a nurse at St Mary's."],
     "我儿子叫什么名字？", "Rory"),
    (["宝宝叫豆豆，今年两岁了，特别爱笑。", "我在一家银行做柜员。", "我妹妹住在南京。"], "我儿子叫什么？", "豆豆"),
    (["宝宝叫豆豆，今年两岁了，特别爱笑。", "我在一家银行做柜员。"], "What's my daughter called?", "豆豆"),
    (["Took my little one Mia to her first swim class today.", "I drive a grey Honda Civic.",
      "My brother Sam is a plumber in Bristol."], "What's my daughter's name?", "Mia"),
    (["我对象小林在银行上班，我们在一起三年了。", "I'm a teacher at a primary school.", "我妈妈住在苏州。"],
     "我男朋友叫什么？", "小林"),
    (["我对象小林在银行上班，我们在一起三年了。", "I'm a teacher at a primary school."],
     "What's my girlfriend's name?", "小林"),
])
def test_a_relation_asked_finds_the_one_said_another_way(
        mem: EmbeddedMemory, turns: list[str], question: str, expected: str) -> None:
    for n, text in enumerate(turns):
        mem.add(text, user_id="u", timestamp=f"2025-03-0{n + 1}T09:00:00Z")
    said = [str(h["description"]) for h in mem.search(question, user_id="u", k=3)]
    assert said and expected in said[0], said
