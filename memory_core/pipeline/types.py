"""Types shared by the write-pipeline stages (seed 001 §8.12).

A turn goes through the stages in order::

    Extractor      turn                         -> [Candidate]
    Classifier     turn, [Candidate]            -> [Candidate]   theme filled in
    TrustFilter    turn, [Candidate]            -> [Candidate]   trust set, rules from tools demoted
    Deduper        turn, [Candidate]            -> [Candidate]   one candidate per key
    ValueScorer    turn, [Candidate]            -> [Candidate]   importance set, low value dropped
    ConflictResolver turn, [Candidate], existing -> [Op]         hit, add, or add + supersede

Each stage is a small protocol so that an LLM-backed implementation can
replace the mechanical one without the others noticing. Candidates are plain
mutable dataclasses; a stage may change them in place and return the list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from memory_core.model import Kind, MemoryItem, Trust, Turn
from memory_core.pipeline.gist import Topic
from memory_core.store.lookup import KeyLookup
from memory_core.store.write_ops import Op

__all__ = [
    "DEFAULT_CONFIDENCE",
    "Candidate",
    "Classifier",
    "ConflictResolver",
    "Deduper",
    "Extractor",
    "KeyLookup",
    "TrustFilter",
    "ValueScorer",
]

#: The confidence of a value read by a default cue (``Candidate.needs_absent``): below a stated value's 0.85, so
#: a later default may replace it ("我在深圳做程序员" then "在洛阳开了家烘焙店") while a stated home stays.
DEFAULT_CONFIDENCE = 0.75


@dataclass(slots=True)
class Candidate:
    """A memory the pipeline proposes to write, before it is checked against the store.

    Attributes:
        kind: a ``Kind`` value (event, fact, preference, procedure, ...).
        description: the memory text in the user's language, third person
            ("User likes spicy food", "用户喜欢吃辣", "Caroline: hi there").
        theme: a theme slug from ``memory_core.pipeline.themes`` ("taste"),
            or "" to let the classifier choose.
        key: canonical slot used for dedupe and conflicts ("pref:spicy food",
            "fact:lives_in", "event:<fingerprint>"); "" when the candidate has
            none (it is then always added).
        polarity: +1 likes or holds / -1 dislikes, ended or negated (slot facts too); 0 when unknown.
        confidence: 0..1, how sure the extractor is.
        importance: 0..1, set by the value scorer.
        trust: a ``Trust`` value; the trust filter sets it from the turn's role.
        valid_from: when the memory starts to hold: the turn's own timestamp (UTC).
        valid_until: when it stops holding (a deadline, an end), if the extractor knows (UTC).
        speaker: who said the source turn.
        lang: "en" or "zh": the language of ``description``.
        claim: the description without its subject ("lives in Paris",
            "住在上海"); two statements of a single-valued slot agree when
            their claims match.
        single_valued: True when the key holds one value at a time (lives_in,
            name): a different claim under the same key supersedes the old one.
        evidence: the text the classifier and scorer read: the turn text for
            an event, the claim for a statement (so the rest of the clause
            does not pull its theme); not stored.
        notes: why stages changed the candidate (recorded as the create reason).
        detail: text that adds to the item already under ``key`` (a pet's age)
            rather than replacing it; "" for a plain statement.
        value: the slot's value as the slot cue read it, before rendering (``SlotHit.value``: "Starbucks" of
            "I quit the Starbucks gig", 字节跳动 of "我从北京的字节跳动离职了"); "" when no slot cue read one.
        aliases: every name of the candidate's value in either language
            ("vegetarian", "素食者", "吃素"); an item naming one states the same value.
        ends: other keys whose positive items this statement ends ("改喝茶了"
            ends the other drinks); the resolver supersedes them by this one.
        topic: for a statement in the user's own words (``memory_core.pipeline.gist``), its topic
            terms; the resolver looks for an earlier statement about the same thing under ``probes``.
        probes: keys an earlier statement about the same thing may be stored under.
        restate_only: True for a turn's mention of what it may restate: it raises or revises an
            existing item, never makes one.
        may_revise: False when a restatement may raise a hit but not add its words (a trip's turn).
        reverses: keys whose active items of the polarity other than ``reverse_polarity`` this statement
            ends ("I don't run anymore" ends "loves running"; ``memory_core.pipeline.cessation``).
        reverse_polarity: -1 for a cessation, +1 for a like said of a thing put first ("香菜我现在挺爱吃的").
        reverse_terms: the topic terms of what the change speaks of; the user's statements sharing one are
            looked up too (``WritePipeline.plan``), whatever words they were said in.
        alike: keys of the user's statements this one speaks of by the word it opens on (its sentence's
            topic: "考研目标定了" speaks of the one statement naming 考研; ``restate.restated_keys``).
        needs_existing: read by a weak cue: kept only when the user has an active item under ``key`` (a
            change of a slot already stated), else dropped (``WritePipeline.plan``).
        needs_absent: read by a default cue: kept only when the user has no active item under ``key`` and the
            turn states none (a home inferred from the city one works in never replaces a home stated).
        instead_of: the key of a ``needs_existing`` candidate this one stands in for: kept only when that
            candidate is dropped (the clause is then kept in the user's own words).
        successor: a restate-only carrier of a change ("we lost Biscuit", "戒了"): when its change ends an
            item it becomes an item itself, the successor the ended item's history names.
        past_only: a value the user says held once ("I used to live in Leeds", "我以前住在北京"): it ends the
            active item naming that value, and is dropped when no item names it (``KeyConflictResolver``).
        plain_negation: a value denied now, no change said ("I don't smoke", "我不抽烟"): it ends the active
            item naming that value and is dropped when the slot holds another value (``KeyConflictResolver``).
        switch_of: a key prefix ("fact:language:"): the statement replaces the user's other values under it
            ("改学 Korean" after learning Japanese); their keys join ``ends`` (``WritePipeline.plan``).
        switch_named: the key objects of what the switch's clause, or the one before it, says was stopped
            ("Gave up fly fishing. Took up woodworking instead": fishing, fly fishing; ``switch_named``): when
            set, the switch replaces only the values under those objects.
        held_before: the slot key of a value the turn says held before the change it tells ("I lived in Berlin,
            then moved to Munich"): stored as history of the later value (``then_value``), never as current.
        pieces: a turn's mention: its sentences, third person (``mention_detail``: which of them are a
            detail of the item the mention restates).
    """

    kind: str
    description: str
    theme: str = ""
    key: str = ""
    polarity: int = 0
    confidence: float = 0.8
    importance: float = 0.5
    trust: str = Trust.USER
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    speaker: str = ""
    lang: str = "en"
    claim: str = ""
    single_valued: bool = False
    evidence: str = ""
    notes: list[str] = field(default_factory=list)
    detail: str = ""
    ends: tuple[str, ...] = ()
    value: str = ""
    aliases: tuple[str, ...] = ()
    topic: Topic | None = None
    probes: tuple[str, ...] = ()
    restate_only: bool = False
    may_revise: bool = True
    reverses: tuple[str, ...] = ()
    reverse_polarity: int = 0
    reverse_terms: frozenset[str] = frozenset()
    alike: tuple[str, ...] = ()
    needs_existing: bool = False
    needs_absent: bool = False
    instead_of: str = ""
    successor: bool = False
    switch_of: str = ""
    switch_named: frozenset[str] = frozenset()
    past_only: bool = False
    plain_negation: bool = False
    pieces: tuple[str, ...] = ()
    held_before: str = ""

    @property
    def is_event(self) -> bool:
        """True for the verbatim per-turn event candidate."""
        return self.kind == Kind.EVENT


class Extractor(Protocol):
    """Reads candidate memories out of one turn (seed 001 §8.12.1)."""

    def extract(self, turn: Turn) -> list[Candidate]:
        """Return the candidates found in ``turn`` (possibly none)."""
        ...


class Classifier(Protocol):
    """Chooses a theme (and may refine the kind) of each candidate (§8.12.2)."""

    def classify(self, turn: Turn, candidates: list[Candidate]) -> list[Candidate]:
        """Return the candidates with ``theme`` set."""
        ...


class TrustFilter(Protocol):
    """Sets trust from the turn's source and keeps untrusted text from becoming rules (§8.21)."""

    def filter(self, turn: Turn, candidates: list[Candidate]) -> list[Candidate]:
        """Return the candidates that may be written, with ``trust`` set."""
        ...


class Deduper(Protocol):
    """Removes candidates of one turn that say the same thing twice (§8.12.3)."""

    def dedupe(self, turn: Turn, candidates: list[Candidate]) -> list[Candidate]:
        """Return at most one candidate per key, in first-seen order."""
        ...


class ValueScorer(Protocol):
    """Sets each candidate's importance and may drop worthless ones (§8.12.5)."""

    def score(self, turn: Turn, candidates: list[Candidate]) -> list[Candidate]:
        """Return the candidates worth keeping, with ``importance`` in 0..1."""
        ...


class ConflictResolver(Protocol):
    """Turns candidates and the user's existing items into store ops (§8.12.3-4)."""

    def resolve(
        self, turn: Turn, candidates: Sequence[Candidate], existing: Mapping[str, list[MemoryItem]]
    ) -> list[Op]:
        """Plan the ops for ``candidates``.

        Args:
            turn: the source turn; every op carries its ``turn_id``.
            candidates: deduplicated, scored candidates.
            existing: the user's active items by candidate key.

        Returns:
            Ops for ``MemoryStore.apply``, in the order they must run.
        """
        ...
