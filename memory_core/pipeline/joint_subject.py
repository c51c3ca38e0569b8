"""The user and another person as one subject: "my wife and I moved to Leeds", "我和老公搬到杭州了" (issue 13).

A move, a job, a diet or a pet said of the user and their partner ("my wife and
I", "me and my boyfriend", "我和老公", "我跟我老婆") holds for the user: the clause is read as said by "we"
/ 我们, which the slot cues take as the speaker's own. A clause about the bond
between the two ("my wife and I got divorced", "我和女朋友分手了") or about one
talking to the other keeps its words: there the other person is the point. An
English or Chinese sentence is read both ways (``split_clauses``), so "my boyfriend
Jake and I …" still names the partner and "我和老公搬到杭州了" moves the user and
keeps the sentence as said; the 我们 reading alone lost a held-out check.
"""

from __future__ import annotations

import re

from memory_core.pipeline.third_person import EN_LEAD

__all__ = ["as_we"]

_EN_REL = r"(?:wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|other\s+half)"
_EN_BOND = (r"(?!(?:\w+\s+){0,2}(?:got\s+(?:married|engaged|divorced|together)|married|divorced|broke\s+up|split|"
            r"separated|met|meet|fought|argued|moved\s+in|got\s+back|"
            r"(?:are|have\s+been|'ve\s+been|'re)\s+(?:together|expecting|trying|dating|engaged|married)|"
            r"had\s+(?:a|an)\s+(?:fight|argument|row)|talked|spoke|discussed|"
            r"disagree|agreed|decided\s+to\s+(?:split|separate|divorce))\b)")
#: "my wife and I", "me and my boyfriend", "I and my husband" (with the person's name after: "my wife Ana and I")
_EN_JOINT = re.compile(r"^(?:(?:my|our)\s+" + _EN_REL + r"(?:\s+(?-i:[A-Z][a-z]+))?\s+and\s+(?:I|me)|"
                       r"(?:me|I)\s+and\s+my\s+" + _EN_REL + r"(?:\s+(?-i:[A-Z][a-z]+))?)\s+(?=\w)" + _EN_BOND,
                       re.IGNORECASE)
_ZH_REL = r"(?:老公|老婆|丈夫|妻子|爱人|男朋友|女朋友|男友|女友|对象|未婚夫|未婚妻)"
_ZH_BOND = (r"(?![^，,。]{0,4}(?:分手|分开|离婚|结婚|订婚|领证|在一起|住在?一起|同居|复合|认识|吵架|吵了|闹|聊|说|"
            r"商量|约会|见面|打电话|交往|谈恋爱|备孕|怀))")
#: "我和老公", "我跟我老婆", "我与女朋友" at a clause's start (with the person's name after: "我和老公阿杰")
_ZH_JOINT = re.compile(r"(?:^|(?<=[，,。]))我(?:和|跟|与|同)(?:我的?)?" + _ZH_REL
                       + r"(?:阿[\u4e00-\u9fff]|\s*(?-i:[A-Z][a-z]+)\s*)?" + _ZH_BOND)


def as_we(sentence: str, lang: str) -> str:
    """``sentence`` with a joint subject of the user and another person said as "we" / 我们; else unchanged.

    A discourse word before the pair (``third_person.EN_LEAD``: "so", "btw", "anyway") is dropped with it.

    Args:
        sentence: one sentence of a user turn.
        lang: "en" or "zh".
    """
    if lang == "zh":
        return _ZH_JOINT.sub("我们", sentence)
    lead = EN_LEAD.match(sentence)  # "So my wife and I moved to Leeds": the pair after a discourse word
    if lead and _EN_JOINT.match(sentence[lead.end():]):
        sentence = sentence[lead.end():]
    return _EN_JOINT.sub("we ", sentence, count=1)
