"""A small mishap said to have happened again is an episode, not a fact: "笑死，我又迟到了", "lol I overslept again".

Read in the user's own words such a remark became a lasting item ("用户又迟到了", "User overslepts again"), which
no one would want recalled as who the user is. What it names is one morning: being late, oversleeping, missing
the bus or the stop, forgetting or losing one's keys, phone or wallet, spilling or burning something, a thing
that let one down (a flat battery, a flat tyre, a crash: "电瓶车又没电了", "my phone died again"). Said with
"again" / 又 and of the moment (a past verb; in Chinese a verb closed by 了), it stays the turn's event only.

Said as a habit it is a statement and is kept: "I'm always late", "I oversleep every Monday", "我经常迟到",
"我老是睡过头" (a habit word), and so is a change ("I stopped being late").
"""

from __future__ import annotations

import re

from memory_core.pipeline.types import Candidate

__all__ = ["mishap_again", "without_mishaps"]

_EN_MISHAP = (r"(?:overslept|slept\s+(?:in|through\s+(?:my\s+|the\s+)?alarms?)|was\s+late|were\s+late|"
              r"(?:got|showed\s+up|ran|came)\s+(?:in\s+)?late|missed\s+(?:my|the)\s+(?:bus|train|stop|flight|alarm|"
              r"ferry|subway|metro)|forgot\s+(?:my|the)\s+(?:keys?|wallet|phone|umbrella|lunch|badge|laptop|charger)|"
              r"lost\s+my\s+(?:keys?|wallet|phone|umbrella|badge|airpods)|locked\s+myself\s+out|spilled|spilt|"
              r"burn(?:ed|t)\s+(?:the|my)\s+\w+|dropped\s+my\s+\w+|"
              # a thing that let one down for the day: "my e-bike died again", "ran out of gas again", "got a flat"
              r"(?:battery|phone|laptop|car|bike|e-?bike|scooter|charger)\s+(?:died|is\s+dead|was\s+dead)|"
              r"ran\s+out\s+of\s+(?:battery|gas|petrol|charge|juice)|got\s+a\s+flat(?:\s+tyre|\s+tire)?)")
_EN_AGAIN = re.compile(rf"\b{_EN_MISHAP}\b(?:(?!\b(?:every|always|usually|often)\b)[^.!?])*?\bagain\b"
                       rf"|\bagain\b[^.!?]{{0,12}}\b{_EN_MISHAP}\b", re.IGNORECASE)
_ZH_AGAIN = re.compile(r"又(?:一次)?(?:双叒叕)?[^，,。！!？?]{0,4}?"
                       r"(?:迟到|睡过头|睡过了|起晚|起迟|坐过站|坐过了站|错过了?(?:公交|地铁|车|班车|航班|闹钟)|"
                       r"忘(?:了|记)?带|把[^，,。]{1,6}(?:丢|忘|弄丢|摔|洒)|(?:钥匙|钱包|手机|伞|工牌)(?:又)?(?:丢|忘)|"
                       r"(?:丢|忘)了?(?:钥匙|钱包|手机|伞|工牌)|打翻|洒了|烧糊|煮糊|"
                       # a thing that let one down for the day ("电瓶车又没电了", "车又爆胎了", "电脑又死机了")
                       r"没电|没油|没气|爆胎|掉链子|死机|蓝屏|卡死|坏)[^，,。！!？?]{0,6}了")
_HABIT = re.compile(r"\b(?:always|usually|often|every|each|constantly|keep\s+(?:being|getting|oversleeping))\b|"
                    r"经常|总是|老是|常常|每次|每天|每周|天天|动不动", re.IGNORECASE)


def mishap_again(text: str) -> bool:
    """True when ``text`` says a small mishap happened again, of the moment ("我又迟到了", "overslept again").

    A habit word anywhere in it ("always", "every Monday", 经常, 老是) makes it a lasting statement: False.
    """
    if _HABIT.search(text):
        return False
    return bool(_ZH_AGAIN.search(text) or _EN_AGAIN.search(text))


def _marks(said: str) -> set[str]:
    """The words a rendering of ``said`` keeps: its Han pairs, and its Latin words' first five letters
    ("overslept again" -> {"overs", "again"}: "User overslepts again" keeps both)."""
    han = re.findall(r"[\u4e00-\u9fff]+", said)
    pairs = {run[i:i + 2] for run in han for i in range(len(run) - 1)}
    return pairs | {w[:5].casefold() for w in re.findall(r"[A-Za-z]{4,}", said)}


def without_mishaps(turn_text: str, cands: list[Candidate]) -> list[Candidate]:
    """Return ``cands`` without the own-words statements that say the turn's mishap again.

    Args:
        turn_text: the turn as the rules read it.
        cands: its candidates; events, slot statements and a person's (a ``/`` in the key) stay, and so does
            an own-words statement of another clause (it keeps under half the mishap's words).
    """
    if _HABIT.search(turn_text):
        return cands
    found = _ZH_AGAIN.search(turn_text) or _EN_AGAIN.search(turn_text)
    if found is None:
        return cands
    marks = _marks(found.group(0))
    kept = []
    for cand in cands:
        if not (cand.is_event or cand.topic is None or "/" in cand.key):
            text = cand.description.casefold()
            if marks and 2 * sum(m in text for m in marks) >= len(marks):
                continue
        kept.append(cand)
    return kept
