"""What a turn says about the person: a life event, a first-person fact, or only a task for the assistant.

A raw turn's importance (``score.HeuristicValueScorer.event_value``) comes
from what it tells about the speaker, not from its length or how often it
was recalled (seed 001 §8.12.5: value scoring; seed 002 §4.2: importance
sets how long a memory lasts):

- ``life_event``: the turn names a change or event of a life, by word class:
  health (surgery, diagnosed, 手术, 住院, 确诊, 过敏), family and relationships
  (married, engaged, passed away, 订婚, 去世), home and work (moved, quit,
  laid off, new job, 搬家, 辞职, 入职), habits started or ended (gave up,
  no more, gone vegetarian, 戒烟, 不再, 开始…了, 减肥);
- ``request``: a task or generic question for the assistant ("explain X",
  "how do I …?", "recommend a book", 帮我写, 什么是, …吗？): it says nothing
  about the person;
- ``first_person``: the speaker talks about themself (I, my, 我).

A turn can be both a request and a life event ("my knee surgery is
tomorrow, what should I pack?"); the life event wins.
"""

from __future__ import annotations

import re

__all__ = ["first_person", "life_event", "request"]

_LIFE_EN = re.compile(
    r"\b(?:surger(?:y|ies)|operat(?:ion|ed on)|hospital(?:i[sz]ed)?|diagnos(?:ed|is)|injur(?:y|ed|ies)|"
    r"broke (?:my|his|her)|fractur\w*|tore (?:my|a|his|her)|torn|sprain\w*|cancer|diabet\w*|tumou?r|"
    r"pregnan\w*|miscarriage|physio\w*|rehab\w*|therap(?:y|ist)|recover(?:y|ing|ed)|crutches|stitches|"
    r"prescri(?:bed|ption)|medication|allerg(?:y|ic|ies)|"
    r"married|engaged|divorc\w*|broke up|break-?up|wedding|girlfriend|boyfriend|fianc[ée]e?|newborn|"
    r"gave birth|was born|passed away|died|funeral|adopted|"
    r"mov(?:ed|ing) (?:to|into|out|in|house|abroad)|relocat\w*|new (?:job|post|role|position|flat|house|home)|"
    r"(?:switch|chang)(?:ed|ing) (?:jobs?|careers?|teams?|schools?)|"
    r"hired|fired|laid off|redundan\w*|resign\w*|(?:handed|gave) in my notice|quit(?:ting)?|promot(?:ed|ion)|"
    r"retir(?:ed|ing|ement)|graduat(?:ed|ing)|enrolled|"
    r"gave up|giving up|no more|any ?more|for good|done with|cut out|stopp(?:ed|ing)|started|"
    r"(?:gone|went|going|turned) (?:vegan|vegetarian|veggie|keto)|vegan|vegetarian|on a diet|dieting|"
    r"bought (?:a|our|my) (?:house|flat|home|apartment|car)|mortgage|first (?:\d+k|marathon|day))\b",
    re.IGNORECASE)
_LIFE_ZH = re.compile(
    r"手术|开刀|住院|出院|确诊|诊断|查出|体检|结节|受伤|骨折|扭伤|韧带|怀孕|流产|康复|复健|理疗|复查|过敏|吃药|服药|"
    r"药物|化疗|生病|病了|结婚|订婚|离婚|分手|婚礼|出生|生了个|去世|过世|葬礼|领养|收养|"
    r"搬家|搬到|搬去|搬过去|买了房|买房|房贷|入职|辞职|离职|被裁|裁员|跳槽|升职|退休|毕业|录取|新工作|"
    r"(?:最近|刚|已经)开始|不再|再也不|戒[了烟酒掉]|放弃|开始[^了]{0,8}了|开始在|开始学|报了|吃素|素食|减肥|节食|绝育")
_REQUEST_EN = re.compile(
    r"^\s*(?:(?:can|could|would|will) you|please|pls|help me|explain|tell me|show me|give me|write|draft|"
    r"summari[sz]e|translate|convert|recommend|suggest|list|debug|fix this|define|calculate|"
    r"what(?:'s| is| are| does| do)|how (?:do|does|can|to|much|many|long)|why (?:is|does|do)|"
    r"is it|are there|which|who (?:is|was))\b", re.IGNORECASE)
_REQUEST_ZH = re.compile(r"^\s*(?:请|帮我|帮忙|麻烦|给我|解释|讲个|讲讲|推荐|翻译|总结|写一|什么是|怎么|如何|"
                         r"为什么|有什么)|"
                         r"(?:怎么[做修办写算]|是什么|什么意思|有什么区别|是多少)")
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|im|ive|my|me|mine|we|we're|we've|our)\b|我", re.IGNORECASE)
_QUESTION = re.compile(r"[?？]\s*\W*$|[吗呢]\s*[?？]?\s*$")


def _body(text: str) -> str:
    """The turn's words without a "speaker: " prefix."""
    head, sep, tail = text.partition(":")
    return tail if sep and len(head) <= 40 and " " not in head.strip() else text


def life_event(text: str) -> bool:
    """True when ``text`` names a life event or change (module docstring), in English or Chinese."""
    body = _body(text)
    return bool(_LIFE_EN.search(body) or _LIFE_ZH.search(body))


def request(text: str) -> bool:
    """True for a task or generic question for the assistant ("explain X", "how do I …?", 帮我写…, …吗？)."""
    body = _body(text).strip()
    return bool(_REQUEST_EN.search(body) or _REQUEST_ZH.search(body) or _QUESTION.search(body))


def first_person(text: str) -> bool:
    """True when the speaker talks about themself (I, my, we, 我)."""
    return bool(_FIRST_PERSON.search(_body(text)))
