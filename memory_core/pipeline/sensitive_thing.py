"""A secret keeps the thing it is for: an item that dropped the thing its turn named gets it back.

"我的银行卡号 6222…，密码是 654321" said the code is the bank card's (``sensitive_kind.thing_of`` reads
银行卡 in the clause), but a fact extracted from the second clause reads "用户的密码是 654321", a password
of nothing, which a question naming any thing ("我的电脑密码是多少？", "what is my laptop password?")
would then see (``sensitive_kind.shows``: a value naming no thing answers every thing). Seed 001 §8.24.1
asks to show only what the question needs, so the write path ties the value to its thing: when a value
of a thing-bound category (``THINGED``) names no thing in the item's text but the same value names one in
the turn, the thing's word goes before the credential word that precedes the value in the item
("用户的银行卡密码是 654321", "User's bank card PIN is 4321"). Without such a credential word the text is
left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memory_core.pipeline.sensitive_detect import Finding
from memory_core.pipeline.sensitive_kind import THINGED
from memory_core.store.write_ops import AddOp, MergeOp, Op, UpdateOp
from memory_core.text.script import has_han

__all__ = ["THING_WORDS", "tie_to_thing", "tied_text"]

#: The word naming each thing in an item's text, (English, Chinese); ``sensitive_kind`` reads it back.
THING_WORDS: dict[str, tuple[str, str]] = {
    "bank": ("bank card", "银行卡"), "computer": ("computer", "电脑"), "phone": ("phone", "手机"),
    "tablet": ("tablet", "平板"), "wifi": ("wifi", "wifi"), "email": ("email", "邮箱"),
    "locker": ("locker", "储物柜"), "parcel": ("parcel", "快递"), "door": ("door", "门禁"),
    "safe": ("safe", "保险箱"), "alarm": ("alarm", "报警器"), "garage": ("garage", "车库"),
    "bike": ("bike", "自行车"),
}
_CREDENTIAL = re.compile(r"\b(?:password|passcode|passphrase|pin|code)\b|密码|口令|pin码", re.IGNORECASE)


def _squash(value: str) -> str:
    return re.sub(r"\s+", "", value).casefold()


def tied_text(text: str, findings: Sequence[Finding], said: Sequence[Finding]) -> str:
    """``text`` with the thing of each value in ``findings`` that names none there but does in the turn's
    ``said`` findings named before its credential word (see the module docstring)."""
    out = text
    for f in sorted(findings, key=lambda f: f.start, reverse=True):  # later spans first: earlier ones hold
        if f.category not in THINGED or f.thing:
            continue
        thing = next((s.thing for s in said if s.thing in THING_WORDS and _squash(s.value) == _squash(f.value)), "")
        word = list(_CREDENTIAL.finditer(out, 0, f.start))
        if not thing or not word:
            continue
        at = word[-1].start()
        en, zh = THING_WORDS[thing]
        zh_side = has_han(out[max(0, at - 2):at + 2])
        if (zh if zh_side else en).casefold() in out[:at].casefold():
            continue
        out = out[:at] + (zh if zh_side else en + " ") + out[at:]
    return out


def tie_to_thing(op: Op, text: str, findings: Sequence[Finding], said: Sequence[Finding]) -> Op:
    """``op`` with its written text (``text``, whose ``findings`` these are) tied to the things the turn's
    ``said`` findings name (``tied_text``); the op itself when nothing changes."""
    tied = tied_text(text, findings, said)
    if tied == text:
        return op
    if isinstance(op, AddOp):
        op.item.description = tied
        for rev in op.item.history:
            if rev.new_description == text:
                rev.new_description = tied
        return op
    if isinstance(op, UpdateOp):
        return replace(op, new_description=tied)
    if isinstance(op, MergeOp):
        return replace(op, merged_description=tied)
    return op
