"""Domain types: the memory item, its revisions, and the turn.

The memory item follows seed 000's ``MemoryItem`` (description, theme, history,
hit, update/merge keeping a full trail) extended with seed 001's lifecycle
fields (kind, status, validity window, source, confidence, trust, importance),
as fixed by DESIGN.md. Only the standard library is imported here.

Times are timezone-aware ``datetime`` objects in UTC.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from dataclasses import fields as dataclass_fields
from datetime import UTC, datetime
from enum import StrEnum

from memory_core.errors import InvalidField
from memory_core.validation import MAX_THEME_CHARS, check_item_values, check_meta, check_text

__all__ = [
    "ITEM_FIELDS",
    "MAX_HIT",
    "Actor",
    "Kind",
    "MemoryItem",
    "Revision",
    "Status",
    "Trust",
    "Turn",
    "check_item_fields",
    "new_item_id",
    "utcnow",
]


#: The highest hit count an item holds (the column is a 32-bit integer); ``hit_once`` stops there.
MAX_HIT = 2**31 - 1


def utcnow() -> datetime:
    """Return the current time, timezone-aware, in UTC."""
    return datetime.now(UTC)


def new_item_id() -> str:
    """Return a fresh memory item id: 16 hex characters (seed 000 used 8)."""
    return secrets.token_hex(8)


class Kind(StrEnum):
    """What sort of memory an item is (seed 001 §8.9)."""

    FACT = "fact"
    PREFERENCE = "preference"
    EVENT = "event"
    TODO = "todo"
    PROCEDURE = "procedure"
    SUMMARY = "summary"


class Status(StrEnum):
    """Lifecycle state of an item (seed 001 §8.17)."""

    ACTIVE = "active"
    SUPERSEDED = "superseded"
    ARCHIVED = "archived"
    DELETED = "deleted"


class Trust(StrEnum):
    """Where an item's content came from (seed 001 §8.21.2)."""

    USER = "user"  # the user said it
    AGENT = "agent"  # an agent inferred it
    TOOL = "tool"  # tool or web content: data, never instructions


class Actor(StrEnum):
    """Who made a revision."""

    PIPELINE = "pipeline"  # the mechanical write pipeline
    AGENT = "agent"  # the LLM curation agent
    USER = "user"  # a person, through the CLI, API or editor
    SYSTEM = "system"  # maintenance, import, repair


@dataclass(slots=True)
class Revision:
    """One entry of an item's history.

    Attributes:
        op: "create", "update", "merge", "supersede", "delete", "archive", "restore",
            "expiry" (``valid_until`` set or cleared), "import" or "replace" (the item took the place of the
            superseded ``other_id``, whose text is ``old_description``: ``pipeline.successor_history``).
        reason: why the change was made (free text, may be empty for create).
        actor: who made it (an ``Actor`` value).
        at: when (UTC).
        old_description / new_description: text before and after ("" if none).
        old_theme / new_theme: theme before and after ("" if none).
        turn_id: the turn that caused the change, if any.
        other_id: for merges, the id of the item merged in; for a replace, the item replaced.
    """

    op: str
    reason: str
    actor: str
    at: datetime
    old_description: str = ""
    new_description: str = ""
    old_theme: str = ""
    new_theme: str = ""
    turn_id: str | None = None
    other_id: str | None = None


