"""A partner named earlier in the turn and called "he" / "she" where the bond is said (issue 13, pass 25).

"还好有小王陪我。我们上个月在一起了，他是我男朋友。", "认识了阿杰，她现在是我女朋友", "Things with Kevin are great,
he's my boyfriend now": the partner slot's cues read "<name>是我男朋友" and "Kevin is my boyfriend", not the
pronoun. ``named_partner`` puts the nearest name said before the pronoun in its place, so the clause names the
partner; a turn with no such name is left as written (the pronoun may point to an earlier turn:
``partner_antecedent``).
"""

from __future__ import annotations

import re

__all__ = ["named_partner"]

_ZH_REL = "男朋友|女朋友|男友|女友|老公|老婆|对象|未婚夫|未婚妻"
_ZH_BOND = re.compile(rf"(?P<p>[他她])(?:现在|其实|就|已经|正式)?是我(?:的)?(?:新)?(?:{_ZH_REL})")
# a name: 小X / 阿X / 老X (not a kin or common word), or a Latin name
_ZH_NAME = re.compile(r"(?:小|阿|老)[\u4e00-\u9fff]|[A-Z][a-z]+")
_NOT_NAME = frozenset(
    {
        "老公",
        "老婆",
        "老师",
        "老板",
        "老家",
        "老人",
        "小孩",
        "小时",
        "小区",
        "阿姨",
        "小狗",
        "小猫",
        "老妈",
        "老爸",
        "小学",
        "老友",
        "小心",
        "老是",
        "小姐",
        "小伙",
        "阿公",
        "阿婆",
        "老大",
        "小的",
    }
)
_EN_BOND = re.compile(
    r"\b(?P<p>he|she)(?:'s|\s+is)\s+(?:now\s+)?my\s+(?:new\s+)?"
    r"(?:boyfriend|girlfriend|bf|gf|partner|husband|wife|fianc[eé]e?)\b",
    re.IGNORECASE,
)
_EN_NAME = re.compile(r"\b(?:with|met|named|called|and)\s+(?P<n>[A-Z][a-z]+)\b|\b(?P<m>[A-Z][a-z]+)\s+and\s+I\b")


def named_partner(text: str) -> str:
    """``text`` with "他/她是我男朋友" or "he's my boyfriend" naming the partner said before it in the same text.

    Args:
        text: a user turn, as read (``plain_text.reading_text``).

    Returns:
        ``text`` with the pronoun of the first such clause replaced by the nearest name before it, or ``text``
        itself when there is no such clause or no name before it. Units: characters in, characters out.
    """
    m = _ZH_BOND.search(text)
    if m is not None:
        names = [n.group() for n in _ZH_NAME.finditer(text[: m.start()]) if n.group() not in _NOT_NAME]
        if names:
            return text[: m.start()] + names[-1] + text[m.start() + 1 :]
        return text
    e = _EN_BOND.search(text)
    if e is not None:
        found = [n.group("n") or n.group("m") for n in _EN_NAME.finditer(text[: e.start()])]
        if found:
            return text[: e.start()] + found[-1] + " is" + text[e.end("p") :].removeprefix("'s").removeprefix(" is")
    return text
