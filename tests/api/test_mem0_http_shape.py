"""The HTTP ``/mem0`` routes follow the Python Mem0 shape's rules (``memory_core.mem0_shape``) on the real
stack (shim, Redis, Celery workers, PostgreSQL): extracted memories listed, not the raw turns beside them;
agent_id or run_id alone scope memories; text parts taken; every bad field is 422. EN and ZH."""

from __future__ import annotations

from _http_stack import Stack


def test_mem0_routes_list_extracted_memories_and_scope_by_agent(stack: Stack) -> None:
    acme = stack.client(stack.key("acme"))
    try:
        said = [{"role": "user", "content": "我叫阿May，住在香港"}]
        added = acme.post("/mem0/memories", json={"messages": said, "user_id": "may"})
        assert added.status_code == 200, added.text
        assert "用户住在香港" in [r["memory"] for r in added.json()["results"]]
        assert not any(r["memory"].startswith("user:") for r in added.json()["results"]), added.text
        parts = [{"role": "user", "content": [{"type": "text", "text": "I moved to Taipei"}]}]
        assert acme.post("/mem0/memories", json={"messages": parts, "user_id": "may"}).status_code == 200
        acme.post("/mem0/memories", json={"messages": [{"role": "user", "content": "hi there"}], "user_id": "may"})
        listed = [r["memory"] for r in acme.get("/mem0/memories", params={"user_id": "may"}).json()["results"]]
        assert "User lives in Taipei" in listed and "用户住在香港" not in listed, listed
        assert "user: hi there" in listed, "a turn that produced no memory is still listed"
        assert not any(t.startswith("user:") and t != "user: hi there" for t in listed), listed

        bot = acme.post("/mem0/memories", json={"messages": [{"role": "user", "content": "I like jazz"}],
                                                "agent_id": "bot1"})
        assert bot.status_code == 200, bot.text
        agent = acme.get("/mem0/memories", params={"agent_id": "bot1"}).json()["results"]
        assert [(r["memory"], r["agent_id"], r["user_id"]) for r in agent] == [("User likes jazz", "bot1", None)]
        assert acme.get("/mem0/memories", params={"agent_id": "bot2"}).json() == {"results": []}
        for text in ("I like jazz", "我喜欢喝乌龙茶"):  # said again, unchanged: Mem0's NONE, not listed
            msg = {"messages": [{"role": "user", "content": text}], "agent_id": "bot1"}
            acme.post("/mem0/memories", json=msg)
            again = acme.post("/mem0/memories", json=msg)
            assert again.status_code == 200 and again.json() == {"results": []}, again.text

        none = acme.post("/mem0/memories", json={"messages": [{"role": "user", "content": "hi"}]})
        assert none.status_code == 422 and none.json()["error"]["code"] == "invalid_input"
        image = [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "https://x/y.png"}}]}]
        refused = acme.post("/mem0/memories", json={"messages": image, "user_id": "may"})
        assert refused.status_code == 422 and "only text parts" in refused.json()["error"]["message"]
        after = acme.get("/mem0/memories", params={"user_id": "may"}).json()["results"]
        assert len(after) == len(listed), "nothing stored"
    finally:
        acme.close()


