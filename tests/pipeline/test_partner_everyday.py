"""A new partner or an engagement said in everyday words is read by the partner slot (``data/slots.yaml``)."""

import pytest

from memory_core.pipeline.slots import read_clause


def _partner(clause: str, lang: str, turn: str = "") -> list[tuple[str, int]]:
    return [(h.key, h.polarity) for h in read_clause(clause, lang, context=turn or clause).hits
            if h.key == "fact:partner"]


@pytest.mark.parametrize("clause", ["我们正式在一起啦！", "我在一起了", "我们确定关系了", "我们官宣了"])
def test_together_now_in_chinese(clause):
    assert _partner(clause, "zh") == [("fact:partner", 1)]


@pytest.mark.parametrize("clause", ["we're official now!", "we made it official", "we're exclusive now."])
def test_together_now_in_english(clause):
    assert _partner(clause, "en") == [("fact:partner", 1)]


def test_family_together_is_no_partner():
    assert _partner("我们全家终于在一起了", "zh") == []
    assert _partner("we're together at the lake this weekend", "en") == []


def test_proposal_accepted():
    assert _partner("我答应了💍", "zh", "周航求婚了！！！我答应了💍") == [("fact:partner", 1)]
    assert _partner("I said yes 💍", "en", "Sam proposed last night and I said yes 💍") == [("fact:partner", 1)]
    assert _partner("我答应了", "zh", "他约我周末吃饭，我答应了") == []
