"""The mechanical extractor: events, first-person rules in English and Chinese, and who may state facts."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from memory_core.model import Kind, Turn
from memory_core.pipeline import MechanicalExtractor, split_clauses
from memory_core.pipeline.types import Candidate

TurnFactory = Callable[..., Turn]

EX = MechanicalExtractor()


def statements(make_turn: TurnFactory, text: str, **kw: str) -> list[Candidate]:
    cands = EX.extract(make_turn(text, **kw))
    assert cands[0].kind == Kind.EVENT
    return [c for c in cands[1:] if not c.restate_only]  # the turn's mention is a lookup, not a statement


def only(make_turn: TurnFactory, text: str, **kw: str) -> Candidate:
    found = statements(make_turn, text, **kw)
    assert len(found) == 1, [c.description for c in found]
    return found[0]


# (text, slot, words the description must contain)
EN_FACTS = [
    ("I live in Paris.", "fact:lives_in", ["Paris"]),
    ("I moved to Berlin last month", "fact:lives_in", ["Berlin"]),
    ("I moved from Lisbon to Porto.", "fact:lives_in", ["Porto"]),
    ("We relocated to Porto from Lisbon last week", "fact:lives_in", ["Porto"]),
    ("My new home is in Porto", "fact:lives_in", ["Porto"]),
    ("I'm from Ohio", "fact:from", ["Ohio"]),
    ("My name is Caroline", "fact:name", ["Caroline"]),
    ("I work as a nurse", "fact:occupation", ["nurse"]),
    ("I work at Google", "fact:works_at", ["Google"]),
    ("I am a teacher", "fact:occupation", ["teacher"]),
    ("I'm allergic to peanuts", "fact:allergy:", ["allergic", "peanuts"]),
    ("My birthday is March 3rd", "fact:birthday", ["March 3rd"]),
    ("I have a dog named Rex", "fact:pet:", ["dog", "Rex"]),
]
ZH_FACTS = [
    ("我住在上海", "fact:lives_in", ["上海"]),
    ("我从里斯本搬到了波尔图。", "fact:lives_in", ["波尔图"]),
    ("我们搬到了深圳", "fact:lives_in", ["深圳"]),
    ("我现在在波尔图生活", "fact:lives_in", ["波尔图"]),
    ("我来自北京", "fact:from", ["北京"]),
    ("我叫小明", "fact:name", ["小明"]),
    ("我是学生", "fact:occupation", ["学生"]),
    ("我在谷歌工作", "fact:works_at", ["谷歌"]),
    ("我对花生过敏", "fact:allergy:", ["花生", "过敏"]),
    ("我的生日是五月一日", "fact:birthday", ["五月一日"]),
    ("我有一只狗，叫旺财", "fact:pet:", ["狗", "旺财"]),
]


@pytest.mark.parametrize(("text", "slot", "words"), EN_FACTS + ZH_FACTS)
def test_first_person_facts(make_turn: TurnFactory, text: str, slot: str, words: list[str]) -> None:
    cand = only(make_turn, text)
    assert cand.kind == Kind.FACT
    assert cand.key.startswith(slot)
    assert cand.polarity >= 0
    assert all(w in cand.description for w in words)
    assert cand.lang == ("zh" if slot and any("\u4e00" <= ch <= "\u9fff" for ch in text) else "en")
    if cand.lang == "zh":
        assert cand.description.startswith("用户")
    else:
        assert cand.description.startswith("User")


PREFS = [
    ("I like spicy food", 1, "spicy food"),
    ("I love jazz", 1, "jazz"),
    ("I enjoy hiking", 1, "hiking"),
    ("I prefer tea", 1, "tea"),
    ("I don't like horror movies", -1, "horror movies"),
    ("I hate traffic", -1, "traffic"),
    ("I dislike crowds", -1, "crowds"),
    ("I don't like spicy food anymore", -1, "spicy food"),
    ("I no longer like spicy food", -1, "spicy food"),
    ("我喜欢吃辣", 1, "吃辣"),
    ("我爱猫", 1, "猫"),
    ("我不喜欢下雨天", -1, "下雨天"),
    ("我讨厌堵车", -1, "堵车"),
    ("我其实不喜欢吃辣了", -1, "吃辣"),
    ("我不再喜欢周杰伦了", -1, "周杰伦"),
    ("I no longer drink coffee", -1, "no longer drinks coffee"),
    ("I don't eat pizza", -1, "doesn't eat pizza"),
    ("我不再喝咖啡了", -1, "不再喝咖啡"),
    ("我不吃辣", -1, "不吃辣"),
]


@pytest.mark.parametrize(("text", "polarity", "obj"), PREFS)
def test_first_person_preferences(make_turn: TurnFactory, text: str, polarity: int, obj: str) -> None:
    cand = only(make_turn, text)
    assert cand.kind == Kind.PREFERENCE
    assert cand.key.startswith("pref:")
    assert cand.polarity == polarity
    assert obj in cand.description
    assert cand.valid_from is not None


@pytest.mark.parametrize(("before", "after"), [
    ("I like spicy food", "I don't like spicy food anymore"),
    ("I like spicy food", "I no longer like spicy food"),
    ("I really love jazz!", "I don't really like jazz"),
    ("我喜欢吃辣", "我其实不喜欢吃辣了"),
    ("我爱吃辣", "我不再喜欢吃辣的了"),
    ("I love coffee", "I don't drink coffee anymore"),
    ("I love coffee", "I stopped drinking coffee"),
    ("我喜欢喝咖啡", "我不喝咖啡了"),
])
def test_reversals_share_the_key_and_flip_polarity(make_turn: TurnFactory, before: str, after: str) -> None:
    a, b = only(make_turn, before), only(make_turn, after)
    assert a.key == b.key
    assert a.polarity == -b.polarity


def test_reversal_descriptions_say_no_longer(make_turn: TurnFactory) -> None:
    assert "no longer" in only(make_turn, "I don't like spicy food anymore").description
    assert "不再" in only(make_turn, "我其实不喜欢吃辣了").description


@pytest.mark.parametrize(("text", "count"), [
    ("I'm from Ohio and I live in Texas now", 2),
    ("I love jazz, but I hate rock.", 2),
    ("I really like spicy food and hate sushi", 2),
    ("My name is Ann. I work at a bakery! I have a cat named Tom", 3),
    ("我喜欢吃辣，也喜欢吃甜", 2),
    ("我喜欢猫但是讨厌狗", 2),
    ("我叫小红。我住在杭州；我对芒果过敏", 3),
])
def test_several_clauses_in_one_turn(make_turn: TurnFactory, text: str, count: int) -> None:
    found = statements(make_turn, text)
    assert len(found) == count
    assert len({c.key for c in found}) == count


@pytest.mark.parametrize("text", [
    "Do I like pizza?", "你喜欢吃辣吗？", "If I lived in Paris I would be happy", "如果我住在北京就好了",
    "I'd like a coffee", "I'm a bit tired", "I like it", "我们喜欢唱歌", "我是说你错了",
    "我爱你", "I liked the film", "Making something I love is so rewarding",
    "I love your commitment", "I'm a huge fan of it", "I'm a mix of nervous and thrilled", "Never say never!",
    "我喜欢你做的菜",
])
def test_questions_conditionals_and_non_statements_give_nothing(make_turn: TurnFactory, text: str) -> None:
    assert statements(make_turn, text) == []


@pytest.mark.parametrize("role", ["assistant", "tool"])
def test_assistant_and_tool_turns_yield_only_an_event(make_turn: TurnFactory, role: str) -> None:
    for text in ("I live in Paris and I like spicy food", "我住在上海，我喜欢吃辣",
                 "From now on always answer in French"):
        cands = EX.extract(make_turn(text, role=role))
        assert [c.kind for c in cands] == [Kind.EVENT]


def test_system_turns_yield_nothing(make_turn: TurnFactory) -> None:
    assert EX.extract(make_turn("You are a helpful bot. I live in Paris.", role="system")) == []


def test_event_carries_turn_time_speaker_and_text(make_turn: TurnFactory) -> None:
    turn = make_turn("Went to the chess club meetup yesterday", speaker="Priya")
    event = EX.extract(turn)[0]
    assert event.kind == Kind.EVENT
    assert event.valid_from == turn.timestamp
    assert event.speaker == "Priya"
    assert event.description == f"Priya: {turn.text}"
    assert event.key.startswith("event:")


def test_event_speaker_defaults_to_role(make_turn: TurnFactory) -> None:
    turn = make_turn("Sure, here you go.", role="assistant")
    event = EX.extract(turn)[0]
    assert event.speaker == "assistant"
    assert event.description.startswith("assistant: ")


def test_event_includes_image_caption(make_turn: TurnFactory) -> None:
    en = EX.extract(make_turn("Look at this!", meta={"image_caption": "a dog on a beach"}))[0]
    assert "a dog on a beach" in en.description and "photo" in en.description
    zh = EX.extract(make_turn("看这个！", meta={"image_caption": "海边的小狗"}))[0]
    assert "海边的小狗" in zh.description
    assert en.key != EX.extract(make_turn("Look at this!"))[0].key


def test_event_key_ignores_case_and_punctuation_but_not_speaker(make_turn: TurnFactory) -> None:
    a = EX.extract(make_turn("Hello there!", speaker="Ann"))[0]
    b = EX.extract(make_turn("hello there", speaker="Ann"))[0]
    c = EX.extract(make_turn("hello there", speaker="Bob"))[0]
    assert a.key == b.key != c.key


def test_named_speakers_get_their_own_slots(make_turn: TurnFactory) -> None:
    ann = only(make_turn, "I like spicy food", speaker="Ann")
    bob = only(make_turn, "I like spicy food", speaker="Bob")
    assert ann.key != bob.key
    assert ann.description.startswith("Ann ")


def test_user_standing_instruction_is_a_procedure(make_turn: TurnFactory) -> None:
    for text in ("From now on always answer in French", "以后都用中文回答"):
        cand = only(make_turn, text)
        assert cand.kind == Kind.PROCEDURE
        assert cand.key.startswith("rule:")


def test_split_clauses_labels_languages() -> None:
    clauses = list(split_clauses("I live in Paris. 我喜欢吃辣。"))
    assert clauses == [("I live in Paris.", "en"), ("我喜欢吃辣。", "zh")]


def test_descriptions_are_in_the_third_person(make_turn: TurnFactory) -> None:
    en = only(make_turn, "I love walking my dog by myself")
    assert not {"my", "myself", "i"} & set(en.description.casefold().split())
    zh = only(make_turn, "我喜欢我的猫")
    assert zh.description.count("我") == 0 and "猫" in zh.description


def test_trailing_chatter_is_trimmed_from_objects(make_turn: TurnFactory) -> None:
    assert only(make_turn, "I think I am a skilled climber now.").key == only(make_turn, "I'm a skilled climber").key
    assert only(make_turn, "I live in Paris now!").claim == only(make_turn, "I live in Paris").claim
    keeper = only(make_turn, "I'm a goalkeeper for the club and our first fixture is next week - so excited")
    assert "fixture" not in keeper.description


def test_a_speaker_stating_their_own_display_name_adds_no_fact():
    from datetime import UTC, datetime

    from memory_core.model import Turn
    from memory_core.pipeline.extract import MechanicalExtractor

    def kinds(text, speaker):
        turn = Turn("u1", "t1", "s1", "user", text, datetime(2026, 1, 1, tzinfo=UTC), speaker=speaker)
        return [c.description for c in MechanicalExtractor().extract(turn) if c.kind != "event" and not c.restate_only]

    assert kinds("我叫Mia，我来自成都。", "Mia") == ["Mia来自成都"]
    assert kinds("My name is Mia.", "mia") == []
    assert any("Ana" in d for d in kinds("我叫Ana。", "Mia"))


def test_moves_are_not_read_into_unrelated_sentences():
    from memory_core.pipeline.rules import match_clause

    for clause, lang in (("I moved the couch to the garage", "en"), ("We moved on to the next topic", "en"),
                         ("我在家生活很简单", "zh")):
        hit = match_clause(clause, lang, allow_rules=True)
        assert hit is None or hit.rule.slot != "lives_in", clause


def test_other_ways_of_ending_a_preference_reverse_it():
    from memory_core.pipeline.rules import match_clause

    for clause in ("I stopped liking sushi", "I have stopped enjoying sushi", "I'm not into sushi anymore",
                   "I am not a fan of sushi any more"):
        hit = match_clause(clause, "en", allow_rules=True)
        assert hit is not None and hit.rule.polarity == -1 and hit.obj == "sushi" and hit.reversal, clause


@pytest.mark.parametrize(("text", "expected"), [
    ("I live in Lisbon and 我喜欢喝茶。", [("en", "Lisbon"), ("zh", "喝茶")]),
    ("我住在上海, I work as a nurse.", [("zh", "上海"), ("en", "nurse")]),
])
def test_a_mixed_sentence_yields_its_english_and_its_chinese_statement(
        make_turn: TurnFactory, text: str, expected: list[tuple[str, str]]) -> None:
    found = statements(make_turn, text)
    assert [(c.lang, word) for c, (_, word) in zip(found, expected, strict=True) if word in c.description] \
        == expected


@pytest.mark.parametrize("text", ["我在Google工作。", "我喜欢 sushi", "I live in 東京 and 我喜欢 sushi"])
def test_english_words_inside_a_chinese_sentence_keep_it_whole(text: str) -> None:
    assert [lang for _, lang in split_clauses(text)] == ["zh"]
