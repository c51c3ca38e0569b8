"""Facts named in passing inside a longer turn are kept as items (new-user trial 38, finding 6): a pet named in a
later part of a turn, a partner named with an accent or set off by commas, a relative's partner under the relative, a
birth with its time before the weight, a business's name and wares, an instrument, a finding said as "it's …", a trip
planned with its time."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Turn
from memory_core.pipeline.birth_said import birth_said
from memory_core.pipeline.business_named import business_named
from memory_core.pipeline.doctor_said import own_report
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.relative_partner import zh_partner_of


def _facts(text: str) -> list[tuple[str, str]]:
    turn = Turn("u", "t1", "s", "user", text, datetime(2025, 3, 1, tzinfo=UTC))
    return [(c.key, c.description) for c in MechanicalExtractor().extract(turn) if c.key and not c.is_event]


def _keyed(text: str, prefix: str) -> list[str]:
    return [d for k, d in _facts(text) if k.startswith(prefix)]


@pytest.mark.parametrize(("text", "name"), [
    ("我们住在老城区，还有一只叫花卷的狸花猫", "花卷"),
    ("I live with my wife and our grumpy old cat Biscuit who's 14", "Biscuit"),
    ("Moved into a flat in Leith with my partner and our daft little staffy Bruno", "Bruno"),
    ("Got a kelpie pup! Red and tan girl, 9 weeks, named her Pip.", "Pip"),
    ("We adopted a greyhound last month, lovely boy, we called him Arlo.", "Arlo"),
    ("Picked up our new puppy today! Cream cavoodle, 10 weeks, we named him Teddy.", "Teddy"),
])
def test_a_pet_named_in_passing_is_the_users(text: str, name: str) -> None:
    assert any(name in d for d in _keyed(text, "fact:pet")), _facts(text)


@pytest.mark.parametrize("text", ["My sister and her dog Max came over", "my parents dog Rocky is sick",
                                  "Our neighbours and their dog Rex are loud"])
def test_another_persons_pet_is_not_the_users(text: str) -> None:
    assert not _keyed(text, "fact:pet"), _facts(text)


@pytest.mark.parametrize(("text", "name"), [
    ("I live in Ballincollig with my girlfriend Siobhán, she's a physio", "Siobhán"),
    ("Lily, now my fiancée, is moving in next month", "Lily"),
    ("阿杰是我男朋友", "阿杰"),
])
def test_a_partner_named_in_passing(text: str, name: str) -> None:
    assert any(name in d for d in _keyed(text, "fact:partner")), _facts(text)


@pytest.mark.parametrize(("text", "key", "name"), [
    ("闺女谈对象了，小伙子叫巴特尔，是个老师", "fact:女儿/partner", "巴特尔"),
    ("我妹妹脱单了，男朋友叫阿杰", "fact:妹妹/partner", "阿杰"),
    ("我儿子去年结婚了，媳妇叫小芳，在银行上班", "fact:儿子/partner", "小芳"),
    ("My daughter's boyfriend is called Jack", "fact:daughter/partner", "Jack"),
    ("my brother's wife Anna is lovely", "fact:brother/partner", "Anna"),
])
def test_a_relatives_partner_is_kept_under_the_relative(text: str, key: str, name: str) -> None:
    facts = _facts(text)
    assert any(k == key and name in d for k, d in facts), facts
    assert not any(k == "fact:partner" for k, _ in facts), facts
    assert not any("occupation" in k and "女儿" in k for k, _ in facts), facts  # the teacher is the boyfriend


def test_a_relatives_partner_needs_the_bond_before() -> None:
    assert zh_partner_of("男朋友叫阿杰", "我妹妹脱单了", "妹妹") == "我妹妹的男朋友叫阿杰"
    assert zh_partner_of("老公陪她逛街", "我妈来杭州了", "妈") is None
    assert zh_partner_of("男朋友叫阿杰", "我脱单了", "") is None


@pytest.mark.parametrize(("text", "said"), [
    ("He's here!!! Rory Murphy, born 3:12am, 3.6kg", "our son was born, his name is Rory Murphy"),
    ("宝宝出生了！男孩，6斤8两，叫小满", "儿子出生了，叫小满"),
    ("二宝出生了！是个男孩，叫乐乐", "二宝出生了，儿子出生了，叫乐乐"),
    ("Baby number two arrived this morning, a boy, Finn", "our baby number two arrived this morning. our son was born"),
])
def test_a_birth_is_said_as_the_family_cue_reads_it(text: str, said: str) -> None:
    assert said in birth_said(text)


def test_a_birth_by_order_counts_the_children() -> None:
    assert _keyed("二宝出生了！是个男孩，叫乐乐", "fact:children") == ["用户有两个孩子"]


@pytest.mark.parametrize(("text", "name"), [
    ("营业执照拿到了，名字叫“乌云的蒙古包”", "乌云的蒙古包"),
    ("店签了，在老城区，名字叫“糯米茶事”", "糯米茶事"),
    ("我开了家奶茶店，叫“一杯好茶”", "一杯好茶"),
    ("Decided, it's Rusty's Orchard. Registered the business name today.", "Rusty's Orchard"),
    ("I started my own business, a dog grooming van called Suds & Pups", "Suds & Pups"),
])
def test_the_users_business_by_its_name(text: str, name: str) -> None:
    assert any(name in d for d in _keyed(text, "fact:business")), _facts(text)


def test_a_naming_without_a_business_is_left_as_said() -> None:
    assert business_named("我养了只猫，名字叫咪咪") == "我养了只猫，名字叫咪咪"
    assert business_named("Decided, it's Friday. Going out.") == "Decided, it's Friday. Going out."


@pytest.mark.parametrize(("text", "wares"), [
    ("my shop on Amazon sells pet supplies", "pet supplies"),
    ("我在淘宝上开了个网店，卖手工饰品", "手工饰品"),
])
def test_what_the_users_business_sells(text: str, wares: str) -> None:
    assert any(wares in d for d in _keyed(text, "fact:business_sells")), _facts(text)


@pytest.mark.parametrize(("text", "value"), [
    ("年轻时候俺会拉马头琴", "马头琴"),
    ("我在学吹葫芦丝", "葫芦丝"),
    ("I play bass in a covers band on weekends", "bass"),
    ("I used to play the fiddle as a kid, picked it back up this year", "fiddle"),
    ("I've started learning the banjo", "banjo"),
])
def test_an_instrument_the_user_plays_is_a_hobby(text: str, value: str) -> None:
    assert any(value in k or value in d for k, d in _facts(text) if k.startswith("fact:hobby")), _facts(text)


def test_an_instrument_played_only_in_the_past_is_no_hobby() -> None:
    assert not [k for k, _ in _facts("I used to play piano when I was a kid") if k.startswith("fact:hobby")]


@pytest.mark.parametrize(("text", "said"), [
    ("ENT says it's tinnitus", "I have tinnitus"),
    ("The physio reckons it's tendonitis in my elbow", "I have tendonitis in my elbow"),
    ("去医院看了，说是腰椎间盘突出", "去医院看了，我查出来是腰椎间盘突出"),
    ("膝盖疼了好久，医生说是半月板损伤", "膝盖疼了好久，我查出来是半月板损伤"),
])
def test_a_finding_said_as_its_name_is_the_users(text: str, said: str) -> None:
    assert own_report(text) == said


@pytest.mark.parametrize("text", ["my mum's doctor says it's arthritis", "her GP said it was gout",
                                  "我妈去医院看了，说是腰椎间盘突出", "the doctor says it's nothing", "他说是开玩笑"])
def test_another_persons_finding_or_no_finding_is_left_as_said(text: str) -> None:
    assert own_report(text) == text


@pytest.mark.parametrize(("text", "allergen"), [
    ("I've developed a bee venom allergy", "bee venom"),
    ("Apparently I've developed an allergy to penicillin", "penicillin"),
])
def test_an_allergy_developed_later(text: str, allergen: str) -> None:
    assert any(allergen in k for k, _ in _facts(text) if k.startswith("fact:allergy")), _facts(text)


@pytest.mark.parametrize(("text", "place"), [
    ("我今年冬天打算去海南三亚待一个月", "三亚"),
    ("明年春天打算去云南大理住两个月", "大理"),
    ("我打算国庆去成都玩", "成都"),
    ("We're doing Japan in October", "Japan"),
    ("We're flying to Portugal for ten days in June", "Portugal"),
    ("I'm heading to Lisbon for two weeks in May", "Lisbon"),
])
def test_a_trip_with_its_time_is_a_plan_not_the_home(text: str, place: str) -> None:
    facts = _facts(text)
    assert any(place in d for k, d in facts if k.startswith("todo:")), facts
    assert not any(k.startswith("fact:lives_in") for k, _ in facts), facts


@pytest.mark.parametrize("text", ["I'm going to Tesco next week", "I'm going to Google next month"])
def test_an_errand_or_a_job_is_no_trip(text: str) -> None:
    assert not [k for k, _ in _facts(text) if k.startswith("todo:")]
