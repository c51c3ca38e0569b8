"""Types shared by the test packages' fixtures.

``TurnFactory`` is the type of the ``make_turn`` fixtures (tests/pipeline and tests/llm conftest): a callable
taking the turn's text (and optional role, user id, speaker, time) and returning a ``Turn``. It lives here, not in a
conftest, because a test module that imports a conftest by name gets whichever conftest was imported first.
``dated_turns`` makes the user turns of a short story, one every ``apart``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from memory_core.model import Turn

TurnFactory = Callable[..., Turn]


def dated_turns(lines: list[str], start: datetime, apart: timedelta, user_id: str = "u") -> list[Turn]:
    """The user's turns ``lines`` in session "s", ids t0, t1, …, the n-th said ``start + n * apart``."""
    return [Turn(user_id=user_id, turn_id=f"t{n}", session_id="s", role="user", text=text, timestamp=start + apart * n)
            for n, text in enumerate(lines)]
