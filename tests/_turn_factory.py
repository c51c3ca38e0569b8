"""Types shared by the test packages' fixtures.

``TurnFactory`` is the type of the ``make_turn`` fixtures (tests/pipeline and tests/llm conftest): a callable
taking the turn's text (and optional role, user id, speaker, time) and returning a ``Turn``. It lives here, not in a
conftest, because a test module that imports a conftest by name gets whichever conftest was imported first.
"""

from __future__ import annotations

from collections.abc import Callable

from memory_core.model import Turn

TurnFactory = Callable[..., Turn]
