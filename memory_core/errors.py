"""Errors raised by the Gulfstream core.

The tree::

    GulfstreamError
    ├── InvalidInput (also ValueError)      bad input from a caller; nothing stored changed
    │   ├── EmptyText                       text empty or only whitespace
    │   ├── TextTooLong                     text over MAX_TEXT_CHARS characters
    │   ├── InvalidEncoding                 bytes that are not valid UTF-8
    │   └── InvalidField                    a field of the wrong type or value
    │       └── TurnConflict                a turn id (the idempotency key) stored before with other text
    ├── NotApplied (also TimeoutError)      turns a caller waited for were not applied (time-out, dead letter)
    ├── NotFound (also LookupError)         an id that does not exist
    │   ├── UnknownUser                     no memory or turns for this user id
    │   └── UnknownItem                     no memory item with this id for this user
    ├── IngestLineError                     one malformed line of an ingest file
    ├── StoreError                          a storage backend failed or is unusable
    │   ├── StoreLocked                     a write lock could not be had in time
    │   │   └── IngestStopped               an ingest gave up there after part of its work committed
    │   └── StoreDamaged                    the store file is damaged or not a store at all (left unchanged)
    └── LLMError                            the language-model path of the write pipeline failed
        ├── LLMUnavailable                  the endpoint timed out, refused or kept answering 429/5xx
        └── LLMOutputError                  the model's answer stayed malformed after every retry

Lower-level errors (SQLAlchemy, YAML, OS) are converted at the store boundary
with ``raise StoreError(...) from exc``; client errors of the chat model
(openai, httpx) become ``LLMUnavailable`` at the ``memory_core.llm`` boundary.
Both LLM errors reach the curate task, which retries the turn and then
dead-letters it: a malformed answer never becomes an empty success.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "EmptyText",
    "GulfstreamError",
    "IngestLineError",
    "IngestStopped",
    "InvalidEncoding",
    "InvalidField",
    "InvalidInput",
    "LLMError",
    "LLMOutputError",
    "LLMUnavailable",
    "NotApplied",
    "NotFound",
    "StoreDamaged",
    "StoreError",
    "StoreLocked",
    "TextTooLong",
    "TurnConflict",
    "UnknownItem",
    "UnknownUser",
]


class GulfstreamError(Exception):
    """Base of every error the core raises on purpose."""


class InvalidInput(GulfstreamError, ValueError):
    """Raised when a caller passes input the core refuses; nothing stored changed."""


class EmptyText(InvalidInput):
    """Raised when a text field is empty or only whitespace."""


class TextTooLong(InvalidInput):
    """Raised when a text is longer than the documented limit (characters)."""


class InvalidEncoding(InvalidInput):
    """Raised when bytes given as text are not valid UTF-8."""


class InvalidField(InvalidInput):
    """Raised when a field has the wrong type or an unknown value."""


class TurnConflict(InvalidField):
    """Raised when a turn id, the turn's idempotency key, was stored before with other text.

    The first text wins: the stored turn, its status and its items stay as they are; only the
    publish that reused the id is refused (HTTP 409 ``turn_conflict``).
    """


class NotApplied(GulfstreamError, TimeoutError):
    """Raised when turns a caller waits for (read-your-writes) are not applied in time, or never will be."""


class NotFound(GulfstreamError, LookupError):
    """Raised when an id names nothing that exists."""


class UnknownUser(NotFound):
    """Raised when a user id has no turns and no memory items."""


class UnknownItem(NotFound):
    """Raised when no memory item with the given id exists for the user."""


class IngestLineError(GulfstreamError):
    """Raised (or collected) when one line of an ingest file is malformed.

    Attributes:
        line: 1-based line number in the file (or record index for JSON arrays).
        reason: what is wrong with it.
    """

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


class StoreError(GulfstreamError):
    """Raised when a storage backend fails or its data is unusable."""


class StoreLocked(StoreError):
    """Raised when a store's write lock could not be acquired within its timeout."""


class IngestStopped(StoreLocked):
    """Raised when an ingest gave up behind another process's write lock after recording its turns: what it
    recorded and applied up to there is committed and stays. ``done`` says what that was (the call's
    ``service.IngestReport``: turns recorded, turn ids recorded and applied, maintenance run); the message is
    the lock's."""

    def __init__(self, message: str, done: Any) -> None:
        super().__init__(message)
        self.done = done


class StoreDamaged(StoreError):
    """Raised when a store file cannot be read as a Gulfstream store: damaged ("database disk image is
    malformed"), not a SQLite database, or empty where a read needs a store. The file is left unchanged;
    the message names the path and the fix (a backup, or ``gulfstream import`` of an export)."""


class LLMError(GulfstreamError):
    """Raised when the language-model path of the write pipeline cannot produce a plan for a turn."""


class LLMUnavailable(LLMError):
    """Raised when the chat endpoint times out, cannot be reached, or keeps answering HTTP 429/5xx.

    The chat client has already retried (``llm_max_retries``); the turn stays
    pending, so the curate task may retry it later.
    """


class LLMOutputError(LLMError):
    """Raised when the model's answer is still malformed after ``llm_output_attempts`` tries.

    Attributes:
        stage: which step failed ("extract", "curate").
        attempts: how many answers were read (1 or more).
        last_error: the validation message of the last answer, as shown to the model.
    """

    def __init__(self, stage: str, attempts: int, last_error: str) -> None:
        super().__init__(f"{stage}: malformed model output after {attempts} attempt(s): {last_error}")
        self.stage = stage
        self.attempts = attempts
        self.last_error = last_error
