"""Every held member of a kind ends when the user ends them all (issue 13: "I cancelled all my streaming
subscriptions", "视频会员我全退了").

A cessation of "all my streaming subscriptions" names no one service, so no statement's words match it and
"User pays for Netflix and Hulu" stays. ``all_ended_ops`` ends, with history, every active statement naming a
member of the provider kinds the words name (data/providers.yaml: "streaming" is the video and music services,
"视频会员" the video ones, a bare "subscriptions"/会员 both), when the turn says all of them ended.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from memory_core.model import Actor, Status, Turn
from memory_core.pipeline.switch import holds, kind_of
from memory_core.store.write_ops import EndOp, Op
from memory_core.text.script import has_han

__all__ = ["all_ended_ops", "ended_all"]

_I = re.IGNORECASE
_EN_END = r"(?:cancel(?:l?ed)?|dropped|stopped|quit|ended|killed|got\s+rid\s+of|unsubscribed\s+from|ditched)"
# "I cancelled all my streaming subscriptions", "dropped every subscription I had", "cancelled them all"
_EN_ALL = re.compile(r"\b" + _EN_END + r"\s+(?:all|every|each)\s+(?:(?:of\s+)?(?:my|the|our)\s+)?"
                     r"(?P<what>[a-z ]{3,40})", _I)
# "视频会员我全退了", "把所有的会员都取消了", "订阅全部停了"
_ZH_ALL = re.compile(r"(?:所有|全部)的?(?P<a>[\u4e00-\u9fffA-Za-z]{0,6}?(?:会员|订阅))(?:都|全)?(?:给)?"
                     r"(?:取消|退|停|关)"
                     r"|(?P<b>[\u4e00-\u9fffA-Za-z]{0,6}?(?:会员|订阅))(?:我)?(?:全都|全部|都|全)(?:给)?(?:取消|退|停|关)")
# the words of a kind: the video services, the music services, or both
_VIDEO, _MUSIC = "netflix", "spotify"
_KIND_WORDS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"video|tv|视频|影视", _I), (_VIDEO,)),
    (re.compile(r"music|音乐|听歌", _I), (_MUSIC,)),
    (re.compile(r"stream|subscription|membership|会员|订阅", _I), (_VIDEO, _MUSIC)),
)


def _members_of(words: str) -> tuple[str, ...]:
    """The members of the provider kinds ``words`` name (the first pattern that matches), or ()."""
    for pattern, examples in _KIND_WORDS:
        if pattern.search(words):
            out: list[str] = []
            for example in examples:
                kind = kind_of(example.capitalize() if example.isascii() else example)
                out.extend(kind[1] if kind else ())
            return tuple(out)
    return ()


def ended_all(text: str) -> tuple[str, ...]:
    """The provider members whose kinds ``text`` says all ended ("cancelled all my streaming subscriptions" ->
    Netflix, Hulu, …, Spotify, …); () when it ends no whole kind."""
    found = _EN_ALL.search(text) or _ZH_ALL.search(text)
    words = next((g for g in found.groups() if g), "") if found else ""
    return _members_of(words) if words else ()


def all_ended_ops(turn: Turn, ops: Sequence[Op], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]],
                  prefixes: tuple[str, ...]) -> list[Op]:
    """``ops`` and an ``EndOp`` (superseded, dated at the turn) of each active statement naming a member of the
    kinds the turn says all ended, which ``ops`` do not end already.

    Args:
        turn: the turn (its text read whole).
        ops: the turn's ops so far.
        rows: ``rows(prefixes)`` -> the user's active ``(id, key, description)`` rows.
        prefixes: the key prefixes of the statements that may end.
    """
    if turn.role != "user":
        return list(ops)
    members = ended_all(turn.text)
    if not members:
        return list(ops)
    ended = {op.item_id for op in ops if isinstance(op, EndOp)}
    out = list(ops)
    for item_id, _, description in rows(prefixes):
        if item_id in ended or not any(holds(description, m) for m in members):
            continue
        reason = f"全部停了：{turn.text}" if has_han(turn.text) else f"all ended: {turn.text}"
        out.append(EndOp(item_id, Status.SUPERSEDED, reason, Actor.PIPELINE, turn.turn_id,
                         valid_until=turn.timestamp, at=turn.timestamp))
    return out
