"""A membership or subscription of the user's that ran out and was not renewed (issue 13 §2).

"健身房会员到期了，没续", "B站大会员过期了，懒得续了", "Gym membership lapsed, didn't renew": the user says whose it
is by saying nothing of anyone else and adding that they did not renew it. Such a sentence has no subject, so
the clause splitter would leave it out as nobody's; ``owned_lapse`` says it again as the user's own ("我的健身房
会员到期了没续", "My gym membership lapsed, didn't renew"), which the cessation forms (``LAPSED_ZH``,
``LAPSED_EN``) then read as an end of the membership, as "取消了会员" or "cancelled my subscription" are.

Only the user's own: a sentence that names another owner ("我老婆的健身房会员到期了", "the office's gym deal
expired") is left as it is, and a bare "会员到期了" without the not-renewed cue ends nothing (it may be renewed
the same day); with the user's explicit ownership ("my Economist subscription expired", "我的会员过期了") the
end word alone is enough, unless the sentence says it was renewed.
"""

from __future__ import annotations

import re

__all__ = ["LAPSED_EN", "LAPSED_ZH", "owned_lapse", "renewed"]

# what ran out: a membership, a subscription, a paid plan or a card for a place (健身卡, 年卡)
_ZH_THING = r"(?:会员|会籍|订阅|年卡|月卡|季卡|次卡|健身卡|游泳卡)"
_ZH_END = r"(?:到期|过期)"
# not renewed: 没续, 没有续费, 懒得续了, 也不想再续 (不打算续 reads as a plan, which changes nothing)
_ZH_NOT_RENEWED = r"(?:也|就|还|都|暂时)?(?:没|没有|不想|懒得|决定不|不)再?续(?:费|订|上)?"
#: A Chinese cessation form: a membership or card of the user's run out and not renewed ("我的年卡到期了没续").
LAPSED_ZH = _ZH_THING + r"[\u4e00-\u9fff]{0,2}?" + _ZH_END + r"了?(?:也|就|还|都)?" + _ZH_NOT_RENEWED
_ZH_BARE = re.compile(r"^(?P<t>[^\s，,。！!？?我你他她它的]{1,8}?" + _ZH_THING + r")(?:也|都|已经|早就)?"
                      r"(?P<e>" + _ZH_END + r")了?[，,、\s]*(?P<n>" + _ZH_NOT_RENEWED + ")")

_EN_THING = r"(?:membership|subscription|season\s+pass|gym\s+pass)"
_EN_END = r"(?:lapsed|expired|ran\s+out|run\s+out)"
_EN_NOT_RENEWED = (r"\b(?:i\s+)?(?:didn't|did\s+not|won't|will\s+not|not\s+going\s+to|never|decided\s+not\s+to|"
                   r"chose\s+not\s+to|not)\s+(?:bother(?:ed|ing)?\s+(?:to\s+)?)?renew(?:ing|ed)?\b")
_EN_RENEWED = re.compile(r"(?i)(?<!n't\s)(?<!not\s)(?<!never\s)(?<!to\s)\b(?:renewed|re-?upped|re-?subscribed|"
                         r"re-?joined|signed\s+up\s+again)\b")
#: An English cessation form: the user's own membership or subscription run out ("my gym membership lapsed").
LAPSED_EN = re.compile(r"(?i:\b(?:my|our)\s+)(?P<x>(?:[\w+.&'-]+\s+){0,2}?(?i:" + _EN_THING + r"))"
                       r"(?i:\s+(?:has\s+|had\s+|just\s+|finally\s+|already\s+|now\s+)*" + _EN_END + r")\b")
_EN_BARE = re.compile(r"^(?P<lead>(?:(?:so|well|ugh|and|also|btw)[,\s]+)*)(?P<t>(?!(?:my|our)\b)(?:[\w+.&'-]+\s+){0,2}?"
                      + _EN_THING + r"\s+(?:has\s+|had\s+|just\s+|finally\s+|already\s+)*" + _EN_END
                      + r"\b)(?=[^.!?]*?" + _EN_NOT_RENEWED + ")", re.IGNORECASE)
_EN_NOT_MINE = re.compile(r"(?i)^(?:the|a|an|his|her|their|your|my\s+\w+'s)\b|'s\b")


def owned_lapse(sentence: str, lang: str) -> str:
    """``sentence`` said as the user's own when it opens on a membership or subscription that ran out and adds
    that it was not renewed ("健身房会员到期了，没续" -> "我的健身房会员到期了没续"; "Gym membership lapsed, didn't
    renew" -> "My gym membership lapsed, didn't renew"); any other sentence unchanged."""
    if lang == "zh":
        m = _ZH_BARE.match(sentence)
        if m is None:
            return sentence
        return f"我的{m.group('t')}{m.group('e')}了{m.group('n')}" + sentence[m.end():]
    m = _EN_BARE.match(sentence)
    if m is None or _EN_NOT_MINE.search(m.group("t")) or _EN_RENEWED.search(sentence):
        return sentence
    thing = m.group("t")
    return f"{m.group('lead')}My {thing[0].lower()}{thing[1:]}" + sentence[m.end():]


def renewed(sentence: str) -> bool:
    """True when an English ``sentence`` says a membership or subscription was renewed ("… so I renewed it")."""
    return _EN_RENEWED.search(sentence) is not None
