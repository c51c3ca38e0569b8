"""One conformance suite for every MemoryStore backend (SQLite, YAML, PostgreSQL)."""

from __future__ import annotations

from datetime import UTC

import pytest
import yaml
from sqlalchemy import text

from memory_core.correction_mark import was_corrected
from memory_core.errors import EmptyText, InvalidField, TextTooLong, UnknownItem, UnknownUser
from memory_core.model import Actor, Kind, MemoryItem, Status
from memory_core.store.base import MemoryStore
from memory_core.store.seed_format import item_to_mapping
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp, EndOp, HitOp, UpdateOp
from memory_core.store.yaml_store import YamlStore
from memory_core.validation import MAX_TEXT_CHARS

U = "alice"


def snapshot(store: MemoryStore, user_id: str = U) -> list[dict[str, object]]:
    """Everything stored for a user, comparable with ==."""
    return [item_to_mapping(i) | {"id": i.id} for i in store.list_items(user_id, statuses=None)]


def test_add_and_get(store: MemoryStore) -> None:
    item_id = store.add(U, "  喜欢吃辣  ", "品味", kind=Kind.PREFERENCE, reason="said so", turn_id="t1")
    item = store.get(U, item_id)
    assert (item.description, item.theme) == ("喜欢吃辣", "品味")
    assert (item.kind, item.status) == ("preference", "active")
    assert item.source == ["t1"] and item.hit == 0 and item.user_id == U
    assert [r.op for r in item.history] == ["create"]
    assert item.created_at.tzinfo == UTC and item.history[0].at.tzinfo == UTC
    assert store.users() == [U]


def test_reads_return_copies(store: MemoryStore) -> None:
    item_id = store.add(U, "likes tea", "taste")
    got = store.get(U, item_id)
    got.description = "changed"
    got.history.clear()
    got.source.append("x")
    again = store.get(U, item_id)
    assert again.description == "likes tea" and len(again.history) == 1 and again.source == []
    store.list_items(U)[0].description = "changed too"
    assert store.get(U, item_id).description == "likes tea"


def test_update_keeps_old_text_and_theme(store: MemoryStore) -> None:
    item_id = store.add(U, "lives in Paris", "identity")
    store.update(U, item_id, "moved", "lives in Lyon", "home", actor=Actor.AGENT)
    item = store.get(U, item_id)
    assert (item.description, item.theme) == ("lives in Lyon", "home")
    rev = item.history[-1]
    assert (rev.op, rev.reason, rev.actor) == ("update", "moved", "agent")
    assert (rev.old_description, rev.new_description) == ("lives in Paris", "lives in Lyon")
    assert (rev.old_theme, rev.new_theme) == ("identity", "home")
    assert rev.at.tzinfo == UTC and rev.at >= item.created_at
    assert item.updated_at == rev.at


def test_merge_keeps_both_histories(store: MemoryStore) -> None:
    a = store.add(U, "likes cats", "pets", turn_id="t1")
    b = store.add(U, "has a cat", "pets", turn_id="t2")
    store.update(U, b, "detail", "has a cat named Mio")
    store.hit(U, b, 2)
    store.merge(U, a, b, "likes cats, has one named Mio", "pets", "same topic")
    kept, gone = store.get(U, a), store.get(U, b)
    ops = [r.op for r in kept.history]
    assert ops.count("create") == 2 and "update" in ops and ops[-1] == "merge"
    assert kept.history[-1].other_id == b and kept.hit == 2
    assert set(kept.source) == {"t1", "t2"}
    assert gone.status == Status.DELETED and gone.history[-1].other_id == a
    assert [i.id for i in store.list_items(U)] == [a]


def test_hit_counts_and_keeps_version(store: MemoryStore) -> None:
    item_id = store.add(U, "likes tea", "taste")
    version = store.memory_version(U)
    assert store.hit(U, item_id) == 1
    assert store.hit(U, item_id, 3) == 4
    assert store.get(U, item_id).hit == 4
    assert store.memory_version(U) == version


def test_memory_version_changes_on_content(store: MemoryStore) -> None:
    v0 = store.memory_version(U)
    item_id = store.add(U, "likes tea", "taste")
    v1 = store.memory_version(U)
    store.update(U, item_id, "r", "likes green tea")
    v2 = store.memory_version(U)
    store.delete(U, item_id, "wrong")
    v3 = store.memory_version(U)
    assert len({v0, v1, v2, v3}) == 4


