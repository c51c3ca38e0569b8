"""The user behind a turn without a speaker: the one person the user's own statements are keyed to.

A user's own statements are keyed by the turn's speaker (``own_words.speaker_qualifier``:
"fact:lives_in@wei"), so that a conversation of two named people stored under one user (LoCoMo's
speaker_a and speaker_b) keeps two sets of facts. A user-role turn without a speaker (``add``, MCP,
LangChain, HTTP) is the user themselves; when every one of the user's statements keyed to a person is
keyed to the same one person, that person is the user, and the turn is read as theirs: its statements
take that person's keys, so "I moved to Wuhan" said through ``add`` ends "Wei lives in Shanghai" read
from a turn file naming Wei, and a late, older turn is stored as already superseded in the same chain.

With two or more named people (or none) a turn without a speaker stays the user's own, unqualified. The
other way round, a named speaker's statement ends the value the user stated without a name while no other
person is named (``with_unnamed_twins``).
``gulfstream check`` repairs what older writes left across the two forms (``speaker_twin_repairs``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence

from memory_core.model import Actor, MemoryItem, Status, Turn
from memory_core.pipeline.own_words import speaker_qualifier
from memory_core.pipeline.restate import RESTATE_PREFIXES
from memory_core.pipeline.slot_lexicon import single_valued_key
from memory_core.pipeline.types import Candidate
from memory_core.store.write_ops import EndOp

__all__ = ["as_sole_speaker", "named_qualifiers", "one_person_key", "speaker_twin_repairs", "with_unnamed_twins"]

Rows = list[tuple[str, str, str]]


def named_qualifiers(keys: Iterable[str]) -> set[str]:
    """The speaker qualifiers ("@wei") the statement ``keys`` end in; keys without one give none."""
    return {"@" + key.rpartition("@")[2] for key in keys if "@" in key and key.rpartition("@")[2]}


def as_sole_speaker(turn: Turn, rows: Callable[[], Rows]) -> Turn:
    """``turn`` read as said by the user's one named person, or ``turn`` unchanged.

    Args:
        turn: a stored turn; only a user-role turn with no speaker (or a role name as its speaker) changes.
        rows: the user's active statements as ``(id, key, description)`` (``KeyLookup.active_by_prefix``),
            read only for such a turn; the person's name is taken as a statement of theirs writes it
            ("Wei lives in Shanghai": "Wei", not the key's "wei").

    Returns:
        ``turn`` with ``speaker`` set to that person's name when the user's active statements keyed to a
        person name exactly one, else ``turn`` itself.
    """
    if turn.role != "user" or speaker_qualifier(turn.speaker):
        return turn
    found = rows()
    names = named_qualifiers(key for _, key, _ in found)
    if len(names) != 1:
        return turn
    qualifier = names.pop()
    for _, key, description in found:
        if key.endswith(qualifier) and (name := _name_opening(description, qualifier)):
            return dataclasses.replace(turn, speaker=name)
    name = qualifier[1:].replace("_", " ")  # no statement opens on the name: the key's own form of it
    return dataclasses.replace(turn, speaker=name.title() if name.isascii() else name)


def _name_opening(description: str, qualifier: str) -> str:
    """The name ``description`` opens on ("Wei lives in Shanghai" -> "Wei"), written as there, when its
    qualifier is ``qualifier``; "" otherwise. Statements name their speaker first (``extract``'s subject)."""
    for end in range(1, min(len(description), len(qualifier) + 8) + 1):
        head = description[:end]
        if speaker_qualifier(head) == qualifier and not (
                end < len(description) and head[-1].isascii() and description[end].isascii()
                and description[end].isalnum()):
            return head.strip()
    return ""


def one_person_key(key: str, qualifiers: set[str]) -> str:
    """``key`` in its one-person form: an unqualified key takes the user's sole qualifier ("fact:lives_in" ->
    "fact:lives_in@wei" when ``qualifiers`` is {"@wei"}); any other key, or with 0 or 2+ qualifiers, as is."""
    return key + next(iter(qualifiers)) if len(qualifiers) == 1 and "@" not in key else key


def speaker_twin_repairs(items: Sequence[MemoryItem]) -> tuple[list[EndOp], list[str]]:
    """The supersedes that end one person's older value of a single-valued slot kept under both key forms.

    Stores written before ``as_sole_speaker`` may hold "Wei lives in Shanghai" (``fact:lives_in@wei``) and
    "用户住在北京" (``fact:lives_in``) both active for a user whose statements name only Wei. The value
    whose validity starts latest (``valid_from``, else ``created_at``) stays; the others are superseded by
    it. Two active values under one same key are not touched here (``slot_conflicts`` flags them).

    Args:
        items: one user's items (any statuses; only active ones are read).

    Returns:
        (``EndOp`` list for ``MemoryStore.apply``, one line per repair for ``gulfstream check``).
    """
    active = [i for i in items if i.active and i.key and single_valued_key(i.key)]
    qualifiers = named_qualifiers(str(i.key) for i in active if str(i.key).startswith(RESTATE_PREFIXES))
    groups: dict[str, list[MemoryItem]] = {}
    for item in active:
        groups.setdefault(one_person_key(str(item.key), qualifiers), []).append(item)
    ops: list[EndOp] = []
    lines: list[str] = []
    for key, group in sorted(groups.items()):
        if len({i.key for i in group}) < 2:
            continue
        group.sort(key=lambda i: (i.valid_from or i.created_at, i.created_at))
        newest = group[-1]
        for old in group[:-1]:
            ops.append(EndOp(old.id, Status.SUPERSEDED, "one person's value under both key forms",
                             actor=Actor.SYSTEM, by_id=newest.id, valid_until=newest.valid_from))
            lines.append(f'{key}: "{old.description}" ({old.id}) superseded by "{newest.description}" '
                         f"({newest.id})")
    return ops, lines


def with_unnamed_twins(turn: Turn, cands: list[Candidate], rows: Callable[[], Rows]) -> None:
    """Add to each single-valued statement of a named speaker the same slot's unqualified key in ``ends``.

    The other direction of ``as_sole_speaker``: a user who spoke first without a name ("User works at
    Deloitte", via ``add``) and then from a turn file naming them ("I started at KPMG", speaker Priya) is
    one person, so the named statement ends the unnamed value, as it would its own. Only while the user's
    statements name no other person (``named_qualifiers`` within the turn's own): with two named people
    a turn without a name is no one's in particular. The resolver ends only values said before the turn.

    Args:
        turn: the turn being planned (its speaker gives the qualifier).
        cands: its candidates; ``ends`` are extended in place.
        rows: the user's active statements as ``(id, key, description)``, read only when a candidate qualifies.
    """
    qualifier = speaker_qualifier(turn.speaker)
    if turn.role != "user" or not qualifier:
        return
    mine = [c for c in cands if not c.is_event and c.key.endswith(qualifier) and single_valued_key(c.key)]
    if not mine or not named_qualifiers(key for _, key, _ in rows()) <= {qualifier}:
        return
    for cand in mine:
        cand.ends = tuple(dict.fromkeys((*cand.ends, cand.key.removesuffix(qualifier))))
