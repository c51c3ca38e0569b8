"""A change said under the key it ends (``held_change``): the speaker's own held statements, ends added once, the
change stated in place of its own-words readings; and the readers built on it, for the user unnamed and a named
speaker, in both languages."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Kind, Turn
from memory_core.pipeline.count_change import count_changed
from memory_core.pipeline.frequency_change import frequency_changed
from memory_core.pipeline.held_change import Rows, add_ends, change_said, held, own_key, qualifier_of, stated_under
from memory_core.pipeline.home_role import home_role_begun, home_role_ended
from memory_core.pipeline.no_longer_at import no_longer_at
from memory_core.pipeline.plan_kept import plan_kept
from memory_core.pipeline.types import Candidate

AT = datetime(2026, 5, 1, 9, tzinfo=UTC)

ROWS = [
    ("1", "fact:works_at", "User works at Google"),
    ("2", "fact:works_at@wei", "Wei在阿里巴巴上班"),
    ("3", "fact:works_at_home", "User works at home"),
    ("4", "gist:chickens", "User has 12 chickens"),
    ("5", "gist:sheep@wei", "Wei家里有两百多只羊"),
    ("6", "fact:lives_in@mary_ann", "Mary Ann lives in Boston"),
]


def _rows(prefixes: tuple[str, ...]) -> list[tuple[str, str, str]]:
    return [row for row in ROWS if row[1].startswith(prefixes)]


def _turn(text: str, speaker: str = "") -> Turn:
    return Turn("u1", "t9", "s", "user", text, AT, speaker=speaker)


def _fact(description: str, key: str = "", lang: str = "en", polarity: int = 1) -> Candidate:
    return Candidate(kind=Kind.FACT, description=description, key=key, lang=lang, polarity=polarity)


@pytest.mark.parametrize(("qualifier", "keys"), [
    ("", ["fact:works_at", "fact:works_at_home"]),
    ("@wei", ["fact:works_at@wei"]),
    ("wei", ["fact:works_at@wei"]),
    ("@mary_ann", []),
])
def test_held_is_the_speakers_own(qualifier: str, keys: list[str]) -> None:
    assert [key for key, _ in held(_rows, ("fact:works_at",), qualifier)] == keys


def test_held_whole_takes_the_attribute_alone() -> None:
    assert held(_rows, ("fact:works_at",), "", whole=True) == [("fact:works_at", "User works at Google")]
    assert held(_rows, ("fact:", "gist:"), "@wei") == [("fact:works_at@wei", "Wei在阿里巴巴上班"),
                                                      ("gist:sheep@wei", "Wei家里有两百多只羊")]


def test_held_reads_the_rows_once_for_the_prefixes_given() -> None:
    asked: list[tuple[str, ...]] = []

    def rows(prefixes: tuple[str, ...]) -> list[tuple[str, str, str]]:
        asked.append(prefixes)
        return _rows(prefixes)

    held(rows, ("gist:",), "")
    assert asked == [("gist:",)]


@pytest.mark.parametrize(("key", "qualifier"), [
    ("fact:lives_in@mary_ann", "@mary_ann"),
    ("gist:statement@王伟", "@王伟"),
    ("fact:lives_in", ""),
    ("fact:friend/tom/lives_in@wei", "@wei"),
])
def test_qualifier_of_is_the_suffix_a_key_ends_in(key: str, qualifier: str) -> None:
    assert qualifier_of(key) == qualifier


@pytest.mark.parametrize(("key", "qualifier", "own"), [
    ("fact:lives_in@wei", "@wei", True),
    ("fact:lives_in@wei", "", False),
    ("fact:lives_in", "", True),
    ("fact:lives_in", "@wei", False),
    ("fact:lives_in@mary_ann", "@ann", False),
    ("gist:statement@王伟", "@王伟", True),
])
def test_own_key_is_the_speakers(key: str, qualifier: str, own: bool) -> None:
    assert own_key(key, qualifier) is own


def test_add_ends_keeps_order_and_each_key_once() -> None:
    cand = _fact("User works at Stripe", "fact:works_at")
    cand.ends = ("fact:occupation",)
    add_ends(cand, ["gist:job", "fact:occupation", "gist:job"])
    assert cand.ends == ("fact:occupation", "gist:job")
    cand.ends = ("a", "a")  # nothing to add: left as it is
    add_ends(cand, [])
    assert cand.ends == ("a", "a")


@pytest.mark.parametrize(("lang", "description", "claim"), [
    ("zh", "用户现在有九十来只羊", "现在有九十来只羊"),
    ("en", "User now has 30 hives", "now has 30 hives"),
])
def test_change_said_under_the_key_it_ends(lang: str, description: str, claim: str) -> None:
    turn = _turn("…")
    change = change_said(turn, "gist:sheep", lang, description, claim, "a count changed")
    assert (change.key, change.ends, change.polarity, change.single_valued) == ("gist:sheep", ("gist:sheep",), 1, True)
    assert (change.description, change.claim, change.lang, change.theme) == (description, claim, lang, "moments")
    assert (change.valid_from, change.evidence, change.notes) == (AT, "…", ["a count changed"])
    assert change.kind == Kind.FACT


def test_stated_under_replaces_the_own_words_readings() -> None:
    event = Candidate(kind=Kind.EVENT, description="羊卖了一百一十只，留了九十来只", lang="zh")
    own_zh = _fact("用户的羊卖了一百一十只", lang="zh")
    own_en = _fact("User sold the 羊", lang="en")
    other = _fact("用户住在杭州", lang="zh")
    change = _fact("用户现在有九十来只羊", "gist:sheep", "zh")
    assert stated_under([event, own_zh, own_en, other], change, "羊", "zh") == [event, own_en, other, change]
    assert stated_under([event, own_zh, own_en, other], change, "羊") == [event, other, change]
    assert stated_under([_fact("User left GOOGLE")], change, "Google") == [change]


@pytest.mark.parametrize(("text", "speaker", "key", "description"), [
    ("A fox got in, we're down to 5 chickens.", "", "gist:chickens", "User now has 5 chickens"),
    ("羊卖了一百一十只，留了九十来只", "Wei", "gist:sheep@wei", "Wei现在有九十来只羊"),
    ("羊全卖了", "Wei", "gist:sheep@wei", "Wei已经没有羊了"),
])
def test_a_count_changed_under_the_speakers_key(text: str, speaker: str, key: str, description: str) -> None:
    own = _fact(f"{speaker or 'User'} said: {text}", lang="zh" if "羊" in text else "en")
    out = count_changed(_turn(text, speaker), [own], _rows)
    assert [(c.key, c.description, c.ends) for c in out] == [(key, description, (key,))]


def test_another_speakers_count_is_not_changed() -> None:
    cands = [_fact("Mary Ann has 5 chickens")]
    assert count_changed(_turn("We're down to 5 chickens.", "Mary Ann"), cands, _rows) == cands


@pytest.mark.parametrize(("rows", "text", "speaker", "description"), [
    ([("1", "fact:routine:physio", "User does physio twice a week")], "Physio's down to once a week now.", "",
     "User's physio is now once a week"),
    ([("1", "fact:routine:理疗@li", "Li每周二和周五下午去理疗")], "医生说理疗可以改成一周一次", "Li",
     "Li的理疗改成一周一次了"),
])
def test_a_schedule_changed_under_the_speakers_key(rows: list[tuple[str, str, str]], text: str, speaker: str,
                                                    description: str) -> None:
    def read(prefixes: tuple[str, ...]) -> list[tuple[str, str, str]]:
        return [row for row in rows if row[1].startswith(prefixes)]

    out = frequency_changed(_turn(text, speaker), [], read)
    assert [(c.key, c.description, c.ends) for c in out] == [(rows[0][1], description, (rows[0][1],))]


@pytest.mark.parametrize(("text", "speaker", "key", "description"), [
    ("I'm no longer at Google.", "", "fact:works_at", "User is no longer at Google"),
    ("我已经不在阿里巴巴了", "Wei", "fact:works_at@wei", "Wei已经不在阿里巴巴了"),
])
def test_no_longer_at_under_the_speakers_key(text: str, speaker: str, key: str, description: str) -> None:
    cands = [_fact(f"{speaker or 'User'}: {text}"), Candidate(kind=Kind.EVENT, description=text)]
    no_longer_at(_turn(text, speaker), cands, _rows)
    assert [(c.key, c.description, c.polarity) for c in cands] == [("", text, 0), (key, description, -1)]


def test_a_home_role_ends_by_the_speakers_qualifier() -> None:
    rows: Rows = lambda p: [row for row in [("1", "fact:occupation@wei", "Wei是全职妈妈"),  # noqa: E731
                                            ("2", "fact:occupation", "用户的职业是全职妈妈"),
                                            ("3", "fact:works_at@wei", "Wei在阿里巴巴上班")] if row[1].startswith(p)]
    hired = _fact("Wei在字节跳动上班", "fact:works_at@wei", "zh")
    home_role_ended([hired], rows)
    assert hired.ends == ("fact:occupation@wei",)
    role = _fact("Wei现在是全职妈妈", "fact:occupation@wei", "zh")
    home_role_begun([role], rows)
    assert role.ends == ("fact:works_at@wei",)


def test_a_plan_kept_ends_the_speakers_plan_that_names_the_value() -> None:
    rows: Rows = lambda p: [row for row in [("1", "todo:move", "User plans to move to Denver"),  # noqa: E731
                                            ("2", "todo:move@wei", "Wei计划搬去杭州")] if row[1].startswith(p)]
    home = _fact("User lives in Denver", "fact:lives_in")
    home.aliases = ("Denver",)
    theirs = _fact("Wei住在杭州", "fact:lives_in@wei", "zh")
    theirs.aliases = ("杭州",)
    elsewhere = _fact("User lives in Boston", "fact:lives_in")
    elsewhere.aliases = ("Boston",)
    plan_kept([home, theirs, elsewhere], rows)
    assert (home.ends, theirs.ends, elsewhere.ends) == (("todo:move",), ("todo:move@wei",), ())
