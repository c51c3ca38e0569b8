"""A stop the user was made to make is a stop: "had to stop running", "不得不戒烟了".

People often tell a stop with the reason it was not their choice: "Bad news, had to stop running (torn meniscus)",
"I've had to give up coffee", "was forced to quit smoking", "医生说不行，我只能把酒戒了", "我不得不戒烟了". The modal
("had to", 不得不, 只好, 被迫) stands between the subject and the stop verb, so the cessation cues, which expect
"stopped" / "gave up" / 戒, read nothing, and the habit the user gave up stays current. ``plain_forced`` takes
the modal off when the stop is told as done (English past "had to", Chinese with the perfective 了), so the clause
reads as the plain stop it reports. A stop still to come ("I have to stop drinking coffee", "我得戒烟", "必须戒烟")
is an obligation or a plan, not a change, and is left as written.
"""

from __future__ import annotations

import re

from memory_core.text.script import has_han

__all__ = ["plain_forced"]

# the past forms of the stop verbs a modal governs ("had to give up" -> "gave up")
_EN_PAST = {"stop": "stopped", "quit": "quit", "give": "gave", "cut": "cut", "drop": "dropped", "pack": "packed"}
_EN_FORCED = re.compile(
    r"\b(?:(?P<subj>i|we)(?:'ve|\s+have)?\s+)?(?:had|was\s+forced|were\s+forced|got\s+forced|was\s+made|"
    r"ended\s+up\s+having)\s+to\s+(?:(?:just|basically|completely|totally)\s+)?"
    r"(?P<verb>stop|quit|give(?=\s+up\b)|cut(?=\s+out\b)|drop|pack(?=\s+in\b))\b",
    re.IGNORECASE)
# "had" read as the past of "have to", never "I'd have to stop" (a hypothetical): "'d" with "have to" is left out
_EN_HYPOTHETICAL = re.compile(r"\b(?:i'd|we'd|would|will|'ll|might|may|must|if)\b", re.IGNORECASE)
# 不得不 / 只好 / 只能 / 被迫 before a verb of stopping, the stop told as done (了 after it in the clause)
_ZH_FORCED = re.compile(r"(?:没办法|实在没办法)?(?:不得不|只好|只能|被迫|不得已)"
                        r"(?=(?:先|暂时|彻底)?(?:把|将)?[^，,。！!？?]{0,6}?"
                        r"(?:戒|停|放弃|不再|不(?:喝|吃|抽|碰|跑|练|打|玩|弹|学))[^，,。！!？?]{0,8}?了)")
_ZH_WISH = re.compile(r"如果|要是|的话|打算|准备|想|得戒|必须|应该")


def plain_forced(text: str) -> str:
    """``text`` with the modal of a stop told as done taken off ("Bad news, had to stop running." -> "Bad news,
    stopped running."; "I've had to give up coffee" -> "I gave up coffee"; "我不得不戒烟了" -> "我戒烟了").

    Units: characters in, characters out; ``text`` itself when it holds no such stop, or when the sentence is a
    hypothetical or a plan ("I'd have had to quit", "如果只能戒了…"). Never raises.
    Source: English "have to" and Chinese 不得不/只好/被迫 are necessity modals; with the past (had) or the
    perfective 了 they report the event as having happened (a forced stop is still a stop).
    """
    out = text
    if "to" in text.casefold() and not _EN_HYPOTHETICAL.search(text):
        out = _EN_FORCED.sub(_en_past, out)
    if has_han(out) and not _ZH_WISH.search(out):
        out = _ZH_FORCED.sub("", out)
    return out


def _en_past(m: re.Match[str]) -> str:
    verb = m.group("verb")
    past = _EN_PAST[verb.casefold()]
    subj = m.group("subj") or ""
    if subj:
        return f"{subj} {past}"
    if m.group(0)[:1].isupper():  # "Had to stop running": the fragment keeps its capital
        past = past.capitalize()
    return past

