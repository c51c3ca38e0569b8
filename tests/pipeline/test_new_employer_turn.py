"""A turn that ends one job and starts another: the new employer is current, the old one history (issue 13 §2);
a sentence stated on its own, or about another thing, is never glued onto an item as its detail (§3)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items


def _items(tmp_path: Path, texts: list[str]) -> list[tuple[str, str, str]]:
    return slot_items(tmp_path, texts, start=datetime(2026, 3, 1, tzinfo=UTC), days_apart=9)


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["I work as a data analyst at Barclays.",
      "I left Barclays in May. Starting at Monzo as a product analyst next week!"], "Monzo", "Barclays"),
    (["I'm a nurse at St Mary's.", "Handed in my notice. I'm starting at Guy's Hospital on Monday"], "Guy", "Mary"),
    (["我在美团上班", "离职了！下个月去京东报到，做运营经理"], "京东", "美团"),
    (["我在一家银行工作", "辞职了，明天去小米报到"], "小米", "银行"),
])
def test_a_new_employer_said_with_the_end_of_the_old_is_current(tmp_path: Path, texts: list[str], new: str,
                                                                old: str) -> None:
    items = _items(tmp_path, texts)
    employer = [d for status, key, d in items if key == "fact:works_at" and status == "active"]
    assert len(employer) == 1 and new in employer[0], items
    assert not [d for status, _, d in items if status == "active" and old in d], items


@pytest.mark.parametrize("texts", [
    ["I work as a backend developer at Shopify.", "Starting at Stripe as a staff developer on Monday!"],
    ["I'm a teacher at Hillside School.", "Joining Acme Labs as a research engineer next month"],
])
def test_a_start_elsewhere_is_no_detail_of_the_old_job(tmp_path: Path, texts: list[str]) -> None:
    items = _items(tmp_path, texts)
    active = [d for status, key, d in items if status == "active"]
    assert not [d for d in active if "; " in d or "Starting" in d or "Joining" in d], active
    assert [d for status, key, d in items if status == "superseded" and key == "fact:occupation"], items


@pytest.mark.parametrize(("texts", "stranger"), [
    (["I have a cat named Mochi.", "So fluffy. Mochi sleeps on my keyboard all day. I started learning the violin "
                                   "too."], "violin"),
    (["我养了一只狗叫旺财", "特别乖。旺财每天早上陪我去公园。我最近还开始学吉他了。"], "吉他"),
])
def test_a_sentence_about_another_thing_is_no_detail_of_the_item(tmp_path: Path, texts: list[str],
                                                                  stranger: str) -> None:
    items = _items(tmp_path, texts)
    pet = [d for status, key, d in items if status == "active" and key.startswith("fact:pet")]
    assert pet and not [d for d in pet if stranger in d], items
