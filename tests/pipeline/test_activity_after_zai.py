"""An English activity said after 在 in a Chinese clause ("每天都在vape", "下班都在work out") is what the user is
doing: no employer and no home is read from it, while a Latin employer after 在 still is one."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.code_switch import is_activity


def _active(texts: list[str]) -> list[tuple[str, str]]:
    """(key, description) of the active items ``texts`` leave, said a day apart."""
    return [(k, d) for s, k, d in planned_items(texts, timedelta(days=1)) if s == "active"]


@pytest.mark.parametrize(
    "text",
    [
        "我基本上每天都在vape，芒果冰那个口味",
        "我最近每天晚上都在work out",
        "我周末一直在gaming",
        "我这几天都在binge watching",
    ],
)
def test_activity_is_no_employer(text: str) -> None:
    keys = [k for k, _ in _active([text])]
    assert "fact:works_at" not in keys and "fact:lives_in" not in keys, _active([text])


@pytest.mark.parametrize(("text", "employer"), [("我现在在Shopee", "Shopee"), ("我在Google工作", "Google")])
def test_latin_employer_after_zai_is_kept(text: str, employer: str) -> None:
    assert any(k == "fact:works_at" and employer in d for k, d in _active([text])), _active([text])


def test_activity_list() -> None:
    assert is_activity("vape") and is_activity("Work  Out") and is_activity("smoking")
    assert not is_activity("Shopee") and not is_activity("google")
