"""The bad-input corpus: requests a careless or hostile caller sends, none of which may get a 5xx.

``corpus(user)`` returns ``Case(method, path, body/content, note, expect)``
for user ``user`` (created by the first case): bad timestamps (out of range
once converted to UTC, epochs of every size, garbage), NUL characters, lone
surrogates, Unicode bidi controls, bad ids, types, sizes, enums, YAML imports with such values, and
broken bodies. ``expect`` is the status class the case must get ("2xx" /
"4xx"); None means "anything but 5xx". ``tests/http/test_bad_input_corpus.py``
and ``ops/soak.py`` run it against the real shim.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

__all__ = ["BAD_TIMESTAMPS", "Case", "corpus"]

BAD_TIMESTAMPS: list[Any] = [
    "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+00:01",
    "9999-12-31T23:59:59.999999-00:01", "9999-12-31T23:59:59Z", "0001-01-01T00:00:00", "0000-01-01T00:00:00Z",
    "10000-01-01T00:00:00Z", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-01-01T25:00:00Z",
    "2026-01-01T00:00:00+25:00", "yesterday", "", " ", "NaN", "inf", "-inf", "1e400", "9" * 40, "-" + "9" * 40,
    1e20, -1e20, 1e308, -1e308, 253402300800, -62135596801, 3e10, 1e13, True, None, [], {}, "2026-01-01T00:00:00Z\x00",
]


@dataclass
class Case:
    """One request of the corpus."""

    method: str
    path: str
    json: Any = None
    content: bytes | str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    note: str = ""
    expect: str | None = "4xx"


def _turn(user: str, n: int, **changes: Any) -> dict[str, Any]:
    body = {"user_id": user, "turn_id": f"bad-{n}", "session_id": "s1", "role": "user", "text": "I like tea.",
            "timestamp": "2026-03-01T10:00:00Z"}
    body.update(changes)
    return body


def corpus(user: str) -> list[Case]:
    """The corpus for ``user`` (its first case creates the user with one good turn)."""
    cases = [Case("POST", "/v1/turns", _turn(user, 0), note="a good turn (creates the user)", expect="2xx")]
    n = 1
    items = f"/v1/users/{user}/items"

    def turn(note: str, expect: str | None = "4xx", **changes: Any) -> None:
        nonlocal n
        cases.append(Case("POST", "/v1/turns", _turn(user, n, **changes), note=note, expect=expect))
        n += 1

    for ts in BAD_TIMESTAMPS:
        turn(f"turn timestamp {ts!r:.40}", timestamp=ts)
        # a filter may be far ahead (3e10 is the year 2920) or absent (None): refused only when it is no time
        refuse = "4xx" if ts not in (None, 3e10, 1e13, 253402300800) else None
        cases.append(Case("POST", f"/v1/users/{user}/recall", {"query": "tea", "filters": {"since": ts}},
                          note=f"recall since {ts!r:.40}", expect=refuse))
        cases.append(Case("POST", f"/v1/users/{user}/recall", {"query": "tea", "filters": {"until": ts}},
                          note=f"recall until {ts!r:.40}", expect=refuse))
        cases.append(Case("POST", "/v1/turns/batch", {"turns": [_turn(user, 900 + n, timestamp=ts)]},
                          note=f"batch timestamp {ts!r:.40}"))
        if isinstance(ts, str) and ts.strip():  # an empty time in a file means "none"
            doc = (f"format: gulfstream-export\nversion: 1\nusers:\n  {user}:\n    itm0000000000001:\n"
                   f"      description: tea\n      theme: taste\n      valid_from: '{ts}'\n")
            cases.append(Case("POST", f"/v1/users/{user}/import", content=doc,
                              headers={"Content-Type": "application/yaml"}, note=f"import valid_from {ts!r:.30}"))
            bare = f"itm{n:013d}:\n  description: tea\n  theme: taste\n  created_at: {ts}\n"
            cases.append(Case("POST", f"/v1/users/{user}/import", content=bare,
                              headers={"Content-Type": "application/yaml"}, note=f"import created_at {ts!r:.30}"))
    for ts in ("1970-01-01T00:00:00+14:00", 0, 1764547200, "1764547200", -3e10):
        turn(f"good timestamp {ts!r}", expect="2xx", timestamp=ts)
    bad_text: list[Any] = ["", "   ", "\u200b\u200b", "a\x00b", "x" * 8001, 5, None, [], {"a": 1}, True]
    for text in bad_text:
        turn(f"text {text!r:.30}", text=text)
        cases.append(Case("POST", f"/v1/users/{user}/recall", {"query": text}, note=f"query {text!r:.30}"))
        cases.append(Case("POST", items, {"description": text, "theme": "taste"}, note=f"item text {text!r:.30}"))
    bad_ids: list[Any] = ["", " ", "a b", "a\nb", "a\x00b", "x" * 200, 5, None, ["a"], "\u202e", "a\t",
                         "ａｎｎ", "\u0430nn", "an\u200bn", "张三２"]  # read as other ids (``lookalike_ids``)
    for ident in bad_ids:
        turn(f"user id {ident!r:.30}", user_id=ident)
        turn(f"turn id {ident!r:.30}", turn_id=ident)
        turn(f"session id {ident!r:.30}", session_id=ident)
    for ident in ("é" * 96, "a" * 96, "..", "a:b", "a/b"):  # too long for a user id over HTTP (95); fine elsewhere
        turn(f"user id {ident!r:.30}", user_id=ident, expect="4xx" if len(ident) > 95 else None)
        turn(f"turn id {ident!r:.30}", expect=None, turn_id=ident)
    for role in ("admin", "", "USER", 1, None):
        turn(f"role {role!r}", role=role)
    for speaker in ("", "x" * 200, "a\x00", 7):
        turn(f"speaker {speaker!r:.20}", speaker=speaker)
    for meta in ({"k": "a\x00"}, {"": "v"}, {"k": ""}, {f"k{i}": "v" for i in range(40)}, {"k": 1}, ["k"],
                 {"k" * 65: "v"}, {"k": "v" * 2001}):
        turn(f"meta {str(meta)[:30]}", meta=meta)
    turn("an unknown field", extra="x")
    # Unicode bidi controls (listing spoofing): refused in ids and names, stripped from free text
    bidi = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]
    for control in bidi:
        turn(f"speaker with U+{ord(control):04X}", speaker=control + "Ann")
        turn(f"user id with U+{ord(control):04X}", user_id=user + control)
        turn(f"session id with U+{ord(control):04X}", session_id="s" + control + "1")
        turn(f"text with U+{ord(control):04X} (stored without it)", expect="2xx", text=f"{control}I like green tea.")
        cases.append(Case("POST", f"/v1/users/{user}/recall", {"query": control + "tea"},
                          note=f"query with U+{ord(control):04X}", expect="2xx"))
        cases.append(Case("POST", items, {"description": "tea", "theme": "taste", "speaker": control + "Ann"},
                          note=f"item speaker with U+{ord(control):04X}"))
    turn("text of bidi controls only", text="".join(bidi))
    turn("meta with a bidi control (stored without it)", expect="2xx", meta={"src": "\u202eweb"})
    cases.append(Case("POST", items, {"description": "\u2067我喜欢绿茶\u2069", "theme": "taste"},
                      note="item text in an isolate (stored without it)", expect="2xx"))
    # role and session_id default as in a turn file ("user", "default")
    no_role = _turn(user, n)
    del no_role["role"], no_role["session_id"]
    n += 1
    cases.append(Case("POST", "/v1/turns", no_role, note="a turn without role and session_id", expect="2xx"))
    # lone surrogates: JSON escapes that decode to no valid text
    for name in ("text", "user_id", "speaker", "session_id"):
        body = json.dumps(_turn(user, n, speaker="Ann")).replace(f'"{name}": "', f'"{name}": "\\ud800', 1)
        n += 1
        cases.append(Case("POST", "/v1/turns", content=body, headers={"Content-Type": "application/json"},
                          note=f"lone surrogate in {name}"))
    cases.append(Case("POST", f"/v1/users/{user}/recall", content='{"query": "tea\\udfff"}',
                      headers={"Content-Type": "application/json"}, note="lone surrogate in query"))
    cases.append(Case("POST", items, content='{"description": "\\ud83d tea", "theme": "taste"}',
                      headers={"Content-Type": "application/json"}, note="lone surrogate in an item"))
    # recall parameters
    for body in ({"query": "tea", "k": 0}, {"query": "tea", "k": "3"}, {"query": "tea", "k": 10**12},
                 {"query": "tea", "k": True}, {"query": "tea", "budget_tokens": -1},
                 {"query": "tea", "timeout_ms": 10**9}, {"query": "tea", "filters": {"statuses": ["bogus"]}},
                 {"query": "tea", "filters": {"themes": ["t"] * 51}}, {"query": "tea", "filters": {"kinds": [1]}},
                 {"query": "tea", "filters": {"themes": ["a\x00"]}}, {"query": "tea", "filters": []},
                 {"query": "tea", "filters": {"since": "2026-01-01T00:00:00Z", "until": "2025-01-01T00:00:00Z"}}):
        cases.append(Case("POST", f"/v1/users/{user}/recall", body, note=f"recall {str(body)[:40]}", expect=None))
    # items
    for body in ({"description": "tea", "theme": ""}, {"description": "tea", "theme": "t" * 65},
                 {"description": "tea", "theme": "taste", "kind": "bogus"},
                 {"description": "tea", "theme": "taste", "reason": "r" * 1001},
                 {"description": "tea", "theme": "taste", "valid_from": "0001-01-01T00:00:00+14:00"},
                 {"description": "tea", "theme": "taste", "key": "a\x00"}, {"description": "tea"}):
        cases.append(Case("POST", items, body, note=f"item {str(body)[:40]}"))
    for path in (f"{items}/nope", f"{items}/nope/history", f"{items}?status=bogus", f"{items}?theme=%00",
                 f"{items}?theme=" + "t" * 65, f"{items}?kind=%ED%A0%80", f"/v1/users/{user}/turns/%00",
                 f"/v1/users/{user}/turns/" + "t" * 300, f"/v1/users/{user}/turns/%ED%A0%80",
                 f"/v1/users/{'u' * 300}/items", "/v1/users/%00/items", f"/v1/users/{user}/export?x=%FF"):
        cases.append(Case("GET", path, note=f"GET {path[-40:]}", expect=None))
    for method, path, body in (("PATCH", f"{items}/nope", {"reason": "r"}), ("PATCH", f"{items}/nope", {}),
                               ("POST", f"{items}/nope/merge", {"other_id": "a/b", "reason": "r"}),
                               ("DELETE", f"{items}/nope?reason=", None), ("DELETE", f"{items}/nope", None),
                               ("DELETE", f"{items}/nope?reason=%00", None)):
        cases.append(Case(method, path, body, note=f"{method} {path[-30:]}", expect=None))
    # imports
    for doc in ("{", "- [", "\x00", "users: 5", "format: gulfstream-export\nversion: 99\nusers: {}\n", "[1, 2]",
                "itm1:\n  description: ''\n  theme: t\n", "itm1:\n  description: a\n  theme: t\n  hit: 1e400\n",
                "itm1:\n  description: a\n  theme: t\n  confidence: .nan\n",
                "itm1:\n  description: a\n  theme: t\n  source: t1\n",
                "itm1:\n  description: a\n  theme: t\n  key: [1]\n",
                "a: &a [*a, *a]\n", "itm1: !!python/object:os.system {}\n", "x" * 100, "\ud800".encode(
                    "utf-8", "surrogatepass").decode("latin-1")):
        cases.append(Case("POST", f"/v1/users/{user}/import", content=doc, headers={"Content-Type": "application/yaml"},
                          note=f"import {doc[:30]!r}", expect=None))
    cases.append(Case("POST", f"/v1/users/{user}/import", content=b"\xff\xfe\x00bad",
                      headers={"Content-Type": "application/yaml"}, note="import of bytes that are not UTF-8"))
    # broken bodies
    for raw in (b"{", b"null", b"[]", b'"x"', b"{" * 5000 + b"}" * 5000, b"\xff\xfe", b'{"turns": 5}',
                b'{"user_id": 1e999}'):
        cases.append(Case("POST", "/v1/turns", content=raw, headers={"Content-Type": "application/json"},
                          note=f"body {raw[:20]!r}"))
        cases.append(Case("POST", f"/v1/users/{user}/recall", content=raw,
                          headers={"Content-Type": "application/json"}, note=f"recall body {raw[:20]!r}"))
    cases.append(Case("POST", "/v1/turns", content="user_id=x", headers={"Content-Type": "text/plain"},
                      note="not JSON"))
    return cases
