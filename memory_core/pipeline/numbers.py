"""A number or code the user holds one of per thing, and its change (issue 13).

A phone number, a licence plate, a locker's or a door's code: the user holds one of each at a time, so a
new one replaces the old ("My locker code is 4417" then "Changed my locker code, it's 9902 now"; 我的车牌号是…
then 车牌号换了，新的是…; "new phone number: …"). Such a turn often has no first-person clause of its own
(a label and a value), and says its value in a clause after the one naming the thing, so ``numbers_in``
reads the whole turn:

- English: "my (new) <thing> is (now) <value>", "(my) new <thing>: <value>", "<thing> changed to <value>",
  "changed / updated / reset (my) <thing>, it's <value> now", "… the new one is <value>";
- Chinese: "我的(新)<thing>是 / 为 / ：<value>", "<thing>换成 / 改成<value>", "<thing>换了 / 改了，新的是<value>",
  "新的<thing>是<value>";
- a phone number given to be reached on: "call / text / reach me on / at <number>", "打我电话 / 手机 <number>",
  "有事打我手机<number>" (trial 14 finding 9: it was left in the turn only, lost with it when the turn was forgotten).

A value holds a digit (a plate's province character may open it: 沪A·88K21). Another person's thing ("my
sister's phone number", 我妈的手机号) and a question are no statement of the user's. The statement's key is
``fact:number:<thing>``, single-valued, so the resolver supersedes the old value by the new one; its text
holds the value as the user said it, so the sensitive-data guard (``sensitive``) handles a code as it does
any other (kept under theme ``sensitive``, shown only when asked for).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from memory_core.model import Kind, Turn
from memory_core.pipeline.types import Candidate
from memory_core.text.script import has_han

__all__ = ["Held", "numbers_in", "with_numbers"]

_I = re.IGNORECASE
# a sentence ends on 。！？!? or on a full stop before a space (never inside "7.2" or "555.0134")
_SENTENCE = re.compile(r"(?<=[!?。！？])|(?<=\.)(?=\s|$)")

#: Each thing: its canonical id, its names in English and in Chinese, and how it is said back in each.
_THINGS: tuple[tuple[str, str, str, str, str], ...] = (
    ("phone", r"(?:(?:cell\s+|mobile\s+)?phone|mobile|cell)\s+number", r"手机号码?|电话号码?|手机号",
     "phone number", "手机号"),
    ("plate", r"(?:licen[cs]e|number)\s+plate(?:\s+number)?|plate\s+number|(?:licen[cs]e|rego)\s+number",
     r"车牌号码?|车牌", "licence plate", "车牌号"),
    ("locker", r"locker\s+(?:code|combination|combo|pin)", r"(?:储物柜|柜子|存包柜)(?:的)?(?:密码|号码)",
     "locker code", "储物柜密码"),
    ("door", r"(?:door|gate|building|entry|front\s+door)\s+(?:code|pin)", r"门禁(?:码|密码)|门锁密码|大门密码",
     "door code", "门禁密码"),
    ("garage", r"garage(?:\s+door)?\s+code", r"车库密码", "garage code", "车库密码"),
    ("alarm", r"alarm\s+code", r"报警器密码", "alarm code", "报警器密码"),
    ("bike", r"bike\s+lock\s+(?:code|combination|combo)", r"车锁密码", "bike lock code", "车锁密码"),
)

_EN_THING = "|".join(f"(?P<t_{tid}>{en})" for tid, en, _, _, _ in _THINGS)
_ZH_THING = "|".join(f"(?P<t_{tid}>{zh})" for tid, _, zh, _, _ in _THINGS)
# a value: a digit-bearing run (a plate may open on its province's character), up to the clause's end
_EN_VALUE = (r"(?P<v>\+?\(?[A-Za-z0-9][\w·.()+\- ]{1,22}?)"
             r"(?=\s*(?:now|these\s+days|instead)?\s*(?:[,.;!?]\s|[,;!?]|\.?$|\s+(?:and|but|so|if|from)\b))")
_ZH_VALUE = r"(?P<v>[\u4e00-\u9fa5]?[A-Za-z0-9][\w·.()+\- ]{1,22}?)(?=\s*(?:了|啦|哈|呢)?\s*(?:[，,。.；;！!？?\s]|$))"
_EN = (
    re.compile(rf"\b(?:my|our)\s+(?:new\s+)?(?:{_EN_THING})\s*(?:is\s+now|is|'s\s+now|'s|changed\s+to|is\s+changed\s+to|"
               rf"[:：]|-)\s*{_EN_VALUE}", _I),
    re.compile(rf"(?:^|[,.;!?]\s*)(?:the\s+|a\s+)?new\s+(?:{_EN_THING})\s*(?:is|'s|[:：]|-)\s*{_EN_VALUE}", _I),
    re.compile(rf"\b(?:changed|updated|reset|switched|got\s+a\s+new)\s+(?:my\s+|our\s+|the\s+)?(?:{_EN_THING})"
               rf"(?:\s+to\s+|\s*[,;:—–-]\s*(?:it's|it\s+is|the\s+new\s+one\s+is|new\s+one\s+is|new\s+one's|now)?\s*)"
               rf"(?:now\s+)?{_EN_VALUE}", _I),
)
_ZH = (
    re.compile(rf"(?:^|[，,。；;！!\s]|我的?)(?:新的?|现在的?)?(?:{_ZH_THING})(?:现在)?(?:是|为|[:：]|改成了?|换成了?|改为|换为|变成了?)"
               rf"\s*{_ZH_VALUE}"),
    re.compile(rf"(?:^|[，,。；;！!\s]|我的?)(?:{_ZH_THING})(?:已经)?(?:换了|改了|变了|重新办了)[，,\s]*"
               rf"(?:现在)?(?:新的?|新号码?)(?:是|为|[:：])\s*{_ZH_VALUE}"),
    re.compile(rf"(?:^|[，,。；;！!\s]|我)(?:换了|办了)(?:个|一个)?新(?:的)?(?:{_ZH_THING})[，,\s]*(?:是|为|[:：])?\s*{_ZH_VALUE}"),
)
# a phone number given to be called on ("Call me on +33 6 12 34 56 78 if …", "text me at 555-0199", "reach me on
# WhatsApp at …", "有事打我手机13812345678", "打我电话：138…", "找我就打这个号 138…"): at least seven digits
_PHONE = r"(?P<v>\+?\(?\d[\d\s().-]{5,20}\d)(?!\d)"
_CALL = (
    re.compile(rf"\b(?:call|text|ring|phone|reach|contact|message|msg|sms|whatsapp|wa|ping)\s+me\s+"
               rf"(?:(?:on|via|through)\s+(?:whatsapp|signal|telegram|wechat|my\s+(?:mobile|cell|phone))\s+)?"
               rf"(?:on|at|via)\s+(?:my\s+(?:mobile|cell|phone|number)\s+)?{_PHONE}", _I),
    re.compile(rf"(?:打|拨|call)\s*我(?:的)?(?:电话|手机|手机号|号码|座机)(?:号码)?\s*(?:[:：]|是|就行|就好)?\s*"
               rf"{_PHONE}", _I),
    re.compile(rf"(?:有事|有急事|急事|找我|联系我)(?:的话)?[，,\s]*(?:就|可以|请)?(?:打|拨打?|call)\s*(?:这个|我的?)?"
               rf"(?:电话|手机|号码?|手机号)?\s*(?:[:：])?\s*{_PHONE}", _I),
)

# another person's thing: "my sister's phone number", "我妈的手机号", "他的车牌"
_EN_OTHERS = re.compile(r"\b(?:my|our|his|her|their)\s+(?:[\w-]+\s+){0,2}?[\w-]+'s\s+$|\b(?:his|her|their|your)\s+"
                        r"(?:new\s+)?$", _I)
_ZH_OTHERS = re.compile(r"(?:他|她|它|你|您|[^我\s，,。]{1,4}的)\s*$")
_ZH_NEW = re.compile(r"(?:新的?|现在的?)$")
_QUESTION = re.compile(r"[?？]|\b(?:what's|what\s+is|do\s+you\s+(?:know|remember))\b|多少|是什么|吗", _I)


@dataclass(frozen=True, slots=True)
class Held:
    """A number or code the user says they hold now.

    Attributes:
        thing: the canonical thing ("phone", "plate", "locker", ...).
        value: the value as said ("9902", "沪A·88K21", "555-0199").
        label: how the thing is said back in the statement's language ("locker code", "车牌号").
        lang: "en" or "zh".
    """

    thing: str
    value: str
    label: str
    lang: str


def numbers_in(text: str) -> list[Held]:
    """The numbers and codes ``text`` says the user holds now, one per thing (the last said wins), in order.

    Args:
        text: a user's turn, whole (a label and its value may sit in two clauses).

    Returns:
        ``Held`` statements, possibly empty; none for a question or for another person's thing.
    """
    found: dict[str, Held] = {}
    for sentence in _SENTENCE.split(text):
        if not sentence.strip() or _QUESTION.search(sentence):
            continue
        zh = has_han(sentence)
        for pattern in _ZH if zh else _EN:
            for m in pattern.finditer(sentence):
                thing = next(name[2:] for name, said in m.groupdict().items() if name.startswith("t_") and said)
                before = sentence[:m.start(f"t_{thing}")]
                if _ZH_OTHERS.search(_ZH_NEW.sub("", before)) if zh else _EN_OTHERS.search(before):
                    continue
                value = m.group("v").strip(" .")
                if not re.search(r"\d", value):
                    continue
                row = next(r for r in _THINGS if r[0] == thing)
                found[thing] = Held(thing, value, row[4] if zh else row[3], "zh" if zh else "en")
        if "phone" not in found:
            for pattern in _CALL:
                call = pattern.search(sentence)
                if call is not None and sum(c.isdigit() for c in call.group("v")) >= 7:
                    row = _THINGS[0]
                    found["phone"] = Held("phone", call.group("v").strip(" .-"), row[4] if zh else row[3],
                                          "zh" if zh else "en")
    return list(found.values())


#: How much a number or code is worth keeping (``Candidate.importance``), beside the slot engine's facts.
IMPORTANCE = 0.6


def with_numbers(turn: Turn, cands: Sequence[Candidate], name: str, qualifier: str) -> list[Candidate]:
    """``cands`` with the statement of each number or code ``turn`` says the user holds (``numbers_in``).

    A candidate of the turn holding one of those values (the clause in the user's own words, "Changed
    User's locker code, it's 9902 now") is dropped: the number's statement says it, under a key whose next
    value supersedes it.

    Args:
        turn: a user's turn.
        cands: the turn's statement candidates.
        name: the speaker's name when the turn names one, else "".
        qualifier: the key suffix of a named speaker ("@mia"), else "".
    """
    held = numbers_in(turn.text)
    if not held:
        return list(cands)
    out = [c for c in cands if not any(h.value in c.description for h in held)]
    for h in held:
        who = name or ("用户" if h.lang == "zh" else "User")
        claim = f"{h.label}是{h.value}" if h.lang == "zh" else f"{h.label} is {h.value}"
        out.append(Candidate(
            kind=Kind.FACT, description=f"{who}的{claim}" if h.lang == "zh" else f"{who}'s {claim}",
            theme="identity", key=f"fact:number:{h.thing}{qualifier}", polarity=1, confidence=0.85,
            importance=IMPORTANCE, valid_from=turn.timestamp, speaker=name or turn.role, lang=h.lang, claim=claim,
            single_valued=True, evidence=claim, aliases=(h.value.casefold(),), notes=[f"number: {h.thing}"]))
    return out
