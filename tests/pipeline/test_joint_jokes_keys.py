"""A new user's trial on the write path, in English and Chinese: a joint subject or "we" moves the user, jokes and
hyperbole state no fact, a Latin-script employer inside Chinese keeps the employer key, a "none" value reads as
none when masked, and a correction that arrives before what it corrects stays current."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _slot_items import live

from memory_core.model import Status, Turn
from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.jest import is_hyperbole, joke_sentences
from memory_core.pipeline.sensitive import mask

TurnFactory = Callable[..., Turn]
Ingest = Callable[[Turn], list[Any]]


def texts(store: Any) -> list[str]:
    return [i.description for i in live(store)]


def slot(store: Any, key: str) -> list[tuple[str, str]]:
    """(status, description) of the user's items under ``key``, superseded ones included."""
    return [(str(i.status), i.description) for i in store.list_items("u1", statuses=None) if i.key == key]


@pytest.mark.parametrize(("home", "said", "now", "gone"), [
    ("I live in Leeds.", "We're in Manchester now.", "Manchester", "Leeds"),
    ("I live in Glasgow.", "My partner and I are in Edinburgh now.", "Edinburgh", "Glasgow"),
    ("我住在上海。", "我和老公搬到杭州了。", "杭州", "上海"),
    ("我住在南京。", "我跟我老婆现在住在苏州。", "苏州", "南京"),
    ("我住在上海。", "我和老公阿杰上个月搬到杭州了。", "杭州", "上海"),
])
def test_we_or_the_user_and_a_partner_move_the_user(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                   home: str, said: str, now: str, gone: str) -> None:
    ingest(make_turn(home))
    ingest(make_turn(said))
    homes = [d for s, d in slot(store, "fact:lives_in") if s == Status.ACTIVE]
    assert len(homes) == 1 and now in homes[0], slot(store, "fact:lives_in")
    assert not any(gone in t for t in texts(store)), texts(store)


@pytest.mark.parametrize(("said", "partner"), [
    ("我和老公搬到杭州了。", "老公"),
    ("我和老公阿杰上个月搬到杭州了。", "阿杰"),
])
def test_a_chinese_joint_subject_keeps_the_sentence_as_said(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                            said: str, partner: str) -> None:
    ingest(make_turn(said))
    assert any(partner in t for t in texts(store)), texts(store)


@pytest.mark.parametrize("said", [
    "yeah right, I'm a millionaire lol",
    "I basically live at the office haha",
    "I'm dying of boredom lol",
    "I practically live in the gym these days",
    "我都快穷死了哈哈",
    "我天天住在医院里",
    "累死了，基本上住在公司了",
    "我是首富哈哈",
])
def test_a_joke_or_hyperbole_states_no_fact(store: Any, ingest: Ingest, make_turn: TurnFactory, said: str) -> None:
    ingest(make_turn(said))
    assert texts(store) == [], texts(store)


@pytest.mark.parametrize(("said", "fact"), [
    ("I live in Boston haha", "User lives in Boston"),
    ("I'm not kidding, I moved to Paris", "User lives in Paris"),
    ("我搬到成都了哈哈", "用户住在成都"),
    ("不是开玩笑，我搬到成都了", "用户住在成都"),
])
def test_a_plain_statement_with_a_laugh_is_kept(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                               said: str, fact: str) -> None:
    ingest(make_turn(said))
    assert fact in texts(store), texts(store)


@pytest.mark.parametrize(("sentences", "jokes"), [
    (["I quit and joined the circus.", "Just kidding!"], {0, 1}),
    (["我辞职去环游世界了。", "开玩笑的哈哈"], {0, 1}),
    (["yeah right, I'm a millionaire lol"], {0}),
    (["I love JK Rowling's books."], set()),
    (["不是开玩笑，我辞职了。"], set()),
    (["Sure, I moved to Leeds."], set()),
])
def test_irony_said_outright_takes_its_sentence_back(sentences: list[str], jokes: set[int]) -> None:
    assert joke_sentences(sentences) == jokes


