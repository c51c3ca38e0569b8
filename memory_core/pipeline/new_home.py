"""A move told by the new home itself, in Chinese: "第一晚在杭州的新公寓", "搬进了苏州的新房子" (issue 13 §3).

People rarely say "我搬到杭州了" on the day; they say what the day is like: the
first night or day in the new flat in a place ("第一晚在杭州的新公寓，箱子还没
拆完", "今天是在成都新家的第一天"), moving or checking into it ("周末搬进了苏州
的新房子", "今天正式入住长沙的新公寓啦", "终于住进了福州的新家"), or a while
lived in the home newly rented or bought there ("在青岛新租的房子住了一周了").
Each says the user lives in that place now: ``moved_in`` reads the place and the
turn gains the statement "我搬到了<place>" as the slot engine reads it, which
ends the old home like any move.

Someone else's new home ("朋友杭州的新公寓", "帮我妈搬进了成都的新房子"), a
hotel ("第一晚在杭州的酒店"), a flat only looked at ("去杭州看了一套新公寓") and
a plan ("下个月搬进…") are no move of the user's. (English says the same with
"first night in the new flat in Leeds" and "moved into our new place in Leeds",
which the slot cues read already.)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from memory_core.model import Turn
from memory_core.pipeline.clauses import detect_lang
from memory_core.pipeline.plans import is_plan
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.value_class import is_place

__all__ = ["moved_in"]

_PLACE = r"(?P<v>[^\s，,。！!？?在的我你他她它那这朋友里]{2,8}?)"
_NEW_HOME = r"(?:的)?新(?:家|房子|房|公寓|住处|租的(?:房子|公寓|房)|买的(?:房子|公寓|房))"
_FIRST = r"(?:第一|头一|第1)(?:个)?(?:晚|晚上|夜|天|周|星期|礼拜|周末)"
#: The ways a new home in a place is told as lived in (the place in group "v").
_MOVED_IN = (
    re.compile(_FIRST + r"(?:住)?在" + _PLACE + _NEW_HOME),  # "第一晚在杭州的新公寓"
    re.compile(r"在" + _PLACE + _NEW_HOME + r"(?:里)?(?:的|过的?)" + _FIRST),  # "在成都新家的第一天"
    re.compile(r"(?:搬进|住进|入住|搬入)(?:了|去了)?" + _PLACE + _NEW_HOME),  # "搬进了苏州的新房子"
    # "在青岛新租的房子住了一周了", "在佛山新买的房子里住下了"
    re.compile(r"在" + _PLACE + _NEW_HOME + r"(?:里)?住(?:了|下了|进去了|上了)"),
)
#: Another person's home or move, a stay, or a home only looked at: the turn moves no one of the user's.
_NOT_MINE = re.compile(r"朋友|同事|同学|室友|闺蜜|[爸妈哥姐弟妹]|爷爷|奶奶|外公|外婆|姥|叔|舅|姨|姑|儿子|女儿|亲戚|"
                       r"帮|他|她|酒店|宾馆|民宿|看了|看房|参观|吃饭|做客|串门|如果|要是|打算|准备|想")


def moved_in(turn: Turn, cands: list[Candidate], extract: Callable[[Turn], list[Candidate]]) -> list[Candidate]:
    """``cands`` and the home a Chinese turn tells by the new home in a place lived in from now.

    Args:
        turn: a user turn.
        cands: the turn's candidates, as extracted.
        extract: the extractor, run on the statement the turn implies ("我搬到了杭州").

    Returns:
        ``cands`` unchanged when the turn states a home already, says no new home lived in, or speaks of
        someone else's; else with the implied statement's home candidates added.
    """
    if turn.role != "user" or detect_lang(turn.text) != "zh" \
            or any(c.key.split("@")[0] == "fact:lives_in" for c in cands):
        return cands
    for clause in re.split(r"[，,。！!？?；;~～]", turn.text):
        for pattern in _MOVED_IN:
            m = pattern.search(clause)
            if m is None or _NOT_MINE.search(clause) or is_plan(clause, "zh", turn.text) \
                    or not is_place(m.group("v"), "zh"):
                continue
            said = [c for c in extract(replace(turn, text=f"我搬到了{m.group('v')}"))
                    if c.key.split("@")[0] == "fact:lives_in" and c.polarity > 0]
            for cand in said:
                cand.claim = cand.evidence = cand.claim or cand.description
                cand.notes.append(f"a new home lived in: {clause}")
            return [*cands, *said]
    return cands
