"""The warm-up a recall process makes at its start: one recall on the process's own memory, its answer handed on
once, and the recall cache and its counts left as they were (``memory_core.recall_warm_up``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memory_core.model import MemoryItem
from memory_core.recall_warm_up import WARM_UP_USER, warm_up_recall
from memory_core.responses import RecallResponse
from memory_core.retrieval.recall import Recaller
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings
from memory_core.store.write_ops import AddOp


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def test_one_recall_on_the_process_memory_whose_answer_is_handed_on(memory: Memory,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    memory.store.apply("ann", [AddOp(MemoryItem.create("ann", "Ann loves jasmine tea", "taste"))])
    memory.recall("ann", "what does she drink?", k=3)  # a caller's index, built before the warm-up
    recaller = memory.recaller
    assert isinstance(recaller, Recaller)
    before = (recaller.build_count, recaller.restore_count, sorted(recaller.cache_stats()["users"]))
    asked: list[str] = []
    real = memory.recall
    monkeypatch.setattr(memory, "recall", lambda user, *a, **kw: asked.append(user) or real(user, *a, **kw))
    answers: list[Any] = []
    took = warm_up_recall(memory, reply=answers.append)
    assert took > 0
    assert asked == [WARM_UP_USER]  # one recall on this memory, for the user nobody has
    assert len(answers) == 1 and isinstance(answers[0], RecallResponse) and not answers[0].results
    assert (recaller.build_count, recaller.restore_count, sorted(recaller.cache_stats()["users"])) == before


def test_the_counts_are_kept_when_the_reply_fails(memory: Memory) -> None:
    recaller = memory.recaller
    assert isinstance(recaller, Recaller)
    before = (recaller.build_count, sorted(recaller.cache_stats()["users"]))

    def broken(_: Any) -> None:
        raise ValueError("cannot encode")

    with pytest.raises(ValueError, match="cannot encode"):
        warm_up_recall(memory, reply=broken)
    assert (recaller.build_count, sorted(recaller.cache_stats()["users"])) == before
