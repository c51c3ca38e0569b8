"""An office park, a tower or a business district is where one works, never the employer (issue 13): "拿到了 字节成都
的 offer, 要坐班, 在天府软件园" leaves the employer as it was."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.value_class import is_org

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("value", "lang"), [
    ("天府软件园", "zh"), ("腾讯大厦", "zh"), ("张江科技园", "zh"),
    ("Riverside Tech Park", "en"), ("Salesforce Tower", "en"),
])
def test_a_work_site_is_no_employer(value: str, lang: str) -> None:
    assert not is_org(value, lang)


@pytest.mark.parametrize(("value", "lang"), [("字节", "zh"), ("宁德时代", "zh"), ("Parker Hannifin", "en")])
def test_an_employer_is_still_one(value: str, lang: str) -> None:
    assert is_org(value, lang)


def test_a_park_said_after_an_offer_leaves_the_employer(tmp_path: Path) -> None:
    rows = active(slot_items(tmp_path, ["我在腾讯上班", "面了几家, 拿到了 字节成都 的 offer, 要坐班, 在天府软件园"],
                             start=START, days_apart=30))
    assert not any(k.startswith("fact:works_at") and "软件园" in d for k, d in rows), rows
