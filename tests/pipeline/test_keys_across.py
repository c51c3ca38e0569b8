"""The same fact said in the other language or in other words lands on the same slot key (issue 13, write path):
a restart ends the stop whatever words either was said in, a relative said by a short name is the same person,
and a role change said as given ends the role an earlier item carried under another slot."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


def _items(mem: EmbeddedMemory, user: str, status: str = "active") -> list[dict[str, object]]:
    return [i for i in mem._list(user, None) if i["kind"] != "event" and i["status"] == status]


def _active(mem: EmbeddedMemory, user: str = "u") -> list[str]:
    return [str(i["description"]) for i in _items(mem, user)]


@pytest.mark.parametrize(
    ("stop", "restart", "gone", "now"),
    [
        ("I quit drinking", "又开始喝酒了", "quit drinking", "喝酒"),
        ("I've stopped drinking", "破戒了，昨晚喝了几杯", "stopped drinking", "破戒"),
        ("I don't drink anymore", "最近又开始喝酒了", "drink anymore", "喝酒"),
        ("我戒酒了", "I'm drinking again", "不再喝酒", "drinking again"),
        ("I stopped smoking", "又抽上了", "quit smoking", "抽烟"),
        ("我戒烟了", "没忍住破戒了，又抽了一根", "戒烟", "破戒"),
    ],
)
def test_a_restart_ends_the_stop_said_in_other_words(
    mem: EmbeddedMemory, stop: str, restart: str, gone: str, now: str
) -> None:
    mem.add(stop, user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add(restart, user_id="u", timestamp="2025-06-01T10:00:00Z")
    active = _active(mem)
    assert any(now in d for d in active) and not any(gone in d for d in active), active


def test_a_bare_stop_keeps_the_users_verb_under_the_alcohol_key(mem: EmbeddedMemory) -> None:
    mem.add("I quit drinking", user_id="u", timestamp="2025-01-01T10:00:00Z")
    [item] = _items(mem, "u")
    assert item["description"] == "User quit drinking" and item["key"] == "pref:alcohol", item


def test_a_stop_broken_in_another_habit_leaves_drinking_alone(mem: EmbeddedMemory) -> None:
    mem.add("我戒酒了", user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add("破戒了，昨晚抽了两根烟", user_id="u", timestamp="2025-06-01T10:00:00Z")
    assert "用户不再喝酒" in _active(mem)


@pytest.mark.parametrize(
    ("old", "new", "gone", "now"),
    [
        ("我姐住在上海", "我姐姐搬到北京了", "上海", "北京"),
        ("我姐住在杭州", "My sister moved to Shenzhen", "杭州", "Shenzhen"),
        ("我哥在腾讯上班", "my brother works at Google now", "腾讯", "Google"),
        ("我姐在阿里上班", "我姐新工作在腾讯", "阿里", "腾讯"),
        ("我姐姐在阿里上班", "my sister's new job at Tencent is so stressful", "阿里", "Tencent"),
    ],
)
def test_a_relative_said_by_a_short_name_is_one_person(
    mem: EmbeddedMemory, old: str, new: str, gone: str, now: str
) -> None:
    mem.add(old, user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add(new, user_id="u", timestamp="2025-06-01T10:00:00Z")
    active = _active(mem)
    assert any(now in d for d in active) and not any(gone in d for d in active), active


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("My sister's new job at Tencent is so stressful", "fact:sister/works_at"),
        ("我姐的新工作在腾讯", "fact:姐姐/works_at"),
        ("我新工作在腾讯，挺忙的", "fact:works_at"),
    ],
)
def test_a_new_job_said_as_a_thing_names_the_employer(mem: EmbeddedMemory, said: str, key: str) -> None:
    mem.add(said, user_id="u", timestamp="2025-01-01T10:00:00Z")
    assert [i["key"] for i in _items(mem, "u")] == [key]


def test_a_new_job_in_a_city_names_no_employer(mem: EmbeddedMemory) -> None:
    mem.add("我的新工作在北京", user_id="u", timestamp="2025-01-01T10:00:00Z")
    assert not any(str(i["key"]).startswith("fact:works_at") for i in _items(mem, "u"))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I'm a nurse at Mass General", "User is now a doctor"),
        ("我在协和医院当护士", "用户现在是医生"),
        ("I work at Google as an engineer", "The user works as a product manager now"),
    ],
)
def test_a_role_given_ends_the_role_another_slot_carried(mem: EmbeddedMemory, old: str, new: str) -> None:
    mem.add(old, user_id="u", infer=False, timestamp="2025-01-01T10:00:00Z")
    mem.add(new, user_id="u", infer=False, timestamp="2025-06-01T10:00:00Z")
    assert _active(mem) == [new]
    [ended] = _items(mem, "u", "superseded")
    assert ended["description"] == old


def test_an_employer_given_leaves_the_role_alone(mem: EmbeddedMemory) -> None:
    mem.add("I'm a nurse", user_id="u", infer=False, timestamp="2025-01-01T10:00:00Z")
    mem.add("User lives in Boston", user_id="u", infer=False, timestamp="2025-06-01T10:00:00Z")
    assert sorted(_active(mem)) == ["I'm a nurse", "User lives in Boston"]


@pytest.mark.parametrize("said", ["I quit drinking two weeks ago", "I stopped drinking last year"])
def test_when_a_drinking_stop_began_is_no_drink(mem: EmbeddedMemory, said: str) -> None:
    mem.add(said, user_id="u", timestamp="2025-01-01T10:00:00Z")
    assert [(i["key"], i["description"]) for i in _items(mem, "u")] == [("pref:alcohol", f"User {said[2:]}")]
