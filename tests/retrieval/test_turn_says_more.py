"""A long turn found by a rare word or a name keeps its place in recall (English and Chinese).

The turn yields one item (a hobby) that is later superseded; the name of a
friend it mentions lives only in the turn. Asked about the friend, recall
must show the turn, not the hobby item in its place, and must not weigh it as
an outdated turn. Words that only ask for "the current one" (currently,
these days, 目前) are no content terms.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memory_core.model import Turn
from memory_core.retrieval.idioms import plain_query
from memory_core.retrieval.turn_terms import name_terms
from memory_core.service import Memory

T0 = datetime(2026, 3, 1, 8, tzinfo=UTC)

EN = {
    "filler": ["I work as a nurse at a children's hospital.", "I live in Leeds.", "I love baking sourdough bread.",
               "I collect vinyl records.", "My favourite band is Radiohead.", "I have a parrot called Kiwi.",
               "I play chess on weekends.", "I am learning Spanish.", "I drink green tea every afternoon.",
               "I like watching documentaries."],
    "long": ("What a week. The staff meeting ran two hours, the printer broke again and I missed lunch. "
             "Anyway, my cousin Priya Raman says she's off to Vancouver in May for a research post. "
             "Oh and I started cycling every evening, 10k."),
    "negation": "I stopped cycling, my back hurts.",
    "rival": "If I relocated to Toronto, would I need a car? just wondering",
    "ask": ["Where is Priya Raman relocating?", "who is Priya?"],
    "words": "Priya Raman",
    "now_turn": "Moved flats! I now live near the river, right now it is all boxes.",
    "now_ask": "where do I work these days?",
    "job": "hospital",
}
ZH = {
    "filler": ["我在一家银行工作，做风控。", "我住在苏州。", "我喜欢烤面包。", "我收藏黑胶唱片。",
               "我最喜欢的乐队是五月天。", "我养了一只鹦鹉叫豆子。", "我周末下象棋。", "我在学西班牙语。",
               "我每天下午喝绿茶。", "我喜欢看纪录片。"],
    "long": "这周真累。周一开了两个小时的会，打印机又坏了，午饭都没吃上。晚上和高中同学小雪吃了火锅，"
            "她说她年底要调去成都的研究所。对了我上周开始学吉他，每天练半小时。",
    "negation": "吉他学不动了，不学了。",
    "rival": "要是我也去外地工作，房子要不要卖掉？随便想想",
    "ask": ["小雪要去哪？", "小雪是谁"],
    "words": "小雪",
    "now_turn": "搬家了！现在住在河边，目前家里全是箱子。",
    "now_ask": "我目前在哪上班？",
    "job": "银行",
}


def _turns(case: dict, extra: list[str]) -> list[Turn]:
    texts = [*case["filler"], case["long"], *extra]
    return [Turn(user_id="mo", turn_id=f"t{n}", session_id=f"s{n}", role="user", text=text,
                 timestamp=T0 + timedelta(days=n)) for n, text in enumerate(texts)]


@pytest.mark.parametrize("case", [EN, ZH], ids=["en", "zh"])
def test_a_name_only_a_long_turn_holds_brings_that_turn(memory: Memory, case: dict) -> None:
    memory.ingest(_turns(case, [case["negation"], case["rival"]]))
    for question in case["ask"]:
        top = memory.recall("mo", question, k=3).results
        assert any(case["words"] in r.item.description for r in top), \
            (question, [r.item.description for r in top])


@pytest.mark.parametrize("case", [EN, ZH], ids=["en", "zh"])
def test_now_words_do_not_pull_a_turn_that_says_now(memory: Memory, case: dict) -> None:
    memory.ingest(_turns(case, [case["now_turn"]]))
    top = memory.recall("mo", case["now_ask"], k=3).results
    assert top and case["job"] in top[0].item.description, [r.item.description for r in top]


def test_name_terms_are_capitalised_words_after_the_first_and_han_nicknames() -> None:
    lexicon: frozenset[str] = frozenset()
    assert name_terms("where is Priya Raman relocating?", lexicon) == {"priya", "raman"}
    assert name_terms("Where do I live?", lexicon) == frozenset()
    assert "小雪" in "".join(name_terms("小雪要去哪？", frozenset({"小雪"})))
    assert name_terms("我住在哪", lexicon) == frozenset()


def test_now_words_are_dropped_from_the_query_only() -> None:
    assert "目前" not in plain_query("我目前在哪上班？") and "上班" in plain_query("我目前在哪上班？")
    assert "currently" not in plain_query("where do I currently work?")
    assert plain_query("what is the current exchange rate?") == "what is the current exchange rate?"
