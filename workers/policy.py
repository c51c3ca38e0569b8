"""Which errors are worth retrying, and how long to wait before the next try.

Transient: the database, the broker or an LLM endpoint failing for a while
(connection refused, timeouts, serialization failures, HTTP 429/5xx). Those
are retried with exponential backoff and full jitter. Of those, the database
or broker failing (``is_infrastructure``: down, restarting, disk full) is
retried for as long as it lasts; only the rest count toward a turn's
dead-lettering. Everything else
(bad input, a pipeline bug, malformed data) would fail the same way again,
so the curate task isolates the turn at once (see ``workers.tasks``).

Waiting is not failing: a task that finds its user's lock busy is published
again after a short countdown (``republish``), never ``self.retry()``, which
would count against ``max_retries`` and then drop the message.
"""

from __future__ import annotations

import random
from typing import Any

import redis.exceptions
import sqlalchemy.exc
from celery import Task

from memory_core.errors import InvalidInput, NotFound, StoreError, StoreLocked

__all__ = ["backoff_s", "is_infrastructure", "is_transient", "republish", "shown_kwargs"]

_TRANSIENT_NAMES = frozenset({
    # openai / langchain-openai client errors, matched by name so this module
    # does not import an LLM client
    "APIConnectionError", "APITimeoutError", "RateLimitError", "InternalServerError",
    "ServiceUnavailableError",
    # Celery's soft time limit: the run was slow, not the turn bad; retried before any dead-lettering
    "SoftTimeLimitExceeded",
})


_DRIVER_INFRA_NAMES = frozenset({"OperationalError", "InterfaceError", "DiskFull", "AdminShutdown",
                                 "ConnectionFailure", "CannotConnectNow"})


def is_transient(exc: BaseException) -> bool:
    """True when ``exc`` (or an error it was raised from) is likely to pass if retried."""
    seen: set[int] = set()
    err: BaseException | None = exc
    while err is not None and id(err) not in seen:
        seen.add(id(err))
        if isinstance(err, InvalidInput | NotFound | StoreLocked):
            return False
        if isinstance(err, StoreError | ConnectionError | TimeoutError
                      | sqlalchemy.exc.OperationalError | sqlalchemy.exc.InterfaceError
                      | sqlalchemy.exc.TimeoutError | redis.exceptions.ConnectionError
                      | redis.exceptions.TimeoutError):
            return True
        if type(err).__name__ in _TRANSIENT_NAMES:
            return True
        err = err.__cause__ or err.__context__
    return False


def is_infrastructure(exc: BaseException) -> bool:
    """True when ``exc`` (or an error it was raised from) is the database or the broker failing.

    Unreachable, restarting, out of disk (PostgreSQL's ``53100 disk_full`` is an
    OperationalError), a dropped connection: none of it is the turn's fault, so
    such a failure is retried for as long as it lasts and never dead-letters a turn.
    """
    seen: set[int] = set()
    err: BaseException | None = exc
    while err is not None and id(err) not in seen:
        seen.add(id(err))
        if isinstance(err, sqlalchemy.exc.OperationalError | sqlalchemy.exc.InterfaceError
                      | sqlalchemy.exc.TimeoutError | redis.exceptions.ConnectionError
                      | redis.exceptions.TimeoutError):
            return True
        if type(err).__module__.startswith("psycopg") and type(err).__name__ in _DRIVER_INFRA_NAMES:
            return True
        err = err.__cause__ or err.__context__
    return False


def backoff_s(attempt: int, base_s: float, cap_s: float, rng: random.Random | None = None) -> float:
    """Return the wait before retry number ``attempt`` (0-based), in seconds.

    Exponential backoff with full jitter: uniform in ``[0, min(cap, base * 2**attempt)]``.
    """
    ceiling = min(cap_s, base_s * (2 ** max(0, attempt)))
    return (rng or random).uniform(0.0, ceiling)


def republish(task: Task, countdown_s: float, **changes: Any) -> None:
    """Publish the running task again as a new message after ``countdown_s`` seconds: a wait, not a retry.

    The new message carries the same arguments with ``changes`` applied to
    the keyword arguments; Flower shows only the ``*_id`` arguments.
    """
    kwargs = {**task.request.kwargs, **changes}
    task.apply_async(args=task.request.args, kwargs=kwargs, countdown=countdown_s, argsrepr="()",
                     kwargsrepr=shown_kwargs(kwargs))


def shown_kwargs(kwargs: dict[str, Any]) -> str:
    """What Flower and the logs show of a task's keyword arguments: the ``*_id`` ones and ``pub_seq``.

    Every message a task sends again (``republish``, ``Task.retry``) passes it
    as ``kwargsrepr``: without it Celery shows the whole arguments, turn text included.
    """
    return repr({k: v for k, v in kwargs.items() if k.endswith("_id") or k == "pub_seq"})
