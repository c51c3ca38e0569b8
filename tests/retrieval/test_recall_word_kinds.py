"""Recall of kinds of question a new user asks in other words than the memory (English and Chinese).

- a Chinese verb-object word asked whole ("还游泳吗") meets the verb said alone
  ("又开始游了"), so "现在" can weigh less than the content words;
- "上班" asks for the job as "工作" does;
- "what medication …?" / "吃什么药" finds a medicine named by its own name
  in a store of many other turns;
- a question about a trip finds the stay ("in Lyon for work this week"),
  which otherwise ranks below lasting facts.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memory_core.model import Turn
from memory_core.retrieval.categories import asks_stay
from memory_core.retrieval.idioms import plain_query, split_now_words
from memory_core.retrieval.verb_heads import verb_heads
from memory_core.service import Memory
from memory_core.text.tokenize import tokenize

T0 = datetime(2026, 5, 4, 9, tzinfo=UTC)

FILLER_EN = ["I live in Bristol.", "I work as an architect at a small studio.", "I have two rabbits.",
             "My sister Maya teaches maths.", "I love hiking in Wales.", "I'm learning Portuguese.",
             "I drink oat milk in my coffee.", "My favourite film is Amelie.", "I play the cello in an orchestra.",
             "We went to a jazz concert on Friday, great night.", "I bought a new bike last month.",
             "My knee is fine again after physio.", "I'm reading a novel about whales.",
             "The neighbours are noisy, they have a party every Saturday.", "I cook curry most Sundays.",
             "My partner Sam is a chef.", "I'm saving up for a new sofa.",
             "I got a promotion in March.", "I volunteer at a food bank on Tuesdays.", "I hate cold weather."]
FILLER_ZH = ["我住在成都。", "我在一家设计院做建筑师。", "我养了两只兔子。", "我姐姐小敏是数学老师。",
             "我喜欢去青城山徒步。", "我在学葡萄牙语。", "我咖啡里加燕麦奶。", "我最喜欢的电影是《天使爱美丽》。",
             "我在乐团拉大提琴。", "周五去听了爵士音乐会，很开心。", "上个月买了辆新自行车。",
             "膝盖做完理疗已经好了。", "最近在看一本讲鲸鱼的小说。", "邻居每周六都开派对，很吵。",
             "我周日一般做咖喱。", "我对象小山是厨师。", "在攒钱买新沙发。", "三月份升职了。",
             "每周二去食物银行做志愿者。", "我最怕冷。"]

CASES = {
    "en": {
        "filler": FILLER_EN,
        "old_sport": "Hurt my shoulder, so no more swimming for a while, the doctor says three months.",
        "new_sport": "Back in the pool! I swim twice a week now and did 40 lengths yesterday.",
        "sport_ask": "do I still swim?",
        "now_turn": "We moved! Now we're in a flat by the harbour, right now it is all boxes.",
        "job_ask": "where am I working now?", "job": "architect",
        "med": "My GP put me on metformin, one tablet with breakfast and one with dinner.",
        "med_ask": ["what medication am I on?", "我在吃什么药？"], "med_word": "metformin",
        "trip": "This week I'm in Lyon for work, staying at a hotel near the station.",
        "trip_ask": ["am I on a business trip?", "我在出差吗？"], "trip_word": "Lyon",
    },
    "zh": {
        "filler": FILLER_ZH,
        "old_sport": "肩膀拉伤了，游泳先停了，医生说至少三个月。",
        "new_sport": "又开始游了！现在每周游两次，昨天游了四十个来回。",
        "sport_ask": "我现在还游泳吗？",
        "now_turn": "搬家了！现在住在港口边上，家里全是箱子。",
        "job_ask": "我现在在哪上班？", "job": "设计院",
        "med": "医生让我开始吃二甲双胍，早饭晚饭各一片。",
        "med_ask": ["我在吃什么药？", "what medication am I on?"], "med_word": "二甲双胍",
        "trip": "这周在厦门出差，住在会展中心旁边的酒店。",
        "trip_ask": ["我在出差吗？", "am I on a business trip?"], "trip_word": "厦门",
    },
}


def _turns(texts: list[str]) -> list[Turn]:
    return [Turn(user_id="vi", turn_id=f"t{n}", session_id=f"s{n}", role="user", text=text,
                 timestamp=T0 + timedelta(days=n)) for n, text in enumerate(texts)]


def _top(memory: Memory, question: str, k: int) -> list[str]:
    return [r.item.description for r in memory.recall("vi", question, k=k).results]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_sport_taken_up_again_is_found_by_the_verb_object_word(memory: Memory, lang: str) -> None:
    case = CASES[lang]
    memory.ingest(_turns([*case["filler"][:10], case["old_sport"], case["now_turn"], case["new_sport"]]))
    top = memory.recall("vi", case["sport_ask"], k=2).results
    assert any("t12" in r.item.source for r in top), [(r.item.description, r.item.source) for r in top]
    assert all("t11" not in r.item.source for r in top), [r.item.description for r in top]  # not the "now" turn


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_where_do_i_work_now_finds_the_job_not_the_turn_that_says_now(memory: Memory, lang: str) -> None:
    case = CASES[lang]
    memory.ingest(_turns([*case["filler"], case["now_turn"]]))
    top = _top(memory, case["job_ask"], 3)
    assert top and case["job"] in top[0], top


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_medicine_named_by_its_name_answers_a_medication_question_in_a_grown_store(memory: Memory,
                                                                                     lang: str) -> None:
    case = CASES[lang]
    other = CASES["zh" if lang == "en" else "en"]["filler"]
    memory.ingest(_turns([case["filler"][0], case["med"], *case["filler"][1:], *other]))
    for question in case["med_ask"]:
        top = _top(memory, question, 3)
        assert any(case["med_word"] in d for d in top), (question, top)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_trip_question_finds_the_stay_before_lasting_facts(memory: Memory, lang: str) -> None:
    case = CASES[lang]
    memory.ingest(_turns([*case["filler"], case["trip"]]))
    for question in case["trip_ask"]:
        top = _top(memory, question, 3)
        assert top and case["trip_word"] in top[0], (question, top)


def test_verb_heads_of_verb_object_words_only() -> None:
    assert verb_heads(tokenize("我还游泳吗")) == ["游"]
    assert verb_heads(tokenize("你还唱歌吗")) == ["唱"]
    assert verb_heads(tokenize("我在哪工作")) == []  # 工 is no verb
    assert verb_heads(tokenize("do I still swim?")) == []
    assert verb_heads(["游泳", "游"]) == []  # already asked


def test_now_and_go_to_work_words_in_the_query() -> None:
    assert split_now_words(tokenize(plain_query("我现在在哪上班？")))[1] == ["现在"]
    assert split_now_words(tokenize(plain_query("我现在在哪上班？")))[0][0] == "上班"
    assert split_now_words(["现在"]) == (["现在"], [])  # nothing else asked: it stays the query
    assert "工作" in plain_query("我在哪上班") and "上班" in plain_query("我在哪上班")
    assert asks_stay(tokenize("am I on a business trip?")) and asks_stay(tokenize("我这周在哪出差"))
    assert not asks_stay(tokenize("where do I live?")) and not asks_stay(tokenize("我住哪"))
