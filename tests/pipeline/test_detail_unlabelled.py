"""An added detail joins an item's text without the speaker's label its quoted words carry (``with_statement``):
"用户有一只狗叫豆包；用户：豆包是柯基" was stored, and ``gulfstream check`` rightly flags such a label inside a text."""

from __future__ import annotations

import pytest

from memory_core.pipeline.changed_value import with_statement


@pytest.mark.parametrize(("old", "new", "lang", "joined"), [
    ("用户有一只狗叫豆包", "用户：豆包是柯基", "zh", "用户有一只狗叫豆包；豆包是柯基"),
    ("User has a dog named Max", "User: Max is a corgi", "en", "User has a dog named Max; Max is a corgi"),
    ("王芳养了一只猫", "王芳：猫叫馒头", "zh", "王芳养了一只猫；猫叫馒头"),
])
def test_the_label_of_the_items_own_subject_is_dropped(old: str, new: str, lang: str, joined: str) -> None:
    assert with_statement(old, new, lang) == joined


def test_another_speakers_label_stays() -> None:
    # a label naming someone other than the item's subject says who said it: kept
    assert with_statement("用户有一只狗叫豆包", "阿杰：豆包是柯基", "zh") == "用户有一只狗叫豆包；阿杰：豆包是柯基"
