"""A regional cuisine liked, said in Chinese or in English ("我最爱吃川菜", "Sichuan food is hands down my favourite
cuisine"), is one liking: both are keyed by the same object."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

DAY = timedelta(days=40)


@pytest.mark.parametrize(
    "text",
    ["Sichuan food is hands down my favourite cuisine", "Sichuan food is easily my favourite cuisine",
     "I love Sichuan food", "我最喜欢的菜系是川菜"],
)
def test_a_cuisine_in_either_language_is_one_key(text: str) -> None:
    keys = {key for _, key, _ in planned_items(["我最爱吃川菜，越辣越好。", text], DAY)}
    assert "pref:sichuan food" in keys and not any(k.startswith("pref:favourite") for k in keys), keys
