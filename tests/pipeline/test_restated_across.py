"""The same thing said again is a hit on the user's item, in either language and word order, and never a second
item; a named person's likes and a mishap said to have happened again state
nothing of the user. English and Chinese, with near misses that must stay as they were."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.embedded import open_memory
from memory_core.model import Kind, Status, Turn
from memory_core.pipeline.han_variants import fold, variant_pairs
from memory_core.pipeline.mishap import mishap_again
from memory_core.pipeline.place_names import names_of
from memory_core.pipeline.slots import read_clause
from memory_core.settings import Settings

START = datetime(2025, 3, 1, 9, tzinfo=UTC)


def _items(tmp_path: Path, texts: list[str]) -> list[tuple[str, int]]:
    """(description, hit) of each active non-event item after ``texts`` as user turns 30 days apart."""
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, START + timedelta(days=30 * n))
                   for n, text in enumerate(texts)])
    return [(i.description, i.hit) for i in memory.store.list_items("u1", statuses=[Status.ACTIVE])
            if i.kind != Kind.EVENT]


def test_variant_pairs_need_several_cities_and_leave_suffixes_alone() -> None:
    cities = [["維也納", "维也纳"], ["納什維爾", "纳什维尔"], ["新市", "新村"], ["安平县", "安平镇"]]
    pairs = variant_pairs(cities, min_cities=2)
    assert ("維", "维") in {tuple(sorted(p)) for p in pairs} or ("维", "維") in pairs
    assert not any("市" in p or "村" in p or "县" in p for p in pairs)


def test_a_city_spelled_in_the_other_characters_is_found() -> None:
    assert fold("溫哥華") == fold("温哥华")
    assert "vancouver" in names_of("温哥华")
    assert names_of("北京") and "上海" not in names_of("北京")


@pytest.mark.parametrize("texts", [
    ["I live in Vancouver.", "我住在温哥华。"],
    ["我现在住在温哥华", "I live in Vancouver, it rains all winter"],
])
def test_a_home_said_again_in_the_other_language_is_a_hit(tmp_path: Path, texts: list[str]) -> None:
    items = _items(tmp_path, texts)
    homes = [(text, hit) for text, hit in items if "Vancouver" in text or "温哥华" in text]
    assert len(homes) == 1 and homes[0][1] == 1, items


@pytest.mark.parametrize(("clause", "key"), [
    ("我绿茶每天都喝", "pref:green tea"),
    ("我每天都喝绿茶", "pref:green tea"),
    ("我乌龙茶每天都喝", "pref:oolong"),
    ("我每天喝乌龙茶", "pref:oolong"),
    ("我咖啡每天都喝", "pref:coffee"),
])
def test_a_drink_put_first_keeps_its_key(clause: str, key: str) -> None:
    assert [h.key for h in read_clause(clause, "zh", "用户", False, context=clause).hits] == [key]


@pytest.mark.parametrize(("texts", "mine", "theirs"), [
    (["I love horror movies", "Tom doesn't like horror movies, so we watched a comedy"], "horror", "Tom"),
    (["I love hiking", "Sarah loves hiking too, she does the Peak District every month"], "hiking", "Sarah"),
    (["我喜欢爬山", "小王也喜欢爬山，他每个月都去黄山"], "爬山", "小王"),
])
def test_a_named_persons_like_is_no_hit_nor_text_of_the_users(tmp_path: Path, texts: list[str], mine: str,
                                                               theirs: str) -> None:
    items = _items(tmp_path, texts)
    own = [(text, hit) for text, hit in items if mine in text]
    assert len(own) == 1 and own[0][1] == 0 and theirs not in own[0][0], items


def test_a_pet_the_user_named_may_still_be_spoken_of(tmp_path: Path) -> None:
    items = _items(tmp_path, ["I have a cat named Mochi", "Mochi loves tuna, she begs for it every night"])
    assert any("Mochi" in text and hit == 1 for text, hit in items), items


@pytest.mark.parametrize(("text", "again"), [
    ("笑死，我又迟到了", True),
    ("哈哈我又睡过头了，闹钟没响", True),
    ("lol I overslept again", True),
    ("ugh, missed the bus again haha", True),
    ("我经常迟到，早上起不来", False),
    ("I'm always late for morning meetings", False),
    ("我又开始跑步了", False),
    ("I started running again", False),
    ("late again?", False),
])
def test_a_mishap_said_again_is_told_from_a_habit(text: str, again: bool) -> None:
    assert mishap_again(text) is again


@pytest.mark.parametrize(("text", "word"), [
    ("笑死，我又迟到了", "迟到"),
    ("lol I overslept again", "overslept"),
])
def test_a_mishap_said_again_is_no_item(tmp_path: Path, text: str, word: str) -> None:
    assert not any(word[:5] in description for description, _ in _items(tmp_path, [text])), text


def test_a_habit_of_being_late_is_kept(tmp_path: Path) -> None:
    assert any("迟到" in text for text, _ in _items(tmp_path, ["我经常迟到，早上起不来"]))
