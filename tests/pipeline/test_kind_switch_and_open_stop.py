"""A switch said of the kind alone, and a stop said to hold for now (trial 36, findings 3 and 5)."""

from __future__ import annotations

from memory_core.model import Kind
from memory_core.pipeline.paused import open_pause, said_for_now
from memory_core.pipeline.subject_chain import AWAY, USER, en_subject
from memory_core.pipeline.switch import Switch, kind_alone, kind_said, switch_change, switch_in
from memory_core.pipeline.types import Candidate


def test_a_kind_of_provider_is_named_by_its_words_in_both_languages() -> None:
    assert "中通" in kind_said("快递") and "DHL" in kind_said("couriers")
    assert "Verizon" in kind_said("phone carriers") and "乐刻" in kind_said("健身房")
    assert kind_said("night shifts") == () and kind_said("手机") == ()


def test_a_chinese_switch_of_the_kind_alone_is_read() -> None:
    assert switch_in("我的降压药换了", "zh") == Switch("", "", "降压药")
    assert switch_in("我换了家健身房", "zh") == Switch("", "", "健身房")
    assert switch_in("我运营商也换了", "zh") == Switch("", "", "运营商")
    assert switch_in("我换了", "zh") is None


def test_a_switch_of_the_kind_ends_the_one_member_held_but_never_the_new_one() -> None:
    _, polarity, terms = switch_change(Switch("", "极兔", "快递"), "zh", "")
    assert polarity == -1 and "1=中通" in terms and "1=极兔" not in terms and "=快递" in terms
    _, _, en = switch_change(Switch("", "", "phone carriers"), "en", "")
    assert "1=Verizon" in en


def test_the_bare_kind_switch_is_carried_by_the_clause_after_it() -> None:
    clauses = [("我的降压药换了", "zh"), ("我现在吃缬沙坦", "zh")]
    assert kind_alone(Switch("", "", "降压药"), clauses, 0)
    assert not kind_alone(Switch("", "", "降压药"), clauses[:1], 0)  # said alone: it is the statement
    assert not kind_alone(Switch("", "缬沙坦", "降压药"), clauses, 0)  # the new value in its own clause
    assert not kind_alone(Switch("", "", "降压药"), [clauses[0], ("what now?", "en")], 0)


def test_an_open_stop_is_told_from_a_stop_for_good() -> None:
    assert open_pause("I stopped climbing for now") and open_pause("for the time being")
    assert open_pause("我游泳先停了") and open_pause("羽毛球暂时不打了")
    assert not open_pause("I stopped climbing") and not open_pause("我戒烟了")


def _stop(text: str, lang: str) -> Candidate:
    return Candidate(kind=Kind.FACT, description=text, lang=lang, polarity=-1)


def test_a_stop_said_for_now_keeps_saying_so() -> None:
    cands = [_stop("User no longer does climbing", "en"), _stop("用户不再游泳了", "zh"),
             Candidate(kind=Kind.FACT, description="User's wrist hurts", lang="en")]
    assert said_for_now(cands, 0) == -1
    assert [c.description for c in cands] == ["User no longer does climbing for now", "用户暂时不再游泳了",
                                              "User's wrist hurts"]
    untouched = [_stop("User quit smoking", "en")]
    said_for_now(untouched, -1)
    assert untouched[0].description == "User quit smoking"


def test_a_bare_body_part_opening_a_clause_is_the_speakers() -> None:
    assert en_subject("Wrist is flaring up again") == USER
    assert en_subject("Lisa is sick") == AWAY




def test_a_closing_word_of_the_day_said_is_left_to_the_turns_time() -> None:
    from memory_core.pipeline.own_words import without_same_day

    assert without_same_day("User quit dip today", "en") == "User quit dip"
    assert without_same_day("User moved in this morning.", "en") == "User moved in"
    assert without_same_day("today", "en") == "today"  # nothing else would be left
    assert without_same_day("User's birthday is today, not tomorrow", "en").endswith("tomorrow")


def test_a_chinese_stop_for_now_without_a_subject_is_the_speakers() -> None:
    from memory_core.pipeline.clauses import split_clauses

    assert list(split_clauses("腰扭了，羽毛球暂时不打了")) == [("我羽毛球暂时不打了", "zh")]
    assert list(split_clauses("游泳先停了，耳朵发炎")) == [("我游泳先停了", "zh")]
    assert list(split_clauses("今天先不打扰你了")) == []  # a leave-taking, no stop
