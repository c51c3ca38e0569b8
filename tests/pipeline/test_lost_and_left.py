"""A change said the everyday way ends the old value (issue 13 §2): a partner who dumped or left the user, a pet
lost and not found, one pet of two that died (the count follows), a contact channel switched in Chinese; and the
near misses that change nothing (a friend's breakup, a pet found again, a channel refused only at some times)."""

from __future__ import annotations

import re

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.pipeline.lost_pet import found_again, lost_scope
from memory_core.pipeline.member_count import recounted


def _active(mem: EmbeddedMemory, user: str = "u") -> list[str]:
    return [str(i["description"]) for i in mem._list(user, None)
            if i["kind"] != "event" and i["status"] == "active"]


def _two(mem: EmbeddedMemory, first: str, then: str) -> list[str]:
    mem.add(first, user_id="u", timestamp="2026-01-01T10:00:00Z")
    mem.add(then, user_id="u", timestamp="2026-05-01T10:00:00Z")
    return _active(mem)


@pytest.mark.parametrize(("first", "then", "name"), [
    ("my boyfriend is Tom", "Tom dumped me last night 😭", "Tom"),
    ("My girlfriend Sarah is a nurse.", "Sarah left me for her coworker.", "Sarah"),
    ("my boyfriend is Tom", "he broke up with me, out of nowhere", "Tom"),
    ("我男朋友叫阿杰", "阿杰把我甩了，说不合适", "阿杰"),
    ("我老公叫阿强", "被阿强甩了，他说早就不爱了", "阿强"),
    ("我女朋友叫小美", "我们分了，不想多说", "小美"),
])
def test_the_partners_own_breakup_ends_the_partner(mem: EmbeddedMemory, first: str, then: str, name: str) -> None:
    active = _two(mem, first, then)
    assert not any(name in d and any(w in d for w in ("boyfriend", "girlfriend", "男朋友", "女朋友", "老公"))
                   for d in active), active


@pytest.mark.parametrize("then", [
    "My friend Anna got dumped by her boyfriend, I spent all night with her.",
    "我闺蜜被她男朋友甩了，陪她哭了一晚上",
    "Tom left me a voicemail about dinner",
    "Mom left me some soup in the fridge",
])
def test_someone_elses_breakup_or_another_leaving_keeps_the_partner(mem: EmbeddedMemory, then: str) -> None:
    active = _two(mem, "My boyfriend is Tom.", then)
    assert any("boyfriend is Tom" in d for d in active), active


@pytest.mark.parametrize(("first", "then", "owned"), [
    ("家里有一只英短，叫豆豆，三岁了", "豆豆走丢了，找了三天都没找到", "豆豆"),
    ("我养了一只猫叫花花", "猫跑丢了，贴了寻猫启事也没消息", "花花"),
    ("We have a beagle named Biscuit.", "Biscuit ran away last week and we still haven't found him", "Biscuit"),
    ("I have a cat named Luna.", "our cat went missing and never came back", "Luna"),
])
def test_a_pet_lost_and_not_found_ends_the_pet(mem: EmbeddedMemory, first: str, then: str, owned: str) -> None:
    active = _two(mem, first, then)
    held = re.compile(rf"(?:有|养)[^；;]{{0,8}}{owned}|\b(?:has|have) an? [^;]{{0,20}}(?:named|called) {owned}")
    assert not any(held.search(d) for d in active), active


@pytest.mark.parametrize(("first", "then", "owned"), [
    ("我养了一只柯基叫可乐", "可乐昨天走丢了一下午，还好晚上找到了", "可乐"),
    ("My dog Max is five.", "Max ran off at the park today but came back an hour later, phew", "Max"),
    ("我养了一只柯基叫可乐", "我妈家的大黄走丢了，她难过了好几天", "可乐"),
])
def test_a_pet_found_again_or_another_persons_pet_stays(mem: EmbeddedMemory, first: str, then: str,
                                                        owned: str) -> None:
    active = _two(mem, first, then)
    assert any(owned in d for d in active), active


def test_lost_scope_reads_pets_not_things_or_people() -> None:
    assert lost_scope("豆豆走丢了", "zh") == "豆豆"
    assert lost_scope("猫跑丢了", "zh") == "猫"
    assert lost_scope("我手机丢了", "zh") == ""
    assert lost_scope("孩子走丢了", "zh") == ""
    assert lost_scope("Biscuit ran away last week", "en") == "Biscuit"
    assert lost_scope("my son ran away from home", "en") == ""
    assert found_again("走丢了一下午，还好晚上找到了", "zh")
    assert not found_again("找了三天都没找到", "zh")
    assert not found_again("Pepper went missing and never came back", "en")
    assert not found_again("we still haven't found him", "en")


@pytest.mark.parametrize(("kept", "before", "expected"), [
    ("User has two cats named Mochi", "User has two cats named Mochi and Tofu", "User has a cat named Mochi"),
    ("User has three puppies: Rex and Bo", "User has three puppies: Rex, Ace and Bo",
     "User has two puppies: Rex and Bo"),
    ("用户养了两只狗，叫旺财", "用户养了两只狗，叫旺财和来福", "用户养了一只狗，叫旺财"),
    ("User has lived here two years with Mochi", "User has lived here two years with Mochi and Tofu",
     "User has lived here two years with Mochi"),
    ("", "User has two cats named Mochi and Tofu", ""),
])
def test_recounted_lowers_the_count_of_the_members_kept(kept: str, before: str, expected: str) -> None:
    assert recounted(kept, before) == expected


@pytest.mark.parametrize(("first", "then", "kept", "gone"), [
    ("I have two cats, Mochi and Tofu", "Tofu passed away last week 😢", "Mochi", "two cats"),
    ("我家有两只狗，旺财和来福", "来福上个月去世了，好难过", "旺财", "两只"),
])
def test_one_pet_of_two_dying_keeps_the_other_with_its_count(mem: EmbeddedMemory, first: str, then: str,
                                                             kept: str, gone: str) -> None:
    active = _two(mem, first, then)
    assert any(kept in d for d in active), active
    assert not any(gone in d for d in active), active


@pytest.mark.parametrize(("first", "then", "now"), [
    ("please email me rather than calling, I hate phone calls.", "其实微信联系我就行，别发邮件了，邮件我都不看",
     "微信"),
    ("有事直接给我打电话就好", "别再打电话了，有事微信我就行", "微信"),
    ("有事发微信给我就行", "以后用邮件联系我吧，消息太多看不过来", "邮件"),
])
def test_a_contact_channel_switched_in_chinese_supersedes_the_old(mem: EmbeddedMemory, first: str, then: str,
                                                                  now: str) -> None:
    active = _two(mem, first, then)
    contact = [d for d in active if "contacted" in d or "联系" in d]
    assert contact and all(now in d for d in contact), active


@pytest.mark.parametrize(("first", "then", "channel"), [
    ("Email me about work stuff, that's the best way to reach me.", "Just don't email me on weekends please.", "mail"),
    ("有事发微信给我就行", "晚上十点以后别发微信了，我要睡觉", "微信"),
])
def test_a_channel_refused_only_at_some_times_stays(mem: EmbeddedMemory, first: str, then: str,
                                                    channel: str) -> None:
    active = _two(mem, first, then)
    assert any(channel in d.casefold() and "not" not in d and "不希望" not in d for d in active), active