@dataclass(slots=True)
class MemoryItem:
    """One curated memory of one user.

    Attributes:
        id: 16 hex characters, unique in a store.
        user_id: owner; recall never crosses it.
        description: the memory text, in the user's language.
        theme: seed 000's section ("身份", "品味", "时效待办", "identity", ...).
        kind: a ``Kind`` value.
        history: revisions, oldest first (``history_newest_first`` reverses).
        hit: times recalled or confirmed.
        created_at / updated_at: UTC.
        valid_from / valid_until: when the memory holds in the world (UTC); for
            an event, ``valid_from`` is the turn's own timestamp.
        status: a ``Status`` value.
        source: ids of the turns it came from, oldest first.
        confidence: 0..1, how sure the extractor was.
        trust: a ``Trust`` value.
        importance: 0..1, value score.
        key: optional canonical slot ("pref:spicy food") for dedupe and conflicts.
        speaker: who said the source turn (events), else "".
        last_used_at: when the item was last recalled and used (UTC), None before
            its first use; decay counts days from it (``memory_core.lifecycle``).
        meta: the caller's metadata, up to 32 string entries (``check_meta``), e.g.
            ``{"category": "movies"}``; filterable in ``MemoryAPI.search``.
    """

    user_id: str
    description: str
    theme: str
    kind: str = Kind.FACT
    id: str = field(default_factory=new_item_id)
    history: list[Revision] = field(default_factory=list)
    hit: int = 0
    created_at: datetime = field(default_factory=utcnow)
    updated_at: datetime = field(default_factory=utcnow)
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    status: str = Status.ACTIVE
    source: list[str] = field(default_factory=list)
    confidence: float = 1.0
    trust: str = Trust.USER
    importance: float = 0.5
    key: str | None = None
    speaker: str = ""
    last_used_at: datetime | None = None
    meta: dict[str, str] = field(default_factory=dict)

    @classmethod
    def create(
        cls,
        user_id: str,
        description: str,
        theme: str,
        *,
        actor: str = Actor.PIPELINE,
        reason: str = "",
        turn_id: str | None = None,
        at: datetime | None = None,
        **fields: object,
    ) -> MemoryItem:
        """Build a new active item with its "create" revision.

        Args:
            fields: other ``MemoryItem`` fields, as ``check_item_fields`` allows.

        Raises:
            EmptyText, TextTooLong: for a bad description or theme.
            InvalidField: for an unknown field name, an unknown kind, status or trust, or a bad number.
        """
        check_item_fields(fields)
        fields = check_item_values(fields)
        now = at or utcnow()
        item = cls(
            user_id=user_id,
            description=check_text(description, "description"),
            theme=check_text(theme, "theme", max_chars=MAX_THEME_CHARS),
            created_at=now,
            updated_at=now,
            **fields,  # type: ignore[arg-type]
        )
        item.validate()
        item.history.append(
            Revision("create", reason, str(actor), now, new_description=item.description,
                     new_theme=item.theme, turn_id=turn_id)
        )
        if turn_id and turn_id not in item.source:
            item.source.append(turn_id)
        return item

    def validate(self) -> None:
        """Check enum fields and numeric ranges.

        Raises:
            InvalidField: naming the bad field.
        """
        for name, enum in (("kind", Kind), ("status", Status), ("trust", Trust)):
            value = getattr(self, name)
            if value not in enum._value2member_map_:
                allowed = ", ".join(enum._value2member_map_)
                raise InvalidField(f"{name} must be one of {allowed}; got {value!r}")
        for name in ("confidence", "importance"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
                raise InvalidField(f"{name} must be a number from 0 to 1; got {value!r}")
        if isinstance(self.hit, bool) or not isinstance(self.hit, int) or not 0 <= self.hit <= MAX_HIT:
            raise InvalidField(f"hit must be an integer from 0 to {MAX_HIT}; got {self.hit!r}")
        self.meta = check_meta(self.meta)

    @property
    def active(self) -> bool:
        """True while the item is current (status active)."""
        return self.status == Status.ACTIVE

    def update(
        self,
        reason: str,
        new_description: str | None = None,
        new_theme: str | None = None,
        *,
        actor: str = Actor.PIPELINE,
        turn_id: str | None = None,
        at: datetime | None = None,
    ) -> None:
        """Change text and/or theme, keeping the old ones in history (seed 000).

        Raises:
            InvalidField: when neither a new description nor a new theme is given.
            EmptyText, TextTooLong: for a bad new text.
        """
        if new_description is None and new_theme is None:
            raise InvalidField("update needs a new description or a new theme")
        desc = check_text(new_description, "description") if new_description is not None else self.description
        theme = check_text(new_theme, "theme", max_chars=MAX_THEME_CHARS) if new_theme is not None else self.theme
        now = at or utcnow()
        self.history.append(
            Revision("update", reason, str(actor), now, self.description, desc, self.theme, theme, turn_id)
        )
        self.description, self.theme, self.updated_at = desc, theme, now
        self.add_source(turn_id)

    def merge(
        self,
        other: MemoryItem,
        reason: str,
        merged_description: str,
        merged_theme: str,
        *,
        actor: str = Actor.PIPELINE,
        turn_id: str | None = None,
        at: datetime | None = None,
    ) -> None:
        """Absorb ``other``: both histories kept, sources and hits combined (seed 000).

        ``other`` is left unchanged here; the store marks it deleted with a
        pointer to this item.

        Raises:
            InvalidField: when merging an item with itself or across users.
        """
        if other.id == self.id:
            raise InvalidField("cannot merge an item with itself")
        if other.user_id != self.user_id:
            raise InvalidField("cannot merge items of different users")
        desc = check_text(merged_description, "description")
        theme = check_text(merged_theme, "theme", max_chars=MAX_THEME_CHARS)
        now = at or utcnow()
        merged = sorted(self.history + other.history, key=lambda r: r.at)
        merged.append(
            Revision("merge", reason, str(actor), now, self.description, desc, self.theme, theme,
                     turn_id, other_id=other.id)
        )
        self.history = merged
        self.description, self.theme, self.updated_at = desc, theme, now
        self.hit += other.hit
        for turn in other.source:
            self.add_source(turn)
        self.add_source(turn_id)
        self.importance = max(self.importance, other.importance)

    def hit_once(self, count: int = 1, at: datetime | None = None) -> int:
        """Raise the hit count by ``count`` (at most to ``MAX_HIT``); return the new count.

        ``at``, when given, is the time of this use: ``last_used_at`` moves to it
        (never back: a clock that went backwards leaves the later time).
        """
        self.hit = min(self.hit + count, MAX_HIT)
        if at is not None and (self.last_used_at is None or at > self.last_used_at):
            self.last_used_at = at
        return self.hit

    def end(
        self,
        status: str,
        reason: str,
        *,
        actor: str = Actor.PIPELINE,
        turn_id: str | None = None,
        at: datetime | None = None,
        other_id: str | None = None,
        valid_until: datetime | None = None,
    ) -> None:
        """Soft-delete, supersede or archive: the item stays, with the reason in history.

        ``valid_until`` is when the memory stopped holding in the world (e.g. the
        superseding turn's own time); default: now, unless already set.

        Raises:
            InvalidField: when ``status`` is "active" or unknown.
        """
        if status not in (Status.SUPERSEDED, Status.ARCHIVED, Status.DELETED):
            raise InvalidField(f"cannot end an item with status {status!r}")
        now = at or utcnow()
        op = {Status.DELETED.value: "delete", Status.SUPERSEDED.value: "supersede"}.get(str(status), "archive")
        self.history.append(
            Revision(op, reason, str(actor), now, self.description, self.description, self.theme,
                     self.theme, turn_id, other_id)
        )
        self.status, self.updated_at = status, now
        if valid_until is not None:
            self.valid_until = valid_until
        elif self.valid_until is None:
            self.valid_until = now

    def restore(self, reason: str, *, actor: str = Actor.USER, at: datetime | None = None) -> None:
        """Bring an archived item back to active, with a "restore" revision.

        Its decay restarts (``last_used_at`` = ``at``) and a ``valid_until``
        already passed is cleared, so it is not archived again at once.

        Raises:
            InvalidField: the item is not archived.
        """
        if self.status != Status.ARCHIVED:
            raise InvalidField(f"only an archived item can be restored; {self.id!r} is {self.status}")
        now = at or utcnow()
        self.history.append(Revision("restore", reason, str(actor), now, self.description, self.description,
                                     self.theme, self.theme))
        self.status, self.updated_at = Status.ACTIVE, now
        self.last_used_at = now if self.last_used_at is None or now > self.last_used_at else self.last_used_at
        if self.valid_until is not None and self.valid_until <= now:
            self.valid_until = None

    def set_expiry(self, expires_at: datetime | None, reason: str, *, actor: str = Actor.USER,
                   at: datetime | None = None) -> None:
        """Set (or clear, with None) when the item stops holding: its ``valid_until``, with an "expiry" revision.

        Raises:
            InvalidField: a naive ``expires_at``, or one not after the item's ``valid_from``.
        """
        if expires_at is not None:
            if not isinstance(expires_at, datetime) or expires_at.tzinfo is None:
                raise InvalidField(f"expires_at must be a timezone-aware datetime; got {expires_at!r}")
            if self.valid_from is not None and expires_at <= self.valid_from:
                raise InvalidField(f"expires_at ({expires_at.isoformat()}) must be after valid_from "
                                   f"({self.valid_from.isoformat()})")
        now = at or utcnow()
        before = "" if self.valid_until is None else self.valid_until.isoformat()
        after = "" if expires_at is None else expires_at.isoformat()
        self.history.append(Revision("expiry", f"{reason} (valid until: {before or 'open'} -> {after or 'open'})",
                                     str(actor), now, self.description, self.description, self.theme, self.theme))
        self.valid_until, self.updated_at = expires_at, now

    def history_newest_first(self) -> list[Revision]:
        """Return the history from newest to oldest (seed 000's show_description_history)."""
        return list(reversed(self.history))

    def copy(self) -> MemoryItem:
        """Return a copy whose lists can be changed without touching this item."""
        return replace(self, history=[replace(r) for r in self.history], source=list(self.source),
                       meta=dict(self.meta))

    def add_source(self, turn_id: str | None) -> None:
        """Record ``turn_id`` among the item's source turns (no-op if None or present)."""
        if turn_id and turn_id not in self.source:
            self.source.append(turn_id)


#: Fields ``MemoryItem.create`` takes besides user, description and theme (it sets the rest itself).
ITEM_FIELDS = frozenset(f.name for f in dataclass_fields(MemoryItem)) - {
    "user_id", "description", "theme", "history", "created_at", "updated_at", "last_used_at"}


def check_item_fields(fields: Mapping[str, object]) -> None:
    """Refuse field names a new item cannot take (their values are checked by ``MemoryItem.validate``).

    Raises:
        InvalidField: a name not in ``ITEM_FIELDS``, naming it and the ones allowed.
    """
    unknown = sorted(str(name) for name in fields if name not in ITEM_FIELDS)
    if unknown:
        raise InvalidField(f"unknown memory item field{'s' if len(unknown) > 1 else ''} "
                           f"{', '.join(map(repr, unknown))}; a new item takes {', '.join(sorted(ITEM_FIELDS))}")


@dataclass(slots=True)
class Turn:
    """One finished conversation turn, as stored in the turn event store.

    Attributes:
        user_id: whose memory this turn feeds.
        turn_id: caller's id, the idempotency key (unique per user).
        session_id: the conversation session.
        role: "user", "assistant", "tool" or "system".
        speaker: display name of who spoke ("Caroline"); defaults to the role.
        text: what was said (1..MAX_TEXT_CHARS characters).
        timestamp: the turn's own time (UTC), not the ingest time.
        seq: per-user sequence number, assigned by the store (0 until stored).
        meta: small extra fields (e.g. an image caption), JSON-serialisable.
    """

    user_id: str
    turn_id: str
    session_id: str
    role: str
    text: str
    timestamp: datetime
    speaker: str = ""
    seq: int = 0
    meta: dict[str, str] = field(default_factory=dict)
