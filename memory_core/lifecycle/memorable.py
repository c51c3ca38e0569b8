"""Raw turns that tell a memorable happening of the user's life: maintenance keeps them (``fading``).

What the user did stays findable for years; small talk fades. A trip ("国庆去三亚玩了", "on a work trip to
Tokyo, at a hotel in Shinjuku"), a holiday spent somewhere ("we spent Christmas in Lisbon", "春节是在成都跟妈妈
一起过的"), a move, an operation, a wedding, a birth, a death, a new job, a graduation: no memory item stands
for most of these (a trip changes no lasting fact and is kept as an event, README "events valid for a week"),
so the user's raw turn (an event) is the only record of them. An event fades in days (``decay``: λ 0.1/day,
faster for a short turn the value scorer rated low), and a stay "this week" expires a week after it was said;
archived, the turn leaves recall nothing for "国庆去哪玩了？" months later (seed 001 §8.18: forgetting must
not lose what still matters; a trip is the kind of episode MemoryBank keeps by its significance).

``memorable`` reads the turn by word class, in English and Chinese:

- a journey: trip, travel, vacation, holiday, honeymoon, a flight to, abroad; 出差, 旅游, 旅行, 度假, 自驾,
  蜜月, 出国, 机票;
- a holiday spent somewhere: a festival or school holiday with what was done in it ("spent Christmas in
  Singapore", "Thanksgiving at my in-laws'", "国庆去三亚玩了", "五一回老家了", "寒假在哈尔滨过的");
- a milestone of a life: married, engaged, divorced, a wedding, a baby born, passed away, a funeral, moved
  house, bought a home, a new job, laid off, retired, graduated, surgery, in hospital; 结婚, 领证, 离婚, 生了,
  去世, 搬家, 买房, 入职, 被裁, 退休, 毕业, 手术, 住院;
- a move said on arrival, with the home lived in there ("到海口了！！我们现在住在海口龙华区，租的房子", "finally here in
  Denver, the new place is in Capitol Hill"): the write path reads it as a move (``pipeline.arrival``), and so
  does this (new-user trial 40, F7: such a turn named no moving word and was archived).

Not memorable: a question or a task for the assistant ("how long is the flight to Tokyo?", "推荐个国庆去的地方"),
a like or a wish ("I love travelling", "好想去旅游"), a festival greeting ("国庆快乐"), small talk, and every
turn the assistant said. Bounded: the active set grows with the happenings the user told, not with the days.
"""

from __future__ import annotations

import re
from datetime import timedelta
from functools import lru_cache

from memory_core.model import Kind, MemoryItem, Trust
from memory_core.pipeline.arrival import arrival_place
from memory_core.pipeline.personal import request
from memory_core.pipeline.slots import TEMPORARY_DAYS
from memory_core.pipeline.small_talk import is_small_talk
from memory_core.text.script import lang_of

__all__ = ["memorable", "memorable_text", "stay_week"]

_JOURNEY_EN = (r"trips?|travel(?:l?ed|l?ing|s)?|vacation(?:ed|ing)?|holidays? (?:in|to|at|on)|on holiday|honeymoon|"
               r"getaway|road ?trip|backpack(?:ed|ing)|cruise|abroad|overseas|"
               r"(?:flew|flying|flight|fly) (?:to|into|out to|back from|home from)")
_FESTIVAL_EN = (r"christmas|xmas|new year(?:'s)?|thanksgiving|easter|chinese new year|spring festival|golden week|"
                r"national day|mid-autumn|diwali|eid|hanukkah|summer break|spring break|winter break")
_MILESTONE_EN = (r"(?:got|getting|just got) (?:married|engaged|divorced)|our wedding|my wedding|wedding day|"
                 r"honeymoon|gave birth|(?:baby|son|daughter) (?:was|is) born|had (?:a|our) (?:baby|son|daughter)|"
                 r"passed away|funeral|moved (?:to|into|house|abroad|out)|bought (?:a|our|my) (?:house|flat|home|"
                 r"apartment)|(?:started|starting) (?:a|my) new job|new job|got (?:hired|fired|promoted|laid off)|"
                 r"laid off|retired|graduated|(?:had|have|got) (?:an? )?(?:surgery|operation)|surgery|"
                 r"(?:in|out of|to) (?:the )?hospital|hospitali[sz]ed")