def test_a_deleted_memory_is_not_found_by_id_and_a_changed_one_keeps_its_id(stack: Stack) -> None:
    acme = stack.client(stack.key("acme"))
    try:
        hangzhou = {"messages": [{"role": "user", "content": "我住在杭州", "timestamp": "2026-03-02T10:00:00Z"}],
                    "user_id": "kai"}
        first = acme.post("/mem0/memories", json=hangzhou)
        [old] = [r["id"] for r in first.json()["results"] if r["memory"] == "用户住在杭州"]
        assert acme.get(f"/mem0/memories/{old}").json()["memory"] == "用户住在杭州"
        moved = acme.post("/mem0/memories", json={"messages": [{"role": "user", "content": "I moved to Beijing"}],
                                                  "user_id": "kai"})
        assert [(r["id"], r["event"]) for r in moved.json()["results"]] == [(old, "UPDATE")], moved.text
        now = acme.get(f"/mem0/memories/{old}")  # Mem0's UPDATE keeps the id: its get is the current memory
        assert now.status_code == 200 and now.json()["memory"] == "User lives in Beijing", now.text
        told = [(h["event"], h["new_memory"]) for h in acme.get(f"/mem0/memories/{old}/history").json()]
        assert told == [("ADD", "用户住在杭州"), ("UPDATE", "User lives in Beijing")], told
        again = acme.post("/mem0/memories", json=hangzhou)  # the stored turn re-sent: Mem0's NONE, no ADD of `old`
        assert again.status_code == 200 and again.json() == {"results": []}, again.text
        liked = acme.post("/mem0/memories", json={"messages": [{"role": "user", "content": "I like jazz"}],
                                                  "user_id": "kai"})
        [jazz] = [r["id"] for r in liked.json()["results"] if r["memory"] == "User likes jazz"]
        assert acme.delete(f"/mem0/memories/{jazz}").status_code == 200
        assert acme.get(f"/mem0/memories/{jazz}").status_code == 404
        assert len(acme.get(f"/mem0/memories/{jazz}/history").json()) >= 2, "its history keeps it"
    finally:
        acme.close()


def test_search_takes_limit_and_refuses_fields_it_does_not_name(stack: Stack) -> None:
    acme = stack.client(stack.key("acme"))
    try:
        for text in ("I live in Kyoto", "I have a cat named Mochi", "我在任天堂上班"):
            msg = {"messages": [{"role": "user", "content": text}], "user_id": "kenji"}
            assert acme.post("/mem0/memories", json=msg).status_code == 200
        query = {"query": "Kyoto cat Nintendo 任天堂", "user_id": "kenji"}
        assert len(acme.post("/mem0/search", json=query).json()["results"]) >= 2
        one = acme.post("/mem0/search", json=query | {"limit": 1})
        assert one.status_code == 200 and len(one.json()["results"]) == 1, one.text
        assert len(acme.post("/mem0/search", json=query | {"limit": 1, "top_k": 5}).json()["results"]) == 1
        for bad in ({"limit": 0}, {"limit": -1}, {"limit": "abc"}, {"limit": 100_000}, {"bogus": 1},
                    {"rerank": False}, {"keyword_search": False}):
            refused = acme.post("/mem0/search", json=query | bad)
            assert refused.status_code == 422, (bad, refused.text)
            assert refused.json()["error"]["code"] == "invalid_input"
        unknown = acme.post("/mem0/memories", json={"messages": [{"role": "user", "content": "I like tea"}],
                                                    "user_id": "kenji", "infer_mode": "fast"})
        assert unknown.status_code == 422 and "infer_mode" in unknown.text, unknown.text
        assert acme.put("/mem0/memories/abcdef0123456789", json={"text": "x", "data": "y"}).status_code == 422
    finally:
        acme.close()


def test_erasing_a_user_over_http_erases_their_agent_scopes_and_counts_each(stack: Stack) -> None:
    acme = stack.client(stack.key("acme"))
    try:
        health = {"messages": [{"role": "user", "content": "My blood type is O negative and I live in Kyiv."}],
                  "user_id": "erz", "agent_id": "nurse-bot"}
        assert acme.post("/mem0/memories", json=health).status_code == 200
        home = {"messages": [{"role": "user", "content": "我住在基辅"}], "user_id": "erz"}
        assert acme.post("/mem0/memories", json=home).status_code == 200
        erased = acme.delete("/v1/users/erz")
        assert erased.status_code == 200, erased.text
        scopes = erased.json()["scopes"]
        assert set(scopes) == {"erz", "erz#agent#nurse-bot"} and all(scopes.values()), erased.text
        assert erased.json()["items_removed"] == sum(scopes.values())
        users = acme.get("/v1/users").json()["users"]
        assert not [u for u in users if u.startswith("erz")], users
        left = acme.get("/mem0/memories", params={"user_id": "erz", "agent_id": "nurse-bot"})
        assert left.json() == {"results": []}, left.text
        assert not stack.services.store.list_items("acme:erz#agent#nurse-bot", statuses=None)

        said = {"messages": [{"role": "user", "content": "I want vegetarian meals on flights"}],
                "user_id": "hb", "agent_id": "travel-bot"}
        assert acme.post("/mem0/memories", json=said).status_code == 200
        deleted = acme.delete("/mem0/memories", params={"user_id": "hb"})
        assert deleted.status_code == 200, deleted.text
        assert {(d["user_id"], d["agent_id"]) for d in deleted.json()["deleted"]} == {("hb", None),
                                                                                    ("hb", "travel-bot")}
        gone = acme.get("/mem0/memories", params={"user_id": "hb", "agent_id": "travel-bot"})
        assert gone.json() == {"results": []}, gone.text
    finally:
        acme.close()


