"""The one script every ``MemoryAPI`` transport must run with the same results.

``run_script(api, user, other)`` drives a transport through every call —
curated and as-given adds in English and Chinese, original timestamps,
search with filters and a threshold, paging, update, delete, history, hit,
recall with its context block, ingest with read-your-writes, delete_all
(and the same messages said again after it), reset — and the bad calls that must fail alike (unknown item, another
user's item, empty text, bad filter). It asserts what must hold on any
transport and returns a transcript with ids replaced by their order of
appearance and wall-clock times dropped, so that transports can be compared
for equality.
"""

from __future__ import annotations

from typing import Any

import pytest

from memory_core.api import MemoryAPI
from memory_core.errors import EmptyText, InvalidField, InvalidInput, UnknownItem

__all__ = ["normalise", "run_script"]

_WALL_CLOCK = ("created_at", "updated_at", "at")
T0 = "2026-03-01T09:00:00+00:00"
T1 = "2026-06-01T09:00:00+00:00"


def normalise(value: Any, ids: dict[str, str]) -> Any:
    """``value`` with item ids named by first appearance, user ids and wall-clock times dropped, scores rounded."""
    if isinstance(value, dict):
        out = {}
        for key, v in value.items():
            if key in _WALL_CLOCK:
                continue
            if key == "user_id":
                v = "U"  # each transport runs for users of its own
            if key in ("id", "other_id") and isinstance(v, str):
                v = ids.setdefault(v, f"item{len(ids)}")
            elif key == "score":
                v = round(float(v), 4)
            else:
                v = normalise(v, ids)
            out[key] = v
        return out
    if isinstance(value, list):
        return [normalise(v, ids) for v in value]
    return value


