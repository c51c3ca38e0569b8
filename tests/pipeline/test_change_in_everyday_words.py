"""Changes told in everyday words (issue 13): a switch whose old value is named only in its reason, living with
someone after living alone, a subscription cancelled and taken out again, a new title with a new job. The old
item ends (kept as superseded), the new one is active; what another person did, a question or a past habit
changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import assert_replaced, slot_items

from memory_core.pipeline.alone_ended import cohabit_change
from memory_core.pipeline.reason_named import reason_named

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _status(rows: list[tuple[str, str, str]], status: str) -> list[str]:
    return [text for s, _, text in rows if s == status]


@pytest.mark.parametrize(("turn", "clause", "lang", "old"), [
    ("I'm on Spotify now, Apple Music kept crashing", "I'm on Spotify now, Apple Music kept crashing", "en",
     "Apple Music"),
    ("I use Firefox now. Chrome was eating my RAM", "I use Firefox now.", "en", "Chrome"),
    ("现在用网易云了，QQ音乐广告太多", "我现在用网易云了", "zh", "QQ音乐"),
    # no complaint, or none said of a name: nothing named
    ("I use Spotify too, Apple Music is great for classical", "I use Spotify too", "en", ""),
    ("I'm on Hulu now, my sister kept hogging Netflix", "I'm on Hulu now", "en", ""),
])
def test_the_old_value_a_reason_names(turn: str, clause: str, lang: str, old: str) -> None:
    assert reason_named(turn, clause, lang) == old


@pytest.mark.parametrize(("clause", "lang", "ends"), [
    ("I moved in with my girlfriend last weekend", "en", True),
    ("big step: we moved in together", "en", True),
    ("got a roommate now", "en", True),
    ("上个月和男朋友同居了", "zh", True),
    ("我搬去和女朋友一起住了", "zh", True),
    ("I live with my parents", "en", False),
    ("I moved to Leeds", "en", False),
])
def test_living_with_someone_now_is_read(clause: str, lang: str, ends: bool) -> None:
    assert bool(cohabit_change(clause, lang, "")[0]) is ends


def test_another_persons_or_a_past_clause_is_no_change() -> None:
    assert not cohabit_change("my sister moved in with her boyfriend", "en", "", other="sister")[0]
    assert not cohabit_change("I moved in with my boyfriend", "en", "", skip="past")[0]


@pytest.mark.parametrize(("turns", "old", "new"), [
    (["I use Apple Music for music", "I'm on Spotify now, Apple Music kept crashing"], "Apple Music", "Spotify"),
    (["我平时用QQ音乐听歌", "现在用网易云了，QQ音乐广告太多"], "QQ音乐", "网易云"),
    (["I live alone, it's a tiny studio", "I moved in with my girlfriend last weekend"], "alone", "girlfriend"),
    (["我一个人住", "上个月和男朋友同居了"], "一个人住", "同居"),
    (["I subscribe to Netflix", "I cancelled Netflix", "I resubscribed to Netflix"], "cancelled", "resubscribed"),
    (["I subscribe to Netflix", "把Netflix退订了", "ok I'm back on Netflix, resubscribed"], "退订", "back on"),
    (["我开了爱奇艺会员", "爱奇艺会员不续了，换成了B站大会员"], "开了爱奇艺", "B站"),
    (["我是产品经理", "入职阿里了，职位是高级产品经理"], "职业是产品经理", "高级产品经理"),
])
def test_a_change_ends_the_old_item_and_keeps_the_new(tmp_path: Path, turns: list[str], old: str, new: str) -> None:
    assert_replaced(slot_items(tmp_path, turns, start=START, days_apart=30), old, new)


@pytest.mark.parametrize(("turns", "kept"), [
    (["I subscribe to Netflix", "my sister cancelled her Netflix"], "subscribes to Netflix"),
    (["I live alone", "should I move in with my boyfriend?"], "lives alone"),
    (["I live alone", "my sister moved in with her boyfriend"], "lives alone"),
    (["我是产品经理", "我弟入职阿里了，职位是高级产品经理"], "职业是产品经理"),
    (["I use Apple Music", "I use Spotify too, Apple Music is great for classical"], "Apple Music"),
])
def test_a_near_miss_ends_nothing(tmp_path: Path, turns: list[str], kept: str) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=30)
    assert any(kept in t for t in _status(rows, "active")), rows
    assert not _status(rows, "superseded"), rows


@pytest.mark.parametrize(("turn", "said"), [
    ("I cancelled Netflix", "cancelled Netflix"),
    ("I resubscribed to Hulu", "resubscribed to Hulu"),
])
def test_a_subscription_said_first_is_kept(tmp_path: Path, turn: str, said: str) -> None:
    assert any(said in t for t in _status(slot_items(tmp_path, [turn], start=START, days_apart=1), "active"))
