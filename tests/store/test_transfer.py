"""Export → import between every pair of backends, and seed-000 imports."""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
import yaml

from memory_core.errors import InvalidField, InvalidInput
from memory_core.model import Actor, Kind, MemoryItem, Status, Trust
from memory_core.store.base import MemoryStore
from memory_core.store.seed_format import item_to_mapping
from memory_core.store.transfer import EXPORT_FORMAT, export_yaml, import_yaml
from memory_core.store.write_ops import AddOp, EndOp, HitOp, MergeOp, UpdateOp

MakeStore = Callable[[str], MemoryStore]
BACKENDS = ["sqlite", "yaml", "postgres"]

SEED_FILE = """\
a1b2c3d4:
  description: 喜欢吃辣，尤其是川菜
  theme: 品味
  history:
  - old_description: 喜欢吃辣
    new_description: 喜欢吃辣，尤其是川菜
    reason: 用户补充
    time: '2026-05-09 12:00:00'
  latest_update_time: '2026-05-09 12:00:00'
  hit: 3
e5f6a7b8:
  description: 后天有离散数学考试
  theme: 时效待办
  history: []
  latest_update_time: '2026-05-08T09:30:00'
  hit: 0
"""


def fill(store: MemoryStore) -> None:
    """Give two users items touched by every op, with lifecycle fields set."""
    when = datetime(2026, 5, 1, 8, 30, 15, 123456, tzinfo=UTC)
    a = MemoryItem.create("alice", "likes tea", "taste", kind=Kind.PREFERENCE, turn_id="t1", key="pref:drink",
                          valid_from=when, confidence=0.8, trust=Trust.AGENT, importance=0.9, speaker="Alice")
    b = MemoryItem.create("alice", "has a cat", "pets", turn_id="t2")
    c = MemoryItem.create("alice", "exam on Friday", "时效待办", kind=Kind.TODO)
    store.apply("alice", [AddOp(a), AddOp(b), AddOp(c)])
    store.apply("alice", [UpdateOp(a.id, "more precise", "likes green tea", actor=Actor.AGENT, turn_id="t3"),
                          HitOp(b.id, 2, turn_id="t4")])
    d = store.add("alice", "has a cat named Mio", "pets")
    store.apply("alice", [MergeOp(b.id, d, "has a cat named Mio", "pets", "same cat"),
                          EndOp(c.id, Status.ARCHIVED, "exam passed")])
    store.add("bob", "说中文", "身份")


def dump(store: MemoryStore) -> dict[str, list[dict[str, object]]]:
    return {u: [item_to_mapping(i) | {"id": i.id} for i in store.list_items(u, statuses=None)]
            for u in store.users()}


@pytest.mark.parametrize("target", BACKENDS)
@pytest.mark.parametrize("source", BACKENDS)
def test_round_trip_between_backends(source: str, target: str, make_store: MakeStore, tmp_path: Path) -> None:
    src, dst = make_store(source), make_store(target)
    fill(src)
    out = tmp_path / "export.yaml"
    assert export_yaml(src, out) == {"alice": 4, "bob": 1}
    assert import_yaml(dst, out) == {"alice": 4, "bob": 1}
    assert dump(dst) == dump(src)
    assert [r.op for r in dst.history("alice", dst.find_by_key("alice", "pref:drink")[0].id)] == ["update",
                                                                                                   "create"]


def test_export_document_shape(make_store: MakeStore) -> None:
    store = make_store("sqlite")
    fill(store)
    buf = io.StringIO()
    export_yaml(store, buf, users=["bob"])
    doc = yaml.safe_load(buf.getvalue())
    assert doc["format"] == EXPORT_FORMAT and doc["version"] == 1 and list(doc["users"]) == ["bob"]
    (item,) = doc["users"]["bob"].values()
    assert {"description", "theme", "history", "latest_update_time", "hit"} <= set(item)
    assert all(isinstance(v, str) for entry in item["history"] for v in entry.values())


def test_export_file_is_owner_only_and_masks_sensitive_values_unless_revealed(make_store: MakeStore,
                                                                              tmp_path: Path) -> None:
    from memory_core.shown import shown_export_item

    store = make_store("sqlite")
    pin = store.add("ann", "my bank card PIN is 665432", "sensitive")
    store.apply("ann", [UpdateOp(pin, "moved", "我的银行卡密码是665432", actor=Actor.USER)])
    out = tmp_path / "export.yaml"
    out.write_text("old")
    out.chmod(0o644)
    export_yaml(store, out, view=shown_export_item)
    assert out.stat().st_mode & 0o777 == 0o600  # an existing file is made owner-only too
    masked = yaml.safe_load(out.read_text())["users"]["ann"][pin]
    assert "665432" not in out.read_text() and "银行卡密码" in masked["description"]
    assert [h["op"] for h in masked["history"]] == ["create", "update"]
    export_yaml(store, out)  # no view: the full backup, restorable as it was
    assert out.read_text().count("665432") == 4  # description and three revision texts
    assert import_yaml(make_store("sqlite"), out) == {"ann": 1}


