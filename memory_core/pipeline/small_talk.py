"""Small talk: whole turns of pleasantries that carry nothing to remember, in English and Chinese.

The write path stores such a turn as nothing of its own (an assistant's "I'll remember that" /
"我会记住的" included): ``is_small_talk``.
"""

from __future__ import annotations

import re

__all__ = ["is_small_talk"]

_SMALL_TALK = re.compile(
    r"^(?:(?:sure|ok(?:ay)?|great|nice|cool|awesome|wow|thanks?|thank\s+you|you're\s+welcome|no\s+problem|"
    r"of\s+course|absolutely|got\s+it|sounds\s+good|glad\s+to\s+hear(?:\s+that)?|happy\s+to\s+help|"
    r"that's\s+(?:great|nice|wonderful|awesome|good)|how\s+(?:nice|lovely|exciting)|i\s+see|"
    r"good\s+(?:morning|night|evening)|hi|hello|hey|bye|see\s+you|anytime|my\s+pleasure|welcome|"
    r"(?:(?:it's\s+)?(?:so\s+)?(?:nice|good|great|pleased|lovely|glad)\s+to\s+(?:meet|see|hear\s+from)\s+you(?:\s+too)?)|"
    r"很高兴认识你|认识你很高兴|幸会|欢迎|"
    # an acknowledgement that something will be remembered carries nothing of its own
    r"(?:i'll|i\s+will)\s+(?:remember|keep\s+(?:that|it|this)\s+in\s+mind|make\s+a\s+note\s+of)(?:\s+(?:that|it|this))?|"
    r"noted|will\s+do|understood|(?:我)?(?:会)?记住(?:了|的|啦)?|(?:我)?(?:已)?记下(?:了|来了)?|知道了|"
    r"have\s+a\s+(?:\w+\s+)?(?:day|weekend|evening|night|time|trip)|enjoy(?:\s+your\s+\w+)?|take\s+care|"
    r"祝你[^，。！!,.]*|早上好|晚上好|晚安|加油|辛苦了|"
    r"好的|好|嗯|哈哈|没问题|不客气|谢谢|收到|明白了?|了解|太好了|真棒|好呀|好啊|你好|再见|当然|可以)"
    r"[\s,.!~，。！、…]*)+$", re.IGNORECASE)


def is_small_talk(text: str) -> bool:
    """True for pleasantries that carry nothing to remember ("Sure, glad to hear that!", "好的，没问题").

    Only whole turns made of such phrases count; anything with content ("Sure,
    your meeting is at 3") is not small talk.
    """
    stripped = text.strip()
    if not stripped or _SMALL_TALK.match(stripped) is not None:
        return True
    named = _ADDRESSED.match(stripped)  # "Nice to meet you, Tom!": the pleasantry without the name
    return named is not None and _SMALL_TALK.match(named.group(1)) is not None


#: A pleasantry addressed to someone by name at its end ("Nice to meet you, Tom!", "Hi Tom!", "好的，小林！"):
#: one or two capitalised words, or 2-4 Han characters after a comma.
_ADDRESSED = re.compile(r"^(.*?\S)(?:[,，]?\s+(?:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)"
                        r"|[,，]\s*(?:[A-Z][a-z]+|[\u4e00-\u9fff]{2,4}))[\s.!~。！…]*$")
