"""Laughter closing a clause is left out of the text the rules read (pipeline/closing_laughter.py)."""

from __future__ import annotations

import pytest

from memory_core.pipeline.closing_laughter import without_closing_laughter
from memory_core.pipeline.plain_text import reading_text


@pytest.mark.parametrize(("text", "read"), [
    ("Gave up on keto lol, eating rice again", "Gave up on keto, eating rice again"),
    ("gave up on keto hahaha", "gave up on keto"),
    ("I quit smoking LMAOOO.", "I quit smoking."),
    ("moved to Rome, lol", "moved to Rome"),
    ("keto 放弃了哈哈哈", "keto 放弃了"),
    ("我搬到成都了哈哈，挺好", "我搬到成都了，挺好"),
])
def test_closing_laughter_is_left_out(text: str, read: str) -> None:
    assert without_closing_laughter(text) == read


@pytest.mark.parametrize("text", [
    "lol, I quit smoking",  # opening the clause, not closing it
    "lol", "哈哈哈",  # laughter alone says nothing else: kept as written
    "I love lollipops", "the lol cat is mine",  # a word that only starts like it, or inside the clause
    "I quit smoking jk",  # "jk" takes the statement back: not a reaction
])
def test_other_text_is_kept(text: str) -> None:
    assert without_closing_laughter(text) == text


def test_reading_text_drops_closing_laughter() -> None:
    assert reading_text("I gave up on keto lol") == "I gave up on keto"
