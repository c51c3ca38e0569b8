"""The partner named first and the bond said by its length ("Lena and I have been together 3 years", "阿哲和我在
一起两年了") is the user's partner; a time word before the name ("现在Kai正式是我老公啦") is no part of it; being
"together on a project" is no bond."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


def _partner(texts: list[str]) -> list[str]:
    """Descriptions of the active partner items ``texts`` leave, said a day apart."""
    return [d for s, k, d in planned_items(texts, timedelta(days=1)) if s == "active" and k == "fact:partner"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Lena and I have been together 3 years today 🥰", "Lena"),
        ("Priya and I've been together since college, can you believe it", "Priya"),
        ("Sam and I have been dating for a year", "Sam"),
        ("阿哲和我在一起两年了", "阿哲"),
        ("Lena跟我在一起快三年了", "Lena"),
    ],
)
def test_partner_named_first(text: str, name: str) -> None:
    assert any(name in d for d in _partner([text])), _partner([text])


@pytest.mark.parametrize(
    "text",
    [
        "Tom and I have been together on this project for months",
        "My mom and I have been together all week",
    ],
)
def test_together_at_something_is_no_bond(text: str) -> None:
    assert _partner([text]) == []


@pytest.mark.parametrize("text", ["婚礼终于办完了，现在Kai正式是我老公啦", "如今Kai是我老公了"])
def test_time_word_before_the_name(text: str) -> None:
    assert _partner(["Kai proposed last night!!! 我们订婚啦", text]) == ["用户的老公是Kai"]
