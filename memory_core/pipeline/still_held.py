"""A thing the user still has or uses, said again with "still" / 还是 (issue 13 §3): a hit, not a new item.

"Still driving my Corolla, it just hit 200k km", "I'm still using the same iPhone 12", "还是开那辆卡罗拉",
"我还在用那台iPhone 12，电池不太行了": the user restates a thing they said they have. The words around it (a
demonstrative, "my", a mileage) made the slot read a second value ("用户用那台iPhone") or the restatement take a
number for a detail of the item ("200k km" for the model year). ``still_held_ops`` reads the thing named after
the still-form, finds the one active statement of the user's that names it, and makes the turn a hit on it: the
turn's other adds, edits and ends of that thing are dropped (what else the turn says stays).

A place of work or business said to stay where it was beside a move of home ("我们搬家了 from Cheras to Puchong …
店还在Cheras", "moved to Leeds, the shop is still in York"; the lexicon's ``still_at`` marker) is read the same way
by the place it names: the one statement naming that place that is not a home keeps its place (new-user trial 34).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_core.model import Turn
from memory_core.pipeline.held_change import Rows
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.store.write_ops import AddOp, EndOp, HitOp, Op, UpdateOp
from memory_core.text.script import has_han

__all__ = ["still_held_ops", "still_place", "still_thing"]

_EN_VERB = (r"(?:driving|drive|riding|ride|using|use|rocking|running|have|has|got|own|owning|carrying|wearing|"
            r"with|on)")
_EN_STILL = re.compile(r"(?i)(?:^|\b(?:i|i'm|im|i\s+am|we|we're|we\s+are)\s+)(?:(?:am|are)\s+)?still\s+" + _EN_VERB
                       + r"\s+(?:(?:my|our|the|that|this|same|old|trusty|good\s+old|beat-up|ancient)\s+){0,3}"
                       r"(?P<x>[\w.'+-]+(?:\s+[\w.'+-]+){0,2}?)(?=\s*(?:[,.;!?—-]|$)|\s+(?:and|but|it|which|lol|"
                       r"haha|from|since|after|for|though|even|that|at|to)\b)")
_ZH_STILL = re.compile(r"(?:还是|还在|依然|仍然|照样|照旧|一直)(?:在)?(?:开|用|骑|戴|背|穿|拿)(?:着)?"
                       r"(?:的是)?(?:我的|我那|那|这|原来的|以前的|之前的)?(?:一)?(?:辆|台|部|个|块|副|款|只)?"
                       r"(?:旧|老)?(?P<x>[^\s，,。！!？?、了的]{2,12}?)(?=$|[\s，,。！!？?、~～]|了|呢|啊|呀)")
# a change said beside it ("still an iPhone but upgraded to the 15", "还是用华为，不过换了Mate 60"): no restatement
_CHANGED = re.compile(r"(?i)\b(?:but|though|except|upgrad\w*|switch\w*|chang\w*|replac\w*|swapp?\w*|traded|new|"
                      r"now\s+(?:a|an|the)|instead)\b|不过|但是|可是|换了|换成|升级|新的|新买|刚买|改成")
# the keys of a home: a place of work "still" at a place keeps no home there
_HOME_KEYS = ("fact:lives_in",)
_ZH_NOT_THING = re.compile(r"^(?:着|同一|一样|原来|以前|之前|老样子|习惯|这个|那个)")
# a word too common to name one thing the user has
_EN_NOT_THING = re.compile(r"(?i)^(?:it|them|one|same|a|an|the|car|phone|bike|laptop|job|work)$")


def still_thing(text: str) -> str:
    """The thing ``text`` says the user still drives, uses or has ("Corolla", "卡罗拉"), "" when it says none."""
    if has_han(text):
        m = _ZH_STILL.search(text)
        return "" if m is None or _ZH_NOT_THING.match(m.group("x")) else m.group("x")
    m = _EN_STILL.search(text)
    if m is None:
        return ""
    words = m.group("x").split()
    return "" if not words or _EN_NOT_THING.match(words[0]) else " ".join(words)


def still_place(text: str) -> str:
    """The place ``text`` says a shop, an office or a job is still at ("cheras", "南山"), "" when it says none.

    The place comes case-folded (the ``still_at`` marker is searched in case-folded text).
    """
    folded = text.replace("\u2019", "'").casefold()
    for marks in lexicon().markers.values():
        if "still_at" in marks and (m := marks["still_at"].search(folded)) is not None:
            return m.group("x")
    return ""


def _names(description: str, thing: str) -> bool:
    """True when an item's ``description`` names ``thing`` (every English word of it, or the Chinese run)."""
    low = description.casefold()
    if has_han(thing):
        return thing.casefold() in low
    return all(re.search(rf"(?<![a-z0-9]){re.escape(w.casefold())}(?![a-z0-9])", low) for w in thing.split())


def still_held_ops(turn: Turn, ops: Sequence[Op], rows: Rows) -> list[Op]:
    """``ops`` with a turn that says the user still has a thing made a hit on the one active statement naming it
    (a turn that also says a change, "but upgraded …", "不过换了 …", is left to the rules of change).

    Args:
        turn: the turn (a user turn; any other role, or no still-form, returns ``ops`` unchanged).
        ops: the turn's ops so far.
        rows: ``rows(prefixes)`` -> the user's active ``(id, key, description)`` rows.

    Returns:
        ``ops`` without the adds that name the thing under its key or as a gist (a statement of another person
        naming it stays) and the edits, hits and ends of that statement, and with
        one ``HitOp`` on it; ``ops`` unchanged when no statement, or more than one, names the thing.
    """
    if turn.role != "user":
        return list(ops)
    thing, place = still_thing(turn.text), ""
    if not thing or _CHANGED.search(turn.text):
        thing = place = still_place(turn.text)
    if not thing:
        return list(ops)
    held = [r for r in rows(("fact:", "gist:")) if _names(r[2], thing) and not r[1].startswith("fact:event")
            and not (place and r[1].startswith(_HOME_KEYS))]  # the home the move ended is no place of work
    if len(held) != 1:
        return list(ops)
    item_id, key = held[0][0], held[0][1]
    out = [op for op in ops
           if not (isinstance(op, (HitOp, UpdateOp, EndOp)) and op.item_id == item_id)
           and not (isinstance(op, AddOp) and op.item.kind != "event" and _names(op.item.description, thing)
                    and (op.item.key == key or (op.item.key or "").startswith("gist:")))]
    return [*out, HitOp(item_id, 1, turn.turn_id)]