def test_a_messages_timestamp_is_honoured_and_fields_and_parameters_not_named_are_refused(stack: Stack) -> None:
    acme = stack.client(stack.key("acme"))
    try:
        for text, when in (("I live in Lima now.", "2020-05-01T10:00:00Z"),
                           ("我现在住在基多。", "2019-05-01T10:00:00Z")):  # posted later, said a year earlier
            msg = {"messages": [{"role": "user", "content": text, "timestamp": when}], "user_id": "ts1"}
            added = acme.post("/mem0/memories", json=msg)
            assert added.status_code == 200, added.text
            assert "DELETE" not in [r["event"] for r in added.json()["results"]], "an older message ends nothing"
        listed = [r["memory"] for r in acme.get("/mem0/memories", params={"user_id": "ts1"}).json()["results"]]
        assert "User lives in Lima" in listed and "用户住在基多" not in listed, listed

        before = acme.get("/mem0/memories", params={"user_id": "ts1"}).json()
        for bad in ({"role": "user", "content": "I live in Cusco.", "timestmp": "2021-01-01"},
                    {"role": "user", "content": "I live in Cusco.", "timestamp": True}):
            refused = acme.post("/mem0/memories", json={"messages": [bad], "user_id": "ts1"})
            assert refused.status_code == 422, refused.text
        twice = b'{"messages": [{"role": "user", "content": "I live in Cusco."}], "user_id": "ts1", "user_id": "ts2"}'
        dup = acme.post("/mem0/memories", content=twice, headers={"Content-Type": "application/json"})
        assert dup.status_code == 422 and "'user_id' twice" in dup.json()["error"]["message"], dup.text
        assert acme.get("/mem0/memories", params={"user_id": "ts1"}).json() == before, "nothing stored"
        assert acme.get("/mem0/memories", params={"user_id": "ts2"}).json() == {"results": []}

        one = acme.get("/mem0/memories", params={"user_id": "ts1", "limit": 1})
        assert one.status_code == 200 and len(one.json()["results"]) == 1, one.text
        for params in ({"limit": "abc"}, {"limit": -5}, {"limt": 1}, {"filters": "x"}):
            refused = acme.get("/mem0/memories", params={"user_id": "ts1", **params})
            assert refused.status_code == 422, (params, refused.text)
        assert "limt" in acme.get("/mem0/memories", params={"user_id": "ts1", "limt": 1}).text
    finally:
        acme.close()


def test_a_run_beside_the_user_is_kept_and_filtered_over_http(stack: Stack) -> None:
    acme = stack.client(stack.key("acme"))
    try:
        for text, run in (("For this trip I'm flying to Tokyo", "trip-42"), ("这次出差我住在大阪的酒店", "trip-7")):
            msg = {"messages": [{"role": "user", "content": text}], "user_id": "rb", "run_id": run}
            assert acme.post("/mem0/memories", json=msg).status_code == 200
        assert acme.post("/mem0/memories", json={"messages": [{"role": "user", "content": "I live in Leeds"}],
                                                 "user_id": "rb"}).status_code == 200
        every = acme.get("/mem0/memories", params={"user_id": "rb"}).json()["results"]
        assert {r["run_id"] for r in every} == {None, "trip-42", "trip-7"}, every
        one = acme.get("/mem0/memories", params={"user_id": "rb", "run_id": "trip-42"}).json()["results"]
        assert [r["run_id"] for r in one] == ["trip-42"] and "Tokyo" in one[0]["memory"], one
        found = acme.post("/mem0/search", json={"query": "trip hotel flight Tokyo 大阪", "user_id": "rb",
                                                "run_id": "trip-7"}).json()["results"]
        assert found and {r["run_id"] for r in found} == {"trip-7"}, found
        gone = acme.delete("/mem0/memories", params={"user_id": "rb", "run_id": "trip-42"})
        assert gone.status_code == 200 and gone.json()["deleted"][0]["run_id"] == "trip-42", gone.text
        left = acme.get("/mem0/memories", params={"user_id": "rb"}).json()["results"]
        assert {r["run_id"] for r in left} == {None, "trip-7"}, left
    finally:
        acme.close()


