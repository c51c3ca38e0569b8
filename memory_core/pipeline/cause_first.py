"""A cause said first, then a habit taken up again or given up: "压力大 又开始抽烟了" (issue 13).

Chinese chat often puts why before what, with a space or nothing between them and no subject in either part:
"压力大 又开始抽烟了", "最近加班多又开始喝咖啡了", "身体不好 酒戒了". Read as one clause, the restart or the stop was
lost (the cause has no 我, so the clause was nobody's), and the stop said before stayed the current value.
``cause_apart`` puts a comma after such a cause, so the habit's clause is read on its own, as it is when the user
types "压力大，又开始抽烟了". A cause is a short state (``data/cause_first.yaml``: 大, 多, 忙, 不好 …) with no person
in it; the split is made only before a restart (又开始, 重新开始, 又…上了) or, after a space, before a thing given
up said first ("酒戒了"). Who the cause is about is left to the caller (``person``): "老公压力大 又开始抽烟了" stays
one clause, his.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from memory_core.pipeline.cessation import ZH_ENDED_AFTER_THING
from memory_core.shipped_yaml import load_shipped

__all__ = ["cause_apart"]

# a restart said with no subject: "又开始抽烟了", "重新开始喝酒", "又重新练上了", "烟又抽上了"
_RESTART = r"(?:又|再次)(?:开始|重新)|重新开始|(?:[\u4e00-\u9fff]{1,3})?又[\u4e00-\u9fff]{1,3}上了"
# a thing given up, said first ("酒戒了", "奶茶也不喝了"): after a space only
_ENDED = r"[^\s，,。！!？?我你他她它]{1,6}?" + ZH_ENDED_AFTER_THING


@functools.cache
def _pattern() -> re.Pattern[str]:
    """A cause (a state, ``data/cause_first.yaml``), then a space or nothing, then a restart; or a space, a stop."""
    data = load_shipped("data", "cause_first.yaml")["zh"]
    states = "|".join(re.escape(str(w)) for w in sorted(data["states"], key=lambda w: -len(str(w))))
    after = "|".join(re.escape(str(w)) for w in data["after"])
    cause = r"(?P<c>[^\s，,。！!？?；;我你他她它们]{0,8}?(?:" + states + r")(?:" + after + r")*)"
    return re.compile(r"(?:^|(?<=[，,。！!？?；;]))" + cause
                      + r"(?:[ \t\u3000]+(?=" + _RESTART + "|" + _ENDED + r")|(?=" + _RESTART + r"))")


def cause_apart(sentence: str, person: Callable[[str], bool]) -> str:
    """``sentence`` with a comma after each cause said before a restart or a stop (module docstring).

    Args:
        sentence: one Chinese sentence, as split on its end marks.
        person: True for a cause that opens on a person ("老公压力大"), which is left as it is.

    Returns:
        The sentence, unchanged when it holds no such cause. Never raises.
    """
    def comma(m: re.Match[str]) -> str:
        cause = m.group("c")
        return m.group(0) if person(cause) else f"{cause}，"
    return _pattern().sub(comma, sentence)
