"""A statement that names again what one of the user's statements names, and nothing more, is a hit on it, not a
second item (issue 13: "a fact said again is a hit, not a duplicate").

"I'm really into jazz" then, weeks later, "最近还是一直在听爵士乐": the later clause became its own statement in
the user's words (``gist:爵士乐``) beside ``pref:jazz``, because the two share no key and, without an embedder,
no words (``meaning_hit`` reads them with one). Read by what they name, they are one claim: the later one's
value terms (``named_again.value_terms``: names, lexicon objects and synonym groups in either language, the
slot's value) are all held by the earlier one.

``restated_adds`` replaces such an add with a ``HitOp`` on the earlier statement (the turn joins its sources):

- the add names at least one value term that exactly one of the user's active statements holds (the old one),
  and no value term the old one lacks (a name, a thing, a place more is a detail or another claim: kept);
- both are the user's own (no key naming another person), the keys do not tell them apart
  (``meaning_hit.keys_apart``: the same slot, or one of them in the user's own words), the same stance
  (``agreement.description_polarity``) and the same mode (held now, held once, meant: ``claim_modes``);
- the old statement is not one the turn revises or ends; when the turn hits it already, the add is dropped (one
  hit per statement per turn);
- the add is the turn's current statement: no other op of the plan ends or revises it (a late turn's value stored
  as history, ``late_detail.late_record``), it says no resumption (``resuming`` of ``data/named_again.yaml``:
  "drinking coffee again", "咖啡又喝上了" tell of a stop in between, a change of state), and the turn is not older
  than the old statement's current text (``named_again.newer_than``: a late turn restates nothing said after it).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from memory_core.model import Kind, Status, Turn
from memory_core.pipeline.agreement import description_polarity
from memory_core.pipeline.meaning_hit import claim_modes, keys_apart
from memory_core.pipeline.named_again import PREFIXES, Rows, clause_names, newer_than, plain_clauses, value_terms
from memory_core.shipped_yaml import load_shipped
from memory_core.store.lookup import KeyLookup
from memory_core.store.write_ops import AddOp, HitOp, MergeOp, Op

__all__ = ["restated_adds"]


def _own(key: str) -> bool:
    """True when ``key`` is of a statement about the user (no other person's relation in it)."""
    return "/" not in key.split("@")[0]


@functools.cache
def _resuming() -> re.Pattern[str]:
    """The words saying a value holds again after a break (``resuming`` of ``data/named_again.yaml``)."""
    raw = load_shipped("data", "named_again.yaml")["resuming"]
    en = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(raw["en"], key=len, reverse=True))
    zh = "|".join(re.escape(w) for w in sorted(raw["zh"], key=len, reverse=True))
    return re.compile(rf"(?<![a-z])(?:{en})(?![a-z])|{zh}", re.IGNORECASE)


def _resumed(text: str, description: str, said: frozenset[str]) -> bool:
    """True when the statement ``description`` (value terms ``said``), or a clause of the turn's ``text`` naming
    its value, says it holds again after a break ("I'm drinking coffee again", "咖啡又喝上了")."""
    if _resuming().search(description):
        return True
    return any(_resuming().search(c) and clause_names(c, said) for c in plain_clauses(text))


def _same_claim(new: str, new_key: str, old: str, old_key: str) -> bool:
    """True when nothing but their words tells the two statements apart (module docstring)."""
    return not keys_apart(new_key, old_key) and description_polarity(new) == description_polarity(old) \
        and claim_modes(new) == claim_modes(old)


def restated_adds(turn: Turn, ops: Sequence[Op], rows: Rows, store: KeyLookup | None = None) -> list[Op]:
    """``ops`` with each add that names again only what one active statement of the user's names replaced by a
    hit on that statement (module docstring).

    Args:
        turn: the turn planned; only a user's own turn restates.
        ops: the turn's plan so far, in apply order.
        rows: reads the user's active statements as ``(id, key, description)`` rows by key prefix.
        store: reads the old statements' histories (a late turn restates nothing said after it).

    Returns:
        A new list of ops. Raises what ``rows`` or ``store`` raise (``StoreError``).
    """
    # an add another op ends or revises is history, not the turn's current statement
    settled = {getattr(op, "item_id", None) for op in ops if not isinstance(op, AddOp)}
    adds = [n for n, op in enumerate(ops) if isinstance(op, AddOp) and op.item.kind in (Kind.FACT, Kind.PREFERENCE)
            and op.item.status == Status.ACTIVE and op.item.valid_until is None and _own(str(op.item.key or ""))
            and op.item.id not in settled]
    if turn.role != "user" or not adds:
        return list(ops)
    hit = {op.item_id for op in ops if isinstance(op, HitOp)}
    touched = {getattr(op, "item_id", None) for op in ops if not isinstance(op, HitOp)}
    touched |= {getattr(op, "by_id", None) for op in ops}
    touched |= {i for op in ops if isinstance(op, MergeOp) for i in (op.keep_id, op.other_id)}
    speaker = turn.speaker.strip()
    own = [(item_id, key, text, value_terms(text, key, speaker)) for item_id, key, text in rows(PREFIXES)
           if _own(key) and item_id not in touched]
    holders: dict[str, int] = {}
    for *_, terms in own:
        for term in terms:
            holders[term] = holders.get(term, 0) + 1
    instead: dict[int, list[Op]] = {}
    used: set[str] = set()
    for n in adds:
        item = ops[n].item  # type: ignore[union-attr]
        key = str(item.key or "")
        said = value_terms(item.description, key, speaker)
        if not said or _resumed(turn.text, item.description, said):
            continue
        held = [row for row in own if row[0] not in used and said & row[3]
                and any(holders[t] == 1 for t in said & row[3])]
        if len(held) != 1:
            continue
        item_id, old_key, old_text, old_terms = held[0]
        if said - old_terms or not _same_claim(item.description, key, old_text, old_key):
            continue
        if newer_than(turn, {item_id: old_key}, store):
            continue
        used.add(item_id)
        instead[n] = [] if item_id in hit else [HitOp(item_id, turn_id=turn.turn_id)]
    return [done for n, op in enumerate(ops) for done in instead.get(n, [op])]
