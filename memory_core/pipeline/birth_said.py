"""A birth told as news, said again as the family cue reads a child born and named (issue 13 §1: family members).

"当姥爷了！！外孙女，七斤二两，叫朵朵", "宝宝出生了，是个男孩，叫乐乐", "HE'S HERE. Wyatt James, 7lb 11oz, born at
4:12am", "we had a baby girl yesterday, named her Ava": the news names the child by its kinship only through the
one the speaker became (姥爷 → 外孙女), the baby's sex (男孩 → 儿子, girl → daughter) or a pronoun and a birth
weight, so the family cue of ``slots.yaml`` ("外孙女出生了，叫朵朵", "our son was born, his name is Wyatt") read
nothing, and "是个男孩" was even read as the user's own identity. ``birth_said`` rewrites the announcement into
that form; the rest of the turn is kept as said. The words are data (``data/births.yaml``).
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.word_alt import word_alternation as _alt
from memory_core.shipped_yaml import load_shipped

__all__ = ["birth_said"]

_ZH_NAME = r"(?P<v>[A-Z][a-z]+|[\u4e00-\u9fff]{2,3}?)(?=[，,。！!~～\s]|$|[\U0001F300-\U0001FAFF\u2600-\u27BF])"
_EN_OWNER = re.compile(r"^(?:the|our|my)\s+", re.IGNORECASE)
_ZH_ORDINAL = re.compile(r"^(?:[二三四]|老[二三四])")
_EN_NAME = r"(?P<{}>(?-i:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))\b"


@functools.lru_cache(maxsize=1)
def _data() -> tuple[dict[str, str], dict[str, str], list[re.Pattern[str]]]:
    """The sex words of each language (word -> child) and the compiled announcements.

    Raises:
        OSError / yaml.YAMLError / KeyError: the shipped data file is missing or malformed (a packaging fault).
    """
    data = load_shipped("data", "births.yaml")
    zh, en = data["zh"], data["en"]
    zh_sex = {str(k): str(v) for k, v in zh["sex"].items()}
    en_sex = {str(k): str(v) for k, v in en["sex"].items()}
    # (no question in the gap: "是男孩还是女孩？" names nothing)
    zh_gap = r"(?:[^？?，,。！!]{0,12}[，,。！!~～\s]+){0,2}?"
    naming = r"(?:名字|小名|大名)?(?:叫|取名(?:叫)?|起名(?:叫)?)\s*"
    patterns = [
        # 当姥爷了！！外孙女，七斤二两，叫朵朵
        re.compile(rf"当(?:上)?了?(?:{_alt(zh['became'])})(?:了|啦)[！!，,～~\s]*(?:是)?(?:个|一个)?"
                   rf"(?P<kin>{_alt(zh['kin'])})[，,！!～~\s]+{zh_gap}{naming}{_ZH_NAME}"),
        # 宝宝出生了，是个男孩，叫乐乐 / 宝宝出生了！男孩，6斤8两，叫小满 / 生了个男孩！叫小宝 /
        # 我老婆生了个儿子！叫小宝
        re.compile(rf"(?:(?P<born>(?:{_alt(zh['baby'])})[^，,。！!？?]{{0,6}}?(?:出生|出世|落地|降生)了)[！!，,～~\s]*"
                   rf"(?:(?:是)?(?:个|一个))?|(?P<spouse>(?:我的?)?(?:{_alt(zh['spouse'])}))?(?:昨天|今天|前天|刚刚?|终于|顺利)*"
                   rf"生了(?:一个|个)?)(?:大胖|小)?(?P<sex>{_alt(zh_sex)})[，,！!～~\s]+{zh_gap}"
                   rf"{naming}{_ZH_NAME}"),
        # HE'S HERE. Wyatt James, 7lb 11oz / He's here!!! Rory Murphy, born 3:12am, 3.6kg
        re.compile(rf"(?i:\b(?P<pro>he|she)(?:'s|\s+is)\s+here\b)[.!\s]*{_EN_NAME.format('v')}\s*[,:(-]\s*"
                   rf"(?=[^.!?\n]{{0,30}}?\d+(?:\.\d+)?\s*(?i:{_alt(en['weight'])})\b|(?i:born)\b)"),
        # we had a baby girl yesterday, named her Ava / we welcomed our son, his name is Leo
        re.compile(rf"(?i:\b(?:we|i)\s+(?:{_alt(en['had'])})\s+(?:a|an|our|my)\s+(?:(?:beautiful|healthy|tiny|new)\s+)*"
                   rf"(?P<sex>{_alt(en_sex)})\b[^.!?,]{{0,24}}?[,.!:]+\s*)"
                   rf"(?:(?i:(?:(?:we\s+|and\s+)?(?:named|called)\s+(?:him|her)|(?:his|her)\s+name(?:'s|\s+is)"
                   rf"|(?:he|she)(?:'s|\s+is)\s+called)\s+){_EN_NAME.format('v')}"
                   # … or the name alone after the news ("We had a baby girl last week, Mia!")
                   rf"|{_EN_NAME.format('alone')}(?=\s*(?:[.!]|$|[\U0001F300-\U0001FAFF\u2600-\u27BF])))"),
        # Baby number two arrived this morning, a boy, Finn / the baby is here! a girl, named Nora
        re.compile(rf"(?P<head>(?i:\b(?:(?:the|our|my)\s+)?(?:baby|little\s+one)(?:\s+(?:number|no\.?|\#)\s*\w+)?\s+"
                   rf"(?:arrived|is\s+here|was\s+born|came)\b[^.!?,]{{0,24}}?))[,.!:]+\s*(?i:(?:it's\s+|it\s+is\s+)?an?\s+)"
                   rf"(?P<sex>(?i:{_alt(en_sex)}))\b[,.!:\s]+(?i:(?:(?:we\s+)?(?:named|called)\s+(?:him|her)\s+)?)"
                   rf"{_EN_NAME.format('v')}"),
    ]
    return zh_sex, en_sex, patterns


def _said(m: re.Match[str], zh_sex: dict[str, str], en_sex: dict[str, str]) -> str:
    """The announcement of ``m`` in the family cue's words."""
    groups = m.groupdict()
    groups["v"] = groups["v"] or groups.get("alone") or ""
    if groups.get("kin"):
        return f"{groups['kin']}出生了，叫{groups['v']}"
    sex = (groups.get("sex") or "").casefold()
    if sex and sex in zh_sex:  # "我姐生了个男孩" keeps who gave birth; the user's wife's is the user's child
        born = "生了个{}" if m.group(0).startswith("生了") else "{}出生了"  # "我老婆生了个儿子" -> "儿子出生了"
        said = f"{born.format(zh_sex[sex])}，叫{groups['v']}"
        # "二宝出生了": which child it is tells how many there are now, kept as said
        return f"{groups['born']}，{said}" if groups.get("born") and _ZH_ORDINAL.match(groups["born"]) else said
    child = en_sex.get(re.sub(r"\s+", " ", sex)) if sex else ("son" if groups["pro"].casefold() == "he" else "daughter")
    pronoun = "his" if child == "son" else "her"
    said = f"our {child} was born, {pronoun} name is {groups['v']}"
    if groups.get("head"):  # "Baby number two arrived": the count of children it tells is kept as said
        head = _EN_OWNER.sub("", groups["head"])
        return f"our {head[:1].lower()}{head[1:]}. {said}"
    return f"{said}. " if groups.get("pro") else said  # the weight said next stays a sentence of its own


def birth_said(text: str) -> str:
    """``text`` with a birth told as news said as the family cue reads it ("当姥爷了！！外孙女，七斤二两，叫朵朵" ->
    "外孙女出生了，叫朵朵", "we had a baby girl, named her Ava" -> "our daughter was born, her name is Ava. ").

    Args:
        text: a turn's text, as written.
    Returns:
        the text, unchanged when it tells no birth of a child it names.
    """
    zh_sex, en_sex, patterns = _data()
    for pattern in patterns:
        text = pattern.sub(lambda m: _said(m, zh_sex, en_sex), text, count=1)
    return text
