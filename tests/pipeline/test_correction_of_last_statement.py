"""A correction in the next message puts right the statement it follows, whoever's slot that is (issue 13).

"my sister lives in Boston" then "sorry, I meant Chicago" (不对，是芝加哥) is the sister's home, not the user's;
a correction that names the wrong value ("I said Chicago, not Boston", 不是波士顿，是芝加哥) does the same without
naming the sister, and never leaves a statement of its own words ("用户是芝加哥").
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


def _active(texts: list[str]) -> list[tuple[str, str]]:
    return [(k, d) for s, k, d in planned_items(texts, timedelta(days=1)) if s == "active"]


@pytest.mark.parametrize(("texts", "home", "right", "wrong"), [
    (["I live in Denver, sorry, I mean Austin", "my sister lives in Boston", "sorry, I meant Chicago"],
     "Austin", "Chicago", "Boston"),
    (["my sister lives in Boston", "no, I said Chicago, not Boston"], "", "Chicago", "Boston"),
    (["我姐姐住在波士顿", "不对，是芝加哥"], "", "芝加哥", "波士顿"),
    (["我姐姐住在波士顿", "不是波士顿，是芝加哥"], "", "芝加哥", "波士顿"),
])
def test_a_correction_puts_right_the_sisters_home_just_said(texts: list[str], home: str, right: str,
                                                             wrong: str) -> None:
    active = _active(texts)
    sister = [d for k, d in active if k.split("/")[0] in ("fact:sister", "fact:姐姐")]
    assert any(right in d for d in sister) and not any(wrong in d for d in sister), active
    own = [d for k, d in active if not k.startswith(("fact:sister", "fact:姐姐"))]
    assert not any(right in d for d in own), active
    assert not home or any(home in d for d in own), active


def test_a_bare_correction_of_the_users_own_home_still_applies() -> None:
    active = _active(["我住在杭州", "说错了，是苏州"])
    assert any(k == "fact:lives_in" and "苏州" in d for k, d in active), active
    assert not any("杭州" in d for _, d in active), active