@pytest.mark.parametrize(("clause", "lang", "figure"), [
    ("I'm bored to death", "en", True),
    ("I'm dead tired", "en", True),
    ("I live at the office lol", "en", True),
    ("I live in Boston lol", "en", False),
    ("我笑死了", "zh", True),
    ("我忙得要命", "zh", True),
    ("我住在医院，下周做手术", "zh", False),
    ("我的花冻死了", "zh", False),
])
def test_hyperbole_by_kind(clause: str, lang: str, figure: bool) -> None:
    assert is_hyperbole(clause, lang) is figure


@pytest.mark.parametrize(("first", "then", "now", "gone"), [
    ("我在 Google 上班。", "我跳槽到腾讯了。", "腾讯", "Google"),
    ("我在Google上班。", "我跳槽到腾讯了。", "腾讯", "Google"),
    ("我在 Google 上班。", "I work at Meta now.", "Meta", "Google"),
    ("I work at Google.", "我现在在 Meta 上班。", "Meta", "Google"),
])
def test_a_latin_employer_inside_chinese_keeps_the_employer_key(store: Any, ingest: Ingest,
                                                                make_turn: TurnFactory,
                                                                first: str, then: str, now: str, gone: str) -> None:
    ingest(make_turn(first))
    assert [d for _, d in slot(store, "fact:works_at") if gone in d], slot(store, "fact:works_at")
    ingest(make_turn(then))
    active = [d for s, d in slot(store, "fact:works_at") if s == Status.ACTIVE]
    assert len(active) == 1 and now in active[0], slot(store, "fact:works_at")


@pytest.mark.parametrize(("said", "shown"), [
    ("User has no allergies", "User has no allergies"),
    ("User is not allergic to anything", "User is not allergic to anything"),
    ("I have no allergies.", "I have no allergies."),
    ("用户对什么都不过敏", "用户对什么都不过敏"),
    ("我没有任何过敏。", "我没有任何过敏。"),
    ("User is allergic to peanuts", "User is allergic to [health]"),
    ("用户对花生过敏", "用户对[health]过敏"),
])
def test_a_none_value_reads_as_none_when_masked(said: str, shown: str) -> None:
    assert mask(said) == shown


@pytest.mark.parametrize("said", ["我对什么都不过敏。", "我对任何东西都不过敏"])
def test_not_allergic_is_one_clause(said: str) -> None:
    assert [c for c, _ in split_clauses(said)] == [said], list(split_clauses(said))


@pytest.mark.parametrize(("statement", "correction", "now", "gone"), [
    ("I live in York.", "Actually I live in Leeds, not York.", "Leeds", "York"),
    ("我住在杭州。", "说错了，我住在苏州，不是杭州。", "苏州", "杭州"),
])
def test_a_correction_arriving_first_stays_current(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                   statement: str, correction: str, now: str, gone: str) -> None:
    older, newer = make_turn(statement), make_turn(correction)
    ingest(newer)
    ingest(older)
    homes = slot(store, "fact:lives_in")
    assert [d for s, d in homes if s == Status.ACTIVE and now in d], homes
    assert not [d for s, d in homes if s == Status.ACTIVE and gone in d], homes


@pytest.mark.parametrize(("statement", "correction", "now", "gone"), [
    ("I live in York.", "Actually it's Leeds, sorry.", "Leeds", "York"),
    ("我住在杭州。", "说错了，是苏州。", "苏州", "杭州"),
])
def test_a_place_said_alone_corrects_the_place_just_stated(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                           statement: str, correction: str, now: str,
                                                           gone: str) -> None:
    ingest(make_turn(statement))
    ingest(make_turn(correction))
    homes = slot(store, "fact:lives_in")
    assert [d for s, d in homes if s == Status.ACTIVE] and all(now in d for s, d in homes if s == Status.ACTIVE), homes
    assert [d for s, d in homes if s == Status.SUPERSEDED and gone in d], homes
