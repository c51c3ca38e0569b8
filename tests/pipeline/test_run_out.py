"""A membership or a subscription run out ends it as a cancellation does (issue 13): "Gym membership lapsed",
"My Economist subscription expired". One that runs out later, another person's, or another thing that expires
(a passport, a bank card) leaves the user's own item alone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.embedded import open_memory
from memory_core.model import Turn
from memory_core.pipeline.cessation import cessation_scope
from memory_core.settings import Settings

START = datetime(2026, 3, 2, 9, tzinfo=UTC)


def _items(tmp_path: Path, texts: list[str]) -> list[tuple[str, str]]:
    """(status, description) of user u1's non-event items after ``texts``, a month apart."""
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, START + timedelta(days=30 * n))
                   for n, text in enumerate(texts)])
    return [(str(i.status), i.description) for i in memory.store.list_items("u1", statuses=None)
            if i.kind != "event"]


@pytest.mark.parametrize(("before", "ended", "old"), [
    ("I have a membership at PureGym, I go three times a week.", "Gym membership lapsed, didn't renew.",
     "membership at PureGym"),
    ("I have a membership at Planet Fitness.", "My gym membership ran out last month.", "Planet Fitness"),
    ("I subscribe to the Economist.", "My Economist subscription expired and I didn't renew it.",
     "subscribes to the Economist"),
])
def test_a_membership_run_out_ends_it(tmp_path: Path, before: str, ended: str, old: str) -> None:
    rows = _items(tmp_path, [before, ended])
    assert not [r for r in rows if r[0] == "active" and old in r[1]], rows
    assert any(status == "superseded" and old in text for status, text in rows), rows


@pytest.mark.parametrize(("before", "other", "old"), [
    ("我办了健身房的年卡。", "我老婆的健身房会员到期了，她不打算续了。", "健身房的年卡"),
    ("I have a membership at PureGym.", "My wife's gym membership lapsed.", "membership at PureGym"),
    ("I have a Spotify subscription.", "My Spotify subscription expires next month.", "Spotify subscription"),
    ("I have a gym membership.", "My passport expired last week.", "gym membership"),
    ("我办了一张健身卡。", "我的银行卡过期了。", "健身卡"),
])
def test_what_is_not_the_users_membership_run_out_ends_nothing(tmp_path: Path, before: str, other: str,
                                                                old: str) -> None:
    rows = _items(tmp_path, [before, other])
    assert [r for r in rows if r[0] == "active" and old in r[1]], rows


@pytest.mark.parametrize(("clause", "lang", "scope"), [
    ("my gym membership ran out", "en", "gym membership"),
    ("I let my Costco membership lapse", "en", "Costco membership"),
    ("my Netflix subscription expires in May", "en", ""),
    ("my passport expired", "en", ""),
])
def test_the_scope_of_a_run_out_is_what_one_held(clause: str, lang: str, scope: str) -> None:
    assert cessation_scope(clause, lang) == scope
