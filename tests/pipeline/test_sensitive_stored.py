"""Sensitive values on the session tier and in the turn log, English and Chinese (seed 001 §8.24).

The session window and the prompt block show no value in clear under any policy; under ``mask`` and
``drop`` a curated turn keeps its text masked, with a hash of what was said for idempotency; a new
SQLite store is owner-only.
"""

from __future__ import annotations

import stat
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.errors import TurnConflict
from memory_core.model import Turn
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
SAID = {
    "en": ("My card is 4111 1111 1111 1111 and my wifi password is Tr0ub4dor&3", ["4111 1111", "Tr0ub4dor&3"],
           "what's my card number?"),
    "zh": ("我的银行卡号是6222 0212 3456 7890 123，密码是654321，身份证号是110101199003071234",
           ["6222 0212", "654321", "110101199003071234"], "我的银行卡号是多少？"),
}
CHAT = {"en": ["We compared flights to Lisbon and hotels near Alfama for the trip",
               "The museum tickets for Lisbon cost twenty euros each, booked online"],
        "zh": ["我们比较了去成都的高铁票和宽窄巷子附近的酒店", "熊猫基地的门票每张五十五元，已经在网上订好了"]}


def _turns(user: str, texts: list[str], start: int = 0) -> list[Turn]:
    return [Turn(user_id=user, turn_id=f"t{start + n}", session_id="s1", role="user", text=text,
                 timestamp=T0 + timedelta(minutes=start + n), speaker="user") for n, text in enumerate(texts)]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("user", ["acme:sam", "beta:sam", "sam"])
def test_the_session_window_and_prompt_block_show_no_value(memory: Memory, lang: str, user: str) -> None:
    text, values, question = SAID[lang]
    memory.ingest(_turns(user, [text, *CHAT[lang]]))
    window = memory.session_context(user, "s1")
    shown = " ".join(t.text for t in window.turns) + window.summary
    assert window.turns and not [v for v in values if v in shown], shown
    assert "[card]" in shown
    summaries = [memory.session_context(user, "s1", budget_tokens=b).summary for b in (40, 55, 70, 90)]
    assert any("[card]" in s for s in summaries), summaries  # the secret turn left the window for the summary
    assert not [v for s in summaries for v in values if v in s], summaries
    for query in (CHAT[lang][0][:12], question):  # the long-term tier too, when the question asks for it
        block = memory.prompt_context(user, "s1", query).text
        assert not [v for v in values if v in block], block


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("user", ["acme:sam", "beta:sam"])
def test_mask_and_drop_keep_no_value_in_the_turn_log(memory: Memory, lang: str, user: str) -> None:
    text, values, _ = SAID[lang]
    memory.ingest(_turns(user, [text, CHAT[lang][0]]))
    stored = memory.store.sql_tables().list_turns(user)  # type: ignore[union-attr]
    assert not [v for v in values if v in stored[0].text] and "[card]" in stored[0].text, stored[0].text
    assert stored[1].text == CHAT[lang][0] and "text_sha256" not in stored[1].meta
    again = memory.ingest(_turns(user, [text]))  # redelivered: a duplicate, not a conflict
    assert (again.stored, again.duplicates) == (0, 1)
    with pytest.raises(TurnConflict):  # the same id with other text is still refused
        memory.ingest(_turns(user, [text.replace("1", "2")]))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_keep_leaves_the_turn_log_as_said(memory: Memory, lang: str) -> None:
    text, _, _ = SAID[lang]
    memory.ingest(_turns("sam", [text]))
    assert memory.store.sql_tables().list_turns("sam")[0].text == text  # type: ignore[union-attr]


def test_a_new_sqlite_store_is_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "fresh" / "data" / "g.sqlite3"
    mem = open_memory(Settings(database_url=f"sqlite:///{path}"))
    try:
        mem.ingest(_turns("sam", ["my PIN is 4321"]))
    finally:
        mem.close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
