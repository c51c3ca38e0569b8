"""Everyday changes that end what they make untrue, in English and Chinese: a lost job ends the title and the work
arrangement that were that job's, while another person's layoff or a new job in the same turn leaves them."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("job", "mode", "lost", "title", "remote"), [
    ("I'm a senior PM at Stripe", "I'm fully remote now", "lost my job today, the whole team got cut",
     "senior PM", "remote"),
    ("I work at Shopify as a data analyst", "I work from home these days", "got laid off last week 😭",
     "data analyst", "home"),
    ("我在阿里做产品经理", "我现在完全远程办公了", "被裁了 😭 阿里这波裁员我中招了", "产品经理", "远程"),
])
def test_a_lost_job_ends_its_title_and_work_arrangement(tmp_path: Path, job: str, mode: str, lost: str,
                                                        title: str, remote: str) -> None:
    live = [text for _, text in active(slot_items(tmp_path, [job, mode, lost], start=START, days_apart=30))]
    assert not any(title in t or remote in t for t in live), live


@pytest.mark.parametrize(("job", "other", "title"), [
    ("我是阿里的产品经理", "我同事被裁了，好慌", "产品经理"),
    ("I'm a nurse at St Mary's", "my brother got laid off yesterday", "nurse"),
])
def test_someone_elses_layoff_leaves_the_users_title(tmp_path: Path, job: str, other: str, title: str) -> None:
    live = [text for _, text in active(slot_items(tmp_path, [job, other], start=START, days_apart=30))]
    assert any(title in t for t in live), live


@pytest.mark.parametrize(("home", "moved_in", "old"), [
    ("我妈住在成都，我姐在巴黎", "我妈搬来跟我们住了", "成都"),
    ("my mum lives in Chengdu", "my mum finally moved in with us last week", "Chengdu"),
    ("My dad lives in Leeds.", "Dad moved in with me last month", "Leeds"),
])
def test_a_relative_moving_in_ends_their_old_home(tmp_path: Path, home: str, moved_in: str, old: str) -> None:
    rows = active(slot_items(tmp_path, [home, moved_in], start=START, days_apart=30))
    assert not any(old in text for key, text in rows if key.endswith("/lives_in")), rows
    assert any(key.startswith("fact:lives_with:") for key, _ in rows), rows


@pytest.mark.parametrize(("texts", "back"), [
    (["my mum lives in Chengdu", "my mum moved in with us", "my mum moved back to Chengdu"], "Chengdu"),
    (["我妈住在成都", "我妈搬来跟我们住了", "我妈搬回成都了"], "成都"),
])
def test_a_relative_moving_back_out_ends_living_with_the_user(tmp_path: Path, texts: list[str], back: str) -> None:
    rows = active(slot_items(tmp_path, texts, start=START, days_apart=30))
    assert any(back in text for key, text in rows if key.endswith("/lives_in")), rows
    assert not any(key.startswith("fact:lives_with:") for key, _ in rows), rows


def test_a_relatives_visit_leaves_their_home(tmp_path: Path) -> None:
    texts = ["我妈住在成都", "我妈来我们这住了几天，昨天回去了"]
    rows = active(slot_items(tmp_path, texts, start=START, days_apart=30))
    assert any("成都" in text for key, text in rows if key.endswith("/lives_in")), rows


@pytest.mark.parametrize(("texts", "old"), [
    (["also switched from Spotify to Apple Music", "终于把Apple Music退订了，太贵"], "to Apple Music"),
    (["I switched from Spotify to Tidal last year", "unsubscribed from Tidal, too pricey"], "to Tidal"),
    (["我开了爱奇艺会员", "上个月取消了会员，没什么好看的"], "开了爱奇艺会员"),
    (["我开了腾讯视频会员", "终于把腾讯视频退订了"], "开了腾讯视频会员"),
])
def test_a_cancelled_subscription_ends_the_item_that_held_it(tmp_path: Path, texts: list[str], old: str) -> None:
    live = [text for _, text in active(slot_items(tmp_path, texts, start=START, days_apart=30))]
    assert not any(old in t for t in live), live


def test_a_cancellation_said_with_ba_keeps_the_service_whole(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["终于把网飞退订了，太贵"], start=START, days_apart=30)
    assert not any("网飞用户" in text for _, _, text in rows), rows  # not "终于把网飞用户退订了"


@pytest.mark.parametrize(("job", "left", "title"), [
    ("我在阿里做产品经理", "从阿里离职了，下个月入职腾讯", "产品经理"),
    ("I work at Google as a designer", "quit Google and joined a small startup last month", "designer"),
])
def test_a_job_left_for_a_new_one_keeps_the_title(tmp_path: Path, job: str, left: str, title: str) -> None:
    live = [text for _, text in active(slot_items(tmp_path, [job, left], start=START, days_apart=30))]
    assert any(title in t for t in live), live


@pytest.mark.parametrize(("text", "said"), [
    ("周末一般去跑步，跑了两年了", "跑步"),
    ("每周三晚上去打羽毛球", "羽毛球"),
])
def test_a_habit_said_by_when_without_a_subject_is_stored(tmp_path: Path, text: str, said: str) -> None:
    live = [t for _, t in active(slot_items(tmp_path, [text], start=START, days_apart=1))]
    assert any(said in t for t in live), live


@pytest.mark.parametrize("text", ["周末一起去爬山吧", "周末推荐去哪爬山？"])
def test_an_invitation_or_question_about_a_habit_stores_nothing(tmp_path: Path, text: str) -> None:
    assert active(slot_items(tmp_path, [text], start=START, days_apart=1)) == []
