"""A named person's allergy said three times, in three phrasings and two languages, is one fact with hits
(issue 13, W8: "Chloe对花生过敏", "no, Chloe is allergic to peanuts, not Ethan", "Chloe花生过敏，…又提醒一次").

The item is keyed under the name (``fact:person/chloe/allergy:peanut``), never the user's own allergy; the
reminder itself ("又提醒一次") is no fact; a name in a Chinese sentence saying a school or a class is left to
the raw turn, not read as a job.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

START = datetime(2026, 2, 1, 9, tzinfo=UTC)
THRICE = [
    "Chloe对花生过敏, 很严重, 要带EpiPen",
    "no, Chloe is allergic to peanuts, not Ethan",
    "Chloe花生过敏，学校要备EpiPen，又提醒一次",
]


@pytest.mark.parametrize(
    "texts",
    [
        THRICE,
        ["Chloe is allergic to peanuts.", "Chloe对花生过敏，很严重"],
        ["小美对花生过敏", "小美对花生过敏，别忘了"],
    ],
)
def test_an_allergy_said_again_is_one_item_with_hits(tmp_path: Path, texts: list[str]) -> None:
    memory_rows = slot_items(tmp_path, texts, start=START, days_apart=30)
    theirs = [(s, k, d) for s, k, d in memory_rows if "/allergy:" in k and k.startswith("fact:person/")]
    assert len(theirs) == 1 and theirs[0][0] == "active", memory_rows
    assert not any(k.startswith("fact:allergy") for _, k, _ in memory_rows), memory_rows  # not the user's


def test_the_allergy_counts_each_saying(tmp_path: Path) -> None:
    from memory_core.embedded import open_memory
    from memory_core.model import Turn
    from memory_core.settings import Settings

    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/h.sqlite3", embedder="none"))
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, START.replace(month=2 + n)) for n, text in enumerate(THRICE)])
    items = [i for i in memory.store.list_items("u1") if str(i.key).startswith("fact:person/chloe/allergy")]
    assert [(i.hit, len(i.source)) for i in items] == [(2, 3)], items
    assert not any("提醒" in i.description for i in memory.store.list_items("u1") if i.kind != "event")


def test_a_name_in_a_chinese_sentence_saying_a_school_is_no_job(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["Ethan在Lincoln Elementary上三年级"], start=START, days_apart=30)
    assert not any(k.startswith("fact:person/") or "works_at" in k for _, k, _ in rows), rows
