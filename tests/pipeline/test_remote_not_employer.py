"""Working remotely said in Chinese, with 远程 or the English "remote" ("我在远程工作", "我 now 在 remote 工作"), is how
the user works, never an employer named 远程 or remote; the employer said before stays (issue 13)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize("text", ["我在远程工作", "我 now 在 remote 工作", "我在 Remote 上班"])
def test_remote_is_a_work_arrangement(tmp_path: Path, text: str) -> None:
    rows = active(slot_items(tmp_path, [text], start=START, days_apart=1))
    assert any(k.startswith("fact:work_mode") for k, _ in rows), rows
    assert not any(k.startswith("fact:works_at") for k, _ in rows), rows


def test_the_employer_stays(tmp_path: Path) -> None:
    texts = ["我在腾讯上班", "我 now 在 remote 工作，不用去公司了。"]
    rows = active(slot_items(tmp_path, texts, start=START, days_apart=30))
    assert any(k.startswith("fact:works_at") and "腾讯" in d for k, d in rows), rows


def test_a_company_named_remote_is_still_an_employer(tmp_path: Path) -> None:
    rows = active(slot_items(tmp_path, ["我在 Remote.com 上班"], start=START, days_apart=1))
    assert any(k.startswith("fact:works_at") and "Remote.com" in d for k, d in rows), rows
