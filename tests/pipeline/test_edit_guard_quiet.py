"""An edit the guard refuses is an internal of the write path: logged at debug level and counted (trial 41,
finding 11)."""

from __future__ import annotations

import logging

import pytest

from memory_core.pipeline import edit_guard
from memory_core.store.write_ops import UpdateOp


def test_a_refused_edit_is_logged_at_debug_and_counted(caplog: pytest.LogCaptureFixture) -> None:
    before = edit_guard.refused_edits()
    with caplog.at_level(logging.DEBUG, logger=edit_guard.__name__):
        ops = edit_guard.guarded_edits("I moved to Porto", [UpdateOp("i1", "r", new_description="User lives in Oslo")],
                                       {"i1": "User lives in Lisbon"})
    assert ops == []
    assert edit_guard.refused_edits() == before + 1
    assert [r.levelno for r in caplog.records if "refused" in r.getMessage()] == [logging.DEBUG]
