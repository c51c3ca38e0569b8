"""Dedupe and conflict stages: candidates plus existing items become store ops (seed 001 §8.12.3-4).

For each candidate, the user's active items with the same key decide:

- nothing there: ``AddOp(new item)``;
- an item that says the same thing (same event text, same preference
  polarity, same value of a single-valued fact, or any item of a
  value-keyed slot): ``HitOp(item, turn_id)`` — saying something twice gives
  one item with its hit raised and both turns among its sources;
- an item that says otherwise (a reversed preference, a new address):
  ``AddOp(new)`` then ``EndOp(old, "superseded", by_id=new)``. The old item
  keeps its history and gets ``valid_until``; there are never two
  contradicting active items, and neither is lost;
- an item that says otherwise but is newer than the turn (a turn that
  arrived late, or history replayed out of order): the candidate is stored
  already superseded by that item, which stays current.

A contradicting candidate less trusted than the item it would replace is
dropped instead ("compare the sources"). Whether an item says the same as a
candidate (``agrees``, ``extends``, ...) is ``agreement``'s to say.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence

from memory_core.correction_mark import CORRECTION_NOTE
from memory_core.model import Actor, Kind, MemoryItem, Status, Turn
from memory_core.pipeline.agreement import agrees, description_polarity, extends, names_value, narrows, with_detail
from memory_core.pipeline.bond_name import named_bond
from memory_core.pipeline.cessation import end_opposite
from memory_core.pipeline.gist import topic
from memory_core.pipeline.own_words import speaker_qualifier
from memory_core.pipeline.place_refine import refined_home
from memory_core.pipeline.quit_unheld import quits_unheld
from memory_core.pipeline.restate import drop_restated, plan_own_words, revision_of, twin_of
from memory_core.pipeline.said_when import ended_at, kept_after
from memory_core.pipeline.said_when import said_at as _said_at
from memory_core.pipeline.themes import DEFAULT_THEME
from memory_core.pipeline.trust import trust_rank
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.work_refine import refined_workplace
from memory_core.store.write_ops import AddOp, EndOp, HitOp, Op, UpdateOp
from memory_core.text.script import lang_of

__all__ = ["BatchDeduper", "KeyConflictResolver", "agrees", "description_polarity", "extends", "with_detail"]



def _newer_slot(turn: Turn, cand: Candidate, existing: Mapping[str, list[MemoryItem]]) -> MemoryItem | None:
    """The user's current value of the single-valued slot an own-words statement speaks of, said after its turn.

    A statement keyed ``gist:<attribute>`` ("I'm at Oracle, my manager keeps piling on work" speaks of work)
    that arrives after a newer value of that slot was stored is history, not current. None otherwise.
    """
    attr = cand.key.split("@")[0].removeprefix("gist:")
    if not cand.key.startswith("gist:") or ":" in attr:
        return None
    newer = [o for k in cand.probes if k.split("@")[0] == f"fact:{attr}" for o in existing.get(k, ())
             if o.active and o.user_id == turn.user_id and _said_at(o) > turn.timestamp]
    return min(newer, key=_said_at) if newer else None


def _restated_sources(ops: Sequence[Op], keep_id: str, cand: Candidate, ended: Iterable[MemoryItem]) -> None:
    """Give the slot item this turn adds the source turns of each own-words statement of its slot
    (``gist:<attribute>``) it ends that says the same value.

    "我现在住温哥华" (a statement in own words, ``gist:lives_in``) ended by "我住在温哥华" (the slot's reading) is the
    same home said again in other words: its turn states the current value, so it is a source of the current
    item (never read as a turn every fact of which was superseded: ``retrieval.index.RecallResult.outdated``),
    and forgetting the current item forgets it too. A restatement of an item kept (a hit) needs nothing here.
    """
    added = next((op.item for op in ops if isinstance(op, AddOp) and op.item.id == keep_id), None)
    if added is None or not cand.single_valued or not cand.key.startswith("fact:"):
        return
    own_words = "gist:" + cand.key.split("@")[0].removeprefix("fact:")  # the slot's statements in own words
    older = [t for o in sorted(ended, key=_said_at) if str(o.key or "").split("@")[0] == own_words
             and agrees(cand, o) for t in o.source if t not in added.source]
    added.source[:0] = list(dict.fromkeys(older))


def _link_successors(turn: Turn, ops: list[Op], existing: Mapping[str, list[MemoryItem]]) -> list[Op]:
    """Name the successor of each item the turn superseded without one: the item the turn added that shares
    most topic terms with it ("老陈烟瘾挺大的" ended by the turn's mention, "老陈戒烟了" its slot statement).

    A change is read by several candidates of one turn (a slot statement, a cessation, the turn's mention);
    whichever ended the old item, its history names what replaced it. No shared term: the turn's one new
    statement when it added only one ("Celtics fan" ended by "I've switched to the Warriors": the turn says nothing
    else that could have replaced it), else left unnamed.
    """
    loose = [op for op in ops if isinstance(op, EndOp) and op.status == Status.SUPERSEDED and not op.by_id]
    if not loose:
        return ops
    ended_ids = {op.item_id for op in ops if isinstance(op, EndOp)}
    added = [op.item for op in ops if isinstance(op, AddOp) and op.item.kind != Kind.EVENT
             and op.item.id not in ended_ids]
    if not added:
        return ops
    by_id = {i.id: i for items in existing.values() for i in items}
    terms = {i.id: _terms(i.description, turn) for i in added}
    linked: dict[int, Op] = {}
    for n, op in enumerate(ops):
        if not (isinstance(op, EndOp) and op in loose) or (old := by_id.get(op.item_id)) is None:
            continue
        said = _terms(old.description, turn)
        best = max(added, key=lambda i: len(said & terms[i.id]))
        if said & terms[best.id] or len(added) == 1:
            linked[n] = dataclasses.replace(op, by_id=best.id)
    return [linked.get(n, op) for n, op in enumerate(ops)]


def _terms(description: str, turn: Turn) -> frozenset[str]:
    """Topic terms of an item's text, its subject (the speaker's name, "User", "用户") and numbers left out."""
    lang = lang_of(description)
    name = turn.speaker.strip()
    subject = name if speaker_qualifier(name) else ("用户" if lang == "zh" else "User")
    found = topic(description, lang, subject)
    return found.terms - found.numbers


#: How a claim opens when it is the subject's possession, no clause of its own ("User's wife is Dana": "'s wife …").
_POSSESSIVE = ("'s", "\u2019s", "的")


class BatchDeduper:
    """Deduper stage: one candidate per key within a turn; the later statement wins.

    "I like tea. Actually I don't like tea" keeps the second; the kept
    candidate takes the place of the first. Two positive values of one
    single-valued fact in one turn without a correction between them
    ("我家在南京，住在河西这边", "I live in Lyon, in the Croix-Rousse") are one
    statement, the second narrowing the first: they are joined; a default
    cue's value ("我住在苏州，在杭州上班": the home read from the work city) gives
    way to a value stated. Candidates without a key pass through.
    """

    def dedupe(self, turn: Turn, candidates: list[Candidate]) -> list[Candidate]:
        """Return at most one candidate per key, in first-seen order."""
        out: list[Candidate] = []
        index: dict[str, int] = {}
        for cand in candidates:
            if cand.key and cand.key in index:
                first = out[index[cand.key]]
                if cand.needs_absent != first.needs_absent:  # a default ("在杭州上班") yields to a value stated
                    if first.needs_absent:
                        out[index[cand.key]] = cand
                    continue
                if narrows(first, cand, turn.text):
                    sep = "，" if cand.lang == "zh" else "; "
                    # a claim that leans on the subject ("'s wife is Dana", "的老婆是小雨") is joined with it
                    part = cand.description if cand.claim.startswith(_POSSESSIVE) else cand.claim
                    first.description = f"{first.description}{sep}{part}"
                    first.claim = f"{first.claim}{sep}{part}"
                    continue
                out[index[cand.key]] = cand
                continue
            if cand.key:
                index[cand.key] = len(out)
            out.append(cand)
        return out


class KeyConflictResolver:
    """Conflict-resolver stage: plans hit, add, or add-then-supersede ops by key.

    Args:
        actor: recorded on every revision the ops make.
    """

    def __init__(self, actor: str = Actor.PIPELINE) -> None:
        self.actor = actor

    def resolve(
        self, turn: Turn, candidates: Sequence[Candidate], existing: Mapping[str, list[MemoryItem]]
    ) -> list[Op]:
        """Plan the ops for ``candidates``; every op carries ``turn.turn_id``.

        Args:
            turn: the source turn.
            candidates: deduplicated, scored candidates.
            existing: the user's active items by key (keys may be missing).

        Returns:
            Ops in the order they must be applied.

        Raises:
            EmptyText, TextTooLong, InvalidField: a candidate that cannot be an item.
        """
        ops: list[Op] = []
        touched: set[str] = set()
        for cand in sorted(candidates, key=lambda c: c.restate_only):  # a turn's own statements first
            if cand.topic is not None and not cand.restate_only and (later := _newer_slot(turn, cand, existing)):
                ops.extend(self._late_statement(turn, cand, later))  # "my job at the bank …" said before "joined Adobe"
                touched.add(later.id)  # the newer value stands against the turn's: no other reading of it hits it
                continue
            if cand.topic is not None:
                said = plan_own_words(turn, cand, existing, touched, self.actor, self.new_item,
                                      [c for c in candidates if not c.restate_only] if cand.restate_only else ())
                if cand.restate_only:  # the turn restates an item: its own new items saying the same are dropped
                    ops = drop_restated(ops, said, cand, existing, turn.speaker.strip())
                ops.extend(said)
                continue
            olds = [o for o in existing.get(cand.key, ()) if o.active and o.user_id == turn.user_id] \
                if cand.key else []
            if cand.past_only:  # "I used to live in Leeds": it ends the item naming Leeds, nothing else
                olds = [o for o in olds if names_value(cand, o)]
                if not olds:
                    continue
            if cand.plain_negation and olds and not any(names_value(cand, o) or agrees(cand, o) for o in olds):
                continue  # "I'm not vegan" said by a vegetarian: the slot's value stands
            if quits_unheld(cand, olds, turn.text) and not any(agrees(cand, o) for o in olds):
                item = self.new_item(turn, cand)  # "quit the Starbucks gig" said at Google: kept, Google stands
                touched.add(item.id)
                ops.append(AddOp(item))
                continue
            same = [o for o in olds if agrees(cand, o)]
            other = [o for o in olds if not agrees(cand, o)]
            if other and any(trust_rank(cand.trust) < trust_rank(o.trust) for o in other):
                continue
            cand.valid_from = kept_after(cand.valid_from, turn.timestamp, other)  # "joined Spotify last month"
            newer = [o for o in other if _said_at(o) > turn.timestamp]
            if not newer and not same and cand.single_valued and cand.polarity >= 0:
                # an own-words statement of the slot's topic said later ("I'm at Marlow Robotics now") is current
                newer = [o for k in cand.ends if k.startswith("gist:") for o in existing.get(k, ())
                         if o.active and o.user_id == turn.user_id and _said_at(o) > turn.timestamp]
            if newer and not same:
                late = self._late_statement(turn, cand, min(newer, key=_said_at))
                ops.extend(late)
                ops.extend(self._older_ended(turn, cand, existing, late[0], {*touched, *(o.id for o in newer)}, ops))
                # the newer values stand against the turn's ("I live in Nice now" arriving after "… Marseille"):
                # the turn's mention of the slot is no restatement of them, so it never becomes their source
                touched.update(o.id for o in newer)
                continue
            grown = [o for o in other if extends(cand, o)]
            if not grown and not same and cand.polarity >= 0 \
                    and (home := refined_home(cand, turn.text, other)
                         or refined_workplace(cand, turn.text, other)) is not None:  # "住在静安区" after Shanghai
                touched.add(home[0].id)
                why = f"补充细节：{cand.description}" if cand.lang == "zh" else f"added detail: {cand.description}"
                ops.append(UpdateOp(home[0].id, why, new_description=home[1],
                                    actor=self.actor, turn_id=turn.turn_id, at=turn.timestamp))
                continue
            twin = None if same or grown else twin_of(cand, existing, touched, turn, turn.speaker.strip())
            if same or twin is not None:
                keep = same[0] if same else twin
                assert keep is not None
                keep_id = keep.id
                touched.add(keep_id)
                ops.append(HitOp(keep_id, turn_id=turn.turn_id))
                text = revision_of(cand, keep, turn.speaker.strip())  # "我女儿叫朵朵"
                if text is None and same and extends(cand, keep):  # "在宁德时代做电池研发": the employer, and the work
                    text = cand.description
                if text is not None:
                    reason = f"补充细节：{cand.description}" if cand.lang == "zh" \
                        else f"added detail: {cand.description}"
                    ops.append(UpdateOp(keep_id, reason, new_description=text, actor=self.actor,
                                        turn_id=turn.turn_id, at=turn.timestamp))
            elif grown:
                keep = grown[0]
                keep_id = keep.id
                touched.add(keep_id)
                text = with_detail(keep.description, cand.detail, cand.lang) if cand.detail else cand.description
                reason = f"补充细节：{cand.description}" if cand.lang == "zh" else f"added detail: {cand.description}"
                ops.append(UpdateOp(keep_id, reason, new_description=text, actor=self.actor, turn_id=turn.turn_id,
                                    at=turn.timestamp))
                other = [o for o in other if o.id != keep_id]
            else:
                if cand.key.startswith("fact:partner") and other:  # "we got married": the partner is the same
                    cand.description = named_bond(cand.description, cand.lang, other)
                item = self.new_item(turn, cand)
                keep_id = item.id
                touched.add(keep_id)
                ops.append(AddOp(item))
            reason = (f"被新的说法取代：{cand.description}" if cand.lang == "zh"
                      else f"superseded by a newer statement: {cand.description}")
            gone = {op.item_id for op in ops if isinstance(op, EndOp)}  # an item is ended once per turn
            ended = {o.id: o for o in other if o.id != keep_id and o.id not in gone}
            for key in dict.fromkeys(cand.ends):
                for o in existing.get(key, ()):
                    if o.active and o.user_id == turn.user_id and o.id != keep_id and o.id not in gone \
                            and description_polarity(o.description) > 0 and _said_at(o) <= turn.timestamp:
                        ended.setdefault(o.id, o)
            touched.update(ended)  # an ended item keeps its own text: later statements of the turn leave it be
            _restated_sources(ops, keep_id, cand, ended.values())
            ops.extend(end_opposite(turn, cand.reverses, cand.reverse_polarity, existing, touched, self.actor, reason,
                                    keep_id))
            fixed = any(n.startswith(CORRECTION_NOTE) for n in cand.notes)  # "I meant X, not Y": Y never held
            ops.extend(
                EndOp(o.id, Status.SUPERSEDED, reason, self.actor, turn.turn_id, by_id=keep_id,
                      valid_until=ended_at(turn.timestamp, cand.valid_from, o.valid_from), at=turn.timestamp,
                      corrected=fixed)
                for o in ended.values()
            )
        return _link_successors(turn, ops, existing)

    def _late_statement(self, turn: Turn, cand: Candidate, newer: MemoryItem) -> list[Op]:
        """A turn older than the item it contradicts arrived late: keep it as history, not as current.

        The statement is stored, then ended at once as superseded by the newer
        item, with ``valid_until`` at the newer item's own time; the newer item
        stays active. Turn order of arrival never overrides the turns' own times.
        """
        item = self.new_item(turn, cand)
        reason = (f"较新的说法已在先：{newer.description}" if cand.lang == "zh"
                  else f"an earlier statement than the current one: {newer.description}")
        return [AddOp(item), EndOp(item.id, Status.SUPERSEDED, reason, self.actor, turn.turn_id,
                                   by_id=newer.id, valid_until=_said_at(newer), at=turn.timestamp)]

    def _older_ended(self, turn: Turn, cand: Candidate, existing: Mapping[str, list[MemoryItem]], late: Op,
                     kept: set[str], ops: Sequence[Op]) -> list[Op]:
        """The ends a late statement makes of values said before it, as it would have in time order.

        "I gave up coffee" (March) arriving after "咖啡又喝上了" (July) is stored ended by the restart, and
        still ends "drinks two lattes every day" (December) at its own time: an older stop never ends a newer
        restart, and an older value it ends never outlives it. Items in ``kept`` (the newer values, and what
        the turn already touched) and items already ended by ``ops`` are left alone.
        """
        assert isinstance(late, AddOp)
        gone = {op.item_id for op in ops if isinstance(op, EndOp)}
        reason = (f"被新的说法取代：{cand.description}" if cand.lang == "zh"
                  else f"superseded by a newer statement: {cand.description}")
        ended = {o.id: o for key in dict.fromkeys(cand.ends) for o in existing.get(key, ())
                 if o.active and o.user_id == turn.user_id and o.id not in kept | gone
                 and description_polarity(o.description) > 0 and _said_at(o) <= turn.timestamp}
        return [EndOp(o.id, Status.SUPERSEDED, reason, self.actor, turn.turn_id, by_id=late.item.id,
                      valid_until=ended_at(turn.timestamp, cand.valid_from, o.valid_from), at=turn.timestamp)
                for o in ended.values()]

    def new_item(self, turn: Turn, cand: Candidate) -> MemoryItem:
        """Build the item a candidate stands for, created from ``turn``; its create revision is dated at the turn.

        Raises:
            EmptyText, TextTooLong, InvalidField: for a bad description, theme or field.
        """
        reason = "; ".join([f"{cand.kind} extracted from turn", *cand.notes])
        item = MemoryItem.create(
            turn.user_id, cand.description, cand.theme or DEFAULT_THEME, actor=self.actor, reason=reason,
            turn_id=turn.turn_id, kind=cand.kind, valid_from=cand.valid_from, valid_until=cand.valid_until,
            confidence=min(1.0, max(0.0, cand.confidence)), trust=cand.trust,
            importance=min(1.0, max(0.0, cand.importance)), key=cand.key or None,
            speaker=cand.speaker if cand.kind == Kind.EVENT else "",
        )
        item.history[0].at = turn.timestamp  # history reads when it was said; created_at stays the write time
        # the caller's metadata of the turn (Mem0 stores an add's metadata on each memory it makes), with the
        # turn's own UTC offset (``local_time.OFFSET_KEY``), so its dates read as its user lived them
        item.meta.update(turn.meta)
        return item
