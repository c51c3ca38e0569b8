"""Another person's job said after who they are is never the user's (issue 13; new-user trial 41, finding 1).

"刘洋他妹妹在北京找到工作了，在字节跳动做产品": the job is the sister's; "朋友给我介绍了个女生，叫林晓，在华为做测试":
the job is the woman's. Both replaced the user's own job before.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


@pytest.mark.parametrize("said", [
    "刘洋他妹妹在北京找到工作了，在字节跳动做产品，她好厉害哦",
    "刘洋的妹妹在北京找到工作了，在字节跳动做产品",
    "小王他老婆刚换了工作，在字节跳动做产品",
    "Tom他女朋友上个月入职了，在字节跳动做产品",
    "朋友给我介绍了个女生，叫林晓，在字节跳动做产品",
    "同事给我介绍了一个男生，在字节跳动做产品",
    "我最近认识了一个女生，在字节跳动做产品",
])
def test_another_persons_job_leaves_the_users_own(said: str) -> None:
    items = planned_items(["我在成都一所小学当语文老师", said], timedelta(days=30))
    jobs = [d for s, k, d in items if s == "active" and k.startswith(("fact:works_at", "fact:occupation"))]
    assert any("小学" in d for d in jobs) and any("语文老师" in d for d in jobs), items
    assert not any("字节跳动" in d or "产品" in d for d in jobs), items


@pytest.mark.parametrize(("said", "word"), [
    ("我妹妹在字节跳动做产品", "妹妹"),  # the user's own relative keeps a key of hers
    ("我新交了一个女朋友，她叫Sophie，是法国人", "女朋友"),
])
def test_the_users_own_relative_still_gets_their_facts(said: str, word: str) -> None:
    items = planned_items(["我在成都一所小学当语文老师", said], timedelta(days=30))
    assert any(s == "active" and word in d for s, _, d in items), items
    assert any(s == "active" and "语文老师" in d for s, _, d in items), items
