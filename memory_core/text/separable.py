"""Chinese verb-object words said split, read whole: "攒了不少钱" also says 攒钱, "跑了个步" 跑步.

Chinese verb-object words (离合词) take aspect particles, numbers and
measure words between their verb and their object: people ask "她在攒钱吗？"
and tell "攒了不少钱", "请了三天假", "洗了个澡", "见了个面". The segmenter cuts
the split form into pieces (攒 / 不少 / 钱) and no term was the word the
question, the everyday glosses ("save money") and the synonym groups know.
``separable_terms`` gives, for a text, each listed word it says split — its
verb, then at most ``gap_max`` characters of particles, numbers, measure
words and words of quantity (``gap_characters``), then its object — and each
word a verb and an amount of one of its units stand for (减了十斤: 减肥,
跑了五公里: 跑步). Recall adds them to what a memory is indexed by and to a
question's terms (the pieces stay). Said whole, a word is jieba's own term
already and is not repeated.

The data: ``data/separable_verbs.yaml`` (the class: Chao, *A Grammar of
Spoken Chinese*, 1968, §6.5.7, "ionized" verb-object compounds).
``verb_heads`` is the other direction: a whole word in a question also
searching its verb alone.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["separable_terms"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
_NUMBER = "0-9一二两俩三四五六七八九十百千万几半多少好"  # 多少: "减了多少斤" asks the amount


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """(pattern, the whole word) for each split word and each verb with an amount, from the shipped file."""
    data = load_shipped("data", "separable_verbs.yaml")
    gap = f"[{re.escape(str(data['gap_characters']))}]{{1,{int(data['gap_max'])}}}"
    out = []
    for compound in data["compounds"]:
        word = str(compound)
        verb, obj = word.split(" ", 1) if " " in word else (word[0], word[1:])
        out.append((re.compile(f"{re.escape(verb)}{gap}{re.escape(obj)}"), f"{verb}{obj}"))
    for amount in data["amounts"]:
        units = "|".join(map(re.escape, (str(u) for u in amount["units"])))
        out.append((re.compile(f"{re.escape(str(amount['verb']))}[了过]?[{_NUMBER}]+(?:{units})"),
                    str(amount["compound"])))
    return tuple(out)


def separable_terms(text: str) -> list[str]:
    """The verb-object words ``text`` says split or by an amount, in list order, none repeated (``[]``: none).

    "我攒了不少钱，上周还请了三天假" gives ["攒钱", "请假"]; "减了十斤" ["减肥"]; "我在攒钱" [] (said whole).
    """
    if text.isascii() or not _CJK.search(text):
        return []
    out: dict[str, None] = {}
    for pattern, word in _patterns():
        if pattern.search(text):
            out[word] = None
    return list(out)
