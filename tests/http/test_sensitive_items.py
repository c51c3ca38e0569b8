"""Sensitive items over HTTP: masked unless asked for explicitly, recalled only when the question asks."""

from __future__ import annotations

from _http_stack import Stack, wait_until


def test_sensitive_items_are_masked_unless_revealed(stack: Stack, acme_key: str) -> None:
    user = "sens-user"
    turns = [("s1", "My locker code is 4711."), ("s2", "我的银行卡号是6222020200112233445"),
             ("s3", "I like green tea.")]
    with stack.client(acme_key) as client:
        for turn_id, text in turns:
            body = {"user_id": user, "turn_id": turn_id, "session_id": "s", "role": "user", "text": text,
                    "timestamp": "2026-03-01T10:00:00Z"}
            assert client.post("/v1/turns", json=body).status_code == 202
        wait_until(lambda: client.get(f"/v1/users/{user}/turns/s3").json().get("status") == "applied", 60,
                   "the turns applied")
        items = client.get(f"/v1/users/{user}/items").json()["items"]
        sensitive = [i for i in items if i["theme"] == "sensitive"]
        assert len(sensitive) >= 2, items
        shown = " ".join(i["description"] for i in items)
        assert "4711" not in shown and "6222020200112233445" not in shown and "[code]" in shown
        revealed = client.get(f"/v1/users/{user}/items", params={"reveal": "true"}).json()["items"]
        assert "4711" in " ".join(i["description"] for i in revealed)
        one = client.get(f"/v1/users/{user}/items/{sensitive[0]['id']}").json()
        assert one.get("masked") is True
        tea = client.post(f"/v1/users/{user}/recall", json={"query": "what do I like to drink?"}).json()
        assert "4711" not in tea["context"]["text"] and "6222" not in tea["context"]["text"]
        code = client.post(f"/v1/users/{user}/recall", json={"query": "what is my locker code?"}).json()
        assert "4711" not in code["context"]["text"] and "[code]" in code["context"]["text"]
        # the results of a recall show what its context block shows: the asked item, its code masked (a code
        # is withheld even when asked; the owner reveals it), no other kind
        results = " ".join(r["item"]["description"] for r in code["results"])
        assert "4711" not in results and "[code]" in results, code["results"]
        assert "6222020200112233445" not in results + code["context"]["text"]


def test_the_session_routes_show_no_value_in_clear(stack: Stack, acme_key: str) -> None:
    user = "sens-session"
    turns = [("w1", "My card is 4111 1111 1111 1111 and my wifi password is Tr0ub4dor&3"),
             ("w2", "我的身份证号是110101199003071234，帮我填一下表。")]
    with stack.client(acme_key) as client:
        for turn_id, text in turns:
            body = {"user_id": user, "turn_id": turn_id, "session_id": "s", "role": "user", "text": text,
                    "timestamp": "2026-03-01T10:00:00Z"}
            assert client.post("/v1/turns", json=body).status_code == 202
        wait_until(lambda: client.get(f"/v1/users/{user}/turns/w2").json().get("status") == "applied", 60,
                   "the turns applied")
        window = client.get(f"/v1/users/{user}/sessions/s/context")
        assert window.status_code == 200 and window.json()["turns"], window.text
        block = client.post(f"/v1/users/{user}/sessions/s/prompt-context", json={"query": "what's my card number?"})
        assert block.status_code == 200, block.text
        for shown in (window.text, block.text):
            assert not [v for v in ("4111 1111", "Tr0ub4dor", "110101199003071234") if v in shown], shown
            assert "[card]" in shown or "[id]" in shown