def test_metadata_keeps_its_json_types_over_http(stack: Stack) -> None:
    acme = stack.client(stack.key("acme"))
    given = {"source": "chat", "n": 2, "ok": True, "score": 0.5, "tags": ["a", "b"], "when": {"day": 1},
             "digits": "2", "标签": ["家", "猫"]}
    try:
        msg = {"messages": [{"role": "user", "content": "I live in Porto"}], "user_id": "mt", "metadata": given}
        added = acme.post("/mem0/memories", json=msg)
        assert added.status_code == 200, added.text
        listed = acme.get("/mem0/memories", params={"user_id": "mt"}).json()["results"]
        assert [r["metadata"] for r in listed] == [given], listed
        memory = acme.get(f"/mem0/memories/{listed[0]['id']}")
        assert memory.status_code == 200 and memory.json()["metadata"] == given, memory.text
        for wanted in ({"ok": True}, {"n": 2}, {"n": "2"}, {"digits": "2"}):
            found = acme.post("/mem0/search", json={"query": "Porto", "filters": {"user_id": "mt", **wanted}})
            assert found.status_code == 200 and [r["metadata"] for r in found.json()["results"]] == [given], \
                (wanted, found.text)
        none = acme.post("/mem0/search", json={"query": "Porto", "filters": {"user_id": "mt", "ok": False}})
        assert none.status_code == 200 and none.json() == {"results": []}, none.text
        for bad in ({"gone": None}, {"mem0:json": "[]"}):
            refused = acme.post("/mem0/memories", json={**msg, "metadata": bad})
            assert refused.status_code == 422 and refused.json()["error"]["code"] == "invalid_input", refused.text
    finally:
        acme.close()


def test_a_bad_key_is_401_before_any_parameter_is_checked(stack: Stack) -> None:
    """An unauthenticated caller learns nothing about a route's parameters: 401 first, on every /mem0 route."""
    acme, forged = stack.client(stack.key("acme")), stack.client("gs_nope_nope")
    try:
        calls = [("GET", "/mem0/memories", {"params": {"limt": 1}}),
                 ("GET", "/mem0/memories", {"params": {"user_id": "kai", "limit": "abc"}}),
                 ("POST", "/mem0/memories", {"params": {"x": 1}, "json": {"messages": []}}),
                 ("POST", "/mem0/search", {"params": {"x": 1}, "json": {"query": "tea", "limit": 0}}),
                 ("GET", "/mem0/memories/abcdef0123456789", {"params": {"x": 1}}),
                 ("PUT", "/mem0/memories/abcdef0123456789", {"params": {"x": 1}, "json": {"bogus": 1}}),
                 ("GET", "/mem0/memories/abcdef0123456789/history", {"params": {"x": 1}}),
                 ("DELETE", "/mem0/memories/abcdef0123456789", {"params": {"x": 1}}),
                 ("DELETE", "/mem0/memories", {"params": {"limt": 1}})]
        for method, path, args in calls:
            assert acme.request(method, path, **args).status_code == 422, (method, path)  # with the key: bad
            refused = forged.request(method, path, **args)
            assert refused.status_code == 401, (method, path, refused.text)
            assert refused.json()["error"]["code"] == "unauthorized"
    finally:
        acme.close()
        forged.close()
