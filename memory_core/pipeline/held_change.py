"""A change said under the key it ends: what the readers of a change of something held share (issue 13 §2).

Several readers find in a user's turn a change of something the user said before: a count ("留了九十来只",
``count_change``), a schedule ("理疗改成一周一次", ``frequency_change``), a place left ("我已经不在谷歌了",
``no_longer_at``), a role or a plan come true (``home_role``, ``plan_kept``). Each looks among the user's active
statements for the one the change names and files the change under that statement's key, or adds the key to a
candidate's ``ends``, so the resolver supersedes the old statement with history. This module holds the steps they
share:

- ``held``: the speaker's own active statements under some key prefixes, as ``(key, description)``;
- ``qualifier_of`` and ``own_key``: whose statement a key is (the speaker suffix it ends in);
- ``add_ends``: keys added to a candidate's ``ends``, each once, in order;
- ``change_said``: the statement of a change, under the key it ends;
- ``stated_under``: the turn's candidates with that statement in place of its own-words readings of the change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from memory_core.model import Kind, Turn
from memory_core.pipeline.types import Candidate

__all__ = ["Rows", "add_ends", "change_said", "held", "own_key", "qualifier_of", "stated_under"]

#: ``prefixes -> [(id, key, description)]`` of the user's active statements (``WritePipeline``'s one read per turn).
Rows = Callable[[tuple[str, ...]], list[tuple[str, str, str]]]


def held(rows: Rows, prefixes: tuple[str, ...], qualifier: str, *, whole: bool = False) -> list[tuple[str, str]]:
    """The speaker's own active statements under ``prefixes``, as ``(key, description)`` in the order ``rows`` gives.

    Args:
        rows: the user's active statements by key prefix (read once, here).
        prefixes: key prefixes ("fact:", "gist:"); with ``whole``, whole attributes ("fact:works_at"): a key is
            kept when its part before "@" is one of them.
        qualifier: the speaker's key suffix (``own_words.speaker_qualifier``: "@mary_ann" or "mary_ann"; "" for
            the user unnamed): a key is the speaker's own when its part after the first "@" is that name ("" when
            the key has none).

    Raises:
        StoreError: the store failed while reading (through ``rows``).
    """
    name = qualifier.lstrip("@")
    return [(key, text) for _, key, text in rows(prefixes)
            if key.partition("@")[2] == name and (not whole or key.partition("@")[0] in prefixes)]


def qualifier_of(key: str) -> str:
    """The speaker suffix ``key`` ends in, from its last "@" ("fact:lives_in@mary_ann" -> "@mary_ann"); "" when it
    has none (the user unnamed).

    >>> qualifier_of("fact:lives_in@mary_ann"), qualifier_of("fact:lives_in")
    ('@mary_ann', '')
    """
    _, at, name = key.rpartition("@")
    return f"@{name}" if at else ""


def own_key(key: str, qualifier: str) -> bool:
    """True when ``key`` is a statement of the speaker of ``qualifier`` (``own_words.speaker_qualifier``, with its
    "@"): it ends in the qualifier, or, for the user unnamed (""), it has no "@" at all."""
    return key.endswith(qualifier) if qualifier else "@" not in key


def add_ends(cand: Candidate, keys: Iterable[str]) -> None:
    """Add ``keys`` to ``cand.ends`` after those it has, each key once; ``cand`` is left as it is when there are
    none."""
    keys = tuple(keys)
    if keys:
        cand.ends = tuple(dict.fromkeys((*cand.ends, *keys)))


def change_said(turn: Turn, key: str, lang: str, description: str, claim: str, note: str) -> Candidate:
    """The user's statement of a change (a single-valued fact of the "moments" theme) under ``key``, which it ends.

    Args:
        turn: the user's turn that says the change (its time, speaker and words are the statement's).
        key: the key of the statement the change replaces.
        lang: "en" or "zh", the change's language.
        description: the statement as stored ("用户现在有九十来只羊", "User's physio is now once a week").
        claim: its predicate without the subject ("现在有九十来只羊", "physio is now once a week").
        note: why it was made, for the candidate's notes.
    """
    return Candidate(
        kind=Kind.FACT, description=description, theme="moments", key=key, polarity=1, confidence=0.8,
        importance=0.55, valid_from=turn.timestamp, speaker=turn.speaker, lang=lang, claim=claim, single_valued=True,
        evidence=turn.text, ends=(key,), notes=[note])


def stated_under(cands: list[Candidate], change: Candidate, named: str, lang: str = "") -> list[Candidate]:
    """``cands`` without the statements that name ``named`` (any case; of ``lang`` only, when given), then
    ``change``: the turn's own-words readings of the change ("User is no longer at Google" kept as said) give way
    to the change said under the key it ends. Events stay."""
    folded = named.casefold()
    kept = [c for c in cands
            if c.is_event or (lang and c.lang != lang) or folded not in c.description.casefold()]
    return [*kept, change]
