"""Whether a condition is what a medium or a piece of work is about, English and Chinese.

"A film that was about bipolar disorder", "her thesis is on dementia care", 一本讲糖尿病饮食的书: the
condition is a topic, not anyone's health. Shared by the health rules of ``sensitive_detect``,
``sensitive_bound`` and ``sensitive_shape`` (seed 001 §8.12.2: classify what is the user's own data).
"""

from __future__ import annotations

import re

__all__ = ["CLAUSE_END", "is_topic"]

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
