"""A drink, food or habit stopped or taken up again, said the everyday way, as the plain statement the slot cues
read (issue 13: habits stopped, resumed or switched).

Chinese puts the thing first and the change after it ("咖啡我戒了", "拿铁不喝了", "酒又喝上了"), and English says
"back on the cola"; the drink, food and smoking cues read "我不再喝咖啡了" / "I drink cola again". Said the plain
way, the change lands on the slot's own key, so a stop said in the other language ("I've cut out coffee" then
"咖啡我戒了") is one item, and a later "drinking coffee again" ends it.

``plain_value`` trims what an English value carries after the thing ("coffee completely", "coffee for the new
year"): a description reads "User no longer drinks coffee", a plain sentence.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.cessation import resumption_scope
from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["plain_habit", "plain_value"]

_VERB = {"drink": ("喝", "drink"), "food": ("吃", "eat")}
# what an English value may carry after its thing: how completely, for how long, since when
_EN_TAIL = re.compile(r"\s+(?:(?:completely|entirely|altogether|totally|for\s+good|cold\s+turkey|at\s+all|"
                      r"for\s+now|for\s+(?:the\s+)?(?:new\s+year|lent|a\s+while|ages|the\s+(?:month|year|summer))|"
                      r"(?:a|one|two|three|four|five|six|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|"
                      r"(?:last|this)\s+(?:week|month|year|spring|summer|autumn|fall|winter)|"
                      r"in\s+(?:january|february|march|april|may|june|july|august|september|october|november|"
                      r"december))\b[\s,.!]*)+$", re.IGNORECASE)


def plain_value(value: str, lang: str) -> str:
    """``value`` without a trailing English adverbial of degree or time ("coffee completely" -> "coffee", "sugar
    for the new year" -> "sugar"); Chinese values and values that are only such words are returned unchanged.

    Never raises."""
    if lang != "en":
        return value
    trimmed = _EN_TAIL.sub("", value).strip()
    return trimmed or value


# a stop said plainly, the thing first ("咖啡我戒了", "拿铁不喝了", "甜食我不碰了"): no one else's order
# ("医生让我别喝"), no "may not" ("辣的不能再吃了"), nothing after it; those keep the user's own words
_ZH_PLAIN_STOP = re.compile(r"^我?[\u4e00-\u9fffA-Za-z]{1,6}?我?(?:也|都|已经|早就|现在|彻底|终于)*"
                            r"(?:戒了|戒掉了|不喝了|不吃了|不抽了|不碰了)[。！!~～]*$")
# a turn that says more than the stop ("医生说我血糖高，奶茶戒了", "咖啡戒了，现在早上就冲杯燕麦奶"): its words
# carry the reason or what replaced it, so the stop is kept as said
_ZH_MORE = re.compile(r"[，,；;。！!？?\s]")
# ... unless the more only says how long it has lasted ("烟我戒了，已经一个月没抽了", "咖啡戒了，三个礼拜了"): that is
# the stop again, with no reason or replacement to keep
_ZH_PARTS = re.compile(r"[，,；;。！!？?~～\s]+")
_ZH_SINCE = re.compile(r"^(?:我)?(?:已经|都|快|差不多|整整|有|也)*(?:[一二两三四五六七八九十半几好\d]+(?:个)?多?"
                       r"(?:天|周|星期|礼拜|月|年)多?|好久|很久|好一阵子?)(?:了)?"
                       r"(?:(?:都)?没(?:有|再)?(?:抽|喝|吃|碰)(?:过)?(?:了)?)?(?:了|啦|哈|呢)?$")


def _said_alone(turn_text: str) -> bool:
    """True when ``turn_text`` says one plain stop (``_ZH_PLAIN_STOP``) and nothing beyond it but how long the stop
    has lasted (``_ZH_SINCE``)."""
    text = turn_text.strip().rstrip("。！!~～ ")
    if not _ZH_MORE.search(text):
        return True
    parts = [part for part in _ZH_PARTS.split(text) if part]
    stops = [part for part in parts if _ZH_PLAIN_STOP.match(part)]
    return len(stops) == 1 and all(part in stops or _ZH_SINCE.match(part) for part in parts)


@functools.lru_cache(maxsize=1)
def _pastimes() -> frozenset[str]:
    """The pastimes the hobby slot names by a gerund ("running", "swimming", "jogging"), from its needles."""
    hobby = next((a for a in lexicon().attributes if a.id == "hobby"), None)
    words = hobby.needles.get("en", ()) if hobby is not None else ()
    return frozenset(w for w in words if re.fullmatch(r"[a-z]+ing", w))


def _pastime_again(scope: str) -> str:
    """ "I've started running again" for a return to a pastime said as a fragment ("Back to running!!"), else ""."""
    word = scope.strip().casefold()
    return f"I've started {word} again" if word in _pastimes() else ""


def plain_habit(clause: str, lang: str, thing: str, polarity: int, turn_text: str = "") -> str:
    """The plain statement of the known drink, food or smoking a clause stops (``polarity`` < 0) or takes up
    again (> 0), or "" when it names none.

    Args:
        clause: one first-person clause ("我咖啡戒了", "酒我又喝上了", "back on the cola").
        lang: "en" or "zh".
        thing: the object the clause puts first (``cessation.topicalised``), or "".
        polarity: the change the clause says (``clause_change.change_of``): -1 an end, 1 a return.
        turn_text: the whole turn; a Chinese stop is read plainly only when it stands as said (``_ZH_PLAIN_STOP``)
            and alone in its turn, or with only how long it has lasted ("…，已经一个月没抽了"; ``_said_alone``).

    Returns:
        "我不再喝咖啡了", "我又开始喝酒了", "我戒烟了", "I drink cola again", "I've started running again" (a
        pastime of the hobby slot taken up again: "Back to running!!") …; "" for a clause naming no drink,
        food or smoking (smoking only stopped: its cues read a return), or a stop said in English (its cues read
        it as said).
    """
    if polarity > 0:
        scope = resumption_scope(clause, lang)
        if not scope:
            return ""
        said = thing or scope
    elif polarity < 0 and lang == "zh" and _ZH_PLAIN_STOP.match(clause) and _said_alone(turn_text):
        said = thing or clause
    else:
        return ""
    named = lexicon().name_in(said, lang)
    if named is None:
        return _pastime_again(said) if polarity > 0 and lang == "en" else ""
    category = lexicon().category.get(named[0], "")
    if category == "habit" and named[0] == "smoking" and polarity < 0:  # its own cues read it taken up again
        return "我戒烟了"
    if category not in _VERB:
        return ""
    zh_verb, en_verb = _VERB[category]
    if lang == "zh":
        return f"我又开始{zh_verb}{named[1]}了" if polarity > 0 else f"我不再{zh_verb}{named[1]}了"
    return f"I {en_verb} {named[1]} again"
