"""An assistant's echo of the user's last turn, through the whole write path on SQLite: under every policy it is
no memory item, and under ``mask`` and ``drop`` the turn log keeps no value it repeats, in either language, also
when the user's turn was curated (and masked) before the reply arrived."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memory_core.model import Turn
from memory_core.service import Memory

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
USERS = {"keep": "sam", "mask": "beta:sam", "drop": "acme:sam"}


def _turn(user: str, n: int, role: str, text: str) -> Turn:
    return Turn(user_id=user, turn_id=f"t{n}", session_id="s1", role=role, text=text,
                timestamp=T0 + timedelta(minutes=n), speaker=role)


def _active(memory: Memory, user: str) -> list[str]:
    return [i.description for i in memory.store.list_items(user) if i.status == "active"]


@pytest.mark.parametrize("policy", ["keep", "mask", "drop"])
@pytest.mark.parametrize(("said", "reply"), [("我对花生过敏", "Noted, no peanuts!"),
                                             ("I'm allergic to peanuts", "好的，不吃花生")])
@pytest.mark.parametrize("together", [True, False])
def test_an_echo_of_a_health_value_is_no_item_and_leaves_no_value(memory: Memory, policy: str, said: str,
                                                                  reply: str, together: bool) -> None:
    user = USERS[policy]
    dropped = memory.pipeline.echo_counts["dropped"]
    if together:
        memory.ingest([_turn(user, 1, "user", said), _turn(user, 2, "assistant", reply)])
    else:  # the user's turn curated (under mask/drop: masked in the log) before the reply arrives
        memory.ingest([_turn(user, 1, "user", said)])
        memory.ingest([_turn(user, 2, "assistant", reply)])
    active = _active(memory, user)
    assert not [d for d in active if "assistant" in d or reply in d], active
    if reply.startswith("Noted"):  # the reply in the other language: known as an echo by the last turn alone
        assert memory.pipeline.echo_counts["dropped"] == dropped + 1
    if policy != "keep":
        assert not [d for d in active if "peanut" in d or "花生" in d], active
        log = memory.store.sql_tables().list_turns(user)  # type: ignore[union-attr]
        assert not [t.text for t in log if "peanut" in t.text or "花生" in t.text], [t.text for t in log]
        assert "[health]" in log[1].text and "text_sha256" in log[1].meta


@pytest.mark.parametrize("policy", ["keep", "drop"])
def test_a_reply_repeating_a_health_value_with_news_of_its_own_keeps_no_value(memory: Memory, policy: str) -> None:
    user = USERS[policy]
    reply = "Noted, no peanuts! The Thai place on 5th Street does a nut-free menu."
    memory.ingest([_turn(user, 1, "user", "我对花生过敏"), _turn(user, 2, "assistant", reply)])
    assert not [d for d in _active(memory, user) if "peanut" in d], _active(memory, user)


@pytest.mark.parametrize(("said", "reply"), [
    ("今天好冷啊", "注意保暖哦！"),
    ("我奶奶上周去世了", "抱歉听到这个消息，抱抱你。"),
    ("I got the job at Stripe!", "Congrats on the new job!"),
    ("我每天早上跑步", "好的，很健康的习惯！"),
    ("My grandma passed away last week", "I'm so sorry to hear that. Sending hugs."),
    # sympathy with its advice, an intensified congratulation to the user by name
    ("和小雨分手了", "抱歉听到这个消息，抱抱你。给自己一点时间，照顾好情绪。"),
    ("We closed our seed round!", "Huge congratulations Priya! 🎉"),
    ("My dog died yesterday", "So sorry to hear that. Give yourself some time."),
])
def test_small_talk_replies_are_no_items(memory: Memory, said: str, reply: str) -> None:
    memory.ingest([_turn("sam", 1, "user", said), _turn("sam", 2, "assistant", reply)])
    assert not [d for d in _active(memory, "sam") if "assistant" in d], _active(memory, "sam")


def test_a_reply_with_news_of_its_own_is_kept(memory: Memory) -> None:
    memory.ingest([_turn("sam", 1, "user", "今天好冷啊"),
                   _turn("sam", 2, "assistant", "注意保暖哦！明天最低零下五度，记得穿羽绒服。")])
    assert [d for d in _active(memory, "sam") if "assistant" in d]


@pytest.mark.parametrize("policy", ["keep", "mask", "drop"])
def test_the_session_window_shows_an_echoed_value_masked(memory: Memory, policy: str) -> None:
    user = USERS[policy]
    memory.ingest([_turn(user, 1, "user", "我对花生过敏"), _turn(user, 2, "assistant", "Noted, no peanuts!")])
    shown = [t.text for t in memory.session_context(user, "s1").turns]
    assert shown == ["我对[health]过敏", "Noted, no [health]!"], shown
