"""A pregnancy masked as a health detail is still found by what it is about (trial 31 R2): the word pregnant, the
due date, the baby to be born, in English and Chinese (``data/medical_names.yaml``, ``synonyms.names_any``), and a
Chinese turn whose clauses are parted by spaces lends its other clauses' words (``recall_shown.free_terms``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.recall_shown import free_terms
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings
from memory_core.text.synonyms import names_any, other_names

T0 = datetime(2026, 10, 27, 5, tzinfo=UTC)
TOLD = {"zh": "媳妇怀孕了 预产期明年五月 我要当爹了！",
        "en": "my wife is pregnant, due date is March 3, I'm gonna be a dad!"}
ASKED = {"zh": ["预产期是什么时候", "孩子什么时候出生", "宝宝什么时候出生", "is his wife pregnant?"],
         "en": ["when is the baby due?", "is his wife pregnant?", "is she expecting a baby?", "怀孕了吗"]}
UNASKED = {"zh": ["他在哪出生的？", "他喜欢吃什么"], "en": ["where was he born?", "what does he like to eat?"]}


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def test_the_names_of_a_pregnancy_are_read_whole_or_by_all_their_words() -> None:
    names = other_names("怀孕")
    assert "pregnant" in names and "预产期" in names
    assert names_any("when is the baby due?", names) and names_any("孩子什么时候出生", names)
    assert not names_any("where was the baby born?", names) and not names_any("他在哪出生", names)


def test_a_chinese_turn_parted_by_spaces_lends_its_other_clauses() -> None:
    assert {"预产期", "当爹"} <= free_terms("user: 媳妇怀孕了 预产期明年五月 我要当爹了！")
    assert "媳妇" not in free_terms("user: 媳妇怀孕了 预产期明年五月")  # the clause holding the value lends none


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_masked_pregnancy_is_found_by_what_it_is_about(memory: Memory, lang: str) -> None:
    memory.ingest([Turn("u", "t0", "s", "user", TOLD[lang], T0),
                   Turn("u", "t1", "s", "user", {"zh": "最近在学做饭", "en": "been learning to cook lately"}[lang],
                        T0 + timedelta(days=1))])
    for question in ASKED[lang]:
        results = memory.recall("u", question, k=3).results
        first = results[0].item.description if results else ""
        # the turn, or the due date's item made from it ("User's wife's due date is March 3")
        assert TOLD[lang][:6] in first or "wife's due date" in first, question
    for question in UNASKED[lang]:
        shown = memory.recall("u", question, k=3)
        assert {"zh": "怀孕", "en": "pregnant"}[lang] not in shown.context.text, question
