"""News heard of someone else ("… moved to Berlin apparently", "听说搬去深圳了") and what follows a person named
before with no subject ("小王好像搬去深圳了，在华为上班", "Ran into Sarah. Moved to Denver") is theirs, never the
user's own fact; the user's own statements next to it are still read."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.subject_chain import AWAY, USER, en_subject, zh_subject
from memory_core.pipeline.supposed import carried_on

DAY = timedelta(days=1)


def _active(texts: list[str]) -> dict[str, str]:
    return {text: key for status, key, text in planned_items(texts, DAY) if status == "active"}


@pytest.mark.parametrize(
    "text",
    [
        "Haven't heard from Jake in ages… moved to Berlin apparently",
        "Haven't heard from Jake in ages, moved to Berlin apparently, works at Spotify now",
        "Ran into Sarah yesterday. Moved to Berlin last month, works at Spotify now.",
        "Jake? moved to Berlin apparently",
    ],
)
def test_news_of_someone_else_in_english_is_not_the_users(text: str) -> None:
    active = _active(["I live in Leeds and work at Tesco.", text])
    assert active.get("User lives in Leeds") == "fact:lives_in", active
    assert active.get("User works at Tesco") == "fact:works_at", active
    assert not any("Berlin" in d or "Spotify" in d for d in active), active


@pytest.mark.parametrize(
    "text",
    [
        "好久没联系小王了，听说搬去深圳了，在腾讯上班。",
        "昨天碰到老同学李娜，说是搬去深圳了，在腾讯上班。",
        "小王好像搬去深圳了，在腾讯上班。",
        "跟小王聊了会儿，搬去深圳了，在腾讯上班。",
        "好久没联系 Jake 了，听说 moved to Shenzhen",
    ],
)
def test_news_of_someone_else_in_chinese_is_not_the_users(text: str) -> None:
    active = _active(["我住在杭州，在阿里上班。", text])
    assert active.get("用户住在杭州") == "fact:lives_in", active
    assert active.get("用户在阿里工作") == "fact:works_at", active
    assert not any(d.startswith(("用户住在深圳", "用户在腾讯", "User lives")) for d in active), active


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Apparently Jake moved to Berlin, but I'm still in Leeds. I work at Aldi now.", "User works at Aldi"),
        ("听说小王搬去深圳了。我上个月搬到苏州了。", "用户住在苏州"),
    ],
)
def test_the_users_own_statement_beside_the_news_is_still_read(text: str, said: str) -> None:
    assert said in _active([text])


def test_hearsay_without_the_speaker_is_skipped_and_carried() -> None:
    state = [""]
    assert carried_on("moved to Berlin apparently", "en", state) and state == ["heard"]
    assert carried_on("works at Spotify now", "en", state)
    assert not carried_on("I work at Tesco", "en", state)


@pytest.mark.parametrize(
    ("lang", "clause", "who"),
    [
        ("zh", "小王好像搬去深圳了", AWAY),
        ("zh", "跟小王聊了会儿", AWAY),
        ("zh", "周末去爬山了", None),
        ("zh", "我住在杭州", USER),
        ("en", "Ran into Sarah yesterday", AWAY),
        ("en", "Haven't heard from Jake in ages", AWAY),
        ("en", "went to the gym", None),
    ],
)
def test_the_subject_a_clause_names(lang: str, clause: str, who: str | None) -> None:
    assert (zh_subject(clause) if lang == "zh" else en_subject(clause)) == who
