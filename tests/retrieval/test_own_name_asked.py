"""A question naming the user by the name they gave is about the user (trial: "Where does Kevin work?").

Once the user said "I'm Kevin" / "我叫林浩", a question naming Kevin ranked a friend's job before the user's own: the
name was read as nobody's. The name the user's own name slot states asks about the user, as "I" does.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memory_core.embedded import open_memory
from memory_core.model import Turn
from memory_core.retrieval.names import names_in, stated_name
from memory_core.settings import Settings

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def test_the_name_a_name_item_states() -> None:
    assert stated_name("User's name is Kevin") == "Kevin"
    assert stated_name("用户叫林浩") == "林浩"
    assert stated_name("User is vegetarian") == ""
    assert names_in("What's Kevin's job?", frozenset({"kevin"}))
    assert not names_in("Where does Kevinson work?", frozenset({"kevin"}))
    assert names_in("林浩在哪上班？", frozenset({"林浩"}))


@pytest.mark.parametrize(("texts", "query", "own", "friend"), [
    (["hey, I'm Kevin, 29, nurse in Denver", "my buddy Sam works at Google as a software engineer, great job"],
     "what's Kevin's job", "User works as a nurse", "Sam works"),
    (["我叫林浩，在美团做产品经理", "我朋友小张在腾讯上班，他的工作很忙"], "林浩在哪上班？", "用户在美团工作", "小张"),
])
def test_the_users_own_job_comes_before_a_friends(tmp_path, texts: list[str], query: str, own: str,
                                                   friend: str) -> None:
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    memory.ingest([Turn("u1", f"t{n}", "s", "user", t, T0 + timedelta(days=n)) for n, t in enumerate(texts)])
    ranked = [r.item.description for r in memory.recall("u1", query, k=5).results]
    first_own = next(n for n, d in enumerate(ranked) if own in d)
    first_friend = next((n for n, d in enumerate(ranked) if friend in d), len(ranked))
    assert first_own < first_friend, ranked
