"""A relative by marriage or of another generation (女婿, 儿媳妇, 二哥, brother-in-law, niece) is their own subject,
keyed under them, never the user's slot; what another person said or felt ("他说受不了我…", "她嫌我…") is theirs,
and no object put first of the user's. English and Chinese."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.cessation import topicalised
from memory_core.pipeline.slots import read_clause

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("text", "key"), [
    ("女婿跳槽到上海了，在张江上班", "fact:女婿/works_at"),
    ("我小姨子搬到杭州了，在阿里上班", "fact:小姨子/works_at"),
    ("儿媳妇在医院当护士", "fact:儿媳妇/occupation"),
    ("my brother-in-law just moved to Denver", "fact:brother-in-law/lives_in"),
    ("my niece moved to Seattle and works at Amazon", "fact:niece/works_at"),
])
def test_a_relative_by_marriage_is_keyed_under_them(tmp_path: Path, text: str, key: str) -> None:
    keys = [k for k, _ in active(slot_items(tmp_path, [text], start=START, days_apart=1))]
    assert key in keys
    assert not any(k in ("fact:works_at", "fact:lives_in", "fact:occupation") for k in keys)


@pytest.mark.parametrize("text", ["我大哥也在村里种芒果，他说他打算去昆明开货车了",
                                  "我二哥也在工地干活，他说明年去深圳打工"])
def test_an_elder_brother_s_clauses_are_not_the_user_s(tmp_path: Path, text: str) -> None:
    rows = active(slot_items(tmp_path, [text], start=START, days_apart=1))
    assert not any(desc.startswith(("用户大哥", "用户二哥", "用户在", "用户也在")) for _, desc in rows)


@pytest.mark.parametrize("clause", ["他说受不了我一个月有二十天不在家", "她嫌我不做饭", "我老公觉得我该换车了",
                                    "对方说我太忙"])
def test_another_person_s_words_are_reported_speech(clause: str) -> None:
    assert read_clause(clause, "zh", "用户").skip == "reported"


@pytest.mark.parametrize(("clause", "thing"), [
    ("他说受不了我一个月有二十天不在家", ""), ("她嫌我不做饭", ""),
    ("其他我都不吃了", "其他"), ("香菜我现在挺爱吃的", "香菜"),
])
def test_a_speaker_is_no_object_put_first(clause: str, thing: str) -> None:
    assert topicalised(clause) == thing


def test_a_clause_of_the_user_s_own_after_a_relative_s_view_is_kept(tmp_path: Path) -> None:
    rows = active(slot_items(tmp_path, ["我老公觉得该换车了，我在腾讯上班"], start=START, days_apart=1))
    assert ("fact:works_at", "用户在腾讯工作") in rows
