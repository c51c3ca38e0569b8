"""A favourite said with no subject, as a heading or as a change, is the speaker's one favourite of that kind."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Turn
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.labelled import labelled

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _keys(text: str) -> dict[str, str]:
    turn = Turn("u1", "t1", "s", "user", text, START)
    return {c.key: c.description for c in MechanicalExtractor().statements(turn)}


@pytest.mark.parametrize(("text", "key", "value"), [
    ("fav show is Severance now", "pref:favourite:show", "Severance"),
    ("new favourite band: Wet Leg", "pref:favourite:band", "Wet Leg"),
    ("current fave team = Celtics lol", "pref:favourite:team", "Celtics"),
    ("最喜欢的歌手换成林俊杰了", "pref:favourite:歌手", "林俊杰"),
    ("现在最爱的剧是《漫长的季节》", "pref:favourite:剧", "漫长的季节"),
    ("最近最爱的零食变成了芒果干", "pref:favourite:零食", "芒果干"),
    ("最喜欢的歌手：林俊杰", "pref:favourite:歌手", "林俊杰"),
])
def test_bare_favourite_is_the_speakers(text: str, key: str, value: str) -> None:
    found = _keys(text)
    assert key in found
    assert value in found[key]


@pytest.mark.parametrize("text", [
    "最喜欢的歌手是谁", "他最喜欢的歌手是周杰伦", "my sister's favourite band is Blur", "what's your favourite band?",
])
def test_question_or_another_person_is_no_favourite(text: str) -> None:
    assert not any(key.startswith("pref:favourite:") for key in _keys(text))


def test_favourite_heading_reads_as_statement() -> None:
    assert labelled("Fav show rn: Severance") == "My fav show is Severance"
    assert labelled("最喜欢的歌手：林俊杰") == "我最喜欢的歌手是林俊杰"
