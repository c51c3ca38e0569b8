"""Two values of one slot said in order in one turn: the earlier is history, the later holds (issue 13).

"I live in Lisbon. 后来搬到了波尔图", "I lived in Berlin, then moved to Munich", "以前住北京，后来搬去了深圳": one
item per value, the earlier superseded by the later (never one item joining both, never the later lost). A
second place that narrows the first, another person's move and a plan change nothing.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


def _items(texts: list[str]) -> list[tuple[str, str, str]]:
    return planned_items(texts, timedelta(days=30))


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["I live in Lisbon. 后来搬到了波尔图"], "Lisbon", "波尔图"),
    (["I lived in Berlin, then moved to Munich"], "Berlin", "Munich"),
    (["I was living in Leeds for years but last spring I moved to Bristol"], "Leeds", "Bristol"),
    (["以前住北京，后来搬去了深圳"], "北京", "深圳"),
    (["我一开始住在成都，去年搬到重庆了"], "成都", "重庆"),
    (["I worked at Google for five years, then joined Meta last spring"], "Google", "Meta"),
    (["我之前在腾讯上班，后来跳槽到了字节"], "腾讯", "字节"),
    (["I was a data analyst at Trip.com, then I became a product manager"], "data analyst", "product manager"),
    (["I live in Oslo", "I lived in Oslo, then moved to Bergen"], "Oslo", "Bergen"),
])
def test_the_earlier_value_is_history_of_the_later(texts: list[str], old: str, new: str) -> None:
    items = _items(texts)
    active = [(k, d) for s, k, d in items if s == "active"]
    ended = [(k, d) for s, k, d in items if s == "superseded" and old in d]
    assert ended, items
    assert any(new in d and old not in d and k == ended[0][0] for k, d in active), items
    assert not any(old in d for _, d in active), items
    assert len(ended) == 1, items  # said once, stored once


@pytest.mark.parametrize(("texts", "kept", "absent"), [
    (["I live in Lyon, in the Croix-Rousse"], "Lyon", "<none>"),
    (["I live in Lisbon, then my sister moved to Porto"], "Lisbon", "Porto"),
    (["我住在杭州，后来我妹妹搬去了上海"], "杭州", "上海"),
    (["I live in Lisbon", "thinking about moving to Porto, then maybe Madrid"], "Lisbon", "Porto"),
    (["我在字节跳动做后端开发", "我以前在携程实习过，那边食堂不错"], "字节跳动", "携程"),
])
def test_no_change_told_leaves_the_value(texts: list[str], kept: str, absent: str) -> None:
    items = _items(texts)
    active = [d for s, k, d in items if s == "active" and "/" not in k]  # the user's; a sister's move is hers
    assert any(kept in d for d in active), items
    assert not any(absent in d and kept not in d for d in active), items
    assert not any(s == "superseded" for s, _, _ in items), items
