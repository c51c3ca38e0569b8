"""Everyday phrasings that stored no slot, and a detail said with a plan after it (issue 13 §1, §3).

A hobby said value first ("钓鱼真是我最大的爱好", "Gardening is my biggest hobby") and a contact channel said
before its verb ("有事微信留言就行", "WhatsApp works best for me") are the user's facts; a relative's, a colleague's
or an asked one are not (a drug on a schedule with 我 left out, "每天早晚各吃一片二甲双胍", is not read yet).
A detail followed by a plan ("雅思报了6月那场，目标7分，打算下周开始刷真题") joins the item it adds to.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memory_core.model import Turn
from memory_core.pipeline.said_before_plan import before_plan
from memory_core.service import Memory

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _say(memory: Memory, *texts: str) -> list[str]:
    """Ingest ``texts`` as one user's turns a day apart; the active non-event items' texts."""
    memory.ingest([Turn(user_id="u", turn_id=f"t{n}", session_id="s", role="user", text=text,
                        timestamp=T0 + timedelta(days=n)) for n, text in enumerate(texts)])
    return [i.description for i in memory.store.list_items("u") if i.kind != "event" and i.status == "active"]


@pytest.mark.parametrize(("sentence", "lang", "kept"), [
    ("CPA 还剩两门，审计和税法，打算八月考", "zh", "CPA 还剩两门，审计和税法"),
    ("雅思报了6月那场，目标7分，打算下周开始刷真题", "zh", "雅思报了6月那场，目标7分"),
    ("I'm vegetarian, I want to try tofu next", "en", "I'm vegetarian"),
    ("我在上海工作", "zh", "我在上海工作"),
    ("如果搬到北京，我会换工作", "zh", None),
    ("打算下周开始刷真题", "zh", None),
    ("if I moved to Paris, I'd learn French", "en", None),
    ("我妈说我挑食，打算改改", "zh", None),
    ("雅思报了6月那场，要不要再报一场？", "zh", None),
])
def test_the_statement_before_a_closing_plan_is_kept(sentence: str, lang: str, kept: str | None) -> None:
    assert before_plan(sentence, lang) == kept


def test_a_detail_said_before_a_plan_joins_its_item(memory: Memory) -> None:
    items = _say(memory, "在准备雅思，压力好大", "雅思报了6月那场，目标7分，打算下周开始刷真题")
    exam = [d for d in items if "雅思" in d]
    assert len(exam) == 1 and "7分" in exam[0], items


@pytest.mark.parametrize(("said", "value"), [
    ("钓鱼真是我最大的爱好，一坐就是一整天", "钓鱼"),
    ("爬山算是我唯一的爱好了", "爬山"),
    ("Gardening is honestly my biggest hobby these days", "Gardening"),
    ("my main hobby is pottery", "pottery"),
    ("有事微信留言就行", "微信"),
    ("找我的话邮件最方便，白天基本看不了手机", "邮件"),
    ("WhatsApp works best for me", "WhatsApp"),
])
def test_the_user_s_own_fact_is_stored(memory: Memory, said: str, value: str) -> None:
    items = _say(memory, said)
    assert any(value in d and ("用户" in d or "User" in d) for d in items), items


@pytest.mark.parametrize(("said", "value"), [
    ("我爸每天早晚各吃一片氨氯地平", "氨氯地平"),
    ("我爸最大的爱好是下象棋", "象棋"),
    ("My roommate's main hobby is skateboarding", "skateboard"),
    ("我同事说有事微信留言就行", "微信"),
    ("有事是发微信好还是打电话好？", "微信"),
    ("my boss says email works best", "email"),
])
def test_another_s_or_an_asked_one_is_not_the_user_s(memory: Memory, said: str, value: str) -> None:
    items = _say(memory, said)
    assert not any(value in d and ("用户" in d or "User" in d) and not any(
        who in d for who in ("爸", "roommate", "同事", "boss")) for d in items), items


def test_a_drug_switched_to_ends_the_scheduled_one(memory: Memory) -> None:
    items = _say(memory, "每天早晚各吃一片二甲双胍，控血糖",
                 "复查完医生说二甲双胍我肠胃扛不住，给我换成了西格列汀，一天一片")
    assert any("西格列汀" in d for d in items), items
    assert not any("二甲双胍" in d and "西格列汀" not in d for d in items), items


def test_a_pastime_gone_to_as_a_habit_is_a_hobby_said_again_later(memory: Memory) -> None:
    items = _say(memory, "平时有空我就去郊区爬山，一爬就是大半天", "我今天去河边钓鱼了",
                 "爬山真是我最大的爱好，这周又去了")
    assert len([d for d in items if "爬山" in d]) == 1, items
    assert not any("钓鱼" in d for d in items), items


@pytest.mark.parametrize(("said", "value"), [
    ("我现在 officially 是 Senior Designer 了", "Senior Designer"),
    ("我 finally 搬到杭州了", "杭州"),
])
def test_an_english_adverb_inside_a_chinese_statement(memory: Memory, said: str, value: str) -> None:
    items = _say(memory, said)
    assert any(value in d and d.startswith("用户") and " officially" not in d for d in items), items
