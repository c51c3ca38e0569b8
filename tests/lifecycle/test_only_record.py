"""Decay keeps a user's raw turn that is the only record of a person, a date or a health value it names."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from _turns import T0, session

from memory_core.eval.behaviour_cases import load_filler
from memory_core.lifecycle import ManualClock
from memory_core.lifecycle.only_record import named_things, only_records, stated_things
from memory_core.lifecycle.topic_turns import EVIDENCE_TURNS
from memory_core.model import Kind, MemoryItem, Status, Trust
from memory_core.service import Memory

# (a turn the write path keeps as a raw turn only, a question naming it, its word, chit-chat)
CASES = {
    "en": ("The pharmacist said metformin goes with meals, twice a day.", "What medication am I taking?", "metformin",
           ["Nice weather today.", "Watched a film tonight.", "Went for a long walk.", "Bit tired today."]),
    "zh": ("医生让我每天早晚各吃一次二甲双胍。", "我在吃什么药？", "二甲双胍",
           ["今天天气不错。", "晚上看了部电影。", "周末去爬山了。", "今天有点累。"]),
}
PERSON = {"en": "Lunch with my sister Mei on {d}, she is moving soon.", "zh": "和我姐姐约了{d}一起吃饭，她快搬家了。"}
DAYS = {"en": ["Friday", "Saturday", "Sunday", "Monday"], "zh": ["周五", "周六", "周日", "周一"]}


def _event(text: str, turn: str, at: datetime, theme: str = "moments", speaker: str = "user") -> MemoryItem:
    return MemoryItem.create("u1", f"{speaker}: {text}", theme, kind=Kind.EVENT, speaker=speaker, source=[turn],
                             valid_from=at, importance=0.4, trust=Trust.USER if speaker == "user" else Trust.AGENT)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_named_things_of_a_turn(lang: str) -> None:
    said, _, word, chat = CASES[lang]
    assert any(word in thing.casefold() for thing in named_things(said, True))  # the medication, by the detector
    assert any(t.startswith("person:") for t in named_things(PERSON[lang].format(d=DAYS[lang][0])))
    assert any(t.startswith("date:") for t in named_things(PERSON[lang].format(d=DAYS[lang][0])))
    assert all(not named_things(text, True) for text in chat)  # chit-chat names nothing


@pytest.mark.parametrize(("text", "person"), [
    ("我妈 changed plans, she's coming in December instead of January", "person:我妈"),
    ("我妈改主意了，她十二月就过来。", "person:我妈"),
    ("咱爸下个月退休。", "person:咱爸"),
    ("我姐说她要搬去深圳了。", "person:我姐"),
    ("my mom changed plans, she's coming in December", "person:mom"),
])
def test_the_everyday_possessive_kin_words_name_a_person(text: str, person: str) -> None:
    assert person in named_things(text)
    assert named_things("我们去吃饭了。") == frozenset() and named_things("我妈妈来了。") == {"person:妈妈"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_only_records_are_the_underived_named_turns_bounded_per_thing(lang: str) -> None:
    said, _, _, chat = CASES[lang]
    med = _event(said, "t1", T0, theme="sensitive")
    mentions = [_event(PERSON[lang].format(d=DAYS[lang][0]), f"p{n}", T0 + timedelta(days=n + 1))
                for n in range(4)]
    small = [_event(text, f"c{n}", T0 + timedelta(days=10 + n)) for n, text in enumerate(chat)]
    reply = _event(said, "a1", T0, speaker="assistant")
    kept = only_records([med, *mentions, *small, reply])
    # the medication turn; of four like mentions of one person and day, the latest EVIDENCE_TURNS; no chit-chat,
    # no assistant's reply
    assert kept == {med.id, *(e.id for e in mentions[-EVIDENCE_TURNS:])}
    derived = MemoryItem.create("u1", "User takes " + CASES[lang][2], "health", kind=Kind.FACT, source=["t1"],
                                valid_from=T0)
    assert med.id not in only_records([med, derived, *mentions])  # an active item derived from it: evidence rules


ASK = {"en": ("When do I see my sister?", "Mei"), "zh": ("我什么时候和姐姐吃饭？", "姐姐")}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_maintenance_keeps_the_only_record_and_recall_finds_it(memory: Memory, clock: ManualClock, lang: str) -> None:
    said, _, word, _ = CASES[lang]
    question, name = ASK[lang]
    memory.ingest(session("u1", "s0", T0, [said, PERSON[lang].format(d=DAYS[lang][0])]))
    derived = [i for i in memory.store.list_items_for_index("u1", ("active",))
               if i.kind not in (Kind.EVENT, Kind.SUMMARY)]
    assert not derived  # the write path keeps both turns as raw turns only: each is the only record
    small_talk = [user for user, _ in load_filler()[lang]][:42]  # six weeks of it, a new session each day
    for day, text in enumerate(small_talk, start=1):
        memory.ingest(session("u1", f"s{day}", T0 + timedelta(days=day), [text]))
    assert any(name in r.item.description for r in memory.recall("u1", question, k=5).results)
    clock.set(T0 + timedelta(days=45))
    reports = memory.maintain("u1")
    assert sum(r.archived for r in reports) > 0  # decay did run: the small talk faded
    items = memory.store.list_items_for_index("u1", ("active", "archived"))
    assert all(i.status == Status.ACTIVE for i in items if i.kind == Kind.EVENT and word in i.description)
    assert all(i.status == Status.ACTIVE for i in items if i.kind == Kind.EVENT and name in i.description)
    assert any(i.status == Status.ARCHIVED and small_talk[0] in i.description for i in items)
    assert any(name in r.item.description for r in memory.recall("u1", question, k=5).results)
    assert memory.store.self_check().status == "OK"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_small_episodes_fold_into_the_month(
        memory: Memory, clock: ManualClock, lang: str) -> None:
    small_talk = [user for user, _ in load_filler()[lang]][:12]
    for day, text in enumerate(small_talk):  # a turn a day: one-turn episodes
        memory.ingest(session("u1", f"s{day}", T0 + timedelta(days=day), [text]))
    memory.ingest(session("u1", "big", T0 + timedelta(days=14), small_talk[:3], prefix="b"))  # three user turns
    clock.set(T0.replace(month=4, day=2))
    memory.maintain("u1")
    summaries = memory.store.list_items("u1", kind=Kind.SUMMARY, statuses=None)
    episodes = [s for s in summaries if s.key.startswith("summary:episode:")]
    assert [s.key for s in episodes] == ["summary:episode:big:b-0"]  # no recap of a single turn
    [month] = [s for s in summaries if s.key == "summary:month:2025-03"]
    folded = [t for t in month.source if t.startswith("s")]  # the small episodes' first turns, one per day
    assert "b-0" in month.source and len(folded) >= 3 and len(set(folded)) == len(folded)
    n = len(month.source)
    assert (f"{n} 次对话" if lang == "zh" else f"({n} conversations)") in month.description


MISSED = {"en": "Switched jobs! The new place is a small solar energy startup, ten minutes on foot.",
          "zh": "跳槽了！新公司是启明星能源，离家近多了，走路十分钟"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_statement_naming_nothing_waits_for_its_months_summary(memory: Memory, clock: ManualClock,
                                                                 lang: str) -> None:
    memory.ingest(session("u1", "s0", T0, [MISSED[lang]]))
    assert not [i for i in memory.store.list_items("u1") if i.kind not in (Kind.EVENT, Kind.SUMMARY)]
    questions = [user for user, _ in load_filler()[lang] if user.rstrip().endswith(("?", "？"))][:40]
    for day, text in enumerate(questions[:20], start=1):  # the rest of March: questions to the assistant
        memory.ingest(session("u1", f"s{day}", T0 + timedelta(days=day), [text]))
    clock.set(T0 + timedelta(days=21))
    memory.maintain("u1")
    items = memory.store.list_items_for_index("u1", ("active", "archived"))
    said = next(i for i in items if i.kind == Kind.EVENT and MISSED[lang][:8] in i.description)
    assert said.status == Status.ACTIVE  # its month is not summed up: the raw turn is all there is of it
    assert any(i.status == Status.ARCHIVED and questions[0] in i.description for i in items)
    for day, text in enumerate(questions[20:], start=40):  # April: March's summary is written
        memory.ingest(session("u1", f"s{day}", T0 + timedelta(days=day), [text]))
    clock.set(T0 + timedelta(days=60))
    memory.maintain("u1")
    sums = memory.store.list_items("u1", kind=Kind.SUMMARY, statuses=None)
    assert "summary:month:2025-03" in {i.key for i in sums}  # its turns were all read before March ended
    # a job change is a life event (``personal.life_event``): it decays slowly, past its month's summary
    assert memory.store.get("u1", said.id).status == Status.ACTIVE
    assert memory.store.self_check().status == "OK"


# (a statement of the speaker's own, small talk and questions that state nothing)
STATED = {"en": ("I still sleep with a teddy bear.", ["Nice weather today.", "Watched a film tonight.",
                                                       "How many moons does Jupiter have?"]),
          "zh": ("我到现在还抱着玩偶睡觉。", ["今天天气不错。", "晚上看了部电影。", "木星有几颗卫星？"])}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stated_things_are_the_speakers_statements_not_small_talk(lang: str) -> None:
    said, chat = STATED[lang]
    assert stated_things(f"user: {said}")  # a statement in the user's own words
    assert stated_things("user: I'm on Verizon" if lang == "en" else "user: 我对猫毛过敏")  # a slot reading
    assert all(not stated_things(f"user: {text}") for text in chat)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_underived_statement_outlives_its_months_summary_a_superseded_one_does_not(lang: str) -> None:
    said, chat = STATED[lang]
    statement = _event(said, "t1", T0)
    small = [_event(text, f"c{n}", T0 + timedelta(days=n + 1)) for n, text in enumerate(chat)]
    kept = only_records([statement, *small], summed_to="2025-04", now_month="2025-06")
    assert kept == {statement.id}  # its month is summed up; it is still the only record of what it says
    assert statement.id not in only_records([statement, *small], derived=["t1"], summed_to="2025-04",
                                            now_month="2025-06")  # its item was superseded: the history holds it


def test_a_name_no_active_item_holds_keeps_the_turn_an_item_was_derived_from() -> None:
    said = _event("I live in Hackney with my girlfriend Sarah.", "t1", T0)
    home = MemoryItem.create("u1", "User lives in Hackney", "places", kind=Kind.FACT, source=["t1"], valid_from=T0)
    assert said.id in only_records([said, home])  # Sarah is in no active item: the raw turn is her only record
    both = MemoryItem.create("u1", "User's girlfriend is Sarah", "relationships", kind=Kind.FACT, source=["t1"],
                             valid_from=T0)
    assert said.id not in only_records([said, home, both])  # every name it holds has an item: evidence only
