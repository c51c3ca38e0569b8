"""A search for a line's exact words finds that line first, among one user's look-alike lines (issue 17).

Four writers add lines for one user into one conversation (the HTTP read-your-writes test's shape,
``tests/workers/test_read_your_writes_http.py``). Before ``retrieval.verbatim``, with the seven lines
below stored (in the order four concurrent writers' adds reached the curator) the search for "Client 3
note 1 …" at k=5 returned five look-alikes and not that line: the turn-window and second-round rankings
read every line's neighbours, and those are the other writers' look-alikes. The items' own ranking put it
first. No worker, no wait: ranking only.
"""

from __future__ import annotations

import random

from memory_core.embedded import EmbeddedMemory
from memory_core.model import Kind, MemoryItem, Status
from memory_core.retrieval.verbatim import same_words

SEVEN = ["客户端1第0条：我在篱笆边种了1100个郁金香球茎。",
         "Client 0 note 0: I planted 1000 tulip bulbs by the fence.",
         "Client 2 note 0: I planted 1200 tulip bulbs by the fence.",
         "客户端0第1条：我在篱笆边种了1001个郁金香球茎。",
         "客户端3第0条：我在篱笆边种了1300个郁金香球茎。",
         "Client 3 note 1: I planted 1301 tulip bulbs by the fence.",
         "客户端3第2条：我在篱笆边种了1302个郁金香球茎。"]
TEXTS = {"en": "Client {k} note {i}: I planted {n} tulip bulbs by the fence.",
         "zh": "客户端{k}第{i}条：我在篱笆边种了{n}个郁金香球茎。"}


def _add(mem: EmbeddedMemory, text: str) -> None:
    mem.add([{"role": "user", "content": text, "timestamp": "2026-04-01T10:00:00Z"}], user_id="u")


def _first(mem: EmbeddedMemory, text: str) -> str:
    hits = mem.search(text, user_id="u", k=5)
    return hits[0]["description"] if hits else ""


def test_the_line_searched_by_its_own_words_comes_first_among_look_alikes(mem: EmbeddedMemory) -> None:
    for text in SEVEN:
        _add(mem, text)
    for text in SEVEN:
        assert _first(mem, text).endswith(text), (text, [h["description"] for h in mem.search(text, user_id="u", k=5)])


def test_every_line_of_forty_interleaved_comes_first_for_its_own_words(mem: EmbeddedMemory) -> None:
    rnd, left, lines = random.Random(3), {k: list(range(10)) for k in range(4)}, []
    while any(left.values()):
        k = rnd.choice([w for w in left if left[w]])
        i = left[k].pop(0)
        lines.append(TEXTS["en" if (k + i) % 2 == 0 else "zh"].format(k=k, i=i, n=1000 + k * 100 + i))
        _add(mem, lines[-1])
        assert _first(mem, lines[-1]).endswith(lines[-1])
    assert [t for t in lines if not _first(mem, t).endswith(t)] == []


def test_same_words_reads_a_raw_turn_by_its_text_and_ignores_case_space_and_the_full_stop() -> None:
    turn = MemoryItem(id="i1", user_id="u", description="user: Client 3 note 1: I planted 1301 tulip bulbs.",
                      theme="events", kind=Kind.EVENT, status=Status.ACTIVE)
    assert same_words("client 3 note 1:  I planted 1301 tulip bulbs", turn)
    assert not same_words("Client 3 note 1: I planted 1300 tulip bulbs.", turn)
    fact = MemoryItem(id="i2", user_id="u", description="用户在篱笆边种了郁金香", theme="events", kind=Kind.FACT,
                      status=Status.ACTIVE)
    assert same_words("用户在篱笆边种了郁金香。", fact)
    assert not same_words("", fact)