def test_delete_is_soft_and_in_history(store: MemoryStore) -> None:
    item_id = store.add(U, "likes tea", "taste")
    assert store.delete(U, item_id, "user asked") == "likes tea"
    item = store.get(U, item_id)
    assert item.status == Status.DELETED and item.valid_until is not None
    assert (item.history[-1].op, item.history[-1].reason) == ("delete", "user asked")
    assert store.list_items(U) == []
    assert [i.id for i in store.list_items(U, statuses=None)] == [item_id]
    with pytest.raises(UnknownItem):
        store.delete(U, item_id, "again")


def test_history_newest_first(store: MemoryStore) -> None:
    item_id = store.add(U, "one", "t")
    store.update(U, item_id, "r2", "two")
    store.update(U, item_id, "r3", "three")
    assert [r.new_description for r in store.history(U, item_id)] == ["three", "two", "one"]


def test_grouped_by_theme(store: MemoryStore) -> None:
    with pytest.raises(UnknownUser):
        store.grouped(U)
    a = store.add(U, "a", "zeta")
    store.add(U, "b", "alpha")
    store.add(U, "c", "alpha")
    store.delete(U, a, "gone")
    groups = store.grouped(U)
    assert list(groups) == ["alpha"]
    assert [i.description for i in groups["alpha"]] == ["b", "c"]


def test_list_filters_and_find_by_key(store: MemoryStore) -> None:
    a = store.add(U, "likes tea", "taste", kind=Kind.PREFERENCE, key="pref:drink")
    b = store.add(U, "exam on Friday", "todo", kind=Kind.TODO)
    c = store.add(U, "likes coffee", "taste", kind=Kind.PREFERENCE, key="pref:drink")
    store.apply(U, [EndOp(c, Status.SUPERSEDED, "changed mind", by_id=a)])
    assert [i.id for i in store.list_items(U)] == [a, b]
    assert [i.id for i in store.list_items(U, theme="taste")] == [a]
    assert [i.id for i in store.list_items(U, kind=Kind.TODO)] == [b]
    assert [i.id for i in store.list_items(U, statuses=[Status.SUPERSEDED])] == [c]
    assert [i.id for i in store.list_items(U, statuses=None)] == [a, b, c]
    assert [i.id for i in store.find_by_key(U, "pref:drink")] == [a]
    assert store.find_by_key(U, "nothing") == []
    assert store.get(U, c).history[-1].other_id == a


def test_active_by_prefix_lists_active_keys_without_history(store: MemoryStore) -> None:
    a = store.add(U, "likes tea", "taste", kind=Kind.PREFERENCE, key="pref:tea")
    b = store.add(U, "用户周末去水库钓鱼", "moments", key="gist:钓鱼")
    c = store.add(U, "likes coffee", "taste", kind=Kind.PREFERENCE, key="pref:coffee")
    store.add(U, "lives in Oslo", "places", key="fact:lives_in")
    store.add("someone-else", "likes juice", "taste", key="pref:juice")
    store.apply(U, [EndOp(c, Status.SUPERSEDED, "changed mind", by_id=a)])
    assert store.active_by_prefix(U, ("pref:", "gist:")) == [(a, "pref:tea", "likes tea"),
                                                        (b, "gist:钓鱼", "用户周末去水库钓鱼")]
    assert store.active_by_prefix(U, ("fact:hobby%",)) == []  # a prefix is matched as written, not as a pattern
    assert store.active_by_prefix(U, ()) == []


def test_list_filters_are_checked_before_any_query(store: MemoryStore) -> None:
    a = store.add(U, "likes tea", "taste")
    b = store.add(U, "exam on Friday", "todo", kind=Kind.TODO)
    store.delete(U, b, "done")
    # a single string is one status, not a sequence of one-letter statuses
    assert [i.id for i in store.list_items(U, statuses="active")] == [a]
    assert [i.id for i in store.list_items(U, statuses="deleted")] == [b]
    assert [i.id for i in store.list_items(U, statuses=("active", "deleted"))] == [a, b]
    with pytest.raises(InvalidField, match="unknown status 'bogus'; expected one of active, superseded"):
        store.list_items(U, statuses=["bogus"])
    with pytest.raises(InvalidField, match="unknown status 5"):
        store.list_items(U, statuses=[5])  # type: ignore[list-item]
    with pytest.raises(InvalidField, match="statuses must be a status or a list of statuses; got int"):
        store.list_items(U, statuses=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidField, match="theme must be a string; got int"):  # was SQL's "text = integer"
        store.list_items(U, theme=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidField, match="unknown kind 'bogus'"):
        store.list_items(U, kind="bogus")
    with pytest.raises(InvalidField, match="unknown kind 3"):
        store.list_items(U, kind=3)  # type: ignore[arg-type]


