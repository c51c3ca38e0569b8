"""Working memory: a session's task state, kept while the task runs (seed 003 §2.3, seed 001 §8.4.2–8.4.3).

A structured, bounded document per (user, session): the goal, plan steps
(each pending, done or dropped), scratch facts (short key → value notes,
seed 001's scratchpad, never written to long-term memory by themselves) and
checkpoints (labelled snapshots of progress). It lives in ``session_state``
(slot "working") and ends ``ttl_s`` after its last update; an expired one
reads as absent and maintenance purges it.

Limits (seed 001 §8.4.3: the scratchpad has a size limit): goal and each
step or checkpoint label 1..1,000 characters, each scratch value up to
2,000, at most 50 steps, 50 scratch facts and 20 checkpoints (the oldest
checkpoint is dropped beyond that).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from typing import Any

from memory_core.errors import InvalidField
from memory_core.lifecycle.state import SessionStateStore
from memory_core.validation import check_id, check_text

__all__ = ["CHANGE_NAMES", "STEP_STATES", "Step", "WorkingMemory", "WorkingMemoryStore", "changes_from_json"]

MAX_STEPS = 50
MAX_SCRATCH = 50
MAX_CHECKPOINTS = 20
MAX_LABEL_CHARS = 1_000
MAX_VALUE_CHARS = 2_000
STEP_STATES = ("pending", "done", "dropped")
#: The keywords of ``WorkingMemoryStore.update`` a caller may send.
CHANGE_NAMES = ("goal", "status", "add_steps", "step_states", "scratch", "checkpoint", "reset")
TASK_STATES = ("running", "paused", "done", "failed")


@dataclass(slots=True)
class Step:
    """One plan step: its text and state ("pending", "done" or "dropped")."""

    text: str
    state: str = "pending"


@dataclass(slots=True)
class WorkingMemory:
    """A session's task state.

    Attributes:
        goal: what the task is for ("" before one is set).
        status: "running", "paused", "done" or "failed".
        steps: the plan, in order.
        scratch: scratch facts, key → value.
        checkpoints: ``{"label", "at", "done_steps"}`` snapshots, oldest first.
        updated_at / expires_at: UTC; it reads as absent from ``expires_at`` on.
    """

    goal: str = ""
    status: str = "running"
    steps: list[Step] = field(default_factory=list)
    scratch: dict[str, str] = field(default_factory=dict)
    checkpoints: list[dict[str, Any]] = field(default_factory=list)
    updated_at: datetime | None = None
    expires_at: datetime | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON document stored (times as ISO text)."""
        body = asdict(self)
        body["updated_at"] = self.updated_at.isoformat() if self.updated_at else None
        body["expires_at"] = self.expires_at.isoformat() if self.expires_at else None
        return body

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> WorkingMemory:
        """Read a stored document back."""
        def when(value: object) -> datetime | None:
            return datetime.fromisoformat(str(value)) if value else None

        return cls(goal=str(body.get("goal", "")), status=str(body.get("status", "running")),
                   steps=[Step(str(s["text"]), str(s.get("state", "pending"))) for s in body.get("steps", [])],
                   scratch={str(k): str(v) for k, v in dict(body.get("scratch", {})).items()},
                   checkpoints=list(body.get("checkpoints", [])), updated_at=when(body.get("updated_at")),
                   expires_at=when(body.get("expires_at")))


def changes_from_json(body: object) -> dict[str, Any]:
    """Turn a JSON object of changes (over the wire, over HTTP) into ``update``'s keywords.

    Step indexes arrive as strings in JSON (``{"0": "done"}``) and become ints;
    the values are checked by ``update`` itself.

    Raises:
        InvalidField: not an object, an unknown change name, or a step index that is not a number.
    """
    if not isinstance(body, Mapping):
        raise InvalidField(f"working memory changes must be an object; got {type(body).__name__}")
    unknown = sorted(str(k) for k in body if k not in CHANGE_NAMES)
    if unknown:
        raise InvalidField(f"unknown working memory change {', '.join(unknown)}; expected {', '.join(CHANGE_NAMES)}")
    changes = {str(k): v for k, v in body.items() if v is not None}  # null: leave that part as it is
    states = changes.get("step_states")
    if states is not None:
        if not isinstance(states, Mapping):
            raise InvalidField("step_states must be an object of step index → state")
        out: dict[int, str] = {}
        for key, state in states.items():
            text = str(key)
            if isinstance(key, bool) or not text.isdigit() or len(text) > 6:
                raise InvalidField(f"no step {key!r}: step indexes are numbers from 0")
            out[int(text)] = state
        changes["step_states"] = out
    if isinstance(changes.get("reset"), str | int) and not isinstance(changes.get("reset"), bool):
        raise InvalidField("reset must be true or false")
    return changes


