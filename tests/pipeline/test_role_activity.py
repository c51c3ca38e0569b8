"""A role said by an activity only its holder does: where the user works or studies (issue 13).

Leaving work at a place, a shift or a night on duty there, the commute to it say one works there; a semester,
finals, a transfer or school letting out say one studies there; rent, a mortgage or housemates there say one lives
there. Each kind is asserted in English and Chinese, with
the traps beside it: another person's activity, a supposition, a question, a generic place, a town that is no
school, an activity that ends.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items, statement_keys

from memory_core.pipeline.role_activity import role_activity

T0 = datetime(2025, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("clause", "lang", "said"), [
    ("从张江的米哈游下班出来已经十点了", "zh", "我在米哈游工作"),
    ("刚从字节下班，饿扁了", "zh", "我在字节工作"),
    ("今晚又在协和医院值夜班", "zh", "我在协和医院工作"),
    ("我每日返工都要去望京嘅美团总部", "zh", "我在美团工作"),
    ("每天上班都要去西二旗的百度大厦", "zh", "我在百度工作"),
    ("每天从人大附中放学都六点了", "zh", "我在人大附中读书"),
    ("每天从米哈游下班都很晚", "zh", "我在米哈游工作"),  # how late, not a judgement of the topic
    ("每天上学都要去人大附中", "zh", "我在人大附中读书"),
    ("my shift at St Mary's ran late again", "en", "I work at St Mary's"),
    ("I clocked in at Trader Joe's at 5am", "en", "I work at Trader Joe's"),
    ("my second semester at Purdue is rough", "en", "I study at Purdue"),
    ("I transferred to the University of Michigan this semester", "en", "I study at the University of Michigan"),
    ("I enrolled at Columbia University last fall", "en", "I study at Columbia University"),
    ("my rent in Brooklyn went up again", "en", "I live in Brooklyn"),
    ("my mortgage in Leeds is killing me", "en", "I live in Leeds"),
    ("在望京租房，每个月八千", "zh", "我住在望京"),
    ("现在在望京租房", "zh", "我住在望京"),
    ("每个月在回龙观还房贷", "zh", "我住在回龙观"),
])
def test_an_activity_stands_for_the_direct_statement(clause: str, lang: str, said: str) -> None:
    assert [implied.said for implied in role_activity(clause, lang)] == [said]


@pytest.mark.parametrize(("clause", "lang"), [
    ("her shift at St Mary's ran late", "en"),  # hers
    ("Sam's shift at Costco ran late", "en"),
    ("my last shift at Crumb & Co. was today", "en"),  # an activity that ends
    ("I transferred to Boston last year", "en"),  # a town, no school
    ("my shift at work ran late", "en"),  # no name
    ("今天在公司值班，好无聊", "zh"),  # a generic place
    ("我得在月底前还房贷", "zh"),  # a time, no place
    ("下周要在九点前下班", "zh"),
    ("my rent at Brooklyn went up", "en"),  # a home is "in" a place
    ("rent in London is insane", "en"),  # said of anyone
    ("在北京租房太贵了", "zh"),  # a topic judged, not a thing done
    ("在北京租房子太贵了", "zh"),
    ("在字节值班很正常", "zh"),
    ("上班路上去星巴克买了杯咖啡", "zh"),  # a stop on the way
    ("周末去故宫打卡", "zh"),  # a visit
    ("今天在星巴克加班", "zh"),  # overtime is done anywhere
    ("今天在公司开会开到九点", "zh"),  # no activity of the data
])
def test_no_direct_statement_without_ones_own_named_activity(clause: str, lang: str) -> None:
    assert role_activity(clause, lang) == []


@pytest.mark.parametrize(("text", "key", "value"), [
    ("从张江的米哈游下班出来已经十点了，地铁都快没了", "fact:works_at", "米哈游"),
    ("刚从字节下班，饿扁了", "fact:works_at", "字节"),
    ("今晚又在协和医院值夜班，困死了", "fact:works_at", "协和医院"),
    ("每天从人大附中放学都六点了", "fact:school", "人大附中"),
    ("刚从腾讯值班出来，打车回家", "fact:works_at", "腾讯"),  # a day's work done, no leaving
    ("从协和医院下班出来天都亮了", "fact:works_at", "协和医院"),
    ("my shift at St Mary's ran late again", "fact:works_at", "St Mary's"),
    ("clocked in at Trader Joe's at 5am, long day ahead", "fact:works_at", "Trader Joe's"),
    ("my midterms at Ohio State start Monday, pray for me", "fact:school", "Ohio State"),
    ("transferred to the University of Michigan this semester, their engineering program is way better",
     "fact:school", "University of Michigan"),
    ("my housemates in Clapham are loud again", "fact:lives_in", "Clapham"),
    ("每个月在回龙观还房贷，压力好大", "fact:lives_in", "回龙观"),
])
def test_the_user_s_activity_is_read_as_the_slot(text: str, key: str, value: str) -> None:
    said = statement_keys(text, at=T0)
    assert key in said and said[key][0] > 0 and value in said[key][1], said


@pytest.mark.parametrize("text", [
    "我老公很辛苦，每天从米哈游下班都十点了",  # the husband's, said with his subject dropped
    "我老公每天从米哈游下班都很晚",
    "我妹妹在读高三，每天从人大附中放学都六点了",
    "要是从字节下班太晚，我就打车回家",  # a supposition
    "从字节下班要坐几号线？",  # a question
    "在公司加班到九点，累死",  # a generic place
    "my husband's shift at Mercy General ran late",
    "if I transferred to Rice University would I lose credits?",
    "what time does my shift at St Mary's start?",
    "my sister's rent in Brooklyn went up",
    "我姐在望京租房",
    "打算下个月在望京租房",  # a plan
])
def test_another_s_activity_a_supposition_or_a_question_is_no_slot(text: str) -> None:
    said = statement_keys(text, at=T0)
    assert not any(key in said for key in ("fact:works_at", "fact:school", "fact:work_site")), said


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["我在网易做测试", "刚从字节下班，饿扁了"], "网易", "字节"),
    (["I work at Costco as a cashier", "my night shift at St Mary's was quiet for once"], "Costco", "St Mary's"),
    (["I study at Ohio State University", "transferred to Rice University this semester"],
     "Ohio State", "Rice"),
])
def test_a_new_place_said_by_its_activity_replaces_the_old(tmp_path: Path, texts: list[str], old: str,
                                                           new: str) -> None:
    rows = slot_items(tmp_path, texts, start=T0, days_apart=30)
    live = [text for _, text in active(rows)]
    assert any(new in t for t in live), rows
    assert not any(old in t and new not in t for t in live), rows