def test_users_are_isolated(store: MemoryStore) -> None:
    a = store.add(U, "alice's", "t")
    store.add("bob", "bob's", "t")
    assert store.users() == ["alice", "bob"]
    with pytest.raises(UnknownItem):
        store.get("bob", a)
    with pytest.raises(UnknownItem):
        store.update("bob", a, "r", "hijack")
    assert store.locate(a).user_id == U
    with pytest.raises(UnknownItem):
        store.locate("nope")


def test_apply_batch_is_atomic(store: MemoryStore) -> None:
    item_id = store.add(U, "likes tea", "taste")
    before, version = snapshot(store), store.memory_version(U)
    new = MemoryItem.create(U, "fresh", "t")
    with pytest.raises(UnknownItem):
        store.apply(U, [UpdateOp(item_id, "r", "likes coffee"), UpdateOp("missing", "r", "x"), AddOp(new)])
    with pytest.raises(InvalidField):
        store.apply(U, [HitOp(item_id), AddOp(MemoryItem.create(U, "dup", "t", id=item_id))])
    assert snapshot(store) == before and store.memory_version(U) == version


def test_apply_returns_results(store: MemoryStore) -> None:
    item = MemoryItem.create(U, "likes tea", "taste")
    results = store.apply(U, [AddOp(item), HitOp(item.id, 2), EndOp(item.id, Status.ARCHIVED, "old")])
    assert results == [item.id, 2, "likes tea"]
    assert store.get(U, item.id).status == Status.ARCHIVED


def test_a_corrected_mark_is_stored_and_a_plain_end_is_not(store: MemoryStore) -> None:
    typo, moved = MemoryItem.create(U, "lives in Suzhou", "home"), MemoryItem.create(U, "lives in Paris", "home")
    fixed, now = MemoryItem.create(U, "lives in Hangzhou", "home"), MemoryItem.create(U, "lives in Lyon", "home")
    store.apply(U, [AddOp(typo), AddOp(moved)])
    store.apply(U, [AddOp(fixed), EndOp(typo.id, Status.SUPERSEDED, "correction: Hangzhou, not Suzhou",
                                         by_id=fixed.id, corrected=True),
                    AddOp(now), EndOp(moved.id, Status.SUPERSEDED, "moved", by_id=now.id)])
    assert was_corrected(store.get(U, typo.id)) and not was_corrected(store.get(U, moved.id))
    assert not was_corrected(store.get(U, fixed.id))


def test_erase_user(store: MemoryStore) -> None:
    a = store.add(U, "a", "t")
    store.add(U, "b", "t")
    store.update(U, a, "r", "a2")
    store.add("bob", "keep me", "t")
    assert store.erase_user(U) == 2
    assert store.users() == ["bob"]
    assert store.list_items(U, statuses=None) == []
    with pytest.raises(UnknownItem):
        store.get(U, a)
    assert [i.description for i in store.list_items("bob")] == ["keep me"]
    assert store.erase_user("nobody") == 0


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda s, i: s.add(U, "", "t"), EmptyText),
        (lambda s, i: s.add(U, " \n\t ", "t"), EmptyText),
        (lambda s, i: s.add(U, "x" * (MAX_TEXT_CHARS + 1), "t"), TextTooLong),
        (lambda s, i: s.add(U, "ok", "t" * 65), TextTooLong),
        (lambda s, i: s.add(U, 123, "t"), InvalidField),
        (lambda s, i: s.add(U, "ok", "t", kind="bogus"), InvalidField),
        (lambda s, i: s.add(U, "ok", "t", confidence=2), InvalidField),
        (lambda s, i: s.add(U, "ok", "t", colour="red"), InvalidField),
        (lambda s, i: s.add("bad user!", "ok", "t"), InvalidField),
        (lambda s, i: s.update(U, i, "r", ""), EmptyText),
        (lambda s, i: s.update(U, i, "r"), InvalidField),
        (lambda s, i: s.update(U, "nope", "r", "x"), UnknownItem),
        (lambda s, i: s.update(U, 42, "r", "x"), (InvalidField, UnknownItem)),
        (lambda s, i: s.hit(U, i, 0), InvalidField),
        (lambda s, i: s.hit(U, "nope"), UnknownItem),
        (lambda s, i: s.merge(U, i, i, "x", "t", "r"), InvalidField),
        (lambda s, i: s.get(U, "nope"), UnknownItem),
        (lambda s, i: s.delete(U, "nope", "r"), UnknownItem),
    ],
)
def test_bad_input_is_refused_and_harms_nothing(store: MemoryStore, call, error) -> None:
    item_id = store.add(U, "likes tea", "taste")
    before, version = snapshot(store), store.memory_version(U)
    with pytest.raises(error) as info:
        call(store, item_id)
    assert str(info.value)
    assert snapshot(store) == before and store.memory_version(U) == version