def _label(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise InvalidField(f"{what} must be a string; got {type(value).__name__}")
    return check_text(value, what, max_chars=MAX_LABEL_CHARS)


class WorkingMemoryStore:
    """Read and update sessions' working memory in a ``SessionStateStore``.

    Args:
        state: the session state table.
        ttl_s: seconds a working memory lives after its last update (> 0).
    """

    def __init__(self, state: SessionStateStore, ttl_s: float = 86_400.0) -> None:
        if not ttl_s > 0:
            raise InvalidField(f"ttl_s must be above 0; got {ttl_s!r}")
        self.state = state
        self.ttl_s = ttl_s

    def get(self, user_id: str, session_id: str, now: datetime) -> WorkingMemory | None:
        """Return the session's working memory, or None when there is none or it expired.

        Raises:
            InvalidField: a malformed id. StoreError: the database failed.
        """
        body = self.state.get(user_id, check_id(session_id, "session id"), "working", now)
        return None if body is None else WorkingMemory.from_json(body)

    def update(self, user_id: str, session_id: str, now: datetime, *, goal: str | None = None,
               status: str | None = None, add_steps: Sequence[str] = (), step_states: Mapping[int, str] | None = None,
               scratch: Mapping[str, str | None] | None = None, checkpoint: str | None = None,
               reset: bool = False) -> WorkingMemory:
        """Change the session's working memory (creating it if absent or expired); return it.

        Args:
            goal: a new goal. status: a new task status (``TASK_STATES``).
            add_steps: steps appended to the plan, pending.
            step_states: step index (0-based) → new state (``STEP_STATES``).
            scratch: scratch facts to set; a None value removes the key.
            checkpoint: a label; records the done steps at ``now``.
            reset: start from an empty working memory.

        Raises:
            InvalidField / EmptyText / TextTooLong: bad values or a limit passed
                (nothing is written then). StoreError: the database failed.
        """
        current = None if reset else self.get(user_id, session_id, now)
        wm = current or WorkingMemory()
        if goal is not None:
            wm.goal = _label(goal, "goal")
        if status is not None:
            if status not in TASK_STATES:
                raise InvalidField(f"status must be one of {', '.join(TASK_STATES)}; got {status!r}")
            wm.status = status
        if isinstance(add_steps, str):
            raise InvalidField("add_steps must be a list of steps, not one string")
        wm.steps += [Step(_label(s, "step")) for s in add_steps]
        if len(wm.steps) > MAX_STEPS:
            raise InvalidField(f"a plan holds at most {MAX_STEPS} steps; this one would hold {len(wm.steps)}")
        for index, state in (step_states or {}).items():
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(wm.steps):
                raise InvalidField(f"no step {index!r}; the plan has {len(wm.steps)} steps")
            if state not in STEP_STATES:
                raise InvalidField(f"step state must be one of {', '.join(STEP_STATES)}; got {state!r}")
            wm.steps[index].state = state
        for key, value in (scratch or {}).items():
            key = _label(key, "scratch key")
            if value is None:
                wm.scratch.pop(key, None)
            else:
                if not isinstance(value, str):
                    raise InvalidField(f"scratch value must be a string; got {type(value).__name__}")
                wm.scratch[key] = check_text(value, "scratch value", max_chars=MAX_VALUE_CHARS)
        if len(wm.scratch) > MAX_SCRATCH:
            raise InvalidField(f"scratch holds at most {MAX_SCRATCH} facts; this would hold {len(wm.scratch)}")
        if checkpoint is not None:
            wm.checkpoints.append({"label": _label(checkpoint, "checkpoint"), "at": now.isoformat(),
                                   "done_steps": [i for i, s in enumerate(wm.steps) if s.state == "done"]})
            wm.checkpoints = wm.checkpoints[-MAX_CHECKPOINTS:]
        wm.updated_at = now
        wm.expires_at = now + timedelta(seconds=self.ttl_s)
        self.state.put(user_id, session_id, "working", wm.to_json(), now, wm.expires_at)
        return wm

    def clear(self, user_id: str, session_id: str) -> bool:
        """Remove the session's working memory; return True if there was one."""
        return self.state.delete(user_id, check_id(session_id, "session id"), "working")
