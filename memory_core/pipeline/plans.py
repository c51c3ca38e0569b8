"""A plan or a future statement is not the current value of a slot (issue 13: "我下个月搬去巴塞罗那").

A clause that speaks of what will be ("I'll be starting at Glovo in two
weeks", "we're moving next month", 我下周开始吃肉, 明年要去上海) keeps the
turn's event (dated, searchable as what was said) and changes no lasting
slot. Goals and deadlines are plans by nature (an exam next month), so the
goal slot is still read. The markers are data: ``plan`` under ``markers`` in
``memory_core/data/slots.yaml``.

Two exceptions, from how people tell a change: when another part of the turn
says the old value already ended ("离职了，下个月去阿里报到", "quit Oracle,
starting at Stripe next week"), the new value is read as the successor; and a
job start that is settled ("I'll be joining Canva next month", "下个月入职字节",
"下周一去京东报到", "下周去蔚来做电池测试工程师": a start, a join, a first day, 入职, 报到,
a title taken up at a place) is the new employer and title now (``settled_start``),
so the old employer is not left current once the day has come. A start still wished
or weighed ("thinking of joining", 打算, 想去) never gets here: the slot engine skips
it as a hypothetical.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["PLAN_ATTRS", "START_ATTRS", "intended", "is_plan", "life_plan", "settled_start"]

#: Slots a plan may fill: what is still to come is their value (an exam, a deadline, a trip with its time).
PLAN_ATTRS = frozenset({"goal", "trip"})
#: Slots a settled job start fills ahead of its day: the employer and the title (``settled_start``).
START_ATTRS = frozenset({"works_at", "occupation"})

# a job's start said as settled: the start, the joining, the first day, 入职, 报到, 上岗
_START = {"en": re.compile(r"\b(?:start|starts|starting|join|joins|joining|begin|begins|beginning|first\s+day|"
                           r"onboarding)\b", re.IGNORECASE),
          "zh": re.compile(r"入职|报到|报道|上岗|去[^，,。]{1,12}?上班|开始上班|"
                           r"去[^，,。]{1,12}?(?:做|当|担任)(?=[^，,。]{0,8}?"
                           r"(?:师|员|经理|总监|主管|专员|顾问|分析|运营|产品|开发|设计|律师|医生|护士|老师|教授))")}


def life_plan(key: str) -> bool:
    """True when ``key`` is one of the life plans the goal slot keeps by their act (``todo:move``, ``todo:wedding``,
    ``todo:start`` …: the values of the goal attribute's ``key_objects`` in slots.yaml), a speaker's qualifier
    ("@wei") or none. Such a plan said again with another time or place is a new plan that supersedes the old
    one (``agreement.agrees``); a plan called off ends it (``plan_end``)."""
    return key.partition("@")[0] in _life_plans()


@functools.cache
def _life_plans() -> frozenset[str]:
    goal = next(a for a in lexicon().attributes if a.id == "goal")
    return frozenset(f"todo:{act}" for act in goal.key_objects.values())


def settled_start(clause: str, lang: str) -> bool:
    """True when ``clause`` tells a job's start as settled ("I'll be joining Canva next month", "下个月入职字节").

    Such a start is read as the new employer (and title) now, its time still to come notwithstanding; the
    slot engine keeps the ``START_ATTRS`` hits of such a clause (``slots.read_clause``).
    """
    return bool(_START[lang].search(clause)) if lang in _START else False


def intended(clause: str, lang: str) -> bool:
    """True when ``clause`` states an intention outright ("I'm planning to take the GRE", "打算下个月考驾照"): the
    slot engine reads the ``PLAN_ATTRS`` in it though it is a hypothetical for every other slot (an exam one means
    to take is a goal now). A condition, a wish or a doubt said with it ("if I pass, I plan to…", "想考虑考雅思")
    leaves it a hypothetical. The markers are data: ``intent`` and ``unsure`` under ``markers`` (slots.yaml)."""
    marks = lexicon().markers[lang]
    folded = clause.casefold()
    return "intent" in marks and bool(marks["intent"].search(folded)) and not marks["unsure"].search(folded)


def is_plan(clause: str, lang: str, context: str = "", value: str = "") -> bool:
    """True when ``clause`` states a plan or a future of ``value``, and the rest of the turn ends no old value.

    The time still to come must be said in the same part of the clause as the value ("I'm a goalkeeper
    and our first fixture is next week" states the position now); a Chinese verb with its perfective 了
    ("下周去了快手报到") tells a done thing, not a plan.

    Args:
        clause: one clause (apostrophes straightened), in ``lang`` ("en" or "zh").
        context: the whole turn the clause is part of ("" for the clause alone).
        value: the slot value read from the clause ("" for any).
    """
    marks = lexicon().markers[lang]
    if "plan" not in marks:
        return False
    parts = [p for p in _PARTS.split(clause.casefold()) if p.strip()]
    folded = next((p for p in parts if marks["plan"].search(p) and (not value or value.casefold() in p)), "")
    if not folded or (lang == "zh" and (_DONE_ZH.search(folded) or _told_after(folded, marks["plan"]))
                      and not _WILL_ZH.search(folded)):
        return False
    rest = context.casefold().replace(clause.casefold(), " ") if context else ""
    return not (rest and (marks["cessation"].search(rest) or _LEFT.search(rest)))


# leaving said as an event, which the cessation marker (a habit given up) does not list
_LEFT = re.compile(r"\b(?:left|resigned|handed\s+in\s+my\s+notice|laid\s+off|let\s+go|moved\s+out)\b"
                   r"|辞职|离职|被裁|辞退|退租")
# the parts of a clause a time phrase belongs to: split at a conjunction or a dash
_PARTS = re.compile(r"\s+(?:and|but|so|because|while|though)\s+|\s+[-–—]\s+|[，,；;]|和|但是?|不过|所以|因为")
_DONE_ZH = re.compile(r"(?:去|搬|到|入职|开始|换|辞)了(?=\S)")
_WILL_ZH = re.compile(r"要|会|将|打算|准备")
# a time after the new year or a holiday may be behind the speaker or ahead ("年后搬到成都了" said in March, "年后就
#搬" said in January): with the clause ending on its perfective 了 and no 就 before it, the move is done
_BOTH_WAYS_ZH = re.compile(r"(?:过完)?(?:春节|过年|新年|国庆|五一|年|节)(?:假期)?(?:以后|之后|后|过后)")
_DONE_END_ZH = re.compile(r"(?<!就)(?<!就要)(?<![快要])了[啦啊呀哈～~！!。\s]*$")


def _told_after(part: str, plan: re.Pattern[str]) -> bool:
    """True when the only future ``part`` names is a time after the new year or a holiday (``_BOTH_WAYS_ZH``) and
    the part ends on its perfective 了 with no 就 ("年后裸辞搬到成都了"): a done thing, not a plan."""
    return bool(_BOTH_WAYS_ZH.search(part)) and not plan.search(_BOTH_WAYS_ZH.sub(" ", part)) \
        and not re.search(r"就|快", part) and bool(_DONE_END_ZH.search(part))
