"""Sensitive words talked about rather than held, English and Chinese (seed 001 §8.12.2).

- ``is_topic``: a condition that a medium or a piece of work is about ("a film that was about bipolar
  disorder", "her thesis is on dementia care", 一本讲糖尿病饮食的书) is a topic, not anyone's health.
- ``is_hyperbole``: a condition used as a figure of speech ("I almost had a heart attack when I saw the
  bill", "I'm so OCD about my desk", "this traffic is giving me a stroke", 气得我心脏病都要犯了,
  我有点强迫症) or the zodiac sign ("I'm a Cancer", "cancer season").
- ``is_generic``: a password or code in a statement about people in general ("the most common password
  is 123456", "never use password123 as your password", 最常见的密码是…) with nobody's possessive.

Shared by the rules of ``sensitive_detect``, ``sensitive_bound`` and ``sensitive_shape``.
"""

from __future__ import annotations

import re

__all__ = ["CLAUSE_END", "is_general_question", "is_generic", "is_hyperbole", "is_topic"]

_I = re.IGNORECASE
#: The end of a clause or sentence, English and Chinese.
CLAUSE_END = re.compile(r"[.!?;。！？；\n]")

_MEDIUM_EN = (r"(?:article|book|documentary|doc|film|movie|podcast|episode|talk|lecture|exhibit(?:ion)?|paper|thesis|"
              r"dissertation|course|class|module|essay|video|show|series|seminar|webinar|presentation|report|story|"
              r"news|novel|memoir|song|play|research|study|studies|project|campaign|conference|panel|workshop|"
              r"blog|post|thread|chapter|unit|assignment|homework|question|quiz|exam|fundraiser|charity)")
_ABOUT = re.compile(r"\b(?:about|on|regarding|covering|discussing|explaining)\s+(?!(?:my|his|her|their|our|your)\b)"
                    r"(?:the\s+|an?\s+)?(?:[\w'’-]+\s+){0,4}$", _I)
_MEDIUM_BEFORE = re.compile(r"\b" + _MEDIUM_EN + r"s?\b|\b(?:read|reading|watched|watching|wrote|writing|studying|"
                            r"researching|teaching|taught|learned|learning|listened|listening)\b", _I)
_TOPIC_ZH_LEFT = re.compile(r"(?:讲|讲述|介绍|关于|有关|研究|科普|拍|写|读)[^，。,.!?！？；;]{0,10}$")
_TOPIC_ZH_RIGHT = re.compile(r"^[^，。,.!?！？；;]{0,8}?的(?:书|文章|电影|纪录片|节目|片子|课|讲座|报道|论文|视频|播客|"
                             r"展览|小说|剧|故事|研究|课题|项目|专题)")


def is_topic(text: str, start: int, end: int) -> bool:
    """True when the condition at ``text[start:end]`` is what a medium or a piece of work is about.

    English: "about" / "on" / "regarding" within four words before it (no possessive: "about my
    depression" is the speaker's) and a medium, a piece of work or a verb of reading, watching or writing
    earlier in the clause ("the podcast this week was about adhd"). Chinese: 讲 / 介绍 / 关于 … before it
    and 的 + a medium after it (一本讲糖尿病饮食的书, 介绍自闭症儿童的纪录片).
    """
    clause_start = max((m.end() for m in CLAUSE_END.finditer(text, 0, start)), default=0)
    left = text[clause_start:start]
    about = _ABOUT.search(left)
    if about and _MEDIUM_BEFORE.search(left[:about.start()]):
        return True
    return bool(_TOPIC_ZH_LEFT.search(left) and _TOPIC_ZH_RIGHT.match(text[end:]))


# ── figures of speech ─────────────────────────────────────────────────────

_HYPERBOLE_LEFT_EN = re.compile(
    r"(?:\b(?:almost|nearly|practically|basically|literally|gonna|going\s+to|about\s+to|"
    r"(?:give|gives|giving|gave|given)\s+(?:me|him|her|us|them|you))\s+(?:\w+\s+){0,2}(?:an?\s+)?|"
    r"\b(?:so|such|too|kinda|kind\s+of|a\s+bit|a\s+little|little\s+bit|super|very)\s+)$", _I)
_HYPERBOLE_RIGHT_EN = re.compile(r"^\s+(?:about|when\s+it\s+comes|with\s+my|lol|lmao|haha)\b", _I)
_ZODIAC = re.compile(r"^\s+(?:zodiac|sign|season|rising|sun|moon|horoscope|man|woman|baby|here)\b", _I)
_HYPERBOLE_LEFT_ZH = re.compile(r"(?:气得|吓得|急得|累得|差点|差一点|快要|简直|有点儿?|有些|一点)[\u4e00-\u9fff]{0,3}$")
_HYPERBOLE_RIGHT_ZH = re.compile(r"^[\u4e00-\u9fff]{0,2}?(?:都要|都快|快要|要犯|要发作|犯了都)")
_LIGHT_ZH = re.compile(r"强迫症|洁癖|选择困难症|拖延症|社恐|重度.{0,2}患者")


