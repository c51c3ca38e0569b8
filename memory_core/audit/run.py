"""The per-user pass of ``gulfstream check`` after the store's self-check: one repair, then flags with fixes.

For each user: the speaker-twin repair (``sole_speaker.speaker_twin_repairs``: one person's value kept
under both key forms), made under the user's curator lock as every edit is, so it never lands in the
middle of a curate run; then the flags, each with the command that fixes it:

- a single-valued slot with two active values under its key (``slot_conflicts``) or carried by an
  item filed under another key (``carried_conflicts``);
- a text spliced from pieces of itself (``edit_guard.spliced_texts``), from two turns whose statements share no
  topic (``unrelated_join.unrelated_joins``), or from two turns, a speaker's
  label inside it (``stray_speakers``).

A store another writer holds locked past the busy timeout (or a user whose curator holds their lock)
leaves that user's repair undone: it is reported as an issue saying so and what to do, and the other
users and flags are still checked.
"""

from __future__ import annotations

import shlex
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING

from memory_core.audit.carried import carried_conflicts
from memory_core.audit.spliced import StraySpeaker, stray_speakers
from memory_core.audit.unrelated_join import unrelated_joins
from memory_core.errors import StoreLocked
from memory_core.shown import shown_text

if TYPE_CHECKING:
    from memory_core.service import Memory
    from memory_core.store.store_reports import SelfCheckReport

__all__ = ["audit_user"]


def audit_user(memory: Memory, user: str, report: SelfCheckReport) -> None:
    """Repair ``user``'s speaker twins and add every flag of their active items to ``report``.

    Args:
        memory: the opened memory (its store and settings: ``user_lock_timeout_s``).
        user: a user of the store.
        report: the self-check's report; ``repaired`` and ``issues`` get lines prefixed with ``user``.
    """
    from memory_core.pipeline.edit_guard import spliced_texts
    from memory_core.pipeline.slot_lexicon import slot_conflicts

    _repair_twins(memory, user, report)
    active = memory.store.list_items(user, statuses=("active",))
    fix_slot = (f"keep the current value: 'gulfstream delete ID -u {user} --reason \"no longer true\"' the "
                f"stale one, or 'gulfstream update ID -u {user} TEXT' to correct it")
    report.issues += [f"{user}: {line}; {fix_slot}" for line in slot_conflicts(active)]
    for slot, values in carried_conflicts(active):
        said = " | ".join(f'"{shown_text(v.value)}" in "{shown_text(v.item.description)}" ({v.item.id}'
                          + (f", filed as {v.item.key}" if v.filed_elsewhere else "") + ")" for v in values)
        report.issues.append(f"{user}: {slot} has {len(values)} active values, some said inside another "
                             f"memory: {said}; {fix_slot} (take the value out of a text that says more)")
    report.issues += [f"{user}: {line}" for line in spliced_texts(active)]  # "… cat nameant 头孢 …"
    report.issues += [f"{user}: {_split_fix(user, stray)}" for stray in stray_speakers(active)]
    report.issues += [f'{user}: {j.item.id} joins a statement sharing no topic with its first one, a text spliced '
                      f'from two turns: "{shown_text(j.item.description)}"; keep the first statement '
                      f"('gulfstream update {j.item.id} -u {user} TEXT') and add the other one on its own "
                      f"('gulfstream add -u {user} TEXT')" for j in unrelated_joins(active)]


def _split_fix(user: str, stray: StraySpeaker) -> str:
    """The issue line of a text spliced from two turns, with the two commands that split it; a text holding a
    sensitive value is shown masked, and the commands are described instead of written out."""
    shown = shown_text(stray.item.description)
    line = (f'{stray.item.id} holds a speaker\'s label inside it ("{stray.label}:"), a text spliced from two '
            f'turns: "{shown}"; split it: ')
    if shown != stray.item.description:
        return line + (f"'gulfstream update {stray.item.id} -u {user} TEXT' with the part before the label, then "
                       f"'gulfstream add -u {user} TEXT' with the part after it ('gulfstream get "
                       f"{stray.item.id} -u {user} --reveal' shows the text as stored)")
    return line + (f"gulfstream update {stray.item.id} -u {user} {shlex.quote(stray.before)}, then "
                   f"gulfstream add -u {user} {shlex.quote(stray.after)}")


def _repair_twins(memory: Memory, user: str, report: SelfCheckReport) -> None:
    """End one person's older values kept under both key forms, under the user's lock (module docstring)."""
    from memory_core.pipeline.sole_speaker import speaker_twin_repairs

    ends, lines = speaker_twin_repairs(memory.store.list_items(user, statuses=("active",)))
    if not ends:
        return
    try:
        with _user_lock(memory, user):
            ends, lines = speaker_twin_repairs(memory.store.list_items(user, statuses=("active",)))
            if ends:
                memory.store.apply(user, ends)
    except StoreLocked as exc:
        report.issues += [f"{user}: {line} (not repaired)" for line in lines]
        report.issues.append(f"{user}: the repair above was not made: {exc}, then run 'gulfstream check' again")
        return
    report.repaired += [f"{user}: {line}" for line in lines]


def _user_lock(memory: Memory, user: str) -> AbstractContextManager[None]:
    """The user's curator lock (``StoreLocked`` after ``user_lock_timeout_s``); none for an items-only store."""
    turns = memory.store.turn_log()
    return nullcontext() if turns is None else turns.user_lock(user, timeout_s=memory.settings.user_lock_timeout_s)
