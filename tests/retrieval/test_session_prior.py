"""The session prior: a result weighs more when its whole session is about the question."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from memory_core.errors import InvalidField
from memory_core.model import Kind, MemoryItem, Turn
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.session_prior import SessionTerms
from memory_core.retrieval.stages import HYBRID_PRESETS, HybridSettings

T0 = datetime(2025, 3, 1, tzinfo=UTC)


def test_a_session_scores_by_the_question_terms_over_its_whole_text():
    terms = SessionTerms()
    terms.add("s1", ["adopt", "agenc", "interview"])
    terms.add("s1", ["paperwork", "adopt"])
    terms.add("s2", ["pottery", "class"])
    scores = terms.scores(["adopt", "interview"])
    assert set(scores) == {"s1"} and scores["s1"] > 0
    assert terms.seen == 3
    assert terms.scores(["nothing"]) == {}


def test_factors_weigh_each_result_by_its_best_session_against_the_best_one():
    terms = SessionTerms()
    terms.add("s1", ["adopt", "adopt", "agenc"])
    terms.add("s2", ["adopt", "pottery"])
    got = terms.factors(["adopt"], [{"s1"}, {"s2"}, set(), {"s2", "s1"}], 0.5)
    assert got is not None
    assert got[0] == pytest.approx(1.5) and got[3] == pytest.approx(1.5)
    assert 1.0 < got[1] < 1.5
    assert got[2] == 1.0  # no session known: unchanged


def test_no_factors_when_off_or_when_no_session_holds_a_term():
    terms = SessionTerms()
    terms.add("s1", ["adopt"])
    assert terms.factors(["adopt"], [{"s1"}], 0.0) is None
    assert terms.factors(["pottery"], [{"s1"}], 0.3) is None
    assert SessionTerms().factors(["adopt"], [{"s1"}], 0.3) is None


def test_a_negative_weight_is_refused():
    with pytest.raises(InvalidField):
        HybridSettings(session_prior=-0.1).validate()


def test_it_is_off_by_default():
    assert HybridSettings().session_prior == 0.0 and HYBRID_PRESETS["lexical"].session_prior == 0.0


def _store() -> tuple[list[MemoryItem], list[Turn]]:
    """Two sessions; the question's words are spread over the first, its answer says only one of them."""
    said = [("s1", "We finally met the adoption agency on Monday"),
            ("s1", "The agency interview went well, the paperwork is next"),
            ("s1", "My sister helped me write the letter for the interview"),
            ("s2", "I wrote a letter to my landlord about the heating"),
            ("s2", "The heating still does not work")]
    items, turns = [], []
    for n, (session, text) in enumerate(said, start=1):
        at = T0 + timedelta(days=n)
        turns.append(Turn("u", f"t{n}", session, "user", text, at, speaker="Ana", seq=n))
        items.append(MemoryItem.create("u", f"Ana: {text}", "moments", kind=Kind.EVENT, turn_id=f"t{n}", at=at,
                                       valid_from=at, speaker="Ana"))
    return items, turns


def test_the_turn_of_the_session_about_the_question_rises():
    items, turns = _store()
    index = HybridIndex.build(items, turns, window=0)
    off = replace(HYBRID_PRESETS["hybrid"], dense=False, session_prior=0.0)
    on = replace(off, session_prior=0.5)
    query = "Who helped with the letter for the adoption agency interview?"
    rank_off = [r.item.description for r in index.search(query, 5, settings=off)]
    rank_on = [r.item.description for r in index.search(query, 5, settings=on)]
    letter_s1 = "Ana: My sister helped me write the letter for the interview"
    letter_s2 = "Ana: I wrote a letter to my landlord about the heating"
    assert rank_on.index(letter_s1) <= rank_off.index(letter_s1)
    assert rank_on.index(letter_s1) < rank_on.index(letter_s2)


def test_turns_stored_later_join_their_session():
    items, turns = _store()
    index = HybridIndex.build(items[:3], turns[:3], window=0)
    first = index._session_factors(np.arange(3), frozenset({"heat"}), 0.5)
    assert first is None  # no session says it yet
    index.apply(items[3:], turns[3:])
    later = index._session_factors(np.arange(5), frozenset({"heat"}), 0.5)
    assert later is not None and later[4] > 1.0 and later[0] == 1.0