def run_script(api: MemoryAPI, user: str, other: str) -> list[Any]:
    """Run the script on ``api`` for fresh users ``user`` and ``other``; return the normalised transcript."""
    log: list[Any] = []

    # curated add, English and Chinese, with the turns' own times; read-your-writes
    added = api.add([{"role": "user", "content": "I moved to Lisbon and I love spicy food.", "timestamp": T0,
                      "id": "t-en-1"},
                     {"role": "user", "content": "我喜欢喝乌龙茶", "timestamp": T0, "id": "t-zh-1"}],
                    user_id=user, metadata={"channel": "test"})
    assert added["turn_ids"] == ["t-en-1", "t-zh-1"]
    assert added["results"], "a curated add that waited lists the items it made"
    assert {r["event"] for r in added["results"]} == {"ADD"}
    assert all(r["valid_from"] == T0 for r in added["results"]), "the turn's own time is kept"
    log.append(("add", sorted((r["description"], r["kind"]) for r in added["results"])))

    found = api.search("where do I live?", user_id=user, k=3)
    assert found and "Lisbon" in found[0]["description"]
    assert [r["rank"] for r in found] == list(range(1, len(found) + 1))
    log.append(("search", [(r["description"], r["rank"]) for r in found]))
    zh = api.search("乌龙茶", user_id=user, k=3)
    assert any("乌龙茶" in r["description"] for r in zh)
    log.append(("search zh", [r["description"] for r in zh]))

    # a timed message without an id, added again (a client retrying after a timeout): the same turn, no new
    # item, no second hit; the same text said again without a time is a turn of its own
    first = api.add("I play the cello on weekends.", user_id=user, timestamp=T0)
    before = sorted((r["description"], r["hit"]) for r in api.get_all(user_id=user, limit=1000))
    again = api.add("I play the cello on weekends.", user_id=user, timestamp=T0)
    assert again["turn_ids"] == first["turn_ids"]
    assert sorted((r["description"], r["hit"]) for r in api.get_all(user_id=user, limit=1000)) == before
    log.append(("add retried", len(before)))

    # filters: kind, theme, time window, threshold
    prefs = api.search("spicy food tea", user_id=user, k=10, filters={"kind": "preference"})
    assert prefs and all(r["kind"] == "preference" for r in prefs)
    log.append(("search kind", sorted(r["description"] for r in prefs)))
    assert api.search("spicy food", user_id=user, filters={"until": "2026-01-01T00:00:00Z"}) == []
    high = api.search("spicy food", user_id=user, k=10, threshold=10**6)
    assert high == []

    # as given (infer=False), with an original time and a chosen theme
    raw = api.add("My dog is called Rex", user_id=user, infer=False, timestamp=T1, theme="pets",
                  metadata={"source": "onboarding", "宠物": "狗"})
    assert len(raw["results"]) == 1
    rex = raw["results"][0]
    assert (rex["description"], rex["theme"], rex["kind"], rex["valid_from"], rex["trust"], rex["metadata"]) == \
        ("My dog is called Rex", "pets", "fact", T1, "user", {"source": "onboarding", "宠物": "狗"})
    log.append(("add raw", normalise(rex, {})))
    rex_id = rex["id"]

    # get, get_all with filters and paging
    assert api.get(rex_id, user_id=user)["description"] == "My dog is called Rex"
    every = api.get_all(user_id=user)
    assert rex_id in [r["id"] for r in every]
    page1 = api.get_all(user_id=user, limit=2)
    page2 = api.get_all(user_id=user, limit=2, offset=2)
    assert [r["id"] for r in page1 + page2] == [r["id"] for r in every][:4]
    assert [r["id"] for r in api.get_all(user_id=user, filters={"theme": "pets"})] == [rex_id]
    assert [r["id"] for r in api.get_all(user_id=user, filters={"since": "2026-05-01T00:00:00Z"})] == [rex_id]
    assert [r["id"] for r in api.get_all(user_id=user, filters={"metadata": {"宠物": "狗"}})] == [rex_id]
    assert api.get_all(user_id=user, filters={"metadata": {"source": "elsewhere"}}) == []
    tagged = api.search("dog", user_id=user, filters={"metadata": {"source": "onboarding"}})
    assert [(r["id"], r["rank"]) for r in tagged] == [(rex_id, 1)]
    log.append(("get_all", sorted((r["description"], r["theme"], r["kind"]) for r in every)))

    # update, hit, history
    updated = api.update(rex_id, "My dog is called Max", user_id=user, reason="renamed")
    assert updated["description"] == "My dog is called Max"
    assert api.hit(rex_id, user_id=user) == 1
    assert api.hit(rex_id, user_id=user, count=2) == 3
    hist = api.history(rex_id, user_id=user)
    assert [h["op"] for h in hist] == ["update", "create"]
    assert hist[0]["old_description"] == "My dog is called Rex" and hist[0]["reason"] == "renamed"
    log.append(("history", normalise(hist, {})))

    # recall: results and the packed context block
    answer = api.recall("what is my dog called?", user_id=user, k=3)
    assert answer["results"][0]["id"] == rex_id
    assert "Max" in answer["context"] and answer["degraded"] is False
    log.append(("recall", [r["description"] for r in answer["results"]], answer["context"]))
    assert api.recall("what is my dog called?", user_id=user, k=3, budget_tokens=0)["context"] == ""

    # ingest with read-your-writes: a recall right after sees the turn
    api.ingest([{"user_id": user, "turn_id": "t-en-2", "session_id": "s2", "role": "user",
                 "text": "I started learning the cello.", "timestamp": T1}], wait=True)
    assert "cello" in api.recall("which instrument am I learning?", user_id=user, k=3)["context"]

    # an id's unique prefix (6+ characters) names the item in get, update, hit, history and delete; a prefix of
    # two items' ids is refused naming them; a short or another user's prefix is an unknown id
    assert api.get(rex_id[:8], user_id=user)["id"] == rex_id
    assert api.history(rex_id[:6], user_id=user) == api.history(rex_id, user_id=user)
    assert api.hit(rex_id[:10], user_id=user) == 4
    notes = [api.add(f"Note {n}: 记得买牛奶", user_id=user, infer=False)["results"][0]["id"] for n in (1, 2)]
    assert api.update(notes[0][:8], "Note 1: buy milk", user_id=user)["id"] == notes[0]
    assert api.delete(notes[1][:8], user_id=user, reason="done")["id"] == notes[1]
    for given in ("pfx-note-1", "pfx-note-2"):
        api.add([{"role": "user", "content": f"Note {given[-1]}", "id": given}], user_id=user, infer=False)
    with pytest.raises(InvalidField, match="matches 2 items"):
        api.get("pfx-note", user_id=user)
    log.append(("prefix", [api.get(i, user_id=user)["description"] for i in ("pfx-note-1", notes[0][:7])]))

    # bad calls: the same error class on every transport, nothing changed
    before = api.get_all(user_id=user, filters={"statuses": []})
    for call, error in [
        (lambda: api.get("0000000000000000", user_id=user), UnknownItem),
        (lambda: api.get(rex_id, user_id=other), UnknownItem),
        (lambda: api.get(rex_id[:8], user_id=other), UnknownItem),
        (lambda: api.get(rex_id[:5], user_id=user), UnknownItem),  # shorter than a prefix may be
        (lambda: api.update(rex_id, "stolen", user_id=other), UnknownItem),
        (lambda: api.delete(rex_id, user_id=other), UnknownItem),
        (lambda: api.history(rex_id, user_id=other), UnknownItem),
        (lambda: api.hit(rex_id, user_id=other), UnknownItem),
        (lambda: api.add("   ", user_id=user), EmptyText),
        (lambda: api.add(b"I live in Oslo", user_id=user), InvalidField),  # was iterated: "message 0 ... got int"
        (lambda: api.add(bytearray("我住在奥斯陆".encode()), user_id=user), InvalidField),
        (lambda: api.add([{"role": "user", "content": "I live in Rome", "timestmp": "2026-01-01"}], user_id=user),
         InvalidField),  # a misspelt field is refused, never dropped with the message dated now
        (lambda: api.add({"content": "我住在罗马", "tool_call_id": "c1"}, user_id=user, infer=False), InvalidField),
        (lambda: api.add("fine", user_id=user, infer=False, kind="gossip"), InvalidField),
        (lambda: api.update(rex_id, "", user_id=user), EmptyText),
        (lambda: api.search("", user_id=user), EmptyText),
        (lambda: api.search("dog", user_id=user, filters={"colour": "red"}), InvalidField),
        (lambda: api.search("dog", user_id=user, filters={"kind": "gossip"}), InvalidField),
        (lambda: api.get_all(user_id=user, filters={"status": "lost"}), InvalidField),
        (lambda: api.search("dog", user_id=user, k=0), InvalidField),
        (lambda: api.search("dog", user_id=user, filters={"metadata": {"source": 3}}), InvalidField),
        (lambda: api.recall("dog", user_id=user, filters={"metadata": {"source": "onboarding"}}), InvalidField),
        (lambda: api.get_all(user_id="bad id with spaces"), InvalidInput),
    ]:
        with pytest.raises(error):
            call()
    assert api.get_all(user_id=user, filters={"statuses": []}) == before
    assert api.get_all(user_id=other) == []
    assert api.search("dog", user_id=other) == []

    # delete, delete_all, reset
    gone = api.delete(rex_id, user_id=user, reason="no dog")
    assert gone["status"] == "deleted"
    with pytest.raises(UnknownItem):
        api.delete(rex_id, user_id=user)
    assert rex_id not in [r["id"] for r in api.search("dog Max", user_id=user, k=10)]
    assert api.get(rex_id, user_id=user)["status"] == "deleted"
    left = api.get_all(user_id=user)
    wiped = api.delete_all(user_id=user)
    assert wiped["deleted"] == len(left) > 0
    assert sorted(r["id"] for r in wiped["results"]) == sorted(r["id"] for r in left)
    assert {r["event"] for r in wiped["results"]} == {"DELETE"}
    assert api.get_all(user_id=user) == []
    log.append(("statuses", sorted(r["status"] for r in api.get_all(user_id=user, filters={"statuses": []}))))
    # the wipe forgot the applied turns: the same messages said again (a derived turn id, a given one) are
    # stored anew, not dropped as retries of turns whose memory is gone
    replay = api.add("I play the cello on weekends.", user_id=user, timestamp=T0)
    assert replay["turn_ids"] == first["turn_ids"] and replay["results"]
    zh_again = api.add([{"role": "user", "content": "我喜欢喝乌龙茶", "timestamp": T0, "id": "t-zh-1"}],
                       user_id=user)
    assert zh_again["results"] and {r["event"] for r in replay["results"] + zh_again["results"]} == {"ADD"}
    assert any("cello" in r["description"] for r in api.search("cello", user_id=user, k=3))
    assert any("乌龙茶" in r["description"] for r in api.search("乌龙茶", user_id=user, k=3))
    log.append(("replayed", sorted(r["description"] for r in api.get_all(user_id=user))))
    # an as-given home is keyed by its slot (found by a third-person question), and a later one supersedes it
    berlin = api.add("I moved to Berlin last month", user_id=user, infer=False)["results"][0]
    assert berlin["key"] == "fact:lives_in"
    assert api.search("where does she live?", user_id=user, k=1)[0]["id"] == berlin["id"]
    munich = api.add("我搬到慕尼黑了", user_id=user, infer=False)["results"][0]
    assert api.get(berlin["id"], user_id=user)["status"] == "superseded"
    assert api.search("where does the user live?", user_id=user, k=1)[0]["id"] == munich["id"]
    log.append(("as-given home", berlin["key"], munich["key"]))
    assert api.reset(user_id=user) > 0
    assert api.get_all(user_id=user, filters={"statuses": []}) == []
    assert api.recall("dog", user_id=user)["results"] == []
    return normalise(log, {})
