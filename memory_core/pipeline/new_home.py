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

A move said with no place, beside the home found in a place ("我们搬家了！女儿在浦东花木买了房子，三室的",
"summer 搬出宿舍了，和 Jess 在 North York 合租了一个 condo", "从合租的房子搬出来了，自己在光谷租了个一室一厅";
trial 36, finding 1) is the same: the home bought, rented or shared in that place is the new one, whoever paid for
it, since the move is the user's. Only a move of the user's own (no one else before its verb) and done (no plan)
is read, and only a home got there (买了/租了/合租了/租到了…), not one looked at or wished for.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import replace

from memory_core.model import Turn
from memory_core.pipeline.clauses import detect_lang
from memory_core.pipeline.plans import is_plan
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.value_class import is_area, is_generic_place, is_place
from memory_core.text.script import has_han
from memory_core.text.zh_pos import pos_cut

__all__ = ["moved_in"]

# a place in Han characters, or one in Latin letters inside the Chinese ("first night 在 Jersey City 的新 apartment")
_PLACE = r"\s*(?P<v>[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*|[^\s，,。！!？?在的我你他她它那这朋友里]{2,8}?)\s*"
_NEW_HOME = (r"(?:的)?新\s*(?:家|房子|房|公寓|住处|租的(?:房子|公寓|房)|买的(?:房子|公寓|房)"
             r"|(?i:apartment|flat|house|place|condo|studio|home)\b)")
_FIRST = (r"(?:(?:第一|头一|第1)(?:个)?(?:晚|晚上|夜|天|周|星期|礼拜|周末)"
          r"|(?i:first|1st)\s+(?:night|day|week|weekend)\s*)")
#: The ways a new home in a place is told as lived in (the place in group "v").
_MOVED_IN = (
    re.compile(_FIRST + r"(?:住)?在" + _PLACE + _NEW_HOME),  # "第一晚在杭州的新公寓"
    re.compile(r"在" + _PLACE + _NEW_HOME + r"(?:里)?(?:的|过的?)" + _FIRST),  # "在成都新家的第一天"
    re.compile(r"(?:搬进|住进|入住|搬入)(?:了|去了)?" + _PLACE + _NEW_HOME),  # "搬进了苏州的新房子"
    # "在青岛新租的房子住了一周了", "在佛山新买的房子里住下了"
    re.compile(r"在" + _PLACE + _NEW_HOME + r"(?:里)?住(?:了|下了|进去了|上了)"),
)
#: A home got in a place, said after the move (the place in group "v"): "在光谷租了个一室一厅", "在浦东花木买了房子",
#: "和 Jess 在 North York 合租了一个 condo"; the home's words are the lexicon's HOME class (``_got_home``).
_GOT = (r"(?:在|到)\s*(?P<v>[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*|[^\s，,。！!？?在的我你他她它那这]{2,8}?)\s*"
        r"(?:附近|周边|旁边|那边|一带)?(?:又)?(?:买了|租了|合租了|租到了?|买到了?|租下了?|买下了?|找到了?)"
        r"(?:一套|一间|一个|一栋|套|间|个|栋)?[^，,。！!？?]{0,8}?(?:{home})")
#: Another person before the verb: "我妈搬走了", "Jess 搬出去了", "他们搬家了".
_OTHER_MOVER = re.compile(r"[A-Z][a-z]+|朋友|同事|同学|室友|闺蜜|[爸妈哥姐弟妹]|爷爷|奶奶|外公|外婆|姥|叔|舅|姨|姑|"
                          r"儿子|女儿|亲戚|他|她|邻居|房东")
#: A home only wished for, looked at or helped with: no home of the user's got.
_NOT_GOT = re.compile(r"如果|要是|打算|准备|想|看了|看房|帮|会不会|能不能|吗")
#: A place word that is no place of its own ("在网上买了房子", "在那边租了"): jieba tags of no name.
_NOT_NAME_FLAGS = frozenset({"v", "vn", "t", "r", "f", "s", "m", "d", "p", "a", "ad", "q", "c", "u"})
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
            return [*cands, *_moved_to(turn, m.group("v"), extract, f"a new home lived in: {clause}")]
    return [*cands, *_home_got(turn, extract)] if _own_move(turn.text) else cands


def _clauses(text: str) -> list[str]:
    return [c for c in re.split(r"[，,。！!？?；;~～]", text) if c.strip()]


def _own_move(text: str) -> bool:
    """True when a clause of ``text`` says a move done by the user (the lexicon's ``moved`` marker, no one else
    before its verb, no plan): "我们搬家了", "summer 搬出宿舍了", "从和室友合租的房子搬出来了"."""
    moved = lexicon().markers["zh"].get("moved")
    if moved is None:
        return False
    for clause in _clauses(text):
        m = moved.search(clause.casefold())
        if m is None or is_plan(clause, "zh", text):
            continue
        before = clause[:m.start()]
        if before.startswith("从") or not _OTHER_MOVER.search(before):
            return True
    return False


@functools.lru_cache(maxsize=1)
def _got_home() -> re.Pattern[str]:
    """``_GOT`` with the lexicon's Chinese HOME words."""
    return re.compile(_GOT.replace("{home}", lexicon().classes["zh"]["HOME"]))


def _named_place(value: str) -> bool:
    """True when ``value`` may name where a home is, said beside a move: a place or a proper name
    (``value_class.is_area``), or Chinese words jieba knows as none of a verb, time, pronoun or locality ("光谷",
    "浦东花木", "闵行七宝": jieba takes some districts for names), never a generic place ("公司", "学校")."""
    value = value.strip()
    if is_area(value, "zh"):
        return True
    if not has_han(value) or is_generic_place(value, "zh"):
        return False
    flags = [p.flag for p in pos_cut(value) if p.word.strip()]
    return bool(flags) and not any(f in _NOT_NAME_FLAGS for f in flags)


def _home_got(turn: Turn, extract: Callable[[Turn], list[Candidate]]) -> list[Candidate]:
    """The home candidates of the first home got in a place that ``turn`` tells ("我搬到了<place>"), else []."""
    for clause in _clauses(turn.text):
        m = _got_home().search(clause)
        if m is None or _NOT_GOT.search(clause) or is_plan(clause, "zh", turn.text) \
                or not _named_place(m.group("v")):
            continue
        return _moved_to(turn, m.group("v").strip(), extract, f"a home got beside a move: {clause}")
    return []


def _moved_to(turn: Turn, place: str, extract: Callable[[Turn], list[Candidate]], note: str) -> list[Candidate]:
    """The user's home candidates of "我搬到了<place>" read as ``turn`` (its time and ids), each with ``note``."""
    said = [c for c in extract(replace(turn, text=f"我搬到了{place}"))
            if c.key.split("@")[0] == "fact:lives_in" and c.polarity > 0]
    for cand in said:
        cand.claim = cand.evidence = cand.claim or cand.description
        cand.notes.append(note)
    return said