def corrupt(store: MemoryStore, item_id: str) -> None:
    """Damage an item behind the store's back: empty theme, negative hit, no history."""
    if isinstance(store, SqlStore):
        with store.engine.begin() as conn:
            conn.execute(text("UPDATE memories SET theme = '', hit = -3, kind = 'bogus' WHERE id = :i"),
                         {"i": item_id})
            conn.execute(text("DELETE FROM memory_revisions WHERE item_id = :i"), {"i": item_id})
    else:
        assert isinstance(store, YamlStore)
        path = store.path(U)
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        data[item_id].update(theme="", kind="bogus")
        del data[item_id]["hit"], data[item_id]["history"]
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


def test_self_check_repairs(store: MemoryStore) -> None:
    assert store.self_check().status == "OK"
    item_id = store.add(U, "likes tea", "taste")
    store.add(U, "fine", "t")
    corrupt(store, item_id)
    dry = store.self_check(repair=False)
    assert dry.status == "FAIL" and dry.issues
    report = store.self_check()
    assert report.status == "WARN", report
    assert report.item_count == 2 and any("theme" in r for r in report.repaired)
    assert store.self_check().status == "OK"
    item = store.get(U, item_id)
    assert item.theme and item.hit == 0 and item.kind == Kind.FACT
    assert item.description == "likes tea" and item.history[0].op in ("create", "import")


def test_changes_since_a_version_bring_an_index_to_the_current_memory(store: MemoryStore) -> None:
    from memory_core.retrieval.hybrid import HybridIndex
    from memory_core.store.base import INDEXED_STATUSES

    tea = store.add("u1", "User likes green tea", "taste")
    hotpot = store.add("u1", "用户喜欢吃火锅", "品味")
    store.add("u2", "Other user's secret", "misc")
    version = store.memory_version("u1")
    index = HybridIndex.build(store.list_items("u1", statuses=INDEXED_STATUSES))
    assert store.changes_since("u1", version).items == [] or store.changes_since("u1", version).complete

    store.update("u1", tea, "prefers it cold", new_description="User likes iced green tea")
    store.delete("u1", hotpot, "no longer true")
    added = store.add("u1", "用户周末去爬山", "爱好")
    store.hit("u1", added, 2)
    changes = store.changes_since("u1", version)
    assert changes.version == store.memory_version("u1")
    assert all(i.user_id == "u1" for i in changes.items)  # never another user's rows
    if not changes.complete:  # the SQL store: exactly the rows written after the version
        assert {i.id for i in changes.items} == {tea, hotpot, added}
        assert {i.id: i.status for i in changes.items}[hotpot] == "deleted"
    index.apply(changes.items, complete=changes.complete)
    fresh = HybridIndex.build(store.list_items("u1", statuses=INDEXED_STATUSES))
    for query in ("iced tea", "火锅", "爬山", "secret"):
        ours, theirs = index.search(query), fresh.search(query)
        assert [(r.item.id, r.score) for r in ours] == [(r.item.id, r.score) for r in theirs]
    assert [r.item.hit for r in index.search("爬山")] == [2]
    now = store.changes_since("u1", changes.version)
    assert now.complete or now.items == []  # nothing changed since
    unknown = store.changes_since("nobody", "0")
    assert unknown.items == []
