"""Whether one is married is answered by the engagement: "is she married?" over "Sam and I got engaged".

The engagement is stored as the partner's status ("User is engaged to Sam", "用户和小雨订婚了"); a question naming
marriage shares no word with it, so lexical recall found nothing. The marriage category (``data/categories.yaml``)
searches the engagement and the spouse's words too, in English and Chinese.
"""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


@pytest.mark.parametrize(("turns", "question", "engaged"), [
    (["I have a girlfriend named Sam.", "Sam and I got engaged in Tahoe!! 💍"], "Is she married?", "engaged to Sam"),
    (["my boyfriend Alex and I have been together 3 years", "Alex and I got engaged last weekend"], "am I married?",
     "engaged to Alex"),
    (["我女朋友叫小雨", "我们订婚了"], "她结婚了吗？", "订婚"),
])
def test_a_question_naming_marriage_finds_the_engagement(
        mem: EmbeddedMemory, turns: list[str], question: str, engaged: str) -> None:
    for n, text in enumerate(turns):
        mem.add(text, user_id="u", timestamp=f"2025-03-0{n + 1}T09:00:00Z")
    said = [str(h["description"]) for h in mem.search(question, user_id="u", k=3)]
    assert said and engaged in said[0], said
