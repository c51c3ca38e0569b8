"""Another person's, a pet's or a product's doings are never the user's own (new-user trial 38, findings 1 and 3).

"认识了一个常来店里的客人，叫陈默，是师范的体育老师" made the user a PE teacher; "最近店里招了两个兼职，都是师范的
学生" a student; "养了只仓鼠叫 Mochi，每天晚上在轮子上跑到三点" a night runner; "猫抓板" a cat named 抓板; "俺老伴儿叫
乌云，…做得一手好奶茶" a cook, and a later "老伴儿给俺买了瓜子" ended 乌云's name. A person the speaker introduces or
opens a clause on by their role owns the clauses after it; a pet named owns them too unless they say the speaker's
own life; a spouse word (老伴儿, 当家的, the missus) is the partner.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.introduced_person import en_introduced, zh_introduced, zh_role_opens
from memory_core.pipeline.subject_chain import AWAY, zh_subject
from tests.pipeline._slot_items import live_texts, statement_keys

AT = datetime(2026, 3, 4, 9, 0, tzinfo=UTC)
_OWN_WORK = ("fact:works_at", "fact:occupation", "fact:school", "gist:works_at")


@pytest.mark.parametrize(("clause", "whose"), [
    ("认识了一个常来店里的客人，叫陈默", AWAY), ("最近店里招了两个兼职", AWAY), ("店里来了个新店员，叫小雨", AWAY),
    ("有个老顾客", AWAY), ("最近接了个新客户", AWAY), ("以前带过一个学生叫刘洋", AWAY),
    ("认识一个朋友叫小李", "朋友"), ("我有两个孩子", None), ("有一个娃", None),
    ("养了条狗叫大黄", None), ("兼职做家教", None), ("我在华中师范教书", None),
])
def test_a_person_introduced_by_a_described_role_named_or_not(clause: str, whose: str | None) -> None:
    assert zh_introduced(clause) == whose


@pytest.mark.parametrize(("clause", "opens"), [
    ("新招的兼职是个大学生", True), ("供应商老王", True), ("我带的学生叫小林", True), ("我的房东是个退休教师", True),
    ("我辅导的那个学生在实验中学读初二", True),
    ("兼职做家教", False), ("兼职在奶茶店打工", False), ("员工食堂很好吃", False), ("我是老师", False),
    ("我的朋友是老师", False), ("我是华为的员工", False), ("考上了西安的研究生", False), ("学生都放假了", False),
])
def test_a_clause_opening_on_a_role_of_the_speakers_work(clause: str, opens: bool) -> None:
    assert zh_role_opens(clause) is opens


def test_a_person_named_then_called_a_relation_owns_the_next_clause() -> None:
    assert zh_subject("阿杰是我男朋友") == "男朋友"
    said = [c for c, _ in split_clauses("阿杰是我男朋友，在一家物流公司开叉车")]
    assert "我男朋友在一家物流公司开叉车" in said, said


@pytest.mark.parametrize("text", [
    "认识了一个常来店里的客人，叫陈默，是师范的体育老师", "最近店里招了两个兼职，都是师范的学生",
    "阿杰是我男朋友，在一家物流公司开叉车", "店里来了个新店员，叫小雨，是大三的学生",
    "新招的兼职是个大学生，在师大读研", "有个老顾客，在银行上班，每周都来", "我带的学生叫小林，在北大读书",
    "供应商老王，在义乌开厂", "今天来了个病人，是个出租车司机",
])
def test_their_job_or_school_is_not_the_users(text: str) -> None:
    keys = statement_keys(text, at=AT)
    assert not [k for k in keys if k.startswith(_OWN_WORK)], keys


def test_the_clauses_after_a_named_pet_are_the_pets() -> None:
    said = [c for c, _ in split_clauses("养了只仓鼠叫 Mochi，每天晚上在轮子上跑到三点，吵死了但是好可爱")]
    assert not [c for c in said if "轮子" in c], said
    keys = statement_keys("养了只仓鼠叫 Mochi，每天晚上在轮子上跑到三点", at=AT)
    assert any(k.startswith("fact:pet") for k in keys) and not [k for k in keys if k.startswith("gist:")], keys


def test_the_speakers_own_work_after_a_named_pet_stays_theirs() -> None:
    keys = statement_keys("我叫小林，养了只猫叫年糕，在杭州做设计", at=AT)
    assert "fact:lives_in" in keys and "fact:occupation" in keys, keys


def test_a_breed_described_and_named_is_the_pets() -> None:
    keys = statement_keys('偷偷把猫抱回来了🐱 是一只蓝双色的布偶，叫它"糯米"', at=AT)
    assert any("糯米" in text for _, text in keys.values() if text), keys
    assert not [text for _, text in keys.values() if text.startswith("用户是一只")], keys


@pytest.mark.parametrize("text", ["我卖宠物用品，主要是狗狗牵引绳和猫抓板", "店里有猫爬架和狗粮"])
def test_a_pet_product_is_no_pet_named(text: str) -> None:
    keys = statement_keys(text, at=AT)
    assert not [k for k in keys if k.startswith("fact:pet")], keys


@pytest.mark.parametrize(("text", "name"), [
    ("我老伴儿叫乌云，蒙古族，做得一手好奶茶和手把肉", "乌云"), ("我爱人叫李梅，在医院当护士", "李梅"),
    ("当家的叫老刘，在工地开塔吊", "老刘"), ("My missus is called Sarah, she's a nurse", "Sarah"),
    ("My other half, Tom, works at the hospital", "Tom"),
])
def test_a_spouse_word_names_the_partner_and_owns_what_follows(text: str, name: str) -> None:
    keys = statement_keys(text, at=AT)
    assert name in keys.get("fact:partner", (0, ""))[1], keys
    assert not [k for k in keys if k.startswith(_OWN_WORK) or k.startswith("gist:")], keys


def test_a_relatives_work_before_retiring_is_not_the_speakers() -> None:
    keys = statement_keys("我老头子叫老张，退休前是钳工", at=AT)
    assert "fact:works_at" not in keys, keys
    assert "fact:works_at" in statement_keys("我姓王，今年61了，退休前在中铁二局当工程师", at=AT)


def test_a_mention_of_the_spouse_keeps_their_name_and_a_new_name_replaces_it(tmp_path: Path) -> None:
    kept = live_texts(tmp_path / "a", ["我老伴儿叫乌云，蒙古族", "戒烟第十五天，难受得很。老伴儿给我买了瓜子磕"],
                      start=AT)
    assert any("乌云" in t for t in kept), kept
    changed = live_texts(tmp_path / "b", ["我老伴叫桂芬", "去年又找了个老伴，叫秀兰"], start=AT)
    assert any("秀兰" in t for t in changed) and not any("桂芬" in t for t in changed), changed


@pytest.mark.parametrize(("clause", "whose"), [
    ("I tutor a kid called Sam", AWAY), ("I babysit a girl named Mia", AWAY),
    ("I have a kid named Sam", "my kid Sam"), ("we've got a son called Leo", "my son Leo"),
])
def test_a_child_is_the_speakers_own_only_when_had(clause: str, whose: str) -> None:
    assert en_introduced(clause) == whose


@pytest.mark.parametrize(("text", "name"), [
    ("The missus, Jo, teaches year 4 at St Mary's.", "Jo"), ("Hubby's name is Dev, drives a bus in Leicester.", "Dev"),
])
def test_a_spouse_said_with_the_or_bare_is_the_speakers(text: str, name: str) -> None:
    keys = statement_keys(text, at=AT)
    assert name in keys.get("fact:partner", (0, ""))[1], keys
    assert not [k for k in keys if k.startswith(_OWN_WORK)], keys


def test_a_named_pets_doings_in_the_next_sentence_are_the_pets_and_a_room_rented_the_speakers() -> None:
    said = [c for c, _ in split_clauses("养了只仓鼠叫 Mochi，金丝熊，是 Lily 同事送的。每天晚上在轮子上跑到三点")]
    assert not [c for c in said if "轮子" in c], said
    said = [c for c, _ in split_clauses("今天领养了一只橘猫，叫馒头！在校外租了个单间，终于不用住宿舍了")]
    assert "我在校外租了个单间" in said, said
