"""People and pets around the user, named in passing (new-user trial 40, issue 13).

"So Jess and I are officially dating" stored "User ares officially dating"; "家里的柯基叫汤圆", "我个仔叫乐乐" and "a
scruffy little terrier called Max" named no pet or child; "a beagle named Rex who … works as a therapy dog" made the
user a therapy dog; "绝育了，以后不能生小猫了" ended the cat; a day out with the partner or a pet's scrape joined their
item as a detail.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.detail_mood import mood_of
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.joint_subject import as_we
from memory_core.pipeline.their_episode import joint_outing, one_days_episode
from tests.pipeline._slot_items import live_texts, slot_items, statement_keys

AT = datetime(2026, 3, 4, 9, 0, tzinfo=UTC)


def _read(text: str) -> dict[str, str]:
    """The extractor's items of one user turn as the write path reads it (regional words made Mandarin first):
    ``key -> description``, events left out."""
    turn = Turn("u1", "t1", "s", "user", text, AT)
    return {c.key: c.description for c in MechanicalExtractor().extract(turn) if not c.key.startswith("event")}


@pytest.mark.parametrize("text", ["So Jess and I are officially dating", "btw Jess and I are officially dating",
                                  "Anyway Jess and I are officially dating, she works at Google"])
def test_a_pair_after_a_discourse_word_is_one_subject(text: str) -> None:
    said = [c for c, _ in split_clauses(text)]
    assert said and said[0].startswith("Jess and I"), said
    keys = statement_keys(text, at=AT)
    assert "Jess" in keys.get("fact:partner", (0, ""))[1], keys
    assert not [t for _, t in keys.values() if "ares" in t], keys


def test_a_joint_subject_after_a_discourse_word_moves_the_user() -> None:
    assert as_we("So my wife and I moved to Leeds", "en") == "we moved to Leeds"
    assert "fact:lives_in" in statement_keys("So my wife and I moved to Leeds", at=AT)
    assert as_we("So my wife and I got divorced", "en") == "So my wife and I got divorced"  # the bond is theirs


@pytest.mark.parametrize(("text", "name"), [
    ("We have a scruffy little terrier called Max.", "Max"),
    ("We've got a sweet 3-year-old beagle named Bruno", "Bruno"),
    ("家里的柯基叫汤圆", "汤圆"), ("家中那只猫叫咪咪，三岁了", "咪咪"),
])
def test_a_pet_described_or_at_home_is_named(text: str, name: str) -> None:
    keys = statement_keys(text, at=AT)
    assert any(k.startswith("fact:pet") and name in t for k, (_, t) in keys.items()), keys


@pytest.mark.parametrize("text", ["I have a neighbour with a dog called Max", "邻居家里的柯基叫汤圆",
                                  "家里的阿姨叫王姐"])
def test_another_persons_pet_or_a_helper_is_no_pet_of_the_users(text: str) -> None:
    keys = statement_keys(text, at=AT)
    assert not [k for k in keys if k.startswith("fact:pet")], keys


@pytest.mark.parametrize(("text", "key", "name"), [
    ("我个仔叫乐乐，今年五岁", "fact:family", "乐乐"), ("我个女朋友叫阿玲", "fact:partner", "阿玲"),
])
def test_a_cantonese_classifier_says_whose(text: str, key: str, name: str) -> None:
    keys = _read(text)
    assert any(k.startswith(key) and name in t for k, t in keys.items()), keys
    assert not [t for t in keys.values() if "女儿" in t], keys  # 我个女朋友 is no daughter


@pytest.mark.parametrize("text", [
    "I have a beagle named Rex who is 5 and works as a therapy dog.",
    "Our beagle Rex is 5 and works as a therapy dog at the children's hospital.",
])
def test_what_a_named_pet_does_is_not_the_users(text: str) -> None:
    keys = statement_keys(text, at=AT)
    assert "fact:pet:dog" in keys and "fact:occupation" not in keys, keys


def test_the_users_own_second_verb_after_a_pet_stays_theirs() -> None:
    assert "fact:occupation" in statement_keys("I have a dog and work as a vet", at=AT)


def test_a_pet_spayed_is_not_ended(tmp_path: Path) -> None:
    rows = slot_items(tmp_path / "zh", ["我养了只猫叫咪咪", "咪咪绝育了，以后不能生小猫了"], start=AT, days_apart=3)
    assert any(s == "active" and "咪咪" in t and k.startswith("fact:pet") for s, k, t in rows), rows
    assert mood_of("用户：咪咪绝育了，以后不能生小猫了", "zh") == ""
    assert mood_of("用户：咖啡不喝了", "zh") != ""  # a stop is still a stop


@pytest.mark.parametrize("text", ["旺财琴日死咗", "我只狗走咗"])
def test_a_cantonese_death_ends_the_pet(tmp_path: Path, text: str) -> None:
    rows = slot_items(tmp_path, ["我养了只狗叫旺财", text], start=AT, days_apart=3)
    assert not [t for s, k, t in rows if s == "active" and k.startswith("fact:pet") and "旺财" in t], rows


@pytest.mark.parametrize(("said", "episode"), [
    ("今天阿杰带我去吃火锅了", True), ("我和阿杰周末去爬山了", True), ("Rex stole a sandwich today", True),
    ("阿杰每天早上送我上班", False), ("Rex is a therapy dog", False), ("Rex sleeps on my bed every night", False),
])
def test_one_days_episode(said: str, episode: bool) -> None:
    assert one_days_episode(said) is episode


@pytest.mark.parametrize(("said", "outing"), [
    ("用户和阿杰去爬山了，累死", True), ("我跟老公去吃了火锅", True), ("Mia和阿杰去爬山了", False),
    ("用户和阿杰结婚三年了", False), ("阿杰给用户买了一束花", False),
])
def test_joint_outing(said: str, outing: bool) -> None:
    assert joint_outing(said, "用户") is outing


@pytest.mark.parametrize(("first", "then", "kept"), [
    ("我老公叫阿杰", "今天阿杰带我去吃火锅了", "阿杰"), ("我老公叫阿杰", "我和阿杰周末去爬山了", "阿杰"),
    ("我家柯基叫汤圆", "汤圆今天在公园跟别的狗打架了", "汤圆"), ("我老公叫阿杰", "我和阿杰去爬山了，累死", "阿杰"),
])
def test_a_days_outing_is_no_detail_of_the_partner_or_pet(tmp_path: Path, first: str, then: str, kept: str) -> None:
    texts = live_texts(tmp_path, [first, then], start=AT)
    assert any(kept in t for t in texts), texts
    assert not [t for t in texts if "火锅" in t or "爬山" in t or "打架" in t], texts


def test_a_pets_new_age_is_still_its_detail(tmp_path: Path) -> None:
    texts = live_texts(tmp_path, ["我家柯基叫汤圆", "汤圆今天三岁了"], start=AT)
    assert any("汤圆" in t and "三岁" in t for t in texts), texts


@pytest.mark.parametrize(("text", "name"), [
    ("我老公Tom今天又加班到十点", "Tom"), ("我男朋友阿杰今晚给我做了一桌菜。", "阿杰"),
    ("我跟周屿今天官宣了！！", "周屿"), ("婚礼办完啦，如今Sam正式是我老公了", "Sam"),
    ("阿哲和我在一起两年了，下个月一起去云南玩", "阿哲"), ("I have a new girlfriend, her name's Lulu", "Lulu"),
])
def test_a_partner_named_in_passing_is_stored(text: str, name: str) -> None:
    keys = statement_keys(text, at=AT)
    held = keys.get("fact:partner", (0, ""))[1]
    assert held.endswith(name) or f"{name}，" in held or f"是{name}" in held, keys


@pytest.mark.parametrize("text", ["我老公阿姨来了", "现在是我老公最忙的时候", "Lily是我老婆的闺蜜",
                                  "我老公Tom的妈妈来了"])
def test_no_partner_is_read_from_a_word_beside_the_partner(text: str) -> None:
    assert "fact:partner" not in statement_keys(text, at=AT)


@pytest.mark.parametrize(("text", "name"), [
    ("今天终于也去领养了一只！！橘猫，叫橙子🍊 跟奶盖差不多大", "橙子"),
    ("Our new kitten arrived today! her name's Lulu", "Lulu"),
    ("We finally brought the puppy home, her name's Lulu", "Lulu"),
])
def test_a_pet_named_a_sentence_on_is_stored(text: str, name: str) -> None:
    keys = statement_keys(text, at=AT)
    assert any(k.startswith("fact:pet") and name in t for k, (_, t) in keys.items()), keys
