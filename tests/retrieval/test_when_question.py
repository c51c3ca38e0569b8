"""A when-question puts the turn that says when before later mentions of the same thing, in either language."""

from __future__ import annotations

import numpy as np
import pytest
from test_turn_window import slot

from memory_core.embedded import EmbeddedMemory
from memory_core.model import Kind
from memory_core.retrieval.stages import HybridSettings
from memory_core.retrieval.when_question import asks_when, says_time, when_factors


@pytest.mark.parametrize(
    ("query", "asked"),
    [
        ("When did Mia go camping?", True),
        ("How long ago was her birthday?", True),
        ("What month did he move?", True),
        ("她什么时候搬家的？", True),
        ("你哪天到的？", True),
        ("生日是几号？", True),
        ("What did Mia do at the lake?", False),
        ("她搬到哪里了？", False),
        ("Where do I live?", False),
    ],
)
def test_a_question_asking_when(query: str, asked: bool) -> None:
    assert asks_when(query) is asked


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("We went camping last weekend", True),
        ("I signed up two weeks ago", True),
        ("I moved in 2019", True),
        ("see you next Friday", True),
        ("She was born on March 3rd", True),
        ("we fly out Nov 22, can't wait", True),  # a month written short, before or after its day
        ("the lease starts Sept. 3rd", True),
        ("her party is on 14 Feb", True),
        ("booked it for 3 march", True),
        ("昨天去看了展览", True),
        ("三天前买了一辆车", True),
        ("我上周末去爬山了", True),
        ("5月3日搬的家", True),
        ("The camping trip was great!", False),
        ("I may go", False),
        ("I bought 2 decks of cards", False),  # a word that opens like a month is none
        ("she has 3 markers and a novel", False),
        ("room 12 may be free", False),
        ("那次露营太好玩了", False),
    ],
)
def test_a_text_saying_when(text: str, said: bool) -> None:
    assert says_time(text) is said


def test_only_a_raw_turn_without_a_time_weighs_less_and_only_for_a_when_question() -> None:
    items = [
        slot("The camping trip was great!", "event:t1@u", "t1", Kind.EVENT),
        slot("We went camping last weekend", "event:t2@u", "t2", Kind.EVENT),
        slot("User likes camping", "pref:camping@u", "t3", Kind.PREFERENCE),
    ]
    docs = np.array([0, 1, 2])
    assert when_factors("When did she go camping?", items, docs, 0.7).tolist() == [0.7, 1.0, 1.0]
    assert when_factors("她什么时候去露营的？", items, docs, 0.7).tolist() == [0.7, 1.0, 1.0]
    assert when_factors("How was the camping trip?", items, docs, 0.7) is None
    assert when_factors("When did she go camping?", items, docs, 1.0) is None


def test_the_factor_is_a_setting_in_range() -> None:
    HybridSettings(when_factor=0.7).validate()
    with pytest.raises(ValueError):
        HybridSettings(when_factor=0.0).validate()


WORLDS = {
    "en": (
        [
            "I went to the Van Gogh exhibition yesterday, it was stunning.",
            "Work is busy as always.",
            "The Van Gogh exhibition was amazing, I still think about it.",
            "I keep thinking about the Van Gogh exhibition, it was so crowded.",
        ],
        "When did I go to the Van Gogh exhibition?",
        "yesterday",
    ),
    "zh": (
        [
            "我昨天去看了一个画展，梵高的，特别震撼。",
            "工作还是老样子，很忙。",
            "梵高画展太棒了，梵高画展我还想再去看一次。",
            "我一直在想梵高画展，人特别多。",
        ],
        "我什么时候去看的梵高画展？",
        "昨天",
    ),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_turn_that_says_when_comes_before_later_mentions(lang: str, mem: EmbeddedMemory) -> None:
    texts, query, said = WORLDS[lang]
    mem.add(
        [{"role": "user", "content": t, "timestamp": f"2025-0{3 + n}-02T20:00:00Z"} for n, t in enumerate(texts)],
        user_id="ann",
    )
    turns = [r["description"] for r in mem.search(query, user_id="ann", k=4) if r["kind"] == "event"]
    assert said in turns[0], turns  # was: the later mention first, which says nothing of when
