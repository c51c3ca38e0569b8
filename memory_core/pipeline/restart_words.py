"""A thing taken up again, said with a word of return, is read as the restart form the rules know (issue 13 §2).

The slot cues and the resumption reading (``cessation.resumption_scope``) are written for the restart forms
"又开始 + verb" and "started X again", and a one-valued attribute's cues for "换成 + value". People say a restart
with many other words: a switch back ("又改回开车上班了", "换回iPhone了"), a return to a way of doing ("又回到吃素了",
"重新捡起画画"), a verb of its own ("restarted yoga after a year off", "resumed swimming"), a return to an
activity ("I went back to driving to work", "I'm back to running"). Read as written, no rule saw the value, and the
stop or the switch that came between stayed current.

``as_restart`` reads each word of ``data/restart_words.yaml`` as the restart form: before a verb of doing, Chinese
reads 又开始 and English "started … again"; a Chinese switch back before a value reads 又换成. A return to a place
("又回到北京了", "went back to Acme") is left as written (``returned_to`` reads it), and so is a clause with no
such word. The turn and its event keep the text as the user wrote it (``plain_text.reading_text`` calls this).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from memory_core.shipped_yaml import load_shipped

__all__ = ["as_restart"]

_EN_CUT = (r"(?=\s+(?:after|because|since|when|last|this|that|these|in|on|at|with|for|and|but|so|now|lol|haha)\b"
           r"|\s*[,.;:!?—–-]|\s*$)")


def _alternation(words: Iterable[object] | None) -> str:
    """The words as one regular-expression alternation, longest first ("" for none)."""
    return "|".join(re.escape(w) for w in sorted((str(w) for w in words or ()), key=len, reverse=True))


@functools.cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """(pattern, replacement) pairs built from ``data/restart_words.yaml``; empty when it lists nothing."""
    data = load_shipped("data", "restart_words.yaml") or {}
    zh, en = data.get("zh") or {}, data.get("en") or {}
    out: list[tuple[re.Pattern[str], str]] = []
    verbs = _alternation(zh.get("verbs"))
    back, again = _alternation(zh.get("switch_back")), _alternation(zh.get("again"))
    if back and verbs:  # "又改回开车上班了" -> "又开始开车上班了"; "换回iPhone了" -> "又换成iPhone了"
        out.append((re.compile(rf"(?:{again})?(?:{back})了?\s*(?=(?:{verbs}))"), "又开始"))
        out.append((re.compile(rf"(?:{again})?(?:{back})了?\s*(?=[\u4e00-\u9fffA-Za-z0-9])(?![了啦吧呢啊来去])"),
                    "又换成"))
    ret, picked = _alternation(zh.get("return_to")), _alternation(zh.get("picked_up"))
    if ret and again and verbs:  # "又回到吃素了" -> "又开始吃素了"; "又回到北京了" stays
        out.append((re.compile(rf"(?:{again})(?:{ret})了?\s*(?=(?:{verbs}))"), "又开始"))
    if picked and verbs:
        out.append((re.compile(rf"(?:{again})?(?:{picked})\s*(?=(?:{verbs}))"), "又开始"))
    restarted = _alternation(en.get("restarted"))
    if restarted:  # "restarted yoga after a year off" -> "started yoga again after a year off"
        out.append((re.compile(rf"\b(?:{restarted})\s+(?P<x>(?:(?!again\b)[\w'-]+\s*?){{1,4}}?){_EN_CUT}",
                               re.IGNORECASE), "started \\g<x> again"))
    return tuple(out)


@functools.cache
def _back_to() -> re.Pattern[str] | None:
    """The English return to an activity said by the speaker ("I", ``en.back_to`` before an -ing form), or None."""
    back_to = _alternation((load_shipped("data", "restart_words.yaml") or {}).get("en", {}).get("back_to"))
    if not back_to:
        return None
    return re.compile(rf"\b(?P<i>i'm|i\s+am|im|i've|i\s+have|i)\s+"
                      rf"(?:(?:been|just|finally|now|kinda|basically)\s+)*(?:{back_to})\s+"
                      rf"(?P<x>[a-z]+ing\b(?:\s*?(?!again\b)[\w'-]+){{0,3}}?){_EN_CUT}", re.IGNORECASE)


def _started(m: re.Match[str]) -> str:
    return f"I started {m.group('x')} again"


def as_restart(text: str) -> str:
    """``text`` with each restart said in other words read as the restart form (module docstring); ``text`` itself
    when it holds none. Never raises.

    >>> as_restart("这几天又改回开车上班了")
    '这几天又开始开车上班了'
    >>> as_restart("restarted yoga after a year off")
    'started yoga again after a year off'
    """
    for pattern, replacement in _patterns():
        text = pattern.sub(replacement, text)
    back_to = _back_to()
    return text if back_to is None else back_to.sub(_started, text)
