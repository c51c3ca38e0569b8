"""A Latin word inside a Chinese clause is read whole, whatever the cue's cap on a value's length."""

from __future__ import annotations

import pytest

from memory_core.pipeline.latin_whole import whole_word
from memory_core.pipeline.slots import read_clause


@pytest.mark.parametrize(("clause", "attr", "value"), [
    ("我领养了一只柯基，叫Biscuit", "pet", "Biscuit"),
    ("我新养了只猫，叫Pudding", "pet", "Pudding"),
    ("我养了一只狗叫Cinnamon，很乖", "pet", "Cinnamon"),
    ("我男朋友叫Sebastian", "partner", "Sebastian"),
    ("我同事叫Maximilian", "family", "Maximilian"),
    ("我养了一只猫叫Max", "pet", "Max"),  # short names were whole already
    ("我养了一只猫叫年糕", "pet", "年糕"),
])
def test_latin_names_in_chinese_kept_whole(clause: str, attr: str, value: str) -> None:
    hits = [(h.attr.id, h.value) for h in read_clause(clause, "zh").hits]
    assert (attr, value) in hits


def test_whole_word_carries_only_a_cut_latin_word() -> None:
    text = "叫Biscuit很乖"
    assert whole_word(text, 1, 7) == "Biscuit"  # cut between t's neighbours: carried on
    assert whole_word(text, 1, 8) == "Biscuit"  # already whole
    assert whole_word("叫年糕很乖", 1, 3) == "年糕"  # a Chinese value before Chinese text is kept
    assert whole_word("叫Mary-Jane吧", 1, 4) == "Mary-Jane"
    assert whole_word("叫Bo Bo", 1, 3) == "Bo"  # a space ends the word