_EN = re.compile(rf"\b(?:{_JOURNEY_EN}|{_MILESTONE_EN})\b|\b(?:spent|celebrated|spending|celebrating) "
                 rf"(?:the |our |my )?(?:{_FESTIVAL_EN})\b|\b(?:{_FESTIVAL_EN})\b[^.!?]{{0,20}}"
                 rf"\b(?:in|at|with) (?:[A-Z]|my |our |the )|\bspent (?:a|an|one|two|three|four|five|ten|\d+|"
                 rf"a few|several) (?:days?|nights?|weeks?|months?) (?:in|at)\b", re.IGNORECASE)
_FESTIVAL_ZH = (r"国庆|十一(?![点月号日个岁多块元])|春节|过年|五一|中秋|端午|清明|元旦|圣诞|寒假|暑假|年假|长假|假期|"
                r"黄金周")
_ZH = re.compile(
    r"出差|旅游|旅行|度假|自驾|蜜月|出国|出境|飞去|飞到|游玩|去[^，。！？]{1,8}玩了?[一两三四五六七八九十几\d]+[天周晚]|"
    rf"(?:{_FESTIVAL_ZH})[^，。！？,.!?]{{0,12}}(?:去|回|在|飞|玩|旅|过的|过了|陪)|"
    r"结婚|领证|订婚|离婚|婚礼|求婚成功|生了(?:个|一个)?(?:宝宝|儿子|女儿|孩子)|出生了|去世|过世|葬礼|"
    r"搬家|搬到|搬去|买了房|买房了|入职|离职|辞职了|被裁|跳槽|升职|退休|毕业了|做了[^，。！？]{0,6}手术|手术|住院|开刀")
#: A like or a wish, to the end of its clause ("I love travelling", "好想去旅游"), and a festival greeting ("国庆快乐",
#: "Merry Christmas") tell no happening: they are read out before the word classes are.
_NOT_DONE = re.compile(
    rf"\b(?:love|like|enjoy|hate|prefer|want|wanna|wish|hope|dream)(?:s|d|ed)?\b[^.,;!?]*|"
    rf"(?:喜欢|好想|很想|想要|想去|希望|梦想|向往)[^，。！？,.!?]*|(?:{_FESTIVAL_ZH})快乐|"
    rf"\b(?:happy|merry) (?:{_FESTIVAL_EN}|holidays)\b", re.IGNORECASE)
_ASKED = ("?", "？")


@lru_cache(maxsize=8192)
def memorable_text(text: str) -> bool:
    """True when ``text`` (a turn's words; a "speaker: " prefix is harmless) tells a memorable happening: a
    journey, a holiday spent somewhere or a milestone of a life, in English or Chinese (module docstring); False
    for a question or task, a like or wish, a greeting, small talk."""
    head, sep, tail = text.partition(":")
    body = (tail if sep and len(head) <= 40 and " " not in head.strip() else text).strip()
    if not body or body.rstrip().endswith(_ASKED) or request(body) or is_small_talk(body):
        return False
    told = _NOT_DONE.sub(" ", body)
    return bool(_EN.search(told) or _ZH.search(told) or arrival_place(body, lang_of(body)))


def memorable(item: MemoryItem) -> bool:
    """True for a user's raw turn (an event of one turn the user said, not the assistant's, not an item added
    through the API with its own expiry) that tells a memorable happening
    (``memorable_text``): maintenance does not fade it, nor expire it at the end of a stay's week (``stay_week``,
    ``fading.ending_ops``)."""
    return item.kind == Kind.EVENT and item.trust == Trust.USER and len(item.source) == 1 \
        and item.speaker.casefold() not in ("assistant", "system") and memorable_text(item.description)


def stay_week(item: MemoryItem) -> bool:
    """True when ``item``'s ``valid_until`` ends a stay within the week the write path gives it ("at a hotel in
    Shinjuku this week", 出差: ``valid_from`` + ``TEMPORARY_DAYS``, or earlier when the user said the trip was over,
    ``pipeline.trip_end``): when the stay ended, not when its record may go. An expiry set on purpose further out
    (``expires_at``, ``gulfstream expire``) is kept to."""
    said = item.valid_from or item.created_at
    return item.valid_until is not None and said < item.valid_until <= said + timedelta(days=TEMPORARY_DAYS)
