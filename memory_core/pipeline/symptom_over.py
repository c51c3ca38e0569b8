"""A symptom said to be over ends the symptom of that body part: "膝盖好了" ends "User's knee hurts".

"I stopped running, my knee hurts", months later "我又开始跑步了，膝盖好了": the
running came back, and the knee said to be well ends the pain of the knee. The
words of recovery are not those of a cessation ("不疼了", "doesn't hurt any
more" are read there already): a part said well again ("膝盖好了", "腰没事了",
"脚踝已经恢复了", "my knee is fine now", "my wrist is healed") or its pain said
gone ("the back pain is gone", "no more knee pain"). ``healed_change`` reads
such a clause of the user's own into a change (``clause_change.Change``) that
ends the user's statements naming the same part and a symptom, in either
language (``pained``: "User's knee hurts", "用户膝盖疼", "用户最近腰疼得厉害"); the
resolver looks them up by the term ``PAINED + part`` (``cessation.keys_about``).

A part only a bit better ("膝盖好点了", "好多了", "my shoulder is a bit better")
ends nothing, nor another person's ("我妈的膝盖好了": the clause opens on a
relative, ``reading.subject``), a question or a plan (``reading.skip``).
"""

from __future__ import annotations

import re

__all__ = ["PAINED", "healed_change", "pained", "said_well"]

# as ``clause_change.Change``: (keys ended, polarity, terms); not imported, so cessation may import this module
Change = tuple[tuple[str, ...], int, frozenset[str]]
NO_CHANGE: Change = ((), 0, frozenset())

#: Prefix of a change term that names a body part: a statement is about it when ``pained`` says so.
PAINED = "pain:"

#: Body parts: an id, its English words (a regex) and its Chinese words (a regex).
_PARTS: dict[str, tuple[str, str]] = {
    "knee": (r"knees?", r"膝盖|膝关节|膝"),
    "back": (r"(?:lower\s+|upper\s+)?back", r"腰|后背|腰椎"),  # 背好了: learnt by heart
    "neck": (r"neck", r"脖子|颈椎"),
    "shoulder": (r"shoulders?", r"肩膀|肩"),
    "wrist": (r"wrists?", r"手腕"),
    "ankle": (r"ankles?", r"脚踝|脚腕"),
    "elbow": (r"elbows?", r"手肘|胳膊肘"),
    "hip": (r"hips?", r"髋|胯"),
    "foot": (r"foot|feet", r"脚"),
    "leg": (r"legs?", r"腿"),
    "arm": (r"arms?", r"胳膊|手臂"),
    "head": (r"head", r"头"),
    "stomach": (r"stomach|tummy", r"胃|肚子"),
    "throat": (r"throat", r"嗓子|喉咙"),
    "tooth": (r"tooth|teeth", r"牙齿|牙"),
    "eye": (r"eyes?", r"眼睛"),
}
_ACHES = {"back": "backache", "head": "headache", "stomach": "stomachache", "tooth": "toothache"}
_EN_PART = "|".join(f"(?P<{pid}>{en})" for pid, (en, _) in _PARTS.items())
_ZH_PART = "|".join(f"(?P<{pid}>{zh})" for pid, (_, zh) in _PARTS.items())
_EN_ACHE = "|".join(f"(?P<ache_{pid}>{ache})" for pid, ache in _ACHES.items())  # a group name once

_EN_WELL = re.compile(
    rf"\bmy\s+(?:left\s+|right\s+)?(?:{_EN_PART})\s+(?:is|'s|are|feels?|has)\s+(?:finally\s+|totally\s+|completely\s+"
    r"|fully\s+|all\s+|now\s+)*(?:fine|ok|okay|healed|good\s+as\s+new|back\s+to\s+normal|all\s+better|recovered|"
    r"better\s+now(?!\s+than))\b", re.IGNORECASE)
_EN_GONE = re.compile(
    rf"(?:\b(?:the|my)\s+)?(?:(?:{_EN_PART})\s+(?:pain|ache|injury|problems?|issues?)|{_EN_ACHE})s?\s+(?:is|are|'s|has|"
    r"have)\s+(?:finally\s+|totally\s+|completely\s+|fully\s+|all\s+)*(?:gone|over|healed|cleared\s+up|went\s+away)\b",
    re.IGNORECASE)
_EN_NO_MORE = re.compile(rf"\bno\s+more\s+(?:(?:{_EN_PART})\s+pain|{_EN_ACHE})s?\b", re.IGNORECASE)
_ZH_WELL = re.compile(
    rf"^(?:我的?)?(?:{_ZH_PART})(?:上的伤|的伤|的毛病|的问题)?(?:也|已经|终于|总算|完全|彻底|基本|都|早就|现在)*"
    r"(?:好了|好啦|好全了|好利索了|没事了|没事啦|痊愈了|恢复了|康复了|不疼了|不痛了)(?![一点些])")

#: Words of a symptom in a statement's text, either language.
_SYMPTOM = re.compile(r"\b(?:hurts?|hurting|pain(?:ful|s)?|aches?|aching|sore|injur\w*|sprain\w*|strain\w*|"
                      r"swollen|stiff)\b|疼|痛|酸|伤|肿|不舒服|扭了|拉伤", re.IGNORECASE)
_PART_IN = {pid: re.compile(rf"(?:\b(?:{en})\b|{_ACHES.get(pid, '(?!)')}|{zh})", re.IGNORECASE)
            for pid, (en, zh) in _PARTS.items()}


def _part(clause: str, lang: str) -> str:
    """The id of the body part ``clause`` says is well again, "" when it says none."""
    found = (_ZH_WELL.search(clause),) if lang == "zh" else \
        (_EN_WELL.search(clause), _EN_GONE.search(clause), _EN_NO_MORE.search(clause))
    for m in found:
        if m is not None:
            return next((pid.removeprefix("ache_") for pid, said in m.groupdict().items() if said), "")
    return ""


def said_well(clause: str, lang: str) -> bool:
    """True when ``clause`` says a body part is well again, with no subject of its own ("膝盖好了", "the back pain
    is gone"): the clause splitter keeps it as the speaker's, as Chinese drops the subject."""
    return bool(_part(clause.strip(), lang))


def healed_change(clause: str, lang: str, skip: str, other: str, qualifier: str) -> Change:
    """The change of a user's ``clause`` saying a body part is well again: the statements of that part's symptom
    ended (-1), found by the term ``PAINED + part`` (``cessation.keys_about``). ``NO_CHANGE`` for another person's
    clause (``other``), one read as a question, plan or reported speech (``skip``), or no such words."""
    if other or skip:
        return NO_CHANGE
    part = _part(clause.strip(), lang)
    if not part:
        return NO_CHANGE
    return (f"gist:{part}{qualifier}",), -1, frozenset({PAINED + part})


def pained(description: str, term: str) -> bool:
    """True when ``description`` (a statement's text) names the body part of ``term`` (``PAINED + part``) and a
    symptom ("User's knee hurts", "用户最近腰疼得厉害"); False for any other term."""
    found = _PART_IN.get(term.removeprefix(PAINED)) if term.startswith(PAINED) else None
    return found is not None and found.search(description) is not None and _SYMPTOM.search(description) is not None
