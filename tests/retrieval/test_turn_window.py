"""Turn windows follow whom a turn is about; one result per source counts a turn recall cannot show."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from memory_core.model import Kind, MemoryItem, Status, Turn
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.index import RecallFilters
from memory_core.retrieval.stages import HYBRID_PRESETS
from memory_core.service import Memory
from memory_core.settings import Settings
from memory_core.store.sql import SqlStore

T0 = datetime(2025, 3, 1, tzinfo=UTC)
ON = replace(HYBRID_PRESETS["hybrid"], dense=False)


def session(texts: list[str], speaker: str = "Mia") -> tuple[list[MemoryItem], list[Turn]]:
    items, turns = [], []
    for n, text in enumerate(texts, start=1):
        at = T0 + timedelta(minutes=n)
        turns.append(Turn("u", f"t{n}", "s1", "user", text, at, speaker=speaker, seq=n))
        items.append(MemoryItem.create("u", f"{speaker}: {text}", "moments", kind=Kind.EVENT, turn_id=f"t{n}",
                                       at=at, valid_from=at, speaker=speaker))
    return items, turns


def slot(text: str, key: str, turn_id: str, kind: Kind = Kind.FACT) -> MemoryItem:
    return MemoryItem.create("u", text, "identity", kind=kind, turn_id=turn_id, at=T0, key=key, confidence=0.85)


def ranked(index: HybridIndex, query: str) -> list[str]:
    return [r.item.description for r in index.search(query, k=5, settings=ON)]


CASES = {
    "en": (["I live in York, by the old city walls.", "The train was late again today.",
            "My sister lives in Leeds with her two cats.", "I really love hiking on weekends.",
            "Work was busy this week."],
           ("User lives in York", "fact:lives_in@u", "t1"), ("User's sister lives in Leeds", "fact:sister/lives_in@u",
                                                              "t3"),
           ("User loves hiking", "pref:hiking@u", "t4"), "Where do I live?"),
    "zh": (["我住在杭州，离西湖不远。", "今天的地铁又晚点了。", "我妹妹住在上海，养了两只猫。", "我最喜欢吃火锅。",
            "这周工作很忙。"],
           ("用户住在杭州", "fact:lives_in@u", "t1"), ("用户的妹妹住在上海", "fact:妹妹/lives_in@u", "t3"),
           ("用户喜欢吃火锅", "pref:火锅@u", "t4"), "我住在哪里？"),
}


def build(lang: str, with_sister: bool = True) -> tuple[HybridIndex, list[MemoryItem], list[Turn]]:
    texts, home, sister, like, _ = CASES[lang]
    events, turns = session(texts)
    items = [*events, slot(*home), slot(*like, kind=Kind.PREFERENCE)]
    if with_sister:
        items.append(slot(*sister))
    return HybridIndex.build(items, turns, window=2), items, turns


def test_another_persons_turn_lifts_no_statement_of_the_user_beside_it():
    for lang, (texts, home, _, like, query) in CASES.items():
        index, _, _ = build(lang)
        got = ranked(index, query)
        assert got[0] == home[0], (lang, got)
        lifted = [n for n, d in enumerate(got) if d in (like[0], f"Mia: {texts[3]}")]
        assert not lifted or lifted[0] > 2, (lang, got)  # the statement beside the sister's turn: not lifted


def test_a_neighbour_of_unknown_subject_stays_in_the_window():
    # "At the bakery on Main Street." answers the question before it: the window still joins them
    events, turns = session(["Where do you work these days?", "At the bakery on Main Street.", "Nice!"])
    job = slot("User's job is at the bakery on Main Street", "fact:works_at@u", "t2")
    index = HybridIndex.build([*events, job], turns, window=2)
    assert any("bakery" in d for d in ranked(index, "Where do you work these days?")[:2])


def test_a_slot_item_added_later_recuts_its_neighbours_windows_as_a_fresh_build():
    for lang in CASES:
        index, items, turns = build(lang, with_sister=False)
        sister = slot(*CASES[lang][2])
        index.apply([sister], [])
        fresh = HybridIndex.build([*items, sister], turns, window=2)
        query = CASES[lang][4]
        assert [(r.item.id, r.score) for r in index.search(query, k=5, settings=ON)] == \
               [(r.item.id, r.score) for r in fresh.search(query, k=5, settings=ON)]


def test_a_fact_whose_first_turn_faded_is_not_shown_beside_its_two_shown_turns():
    for texts, fact_text, query in (
            (["I'm a big Arsenal fan.", "Arsenal won the derby again!", "Arsenal won at home, what a derby!"],
             "User is an Arsenal fan", "Arsenal won the derby"),
            (["我是阿森纳的球迷。", "阿森纳又赢了德比！", "阿森纳主场赢了德比，太棒了！"], "用户是阿森纳球迷",
             "阿森纳赢了德比")):
        events, turns = session(texts)
        # a looser statement (below CURATED_CONFIDENCE) does not stand for turns that say more than it does
        fan = replace(slot(fact_text, "pref:arsenal@u", "t1"), source=["t1", "t2", "t3"], confidence=0.8)
        faded = replace(events[0], status=Status.ARCHIVED)
        index = HybridIndex.build([faded, *events[1:], fan], turns, window=0)
        got = ranked(index, query)
        assert got == [events[2].description, events[1].description] or \
               got == [events[1].description, events[2].description], got  # not the fact a third time
        every = [r.item.description for r in index.search(query, k=5, settings=ON,
                                                          filters=RecallFilters(statuses=None))]
        # the faded turn is shown by itself or by the fact that says all it says (coverage.covered_by), once
        assert fact_text not in every[:2] and (faded.description in every) != (fact_text in every), every
        alone = HybridIndex.build([faded, fan], turns, window=0)  # nothing else shows it: the fact stays
        assert ranked(alone, query) == [fact_text]


def test_in_a_fresh_store_where_do_i_live_finds_the_home_first(tmp_path):
    lines = {"zh": ["我叫林晓", "我住在杭州，离西湖不远", "我在一家银行上班", "今天下雨了", "我妹妹住在上海",
                    "我最喜欢吃火锅", "周末我常去爬山", "我养了一只猫叫豆豆", "我妈妈是老师", "我对花生过敏"],
             "en": ["My name is Lin", "I live in York, by the old walls", "I work at a bank", "It rained today",
                    "My sister lives in Leeds", "I love spicy hotpot", "I go hiking most weekends",
                    "I have a cat called Bean", "My mom is a teacher", "I'm allergic to peanuts"]}
    for lang, query, home in (("zh", "我住在哪里？", "杭州"), ("en", "Where do I live?", "York")):
        store = SqlStore(f"sqlite:///{tmp_path / lang}.db", migrate=True)
        memory = Memory(store, settings=Settings(database_url="sqlite://", embedder="none"))
        memory.ingest([Turn("u", f"t{n}", "s1", "user", text, T0 + timedelta(minutes=n), speaker="user")
                       for n, text in enumerate(lines[lang])])
        got = [r.item.description for r in memory.recall("u", query, k=3).results]
        assert home in got[0], (lang, got)
        store.close()
