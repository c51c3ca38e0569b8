"""Full-width letters and emoji: what the rules read, and what the memory keeps."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.pipeline.plain_text import EMOJI_MEANINGS, emoji_only, fold_width, reading_text
from memory_core.shipped_yaml import load_shipped


def _all(mem: EmbeddedMemory) -> list[dict[str, object]]:
    return [dict(i) for i in mem._list("u", None)]


def test_full_width_letters_fold_and_chinese_punctuation_stays() -> None:
    assert fold_width("Ｉ ｌｉｖｅ ｉｎ Ｔｏｋｙｏ") == "I live in Tokyo"
    assert fold_width("我在ＩＫＥＡ上班，３年了！") == "我在IKEA上班，3年了！"


@pytest.mark.parametrize(("text", "read"), [
    ("I love 🍣", "I love sushi"), ("我超爱🍜", "我超爱拉面"), ("moved to Berlin 🎉", "moved to Berlin"),
    ("I love sushi 😍", "I love sushi"), ("moved to Berlin 🎉 so happy", "moved to Berlin 🎉 so happy"),
    ("离职了，下个月入职阿里 🎉", "离职了，下个月入职阿里"), ("咖啡戒了 ☹️。", "咖啡戒了。"),
    ("开心😊今天去爬山了", "开心😊今天去爬山了"), ("the camera is 🔥", "the camera is 🔥"),
    ("我最爱吃🦪了，我住在杭州。", "我住在杭州。"), ("I really love 🦪", ""),
])
def test_emoji_are_read_as_their_word_or_left_out(text: str, read: str) -> None:
    assert reading_text(text) == read


@pytest.mark.parametrize(("text", "only"), [("👍", True), ("😂😂", True), ("❤️❤️!", True), ("好的👍", False),
                                            ("ok 👍", False), ("", False)])
def test_emoji_only(text: str, only: bool) -> None:
    assert emoji_only(text) is only


def test_every_emoji_meaning_is_a_member_of_the_category_lexicon() -> None:
    members = {str(m) for entry in load_shipped("data", "categories.yaml") for m in entry["members"]}
    assert {w for pair in EMOJI_MEANINGS.values() for w in pair} <= members


@pytest.mark.parametrize(("text", "value", "key"), [
    ("Ｉ ｌｉｖｅ ｉｎ Ｔｏｋｙｏ", "Tokyo", "fact:lives_in"), ("I work at ＩＫＥＡ.", "IKEA", "fact:works_at"),
    ("我在ＩＫＥＡ上班。", "IKEA", "fact:works_at"), ("我住在１２号楼旁边的杭州。", "杭州", "fact:lives_in"),
])
def test_full_width_text_keys_like_plain_text_and_the_event_keeps_it(
        mem: EmbeddedMemory, text: str, value: str, key: str) -> None:
    mem.add(text, user_id="u", timestamp="2025-02-01T10:00:00Z")
    items = _all(mem)
    assert [i for i in items if i["key"] == key and value in str(i["description"])], items
    assert [i for i in items if i["kind"] == "event" and text in str(i["description"])], items


@pytest.mark.parametrize(("text", "word"), [("I love 🍣", "sushi"), ("我超爱🍜", "拉面")])
def test_a_food_emoji_is_stored_with_its_meaning(mem: EmbeddedMemory, text: str, word: str) -> None:
    mem.add(text, user_id="u", timestamp="2025-02-01T10:00:00Z")
    liked = [i for i in _all(mem) if i["kind"] == "preference"]
    assert liked and all(word in str(i["description"]) for i in liked), liked


@pytest.mark.parametrize("text", ["我最爱吃🦪了", "I really love 🦪"])
def test_an_emoji_with_no_word_gives_no_garbled_value(mem: EmbeddedMemory, text: str) -> None:
    mem.add(text, user_id="u", timestamp="2025-02-01T10:00:00Z")
    assert [i["kind"] for i in _all(mem)] == ["event"]


def test_emoji_only_turns_store_nothing(mem: EmbeddedMemory) -> None:
    for n, text in enumerate(["👍", "😂😂", "❤️❤️❤️", "🎉"]):
        mem.add(text, user_id="u", timestamp=f"2025-02-0{n + 1}T10:00:00Z")
    assert _all(mem) == []


@pytest.mark.parametrize(("old", "new", "now", "then"), [
    ("I live in Hamburg.", "moved to Berlin 🎉", "Berlin", "Hamburg"),
    ("我住在无锡。", "搬到常州啦🎉🎉", "常州", "无锡"),
    ("我在字节跳动做产品经理", "离职了，下个月入职阿里 🎉", "阿里", "字节跳动"),
    ("I work at Shopify.", "quit Shopify, starting at Figma next month 🎉🎉", "Figma", "Shopify"),
])
def test_a_reaction_emoji_inside_a_change_changes_nothing_of_it(
        mem: EmbeddedMemory, old: str, new: str, now: str, then: str) -> None:
    mem.add(old, user_id="u", timestamp="2025-02-01T10:00:00Z")
    mem.add(new, user_id="u", timestamp="2025-08-01T10:00:00Z")
    active = [str(i["description"]) for i in _all(mem) if i["kind"] != "event" and i["status"] == "active"]
    assert any(now in d for d in active) and not any(then in d or "🎉" in d for d in active), active


@pytest.mark.parametrize(("text", "value"), [("I live in Lee\u200bds.", "Leeds"), ("我住在杭\u200b州。", "杭州"),
                                             ("I work at Goo\ufeffgle.", "Google")])
def test_an_invisible_character_inside_a_value_is_left_out(mem: EmbeddedMemory, text: str, value: str) -> None:
    mem.add(text, user_id="u")
    facts = [r["description"] for r in mem.get_all(user_id="u") if r["kind"] != "event"]
    assert any(value in f for f in facts) and not any("\u200b" in f or "\ufeff" in f for f in facts), facts


@pytest.mark.parametrize(("text", "read"), [
    ("also i love craft beer on fridays 🍺", "also i love craft beer on fridays"),
    ("love a cold beer on a hot day 🍺", "love a cold beer on a hot day"),
    ("Friday night = beers 🍻", "Friday night = beers"),
    ("I drink coffee every morning ☕ with oat milk", "I drink coffee every morning with oat milk"),
    ("周五喝精酿啤酒🍺最开心", "周五喝精酿啤酒 最开心"),
    # near misses: the word is not in the clause, so the emoji still says it
    ("I hate coffee, I love 🍵", "I hate coffee, I love tea"),
    ("我爱喝啤酒，周五喝🍺", "我爱喝啤酒，周五喝啤酒"),
    ("I love 🍣", "I love sushi"),
    ("my beetroot salad and a 🍺", "my beetroot salad and a beer"),
])
def test_an_emoji_whose_word_its_clause_holds_is_not_read_twice(text: str, read: str) -> None:
    assert reading_text(text) == read


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("我住在奥斯陆 🇳🇴 ﷽ 𝓗𝓮𝓵𝓵𝓸", "我住在奥斯陆"),
        ("I live in Oslo ﷽ 𝓗𝓮𝓵𝓵𝓸", "I live in Oslo"),
        ("我住在奥斯陆 ﷽。我在 DNB 工作", "我住在奥斯陆。我在 DNB 工作"),
        ("my name is 𝓗𝓮𝓵𝓵𝓸 Kitty fan", "my name is 𝓗𝓮𝓵𝓵𝓸 Kitty fan"),  # inside a clause: as written
    ],
)
def test_decoration_closing_a_clause_is_left_out(text: str, read: str) -> None:
    assert reading_text(text) == read


@pytest.mark.parametrize(("text", "value"), [("我住在奥斯陆 🇳🇴 ﷽ 𝓗𝓮𝓵𝓵𝓸", "奥斯陆"), ("I live in Oslo ﷽ 𝓗𝓮𝓵𝓵𝓸", "Oslo")])
def test_a_home_ends_at_the_place_name(mem: EmbeddedMemory, text: str, value: str) -> None:
    mem.add(text, user_id="u")
    facts = [str(r["description"]) for r in mem.get_all(user_id="u") if r["kind"] != "event"]
    assert any(f.endswith(value) for f in facts) and not any("﷽" in f or "𝓗" in f for f in facts), facts
