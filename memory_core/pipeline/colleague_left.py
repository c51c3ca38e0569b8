"""A named person the user works with leaves: "Dev left for Stripe", "老王离职去字节了" (issue 13).

"My cofounder Dev is CTO" is the person's role with the user; "Dev told me he's leaving … going to Stripe" or
"老王离职去字节了" says it no longer holds. No slot of the user's changes (the user's employer stays), so the role
stayed active and "who is our CTO?" answered with the person who left.

``colleague_left_ops`` finds in a user turn a name followed, in the same sentence and with no first-person
subject between, by a word of leaving (``data/work_ties.yaml`` ``leaving``, "he's leaving" after the name too),
and supersedes the user's active statements that name that person with one of the ties of work
(``data/work_ties.yaml`` ``ties``: cofounder, colleague, boss, CTO, 同事, 合伙人 …), dated at the turn, with
history. A person named under no tie of work ("my friend Dev left for Paris") and a leaving said by the user
("I left Dev at the station") end nothing; the leaving of a thing ("Dev left a comment") neither, since the word
of leaving must close the clause or come before where the person went.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from memory_core.model import Actor, Status, Turn
from memory_core.pipeline.held_change import Rows
from memory_core.shipped_yaml import load_shipped
from memory_core.store.write_ops import EndOp, HitOp, Op, UpdateOp
from memory_core.text.script import has_han

__all__ = ["colleague_left_ops", "left_names"]

_PREFIXES = ("fact:", "gist:")
_EN_NAME = r"(?P<n>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)"
_ZH_NAME = r"(?P<n>(?:老|小|阿)[\u4e00-\u9fff]|[\u4e00-\u9fff]{2,3}(?=[^\u4e00-\u9fff]|离|辞|走|跳|不|被|退|单))"


def _any(words: list[str]) -> str:
    return "|".join(r"\s+".join(re.escape(p) for p in str(w).split()) for w in sorted(words, key=len, reverse=True))


@functools.lru_cache(maxsize=1)
def _data() -> tuple[dict[str, re.Pattern[str]], dict[str, re.Pattern[str]]]:
    """The ties (matched in a statement) and the leaving patterns (matched in a turn), per language."""
    data = load_shipped("data", "work_ties.yaml")
    ties = {"en": re.compile(rf"\b(?:{_any(data['ties']['en'])})\b", re.IGNORECASE),
            "zh": re.compile(_any(data["ties"]["zh"]))}
    leave_en, leave_zh = _any(data["leaving"]["en"]), _any(data["leaving"]["zh"])
    leaving = {
        # "Dev left for Stripe", "Dev told me he's leaving.", "Dev quit last week": the name, no "I" between, the
        # leaving closing the clause or followed by where to / when
        "en": re.compile(rf"\b{_EN_NAME}(?:'s)?\s+(?:(?!\b(?:I|I'm|I've|we)\b)[^.!?;]){{0,40}}?\b(?:{leave_en})"
                         r"(?=\s*(?:$|[.,!;:—-]|\s+(?:for|to|and|last|this|yesterday|today|recently|after|us|the\s+"
                         r"(?:company|team|startup|firm)|(?:to\s+)?(?:join|go\s+to)|tbh|lol)\b))"),
        "zh": re.compile(rf"{_ZH_NAME}(?:(?!我)[^，,。！!？?；;]){{0,6}}?(?:{leave_zh})"),
    }
    return ties, leaving


def left_names(text: str) -> list[str]:
    """The names of the people ``text`` says left ("Dev told me he's leaving" -> ["Dev"]); [] for none."""
    _, leaving = _data()
    found = [m.group("n") for lang in ("en", "zh") for m in leaving[lang].finditer(text)]
    return [n for n in dict.fromkeys(found) if n not in ("I", "He", "She", "They", "We", "It", "The", "My", "Our")]


def colleague_left_ops(turn: Turn, ops: Sequence[Op], rows: Rows) -> list[Op]:
    """``ops`` with the user's statements of each person the turn says left, named under a tie of work, ended
    (``EndOp``, superseded, dated at the turn), and the turn's hits and revisions of them dropped.

    Args:
        turn: the turn (a user turn; any other role returns ``ops`` unchanged).
        ops: the turn's ops so far.
        rows: ``rows(prefixes)`` -> the user's active ``(id, key, description)`` rows (read only when the turn
            names someone who left).

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user":
        return list(ops)
    names = left_names(turn.text)
    if not names:
        return list(ops)
    ties, _ = _data()
    gone = set()
    for item_id, key, description in rows(_PREFIXES):
        if key.startswith(("fact:works_at", "fact:occupation")):
            continue  # the user's own job: not theirs
        lang = "zh" if has_han(description) else "en"
        for name in names:
            if re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", description) and ties[lang].search(description):
                gone.add(item_id)
    if not gone:
        return list(ops)
    ended = {op.item_id for op in ops if isinstance(op, EndOp)}
    out = [op for op in ops if not (isinstance(op, (HitOp, UpdateOp)) and op.item_id in gone)]
    reason = f"已离开：{turn.text}" if has_han(turn.text) else f"left: {turn.text}"
    for item_id in sorted(gone - ended):
        out.append(EndOp(item_id, Status.SUPERSEDED, reason, Actor.PIPELINE, turn.turn_id,
                         valid_until=turn.timestamp, at=turn.timestamp))
    return out
