"""A goal said as a label and its value is a statement: "My money goal this year: save 200k RMB for a down payment".

People often give a goal or a plan as a heading and a colon, the way they write notes: "Fitness goal for 2026: run
a half marathon under 2 hours", "New Year's resolution: read 30 books", "今年的存钱目标：存够20万付首付",
"我的小目标：年底前考过N2". The clause splitter cuts at the colon as it cuts an aside, so only the label was kept
("User's money goal this year") and the goal itself — the amount, the purpose — was lost. ``labelled`` reads the
heading and its value as the sentence they stand for ("My money goal this year is to save 200k RMB for a down
payment", "我今年的存钱目标是存够20万付首付"), which the goal rules and the user's own words then keep whole.

A favourite given as a heading is read the same way: "new favourite band: Wet Leg", "fav show rn: Severance",
"最喜欢的歌手：林俊杰" stand for "My new favourite band is Wet Leg", "我最喜欢的歌手是林俊杰", one favourite of
that kind.

Only a label naming a goal, a plan, a resolution, a target, a wish (目标 / 计划 / 心愿 / 愿望 / flag) or a favourite
is read so: any other heading ("Update: …", "P.S.: …") and a question are left as written.
"""

from __future__ import annotations

import re

__all__ = ["labelled"]

_EN_LABEL = re.compile(
    r"^(?P<open>\W*)(?P<mine>(?:my|our)\s+)?(?!(?:your|his|her|their|its|the|a|an)\b)(?P<label>(?:[\w'-]+\s+){0,3}?(?:goals?|plans?|targets?|resolutions?|aims?|"
    r"dreams?|mission)(?:\s+(?:for|this|in|by)\s+(?:the\s+)?[\w']+(?:\s+[\w']+)?|\s+this\s+\w+)?)\s*[:：]\s*"
    r"(?P<value>[^?？]+)$", re.IGNORECASE)
# the value opens on what it names, not on a verb: "a house by 30", "the N2 exam", "200k saved"
_EN_NOT_VERB = re.compile(r"^(?:to\b|a\b|an\b|the\b|my\b|our\b|\d|no\b|more\b|less\b|fewer\b|at\s+least\b)",
                          re.IGNORECASE)
_ZH_LABEL = re.compile(r"^(?P<open>[^\w\u3400-\u9fff]*)(?P<mine>我们?的?)?(?!(?:你|他|她|它))"
                       r"(?P<label>[\u3400-\u9fffA-Za-z0-9]{0,8}?"
                       r"(?:目标|计划|心愿|愿望|规划|flag|Flag|FLAG))\s*[:：]\s*(?P<value>[^?？吗]+)$")
_EN_FAVOURITE = re.compile(
    r"^(?P<open>\W*)(?P<mine>(?:my|our)\s+)?"
    r"(?P<label>(?:(?:new|current|latest|all-time)\s+)?(?:favou?rite|fave?)\s+"
    r"[a-z]+(?:\s+(?!(?:rn|atm|now|lately|these)\b)[a-z]+)?)(?:\s+(?:rn|atm|now|lately|these\s+days))?"
    r"\s*[:：]\s*(?P<value>[^?？]+)$", re.IGNORECASE)
_ZH_FAVOURITE = re.compile(r"^(?P<open>[^\w\u3400-\u9fff]*)(?P<when>现在|目前|最近)?(?P<mine>我们?的?)?"
                           r"(?P<label>(?:新的?)?最(?:喜欢|爱)的[\u3400-\u9fffA-Za-z]{1,8}?)\s*[:：]\s*(?P<value>[^?？吗]+)$")
_SENTENCE = re.compile(r"((?<=[.!?。！？\n])\s*)")  # kept in the split: the text is joined back as it was


def _one(sentence: str) -> str:
    if (m := _ZH_FAVOURITE.match(sentence)) is not None:
        mine = m.group("mine") or "我"
        return f"{m.group('open')}{m.group('when') or ''}{mine}{m.group('label')}是{m.group('value')}"
    if (m := _EN_FAVOURITE.match(sentence)) is not None:
        label = m.group("label") if m.group("mine") else m.group("label")[0].lower() + m.group("label")[1:]
        return f"{m.group('open')}{m.group('mine') or 'My '}{label} is {m.group('value')}"
    if (m := _ZH_LABEL.match(sentence)) is not None:
        return f"{m.group('open')}{m.group('mine') or '我'}{m.group('label')}是{m.group('value')}"
    if (m := _EN_LABEL.match(sentence)) is not None:
        mine, label = m.group("mine") or "My ", m.group("label")
        if not m.group("mine") and not re.match(r"\S+\s+[A-Z]", label):  # "Goal for 2026" (not "New Year's")
            label = label[0].lower() + label[1:]
        value = m.group("value")
        link = "is " if _EN_NOT_VERB.match(value) else "is to "
        return f"{m.group('open')}{mine}{label} {link}{value}"
    return sentence


def labelled(text: str) -> str:
    """``text`` with each sentence that is a goal's label and value read as the statement it stands for
    ("Money goal this year: save 200k" -> "My money goal this year is to save 200k"; "今年的存钱目标：存够20万" ->
    "我今年的存钱目标是存够20万"). Units: characters in, characters out; ``text`` itself when it holds none."""
    if ":" not in text and "：" not in text:
        return text
    return "".join(part if n % 2 else _one(part) for n, part in enumerate(_SENTENCE.split(text)))
