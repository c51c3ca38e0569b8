"""A job left and the next one said in note form ("left DBS, now at Grab as senior analyst") ends the old employer
and stores the new one (issue 13): the role after the employer may come with no article ("as senior analyst") or
as what one does ("doing iOS"); "as usual" is no role, and a place one is at as usual is no employer.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.terse import en_filled

DAY = timedelta(days=1)


@pytest.mark.parametrize(("old", "turn", "gone", "new"), [
    ("I work at DBS.", "I left DBS already, now at Grab as senior analyst", "DBS", "Grab"),
    ("I work at Stripe.", "Left Stripe, now at Figma as staff engineer", "Stripe", "Figma"),
    ("我在字节工作。", "Left ByteDance, now at 小红书 doing iOS", "字节", "小红书"),
])
def test_the_next_employer_in_note_form_replaces_the_old(old: str, turn: str, gone: str, new: str) -> None:
    items = planned_items([old, turn], DAY)
    assert [d for s, k, d in items if s == "active" and k == "fact:works_at" and new in d], items
    assert not [d for s, k, d in items if s == "active" and gone in d and "no longer" not in d], items


@pytest.mark.parametrize(("fragment", "said"), [
    ("now at Grab as senior analyst", "I work at Grab as senior analyst"),
    ("currently at Monzo doing backend", "I work at Monzo doing backend"),
    ("new job at Canva as designer", "I got a new job at Canva as designer"),
])
def test_a_role_without_article_keeps_the_employer(fragment: str, said: str) -> None:
    assert en_filled(fragment) == said


@pytest.mark.parametrize("fragment", ["now at Starbucks as usual", "still at Costa as always"])
def test_as_usual_is_no_role(fragment: str) -> None:
    assert en_filled(fragment) is None
