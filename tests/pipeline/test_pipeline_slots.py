"""Memory stays true under change: slot keys, supersede, negation, trips, other people, restatements.

Each case feeds dated user turns through the mechanical pipeline into a real
(dict-backed) store and checks what is active afterwards, in English and Chinese.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest

from memory_core.model import Kind, Status, Turn
from memory_core.pipeline.slots import canon_object, lexicon, read_clause

TurnFactory = Callable[..., Turn]
Ingest = Callable[[Turn], list[Any]]

FILLER_EN = ["The weather was lovely today.", "We watched a film last night.", "Work was busy this week.",
             "I read a few pages before bed.", "The train was late again."]
FILLER_ZH = ["今天天气不错。", "昨晚看了一部电影。", "这周工作挺忙的。", "睡前看了几页书。", "地铁又晚点了。"]


def active_facts(store: Any, user: str = "u1") -> list[Any]:
    return [i for i in store.list_items(user, statuses=[Status.ACTIVE]) if i.kind != Kind.EVENT]


def feed(ingest: Ingest, make_turn: TurnFactory, *texts: str) -> None:
    for text in texts:
        ingest(make_turn(text))


def by_key(store: Any, key: str) -> list[Any]:
    return [i for i in active_facts(store) if i.key == key]


@pytest.mark.parametrize(("texts", "key", "current", "stale"), [
    (["I work at the city library.", "I work at Google now."], "fact:works_at", "Google", "library"),
    (["My office is at Google", "I joined Spotify last month"], "fact:works_at", "Spotify", "Google"),
    (["我在腾讯上班", "我换工作了，现在在谷歌工作"], "fact:works_at", "谷歌", "腾讯"),
    (["我在腾讯上班", "我已经从腾讯离职了"], "fact:works_at", "离职", "用户在腾讯工作"),
    (["I'm based in Berlin", "We relocated to Munich in May"], "fact:lives_in", "Munich", "Berlin"),
    (["我住在上海", "我上个月搬到了杭州"], "fact:lives_in", "杭州", "上海"),
    (["我住在杭州", "我上周末搬到苏州了。"], "fact:lives_in", "苏州", "杭州"),
    (["I'm a teacher", "I got a new job as a nurse"], "fact:occupation", "nurse", "teacher"),
    (["我是一名护士", "我现在当了医生"], "fact:occupation", "医生", "护士"),
    (["I work at ByteDance as a product manager.",
      "I relocated to Shenzhen for a new job at Tencent as a product manager."], "fact:works_at", "Tencent",
     "ByteDance"),
    (["我住在上海，在字节跳动做产品经理。",
      "I relocated to Shenzhen for a new job at Tencent as a product manager."], "fact:lives_in", "Shenzhen", "上海"),
    (["我在一家银行上班。", "我辞职了，现在在一家叫Skyscanner的公司做数据分析师。"], "fact:works_at", "Skyscanner",
     "银行"),
    (["I work at the hospital.", "I now work at a startup called Brightloop."], "fact:works_at", "Brightloop",
     "hospital"),
    (["I'm a teacher", "I work at Google as a nurse."], "fact:occupation", "nurse", "teacher"),
    (["I'm vegetarian", "I started eating meat again"], "fact:diet", "eats meat", "vegetarian"),
    (["我吃素", "我又开始吃肉了"], "fact:diet", "吃肉", "素食"),
])
def test_a_new_value_supersedes_the_old(store: Any, make_turn: TurnFactory, ingest: Ingest, texts: list[str],
                                        key: str, current: str, stale: str) -> None:
    feed(ingest, make_turn, *texts)
    items = by_key(store, key)
    assert len(items) == 1, [i.description for i in items]
    assert current in items[0].description and stale not in items[0].description
    old = [i for i in store.list_items("u1", statuses=[Status.SUPERSEDED]) if i.key == key]
    assert old and stale in old[0].description
    assert old[0].valid_until == items[0].valid_from  # ended at the new turn's own time


@pytest.mark.parametrize(("texts", "key", "negative"), [
    (["My favourite coffee is a flat white", "I don't drink coffee any more"], "pref:coffee", "no longer"),
    (["I love coffee", "I gave up coffee"], "pref:coffee", "no longer"),
    (["我每天都喝咖啡", "我已经戒了咖啡"], "pref:coffee", "不再"),
    (["我喜欢吃辣", "我现在不吃辣了"], "pref:spicy food", "不再"),
    (["I'm allergic to penicillin", "I'm no longer allergic to penicillin"], "fact:allergy:penicillin", "no longer"),
    (["I play the piano", "I gave up piano"], "fact:hobby:piano", "no longer"),
    (["I have a cat named Luna.", "Luna passed away last month, so I don't have a cat anymore."], "fact:pet:cat",
     "no longer"),
    (["我养了一只猫叫咪咪。", "咪咪上个月去世了，我现在没有猫了。"], "fact:pet:cat", "没有"),
])
def test_negation_and_cessation_end_the_positive_fact(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                      texts: list[str], key: str, negative: str) -> None:
    feed(ingest, make_turn, *texts)
    items = by_key(store, key)
    assert len(items) == 1 and negative in items[0].description


@pytest.mark.parametrize(("texts", "key", "word"), [
    (["I drink coffee every morning", "I've switched to tea"], "pref:coffee", "tea"),
    (["I drink coffee every morning", "I switched from coffee to green tea"], "pref:coffee", "tea"),
    (["我每天早上喝咖啡", "我现在改喝茶了"], "pref:coffee", "茶"),
])
def test_switching_drinks_ends_the_old_one(store: Any, make_turn: TurnFactory, ingest: Ingest, texts: list[str],
                                           key: str, word: str) -> None:
    feed(ingest, make_turn, *texts)
    coffee = [i for i in by_key(store, key) if "no longer" not in i.description and "不再" not in i.description]
    assert coffee == []
    assert any(word in i.description and i.key.startswith(("pref:tea", "pref:green tea"))
               for i in active_facts(store))


@pytest.mark.parametrize(("texts", "positive"), [
    (["I drink coffee", "I don't drink coffee any more", "I started drinking coffee again"], "drinks coffee"),
    (["我喝咖啡", "我不喝咖啡了", "我又开始喝咖啡了"], "喝咖啡"),
])
def test_a_reversal_of_a_reversal_is_current(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                             texts: list[str], positive: str) -> None:
    feed(ingest, make_turn, *texts)
    items = by_key(store, "pref:coffee")
    assert len(items) == 1 and positive in items[0].description and "不再" not in items[0].description
    assert "no longer" not in items[0].description


@pytest.mark.parametrize(("home", "trip", "place"), [
    ("I live in Lisbon", "I'm staying at a hotel in Madrid this week", "Lisbon"),
    ("I live in Lisbon", "Visiting my parents in Porto for a few days", "Lisbon"),
    ("我住在深圳", "我这周在上海出差，住在酒店", "深圳"),
    ("我住在深圳", "这几天暂住在朋友家，住在北京", "深圳"),
])
def test_a_trip_never_replaces_the_home(store: Any, make_turn: TurnFactory, ingest: Ingest, home: str, trip: str,
                                        place: str) -> None:
    feed(ingest, make_turn, home, trip)
    homes = by_key(store, "fact:lives_in")
    assert len(homes) == 1 and place in homes[0].description
    events = [i for i in store.list_items("u1", statuses=[Status.ACTIVE]) if i.kind == Kind.EVENT]
    trip_event = [e for e in events if e.valid_until is not None]
    assert len(trip_event) == 1 and trip_event[0].valid_until - trip_event[0].valid_from == timedelta(days=7)


@pytest.mark.parametrize(("own", "other", "key", "other_key"), [
    ("I live in Paris", "My sister lives in Rome", "fact:lives_in", "fact:sister/lives_in"),
    ("I work at Google", "My husband works at Apple", "fact:works_at", "fact:husband/works_at"),
    ("我住在上海", "我妈妈住在北京", "fact:lives_in", "fact:mom/lives_in"),
    ("我是一名护士", "我姐姐是老师", "fact:occupation", "fact:姐姐/occupation"),
])
def test_other_peoples_facts_never_touch_the_users(store: Any, make_turn: TurnFactory, ingest: Ingest, own: str,
                                                   other: str, key: str, other_key: str) -> None:
    feed(ingest, make_turn, own, other)
    assert len(by_key(store, key)) == 1
    assert len(by_key(store, other_key)) == 1


@pytest.mark.parametrize(("job", "other", "want"), [
    ("I work as a teacher.", "I became vegan.", "teacher"),
    ("I work as a paramedic.", "I became a mother last spring.", "paramedic"),
    ("我是一名护士", "我成了素食者", "护士"),
])
def test_becoming_something_other_than_a_job_leaves_the_job(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                           job: str, other: str, want: str) -> None:
    feed(ingest, make_turn, job, other)
    jobs = by_key(store, "fact:occupation")
    assert len(jobs) == 1 and want in jobs[0].description, jobs


@pytest.mark.parametrize("text", [
    "Am I still living in Paris?", "If I moved to Rome I'd be happier", "My friend said I should move to Rome",
    "I'm thinking about moving to Rome", "I used to live in Rome",
    "我还住在巴黎吗？", "如果我搬到罗马就好了", "我朋友说我应该搬到罗马", "我打算搬到罗马", "我以前住在罗马",
])
def test_questions_hypotheticals_and_reported_speech_change_nothing(store: Any, make_turn: TurnFactory,
                                                                    ingest: Ingest, text: str) -> None:
    feed(ingest, make_turn, "I live in Paris" if text.isascii() else "我住在巴黎", text)
    homes = by_key(store, "fact:lives_in")
    assert len(homes) == 1 and ("Paris" in homes[0].description or "巴黎" in homes[0].description)
    assert store.list_items("u1", statuses=[Status.SUPERSEDED]) == []


@pytest.mark.parametrize(("first", "again"), [
    ("I'm vegetarian", "I don't eat meat"),
    ("我是素食者", "我吃素"),
    ("I'm vegetarian", "我吃素"),
    ("I work at Google", "I work at Google"),
    ("我在腾讯上班", "我在腾讯工作"),
])
def test_a_restatement_is_a_hit_on_the_same_item(store: Any, make_turn: TurnFactory, ingest: Ingest, first: str,
                                                 again: str) -> None:
    feed(ingest, make_turn, first, again)
    facts = active_facts(store)
    assert len(facts) == 1
    assert facts[0].hit == 1 and len(facts[0].source) == 2


@pytest.mark.parametrize(("first", "detail", "want"), [
    ("I have a dog named Rex", "My dog Rex is 3 years old", "3 years old"),
    ("我养了一只猫，叫咪咪", "我的猫三岁了", "三岁"),
    ("I work at Google", "I work at Google in the Zurich office", "Zurich"),
])
def test_an_added_detail_revises_the_same_item(store: Any, make_turn: TurnFactory, ingest: Ingest, first: str,
                                               detail: str, want: str) -> None:
    feed(ingest, make_turn, first, detail)
    facts = active_facts(store)
    assert len(facts) == 1, [f.description for f in facts]
    assert want in facts[0].description
    assert [r.op for r in facts[0].history] == ["create", "update"]


def test_a_late_older_turn_is_stored_already_superseded(store: Any, make_turn: TurnFactory, ingest: Ingest) -> None:
    old = make_turn("I work at the bakery")
    new = make_turn("I work at the hospital now")
    ingest(new)
    ingest(old)
    current = by_key(store, "fact:works_at")
    assert len(current) == 1 and "hospital" in current[0].description


@pytest.mark.parametrize(("fact", "filler", "change", "key", "want"), [
    ("I drink coffee every morning", FILLER_EN, "I gave up coffee", "pref:coffee", "no longer"),
    ("我在腾讯上班", FILLER_ZH, "我已经离职了", "fact:works_at", "离职"),
])
def test_a_change_after_many_unrelated_turns(store: Any, make_turn: TurnFactory, ingest: Ingest, fact: str,
                                            filler: list[str], change: str, key: str, want: str) -> None:
    feed(ingest, make_turn, fact, *(filler * 9), change)
    items = by_key(store, key)
    assert len(items) == 1 and want in items[0].description


@pytest.mark.parametrize(("texts", "key"), [
    (["I like spicy food", "我不再喜欢吃辣了"], "pref:spicy food"),
    (["我在Google工作", "I work at Google"], "fact:works_at"),
    (["I work at Google", "我现在在Microsoft上班"], "fact:works_at"),
])
def test_mixed_language_turns_share_one_slot(store: Any, make_turn: TurnFactory, ingest: Ingest, texts: list[str],
                                             key: str) -> None:
    feed(ingest, make_turn, *texts)
    assert len(by_key(store, key)) == 1


@pytest.mark.parametrize("quit_text", ["我戒酒了，一滴都不喝了。", "I quit drinking alcohol."])
def test_giving_up_alcohol_ends_its_kinds(store: Any, make_turn: TurnFactory, ingest: Ingest, quit_text: str) -> None:
    feed(ingest, make_turn, "I drink a glass of red wine every night.", "我很喜欢喝啤酒。", quit_text)
    assert not by_key(store, "pref:red wine") and not by_key(store, "pref:beer")
    assert len(by_key(store, "pref:alcohol")) == 1


def test_assistant_small_talk_is_not_an_item(store: Any, make_turn: TurnFactory, ingest: Ingest) -> None:
    ingest(make_turn("Sure, glad to hear that!", role="assistant"))
    ingest(make_turn("好的，没问题！", role="assistant"))
    ingest(make_turn("Your flight to Oslo leaves at 9:40 on Friday.", role="assistant"))
    items = store.list_items("u1", statuses=[Status.ACTIVE])
    assert [i.description for i in items] == ["assistant: Your flight to Oslo leaves at 9:40 on Friday."]


def test_an_acknowledgement_that_something_is_remembered_is_small_talk(store: Any, make_turn: TurnFactory,
                                                                        ingest: Ingest) -> None:
    ingest(make_turn("Got it, I'll remember that.", role="assistant"))
    ingest(make_turn("Noted!", role="assistant"))
    ingest(make_turn("好的，我会记住的。", role="assistant"))
    ingest(make_turn("I'll remember that your sister lands on Friday.", role="assistant"))
    items = store.list_items("u1", statuses=[Status.ACTIVE])
    assert [i.description for i in items] == ["assistant: I'll remember that your sister lands on Friday."]


def test_a_greeting_addressed_by_name_is_small_talk(store: Any, make_turn: TurnFactory, ingest: Ingest) -> None:
    ingest(make_turn("Lovely to meet you, Dara!", role="assistant"))
    ingest(make_turn("Hey Marco.", role="assistant"))
    ingest(make_turn("认识你很高兴，阿珍！", role="assistant"))
    ingest(make_turn("Nice to meet you, Dara, and congrats on the new flat in Leeds!", role="assistant"))
    items = store.list_items("u1", statuses=[Status.ACTIVE])
    assert [i.description for i in items] == [
        "assistant: Nice to meet you, Dara, and congrats on the new flat in Leeds!"]


def test_canonical_objects_are_shared_across_languages() -> None:
    assert canon_object("coffee", "en") == canon_object("咖啡", "zh") == "coffee"
    assert canon_object("吃辣", "zh") == canon_object("spicy food", "en")
    assert canon_object("a rare thing", "en") == "a rare thing"


def test_the_lexicon_covers_the_required_attributes() -> None:
    ids = {a.id for a in lexicon().attributes}
    assert {"lives_in", "works_at", "occupation", "school", "diet", "drink", "eat", "allergy", "health",
            "medication", "partner", "pet", "family", "language", "hobby", "owns", "routine", "goal",
            "contact"} <= ids
    for attr in lexicon().attributes:
        assert attr.cues["en"] and attr.cues["zh"], attr.id


def test_a_clause_reading_says_why_it_was_skipped() -> None:
    assert read_clause("am I still at Google?", "en").skip == "question"
    assert read_clause("my boss thinks I work too much", "en").skip == "reported"
    assert read_clause("我打算搬到北京", "zh").skip == "hypothetical"
    assert read_clause("I'm staying at a hotel in Rome this week", "en").temporary


@pytest.mark.parametrize(("texts", "name"), [
    (["I've got a new girlfriend, her name is Ingrid."], "Ingrid"),
    (["My husband is Marco."], "Marco"),
    (["Lena and I split up. I'm now seeing Jonas, he's a chef."], "Jonas"),
    (["我有了新男朋友，他叫郑凯"], "郑凯"),
    (["我的老公是Diego"], "Diego"),
])
def test_a_partner_named_in_passing_is_the_partner_slot(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                        texts: list[str], name: str) -> None:
    feed(ingest, make_turn, *texts)
    assert [name in i.description for i in by_key(store, "fact:partner")] == [True]


@pytest.mark.parametrize(("text", "org"), [("I joined Stripe last spring.", "Stripe"),
                                           ("I signed with Adidas last year.", "Adidas")])
def test_an_employer_ends_before_a_lowercase_word(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                  text: str, org: str) -> None:
    feed(ingest, make_turn, text)
    assert [i.description for i in by_key(store, "fact:works_at")] == [f"User works at {org}"]


@pytest.mark.parametrize(("texts", "key"), [
    (["I relocated to Porto in March.", "我现在住在Porto。"], "fact:lives_in"),
    (["我在Airbus上班", "I work at Airbus."], "fact:works_at"),
    (["My wife is Chiara.", "我的妻子叫Chiara"], "fact:partner"),
])
def test_the_same_value_said_in_the_other_language_is_a_hit(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                            texts: list[str], key: str) -> None:
    feed(ingest, make_turn, *texts)
    items = by_key(store, key)
    assert len(items) == 1 and items[0].hit >= 1
    assert not [i for i in store.list_items("u1", statuses=[Status.SUPERSEDED]) if i.key == key]


def test_another_latin_value_in_the_other_language_is_still_a_change(store: Any, make_turn: TurnFactory,
                                                                     ingest: Ingest) -> None:
    feed(ingest, make_turn, "I live in Porto.", "我搬到Lisbon了")
    assert ["Lisbon" in i.description for i in by_key(store, "fact:lives_in")] == [True]


@pytest.mark.parametrize(("text", "key", "name"), [
    ("My cousin Omar works at Nokia.", "fact:cousin/omar/works_at", "Omar"),  # one has several cousins
    ("我妹妹Lucy住在悉尼", "fact:妹妹/lives_in", "Lucy"),
])
def test_a_relatives_name_stays_in_their_fact(store: Any, make_turn: TurnFactory, ingest: Ingest, text: str,
                                              key: str, name: str) -> None:
    feed(ingest, make_turn, text)
    assert [name in i.description for i in by_key(store, key)] == [True]


@pytest.mark.parametrize(("texts", "name"), [
    (["我的男朋友叫高远", "我和高远分手了，现在跟林峰在一起"], "林峰"),
    (["My girlfriend is Mei.", "Mei and I broke up. I'm seeing Carla now."], "Carla"),
])
def test_a_breakup_then_a_new_partner_in_one_turn_keeps_the_new_one(store: Any, make_turn: TurnFactory,
                                                                    ingest: Ingest, texts: list[str],
                                                                    name: str) -> None:
    feed(ingest, make_turn, *texts)
    assert [name in i.description for i in by_key(store, "fact:partner")] == [True]


def test_every_cue_compiles_though_cues_compile_on_first_use() -> None:
    from memory_core.pipeline.slot_lexicon import Lexicon
    assert lexicon().check() > 200
    with pytest.raises(ValueError, match="unknown word class"):
        Lexicon.expand(lexicon(), "%NOPE%x", "en")
