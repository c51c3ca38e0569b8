"""A lost pet found again in a later turn: the loss ends and the pet is the user's again (issue 13 §2).

"豆豆走丢了" ends the item about 豆豆 (``lost_pet``) and keeps the loss as its successor ("用户：豆豆走丢了").
When a later turn says the pet was found or came back ("豆豆找到了！", "咪咪自己回来了", "We found Biscuit, he was
at the neighbour's", "Pepper came home last night"), ``found_ops`` ends that loss and brings the pet back: a new
active item with the text and key of the pet item the loss superseded (its history says it was found), so the
question "do I still have a dog?" reads the pet again, not the loss. Where the pet was found ("在隔壁小区的花园里",
"at the neighbour's") is a detail of that moment, not a place of the user's: a statement the turn makes that
opens on a place is dropped, and so is a hit or edit of the loss.

A turn that loses and finds in one go is ``lost_pet``'s (nothing ends); a turn naming no pet finds one only when
the user has exactly one loss on record ("找到了！", "we found him").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_core.model import Actor, MemoryItem, Status, Turn
from memory_core.pipeline.handed_on import PET_PREFIX
from memory_core.pipeline.held_change import Rows
from memory_core.pipeline.lost_pet import found_again, lost_scope
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.store.lookup import KeyLookup
from memory_core.store.write_ops import AddOp, EndOp, HitOp, Op, UpdateOp
from memory_core.text.script import lang_of

__all__ = ["found_ops"]

# the subject an item's text opens on ("用户：", "用户的狗", "User: ", "User's dog"): the loss as said comes after it
_SUBJECT = re.compile(r"^(?:用户|User)(?:的|'s)?\s*[：:]?\s*")
# a statement that opens on a place: where the pet was found, not where the user is
_PLACE = re.compile(r"^(?:用户|User)?\s*(?:在|(?i:(?:is|was)\s+)?(?:at|in)\s+the\b)")
_NAMELESS_ZH = re.compile(r"^(?:终于|总算|还好|幸好|已经)*(?:找到了|找回来了?|回来了|回家了)")
_NAMELESS_EN = re.compile(r"(?i)\b(?:found\s+(?:him|her|it|them)|(?:he|she|it)\s+(?:came|is|'s)\s+(?:back|home))\b")


def _losses(rows: Rows) -> list[tuple[str, str]]:
    """(item id, pet name or kind) of the user's active items that state a pet's loss."""
    out = []
    for item_id, key, text in rows(("gist:", "fact:")):
        said = _without_kind(_SUBJECT.sub("", text))
        scope = lost_scope(said, lang_of(said))
        if scope and not key.startswith(PET_PREFIX):
            out.append((item_id, scope))
    return out


def _without_kind(said: str) -> str:
    """``said`` without a kind of pet it opens on before the pet's name ("狗豆豆走丢了" -> "豆豆走丢了", "dog Biscuit
    ran away" -> "Biscuit ran away"), as a loss said by the kind names it."""
    lang = lang_of(said)
    for word in sorted(lexicon().surface[lang], key=len, reverse=True):
        if said.casefold().startswith(word.casefold()):
            rest = said[len(word):].lstrip()
            if rest[:1].isupper() or (lang == "zh" and rest[:1] and lost_scope(rest, lang)):
                return rest
    return said


def _pet(store: KeyLookup, user_id: str, scope: str) -> MemoryItem | None:
    """The user's latest superseded pet item naming ``scope`` (a name or a kind), None if none."""
    found: list[MemoryItem] = []
    for species in lexicon().by_category.get("species", ()):
        for key in (f"{PET_PREFIX}{species}", f"{PET_PREFIX}{species}:{scope.casefold()}"):
            found += [i for i in store.superseded_by_key(user_id, key)
                      if scope.casefold() in i.description.casefold() or scope.casefold() in key]
    return max(found, key=lambda i: i.updated_at, default=None)


def found_ops(turn: Turn, ops: Sequence[Op], rows: Rows, store: KeyLookup) -> list[Op]:
    """``ops`` with each loss of a pet the turn says was found again ended (superseded, dated at the turn) by the
    pet item it had ended, brought back as a new active item; the turn's hits and edits of the loss, and its
    statements opening on a place (where the pet was), dropped.

    Args:
        turn: the turn (a user turn; any other role, or a turn saying no find, returns ``ops`` unchanged).
        ops: the turn's ops so far.
        rows: ``rows(prefixes)`` -> the user's active ``(id, key, description)`` rows.
        store: read for the superseded pet items (``superseded_by_key``).

    Raises:
        StoreError: the store failed while reading.
    """
    lang = lang_of(turn.text)
    if turn.role != "user" or not found_again(turn.text, lang) or lost_scope(turn.text, lang):
        return list(ops)
    losses = _losses(rows)
    text = turn.text.casefold()
    named = [(i, s) for i, s in losses if s.casefold() in text]
    if not named and len(losses) == 1 and (_NAMELESS_ZH.search(turn.text) or _NAMELESS_EN.search(turn.text)):
        named = losses
    if not named:
        return list(ops)
    gone = {i for i, _ in named}
    out = [op for op in ops if not (isinstance(op, (HitOp, UpdateOp)) and op.item_id in gone)
           and not (isinstance(op, AddOp) and (op.item.key or "").startswith("gist:")
                    and _PLACE.match(op.item.description))]
    zh = lang == "zh"
    for item_id, scope in named:
        pet = _pet(store, turn.user_id, scope)
        if pet is None:
            continue
        reason = f"找到了：{turn.text}" if zh else f"found again: {turn.text}"
        back = MemoryItem.create(turn.user_id, pet.description, pet.theme, actor=Actor.PIPELINE, reason=reason,
                                 turn_id=turn.turn_id, kind=pet.kind, valid_from=turn.timestamp,
                                 confidence=pet.confidence, trust=pet.trust, importance=pet.importance, key=pet.key)
        back.history[0].at = turn.timestamp
        back.meta.update(pet.meta)
        out += [AddOp(back), EndOp(item_id, Status.SUPERSEDED, reason, Actor.PIPELINE, turn.turn_id, by_id=back.id,
                                   valid_until=turn.timestamp, at=turn.timestamp)]
    return out