def test_a_masked_export_says_so_and_is_refused_unless_its_placeholders_are_accepted(make_store: MakeStore,
                                                                                      tmp_path: Path) -> None:
    from memory_core.shown import shown_export_item

    store = make_store("sqlite")
    store.add("wang", "用户有高血压，每天早上吃氨氯地平", "health")
    store.add("wang", "I have high blood pressure", "health")
    store.add("wang", "lives in Qingdao", "places")
    masked, full = tmp_path / "masked.yaml", tmp_path / "full.yaml"
    export_yaml(store, masked, view=shown_export_item)
    export_yaml(store, full)
    assert yaml.safe_load(masked.read_text())["masked"] is True
    assert yaml.safe_load(full.read_text())["masked"] is False
    target = make_store("sqlite")
    with pytest.raises(InvalidField, match=r"masked export.*--accept-masked") as refused:
        import_yaml(target, masked)
    assert "\n" not in str(refused.value) and target.users() == []  # one line, nothing written
    assert import_yaml(target, masked, accept_masked=True) == {"wang": 3}  # the placeholders, knowingly
    assert any("[health]" in i.description for i in target.list_items("wang"))
    assert import_yaml(make_store("sqlite"), full) == {"wang": 3}


def test_an_export_that_hid_nothing_is_not_masked(make_store: MakeStore) -> None:
    from memory_core.shown import shown_export_item

    store = make_store("sqlite")
    store.add("ann", "lives in Lisbon", "places")
    buf = io.StringIO()
    export_yaml(store, buf, view=shown_export_item)
    assert yaml.safe_load(buf.getvalue())["masked"] is False
    assert import_yaml(make_store("sqlite"), io.StringIO(buf.getvalue())) == {"ann": 1}


@pytest.mark.parametrize("value", ["yes please", 1])
def test_a_masked_field_that_is_no_boolean_is_refused(value: object, make_store: MakeStore) -> None:
    doc = {"format": EXPORT_FORMAT, "version": 1, "masked": value, "users": {"ann": {}}}
    with pytest.raises(InvalidField, match="'masked' must be true or false"):
        import_yaml(make_store("sqlite"), io.StringIO(yaml.safe_dump(doc)))


@pytest.mark.parametrize("backend", BACKENDS)
def test_import_seed_file(backend: str, make_store: MakeStore, tmp_path: Path) -> None:
    store = make_store(backend)
    path = tmp_path / "memory.yaml"
    path.write_text(SEED_FILE, encoding="utf-8")
    with pytest.raises(InvalidField, match="user_id"):
        import_yaml(store, path)
    assert import_yaml(store, path, user_id="sonetto") == {"sonetto": 2}
    spicy = store.get("sonetto", "a1b2c3d4")
    assert (spicy.description, spicy.theme, spicy.hit) == ("喜欢吃辣，尤其是川菜", "品味", 3)
    assert spicy.updated_at == datetime(2026, 5, 9, 12, tzinfo=UTC)
    assert [r.op for r in spicy.history] == ["import", "update"]
    assert spicy.history[0].new_description == "喜欢吃辣" and spicy.history[1].reason == "用户补充"
    exam = store.get("sonetto", "e5f6a7b8")
    assert [r.op for r in exam.history] == ["import"] and exam.status == Status.ACTIVE


@pytest.mark.parametrize("backend", BACKENDS)
def test_bad_import_changes_nothing(backend: str, make_store: MakeStore) -> None:
    store = make_store(backend)
    store.add("carol", "keep me", "t")
    before = dump(store)
    doc = {"format": EXPORT_FORMAT, "version": 1, "users": {
        "alice": {"good0001": {"description": "fine", "theme": "t"}},
        "bob": {"ok000001": {"description": "fine", "theme": "t"},
                "bad00001": {"description": "   ", "theme": "t"}},
    }}
    with pytest.raises(InvalidInput, match="bad00001"):
        import_yaml(store, io.StringIO(yaml.safe_dump(doc)))
    doc["users"]["bob"]["bad00001"] = {"description": "x", "theme": "t", "hit": "many"}
    with pytest.raises(InvalidInput, match="bad00001"):
        import_yaml(store, io.StringIO(yaml.safe_dump(doc)))
    doc["users"]["bob"]["bad00001"] = {"description": "x", "theme": "t", "status": "zombie"}
    with pytest.raises(InvalidInput, match="bad00001"):
        import_yaml(store, io.StringIO(yaml.safe_dump(doc)))
    with pytest.raises(InvalidInput, match="YAML"):
        import_yaml(store, io.StringIO("a: [unclosed"))
    assert dump(store) == before


@pytest.mark.parametrize("text", ["::: not yaml [", "not yaml [", "- a\n- b\n"])
def test_text_that_is_no_import_says_so(text: str, make_store: MakeStore) -> None:
    # "::: not yaml [" parses as {"::": "not yaml ["}: it used to be refused as
    # "user 'imp', memory item '::': must be a mapping; got str"
    store = make_store("sqlite")
    with pytest.raises(InvalidField, match=r"^import is not valid YAML of memory items: expected item ids mapped "
                                           r"to items \(description, theme, \.\.\.\) or an export document"):
        import_yaml(store, io.StringIO(text), user_id="imp")
    assert dump(store) == {}
    # a document of items with one bad entry still names that entry
    with pytest.raises(InvalidField, match="user 'imp', memory item 'b': must be a mapping; got int"):
        import_yaml(store, io.StringIO("a: {description: x, theme: t}\nb: 1\n"), user_id="imp")


def test_import_refuses_existing_ids(make_store: MakeStore, tmp_path: Path) -> None:
    store = make_store("sqlite")
    fill(store)
    out = tmp_path / "e.yaml"
    export_yaml(store, out)
    before = dump(store)
    with pytest.raises(InvalidInput, match="already has"):
        import_yaml(store, out)
    assert dump(store) == before
