"""A raw turn its facts do not cover stays recallable; a joking supposition ranks below the user's facts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.eval.behaviour import EmbeddedBackend, run_case
from memory_core.eval.behaviour_cases import load_cases
from memory_core.model import Turn
from memory_core.retrieval.diverse import after_facts
from memory_core.retrieval.turn_beyond import says_more, telling_terms
from memory_core.retrieval.turn_shape import hypothetical
from memory_core.service import Memory

T0 = datetime(2026, 2, 14, 12, tzinfo=UTC)


def _turns(user: str, texts: list[str]) -> list[Turn]:
    return [
        Turn(
            user_id=user,
            turn_id=f"{user}{n}",
            session_id=f"s{n}",
            role="user",
            text=text,
            timestamp=T0 + timedelta(days=30 * n),
        )
        for n, text in enumerate(texts)
    ]


def test_telling_terms_are_cities_in_either_script() -> None:
    assert telling_terms("我老板王总住在上海，他养了一只猫。") == {"上海"}
    assert "Leeds" in telling_terms("My boss Dave lives in Leeds")
    assert telling_terms("I'm a teacher, been teaching for 5 years") == frozenset()
    assert telling_terms("我养了一只猫") == frozenset()
    assert telling_terms("钓了三条鲫鱼") == frozenset()  # 三条 names Sanjō too, but no place word comes before it


@pytest.mark.parametrize(
    ("turn", "facts", "more"),
    [
        ("user: 我老板王总住在上海，他养了一只猫。", ["用户的老板养了一只猫"], True),
        ("user: My boss Dave lives in Leeds and has a cat.", ["User's boss has a cat"], True),
        (
            "user: I live in Boston and I have a cat named Tofu.",
            ["User lives in Boston", "User has a cat named Tofu"],
            False,
        ),
        ("user: 我住在东京", ["User lives in Tokyo"], False),  # the city by its other name
        ("user: 我其实是住在南京的哈，不是上海", ["用户住在南京"], False),  # the other city is the contrasted value
        ("user: my dog Biscuit is a corgi, he's 4", ["User has a dog named Biscuit"], False),  # a detail, no place
    ],
)
def test_says_more_when_the_turn_names_a_city_and_no_fact_does(turn: str, facts: list[str], more: bool) -> None:
    assert says_more(turn, facts) is more


def test_a_turn_saying_more_goes_after_its_facts_and_the_scores_stay_ordered() -> None:
    sources = {1: ("t1",), 2: ("t2",), 3: ("t1",)}.__getitem__
    picked = after_facts([(1, 0.5), (2, 0.2)], [(3, 0.4)], 3, sources)
    assert [j for j, _ in picked] == [1, 3, 2]
    assert [s for _, s in picked] == sorted((s for _, s in picked), reverse=True)
    # scoring above the next result, the turn takes its place, still after its fact and at its fact's score
    assert after_facts([(1, 0.5), (2, 0.45)], [(3, 0.6)], 2, sources) == [(1, 0.5), (3, 0.5)]
    assert after_facts([(1, 0.5), (2, 0.45)], [(3, 0.1)], 2, sources) == [(1, 0.5), (2, 0.45)]  # at most k


@pytest.mark.parametrize(("query", "city"), [("where does his boss live?", "上海"), ("他老板住在哪？", "上海")])
def test_a_city_only_the_turn_holds_is_recalled_beside_its_fact(memory: Memory, query: str, city: str) -> None:
    memory.ingest(_turns("li", ["我老板王总住在上海，他养了一只猫。", "开玩笑的，我要是中了彩票就去冰岛住。"]))
    top = [r.item.description for r in memory.recall("li", query, k=3).results]
    assert any(city in d for d in top), top
    first = next(n for n, d in enumerate(top) if city in d)
    assert all("冰岛" not in d for d in top[:first]), top  # the joke never before it


_RETOLD = """
cases:
- id: retold-{lang}-{n}
  category: other_people
  lang: {lang}
  speaker: Tang
  turns:
  - at: 2025-04-10T20:00
    text: {first}
  - at: 2025-04-10T20:02
    text: {second}
  checks:
  - check: current_first
    query: {query}
    current: [{new}]
    old: [{old}]
"""


@pytest.mark.parametrize(
    ("lang", "first", "second", "query", "old", "new"),
    [
        ("zh", "我姐在杭州当老师。", "说错了，我姐是在苏州当老师，不是杭州。", "我姐在哪里当老师？", "杭州", "苏州"),
    ],
)
def test_a_city_said_again_later_does_not_bring_the_older_turn_back(
    tmp_path: Path, lang: str, first: str, second: str, query: str, old: str, new: str
) -> None:
    """The turn a later one took back is not recalled above it (the behaviour runner's own path, k=5)."""
    path = tmp_path / "retold.yaml"
    path.write_text(_RETOLD.format(lang=lang, n=len(first), first=first, second=second, query=query, old=old, new=new))
    (case,) = load_cases(path)
    backend = EmbeddedBackend()
    (check,) = run_case(backend, case).checks
    assert check.passed, check.detail


@pytest.mark.parametrize(
    "text",
    [
        "lol imagine if I was a millionaire, I'd buy a yacht",
        "haha what if I quit tomorrow and moved to Bali",
        "开玩笑的，我要是中了彩票就去冰岛住。",
        "哈哈，如果我中了彩票就买游艇",
    ],
)
def test_a_laugh_before_a_supposition_keeps_it_a_supposition(text: str) -> None:
    assert hypothetical(text)


@pytest.mark.parametrize("text", ["just kidding I'm actually an accountant lol", "I live in Boston lol", "我住在上海"])
def test_a_statement_with_a_laugh_is_no_supposition(text: str) -> None:
    assert not hypothetical(text)


def test_a_joking_supposition_ranks_below_the_users_facts(memory: Memory) -> None:
    memory.ingest(
        _turns(
            "zoe",
            [
                "I live in Boston and I have a cat named Tofu.",
                "lol imagine if I was a millionaire, I'd live in Monaco and buy a yacht",
            ],
        )
    )
    top = [r.item.description for r in memory.recall("zoe", "where does she live?", k=3).results]
    assert top and "Boston" in top[0], top
