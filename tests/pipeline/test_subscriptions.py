"""Subscriptions, memberships and paid plans: one item per service, each ended on its own, in English and Chinese
(issue 13, ``memory_core.pipeline.subscriptions``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.subscriptions import services_in, subscriber_filled


def _facts(texts: list[str]) -> tuple[dict[str, str], list[str]]:
    """({key: description} of the active non-event items, ended descriptions) ``texts`` leave, a day apart."""
    store, pipeline = DictStore(), WritePipeline()
    t0 = datetime(2026, 4, 1, tzinfo=UTC)
    for n, text in enumerate(texts):
        store.apply("u1", pipeline.plan(Turn("u1", f"t{n}", "s", "user", text, t0 + timedelta(days=n)), store))
    items = [i for i in store.list_items("u1", statuses=None) if i.kind != "event"]
    return {str(i.key): i.description for i in items if i.status == "active"}, \
        [i.description for i in items if i.status != "active"]


@pytest.mark.parametrize(("text", "ids"), [
    ("I have a Netflix subscription and a gym membership at PureGym.", ["netflix", "gym"]),
    ("我开了爱奇艺和网易云的会员", ["iqiyi", "netease_music"]),
    ("饿了么会员我每个月都续", ["eleme"]),
    ("每个月订阅 ChatGPT Plus", ["chatgpt"]),
    ("I'm on a Mint Mobile plan", ["phone_plan"]),
])
def test_services_are_named_whole(text: str, ids: list[str]) -> None:
    assert [s.id for s in services_in(text)] == ids


def test_a_brand_is_never_a_like_or_a_verb() -> None:
    assert [s.said for s in services_in("爱奇艺会员没续费")] == ["爱奇艺"]
    assert services_in("I need a calm evening") == []  # an everyday word, not the app


@pytest.mark.parametrize(("text", "filled"), [
    ("Didn't renew Spotify this year, I barely used it.", "I Didn't renew Spotify this year, I barely used it."),
    ("网易云会员到期不续了，歌太少", "我网易云会员到期不续了，歌太少"),
    ("The Disney+ trial ended and I didn't keep it.", "My Disney+ trial ended and I didn't keep it."),
    ("老婆开了爱奇艺会员", "老婆开了爱奇艺会员"),  # hers
    ("想开个B站大会员，你觉得值吗？", "想开个B站大会员，你觉得值吗？"),  # a wish
])
def test_the_user_is_put_back_as_subject(text: str, filled: str) -> None:
    assert subscriber_filled(text) == filled


@pytest.mark.parametrize("texts", [
    ["I subscribe to Netflix and Spotify.", "Didn't renew Spotify this year."],
    ["I'm paying for Netflix and Spotify.", "Cancelled Spotify, too many ads anyway."],
    ["我开了爱奇艺和网易云的会员", "网易云会员到期不续了"],
    ["我开了爱奇艺会员和网易云音乐会员", "网易云退订了"],
])
def test_one_service_ends_and_the_other_stays(texts: list[str]) -> None:
    active, ended = _facts(texts)
    kept = [d for k, d in active.items() if k.startswith("fact:subscription:") and "网易云" not in d
            and "Spotify" not in d]
    assert kept and all(("Netflix" in d or "爱奇艺" in d) for d in kept)
    assert any(("Spotify" in d or "网易云" in d) for d in ended)


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["I pay for Spotify Premium.", "switched from Spotify to Apple Music last week"], "Apple Music", "Spotify"),
    (["我开了爱奇艺会员", "爱奇艺会员没续费，换成腾讯视频了"], "腾讯视频", "爱奇艺"),
    (["我订了 ChatGPT Plus", "ChatGPT Plus 退订了，改用 Claude 了"], "Claude", "ChatGPT"),
    (["I'm on a Mint Mobile plan.", "Switched my phone plan to Google Fi."], "Google Fi", "Mint"),
])
def test_a_switch_ends_the_old_service_and_holds_the_new(texts: list[str], new: str, old: str) -> None:
    active, ended = _facts(texts)
    assert any(new in d for d in active.values())
    assert any(old in d for d in ended)
    assert not [d for d in active.values() if old in d and not any(w in d for w in ("cancel", "没续费", "退订"))]


@pytest.mark.parametrize("text", [
    "Started paying for ChatGPT Plus.", "每个月订阅 ChatGPT Plus", "I have a Netflix subscription.",
    "我开了爱奇艺会员，追剧方便。", "我在乐刻办了健身年卡",
])
def test_a_service_held_is_a_subscription_item(text: str) -> None:
    active, _ = _facts([text])
    assert any(k.startswith("fact:subscription:") for k in active), active
    assert not any("hobby" in d or "爱好" in d for d in active.values())


@pytest.mark.parametrize("texts", [
    ["My wife pays for Hulu, I never watch it."],
    ["Should I cancel Netflix?"],
    ["thinking about getting ChatGPT Plus"],
    ["想开个B站大会员，你觉得值吗？"],
    ["老婆开了爱奇艺会员"],
])
def test_no_subscription_of_the_user_is_said(texts: list[str]) -> None:
    active, _ = _facts(texts)
    assert not [k for k in active if k.startswith("fact:subscription:") and "@" not in k], active


@pytest.mark.parametrize("texts", [
    ["I have a Netflix subscription.", "Should I cancel Netflix? It has nothing good on it lately."],
    ["我开了爱奇艺会员", "要不要把爱奇艺会员退了？"],
])
def test_a_question_or_an_opinion_ends_nothing(texts: list[str]) -> None:
    _, ended = _facts(texts)
    assert ended == []


def test_a_gym_membership_ends_by_any_name() -> None:
    active, ended = _facts(["I have a gym membership at PureGym.", "Cancelled my gym membership, too expensive."])
    assert ended == ["User has a gym membership at PureGym"]
    assert active["fact:subscription:gym"] == "User cancelled their gym membership"


@pytest.mark.parametrize(("text", "said"), [
    ("I'm a Costco member.", "User has a Costco membership"),
    ("Got Amazon Prime last month.", "User subscribes to Amazon Prime"),
    ("I joined Planet Fitness in January.", "User has a gym membership at Planet Fitness"),
    ("开通了QQ音乐绿钻", "用户开通了QQ音乐"),
    ("我订了腾讯视频", "用户订了腾讯视频"),
])
def test_everyday_ways_of_holding_a_service(text: str, said: str) -> None:
    active, _ = _facts([text])
    assert said in active.values(), active


@pytest.mark.parametrize("text", ["I joined Equinox as a trainer.", "我在爱彼迎订了一间民宿", "I need a calm evening."])
def test_a_job_or_a_booking_is_no_subscription(text: str) -> None:
    active, _ = _facts([text])
    assert not [k for k in active if k.startswith("fact:subscription:")], active
