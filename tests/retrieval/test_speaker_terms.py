"""A list question naming one of the speakers searches its other words; the speaker boost carries the name."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memory_core.model import MemoryItem, Turn
from memory_core.retrieval.recall import HybridIndex
from memory_core.retrieval.speaker_terms import without_speaker_names
from memory_core.retrieval.stages import RETRIEVERS
from memory_core.text.tokenize import tokenize

T0 = datetime(2024, 3, 1, 9, tzinfo=UTC)


def _terms(query: str, named: list[str]) -> list[str]:
    return without_speaker_names(query, tokenize(query), named)


@pytest.mark.parametrize("query", [
    "What hobbies has Priya taken up?",
    "Which cities has Priya been to?",
    "What sports does Priya play?",
    "What books has Priya read?",
])
def test_a_list_question_leaves_out_the_named_speaker(query: str) -> None:
    terms = _terms(query, ["Priya"])
    assert "priya" not in terms
    assert terms  # the question's other words stay


@pytest.mark.parametrize("query", ["小林都去过哪些地方？", "小林养过哪些宠物？"])
def test_a_chinese_list_question_leaves_out_the_named_speaker(query: str) -> None:
    lexicon = frozenset({"小林"})
    terms = without_speaker_names(query, tokenize(query, lexicon), ["小林"], lexicon)
    assert "小林" in tokenize(query, lexicon)
    assert "小林" not in terms
    assert terms


@pytest.mark.parametrize(("query", "lexicon"), [
    ("What did Priya say about the move?", frozenset()),  # one fact: the reply naming her finds it
    ("Where does Priya live?", frozenset()),
    ("What are Priya's dogs called?", frozenset()),  # possessive: the set is hers, the name holds it
    ("What are the names of Priya’s cats?", frozenset()),
    ("小林的猫都叫什么？", frozenset({"小林"})),
])
def test_a_one_fact_or_possessive_question_keeps_the_name(query: str, lexicon: frozenset[str]) -> None:
    tokens = tokenize(query, lexicon)
    name = "小林" if lexicon else "Priya"
    assert without_speaker_names(query, tokens, [name], lexicon) == tokens


def test_nothing_named_or_nothing_else_keeps_every_word() -> None:
    assert _terms("What hobbies has Priya taken up?", []) == tokenize("What hobbies has Priya taken up?")
    assert _terms("What has Priya been up to?", ["Priya"]) == ["priya"]  # no other word: the name stays


# Two people in one store, a day per session; Priya names her sports once each, in passing, among small talk.
_LINES = [
    ("Priya", "Morning Tomás! Priya here, finally back from the conference."),
    ("Tomás", "Welcome back, Priya! How was it, Priya?"),
    ("Priya", "Long, but good. I squeezed in a game of badminton with a colleague in the evening."),
    ("Priya", "Thanks Tomás, Priya appreciates it, talk soon."),
    ("Tomás", "Priya, did you see the game last night? Priya would have loved it."),
    ("Priya", "Ha, Priya missed it, Priya was asleep early."),
    ("Priya", "Oh and I joined a rowing club by the river, early starts on Saturdays."),
    ("Tomás", "Sounds great Priya. Say hi to everyone for me, Priya."),
    ("Priya", "Priya will! Bye Tomás."),
    ("Priya", "My knee is sore after fencing practice, first time holding a foil."),
]


def _index() -> HybridIndex:
    items, turns = [], []
    for n, (speaker, text) in enumerate(_LINES):
        at = T0 + timedelta(days=n)
        turn_id = f"s{n}-1"
        turns.append(Turn("u1", turn_id, f"s{n}", "user", text, at, speaker=speaker))
        items.append(MemoryItem.create("u1", f"{speaker}: {text}", "moments", kind="event", turn_id=turn_id,
                                       at=at, valid_from=at, speaker=speaker))
    return HybridIndex.build(items, turns, window=0)


@pytest.mark.parametrize("query", [
    "What activities has Priya done?",
    "Which activities does Priya do?",
    "What hobbies has Priya got?",
])
def test_a_member_outranks_turns_that_only_name_the_asked_speaker(query: str) -> None:
    top = _index().search(query, k=1, settings=RETRIEVERS["lexical"])
    assert top[0].turn_ids == ["s2-1"]  # the badminton game, not "Priya missed it, Priya was asleep"


def test_a_list_question_finds_every_member() -> None:
    found = [t for r in _index().search("What sports has Priya played?", k=3, settings=RETRIEVERS["lexical"])
             for t in r.turn_ids]
    assert set(found) == {"s2-1", "s6-1", "s9-1"}  # badminton, rowing, fencing


def test_a_one_fact_question_still_weighs_the_name() -> None:
    found = [t for r in _index().search("What did Priya miss?", k=1, settings=RETRIEVERS["lexical"])
             for t in r.turn_ids]
    assert found == ["s5-1"]
