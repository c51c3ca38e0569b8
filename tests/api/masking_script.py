"""The sensitive-values script every ``MemoryAPI`` transport must run alike: masked by default, revealed on request.

``run_masking_script(api, user)`` tells secrets in English and Chinese
(passwords, a bank card and its PIN, a card's CVV, a 身份证 number, an API
key), adds a PIN as given and writes one into an item by hand, then checks
that every call reading items back (the ``add`` / ``update`` results, ``get``,
``get_all``, ``history``, ``search``, ``recall``) shows none of the values
unless ``reveal=True`` is passed, that a search asking for the wifi password
shows that one and masks the other, and that the create revision of a flagged
item says its theme is ``sensitive``. It returns a transcript (ids and times
dropped) to compare transports.
"""

from __future__ import annotations

from typing import Any

import pytest

from memory_core.api import MemoryAPI
from memory_core.errors import InvalidField

__all__ = ["SECRETS", "run_masking_script"]

T0 = "2026-01-01T10:00:00+00:00"
TURNS = [
    "my wifi password is Tr0ub4dor&3, and my gmail password is hunter2hunter2",
    "银行卡号 6222 0212 3456 7890 123，密码是 884422",
    "card 4111 1111 1111 1111 exp 12/28 cvv 737 - pls remember for booking",
    "身份证号 11010519491231002X",
    "我的openai key是 sk-proj-abcdefghijklmnopqrstuvwxyz123456",
]
#: The values no read may show unless revealed, as found in a text with its spaces removed (a short code with
#: the word before it, so that an id's hex digits never count).
SECRETS = ("Tr0ub4dor&3", "hunter2hunter2", "6222021234567890123", "是884422", "4111111111111111", "cvv737",
           "11010519491231002X", "abcdefghijklmnopqrstuvwxyz123456", "is4711", "是2580", "is9911")
TEXTS = ("description", "key", "old_description", "new_description")


def _texts(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [str(v) for k, v in value.items() if k in TEXTS and v] + \
            [t for v in value.values() if isinstance(v, dict | list) for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return []


def _leaks(value: Any) -> list[str]:
    """The secrets found in ``value``'s texts (descriptions, keys, revision texts; spaces removed)."""
    text = "\n".join(_texts(value)).replace(" ", "")
    return [s for s in SECRETS if s in text]


def run_masking_script(api: MemoryAPI, user: str) -> list[Any]:
    """Run the script for a fresh ``user``; return the transcript (see the module docstring)."""
    log: list[Any] = []
    added = api.add([{"role": "user", "content": text, "timestamp": T0, "id": f"t-sec-{n}"}
                     for n, text in enumerate(TURNS)], user_id=user)
    assert added["results"] and _leaks(added) == [], "add's results are masked"
    raw = api.add("My locker code is 4711", user_id=user, infer=False, timestamp=T0)["results"][0]
    raw_zh = api.add("门禁密码是 2580", user_id=user, infer=False, timestamp=T0)["results"][0]
    assert "[code]" in raw["description"] and "4711" not in raw["description"], "masked whatever the theme"
    assert "2580" not in raw_zh["description"]
    plain = api.add("I live in Lyon", user_id=user, infer=False, timestamp=T0)["results"][0]
    edited = api.update(plain["id"], "I live in Lyon, my bike lock code is 9911", user_id=user, reason="more")
    assert "9911" not in edited["description"]

    every = api.get_all(user_id=user, filters={"statuses": []}, limit=1000)
    assert _leaks(every) == [], "get_all masks every sensitive value and key"
    shown = sorted(r["description"] for r in every)
    assert any("[cvv]" in d and "[card]" in d for d in shown), "a card's CVV has its own label"
    assert any("[id]" in d for d in shown) and any("[api_key]" in d for d in shown)
    log.append(("get_all", shown))
    for record in every:
        assert _leaks(api.get(record["id"], user_id=user)) == []
        history = api.history(record["id"], user_id=user)
        assert _leaks(history) == []
        if record["theme"] == "sensitive" and history[-1]["op"] == "create" and history[-1]["actor"] == "pipeline":
            assert history[-1]["new_theme"] == "sensitive", "the create revision names the theme written"
    log.append(("history", [h["new_description"] for h in api.history(plain["id"], user_id=user)]))

    revealed = api.get_all(user_id=user, filters={"statuses": []}, limit=1000, reveal=True)
    assert set(_leaks(revealed)) == set(SECRETS), "reveal=True shows what is stored"
    assert "9911" in api.get(plain["id"], user_id=user, reveal=True)["description"]
    assert _leaks(api.history(plain["id"], user_id=user, reveal=True)) == ["is9911"]
    for bad in ("yes", 1, None):
        with pytest.raises(InvalidField):
            api.get_all(user_id=user, reveal=bad)  # type: ignore[arg-type]

    # a search asking for the wifi password finds it masked (a password is withheld even when asked)
    found = api.search("what's my wifi password?", user_id=user, k=5)
    assert _leaks(found) == [] and any("wifi" in r["description"] for r in found)
    recalled = api.recall("我的银行卡密码是多少", user_id=user, k=5)
    assert _leaks(recalled["results"]) == [] and recalled["results"], "the asked PIN found, masked"
    log.append(("search", sorted(r["description"] for r in found)))
    return log