def is_hyperbole(text: str, start: int, end: int) -> bool:
    """True when the condition at ``text[start:end]`` is a figure of speech or a zodiac sign, not health.

    English: "almost / nearly / gonna have a …", "giving me a …" before it, or "so / a bit … about"
    around it ("so OCD about my desk"); "cancer" as a sign ("I'm a Cancer", "cancer season").
    Chinese: 气得 / 吓得 / 差点 / 有点 … before it or 都要 / 快要犯 after it; 强迫症, 拖延症, 社恐 after 有点.
    """
    value = text[start:end]
    left, right = text[max(0, start - 40):start], text[end:end + 30]
    sign = _ZODIAC.match(right) or re.search(r"zodiac|horoscope|star\s+sign", right, _I) \
        or (re.search(r"\ban?\s+$", left, _I) and not re.match(r"\s+\w", right))  # "I'm a Cancer."
    if re.fullmatch(r"cancer", value, _I) and sign:
        return True
    if _HYPERBOLE_LEFT_EN.search(left) and (re.search(r"\b(?:almost|nearly|practically|gonna|going\s+to|about\s+to|"
                                                       r"give|gives|giving|gave|given)\b", left[-30:], _I)
                                             or _HYPERBOLE_RIGHT_EN.match(right)):
        return True
    degree = re.match(r"点儿?|些", value)  # "我有点强迫症": the value may begin inside 有点
    zh_left = text[max(0, start - 8):start] + (degree.group(0) if degree else "")
    if _HYPERBOLE_LEFT_ZH.search(zh_left) and (_HYPERBOLE_RIGHT_ZH.match(right) or _LIGHT_ZH.search(value)
                                                or re.search(r"气得|吓得|急得|累得|差点|差一点", zh_left)):
        return True
    return bool(_HYPERBOLE_RIGHT_ZH.match(right))


# ── generic statements about passwords ───────────────────────────────────

_GENERIC = re.compile(r"\b(?:most\s+(?:common|popular|used)|worst|weakest|commonest|typical|example|sample|"
                      r"never\s+use|don'?t\s+use|do\s+not\s+use|avoid(?:ing)?\s+(?:using\s+)?|"
                      r"people\s+(?:still\s+)?use|everyone\s+uses|such\s+as|e\.g\.|format|placeholder|template|"
                      r"(?:bad|weak|terrible|awful|dumb|stupid|obvious|horrible|insecure|lazy|guessable)\s+"
                      r"(?:passwords?|pins?|passcodes?|codes?))|"
                      r"最常见|最常用|最弱|比如|例如|千万别用|不要用|别用|很多人用|弱密码|(?:太|很)简单的密码|"
                      r"格式|示例", _I)
_OWNER = re.compile(r"\b(?:my|our|his|her|their|mine|I|we)\b|我|咱|他的|她的", _I)


def is_generic(text: str, start: int) -> bool:
    """True when the value at ``start`` is said of people in general: its clause has a generic marker
    (the most common, never use, such as; 最常见, 千万别用, 比如) and nobody's possessive or pronoun."""
    clause_start = max((m.end() for m in CLAUSE_END.finditer(text, 0, start)), default=0)
    end = CLAUSE_END.search(text, start)
    clause = text[clause_start:end.start() if end else len(text)]
    return bool(_GENERIC.search(clause)) and not _OWNER.search(clause)


# ── questions about a condition in general ───────────────────────────────

_SOMEONE = re.compile(r"\b(?:my|our|his|her|their|mine|I|I'm|I’m|I've|we|he|she|they|you|your|mom|mum|dad|wife|"
                      r"husband|son|daughter|kids?|brother|sister|grandma|grandpa|partner|boyfriend|girlfriend|friend|boss)\b|"
                      r"[我咱他她你您妈爸奶爷姥婆公]|儿子|女儿|孩子|老婆|老公|[哥姐弟妹]|朋友|同事|宝宝", _I)


def is_general_question(text: str, start: int) -> bool:
    """True when the value at ``start`` is in a question about a condition in general: its sentence ends with a
    question mark and names nobody ("what are the early signs of dementia?", 老年痴呆的早期症状有哪些？)."""
    sentence_start = max((m.end() for m in re.finditer(r"[.!。！\n]", text[:start])), default=0)
    end = re.search(r"[?？]|[.!。！\n]", text[start:])
    if end is None or end.group(0) not in "?？":
        return False
    return not _SOMEONE.search(text[sentence_start:start + end.end()])
