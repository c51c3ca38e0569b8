"""Card, account and ID numbers, passwords, PINs and API keys are masked on recall surfaces even when asked
for (``sensitive_kind.WITHHELD``), English and Chinese; the owner's ``reveal`` shows them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory

CASES = [
    ("My credit card number is 4111 1111 1111 1111.", "what is my credit card number?", "4111 1111 1111 1111"),
    ("My wifi password is Tr0ub4dor&3.", "what's my wifi password?", "Tr0ub4dor&3"),
    ("my aws key is AKIAIOSFODNN7EXAMPLE", "what is my aws key?", "AKIAIOSFODNN7EXAMPLE"),
    ("我的身份证号是110101199003071234", "我的身份证号是多少？", "110101199003071234"),
    ("我的银行卡号 6222 0212 3456 7890 123，密码是 654321", "我的银行卡密码是多少", "654321"),
]


@pytest.fixture()
def mem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[EmbeddedMemory]:
    monkeypatch.setenv("GULFSTREAM_DATABASE_URL", f"sqlite:///{tmp_path}/m.db")
    monkeypatch.delenv("GULFSTREAM_LLM_MODEL", raising=False)
    m = EmbeddedMemory.open()
    yield m
    m.close()


@pytest.mark.parametrize(("said", "question", "value"), CASES)
def test_an_asked_secret_is_found_but_masked(mem: EmbeddedMemory, said: str, question: str, value: str) -> None:
    from memory_core.mem0_compat import Memory

    mem.add(said, user_id="sam")
    answer = mem.recall(question, user_id="sam")
    assert answer["results"], answer  # the item answers the question ...
    shown = answer["context"] + " ".join(r["description"] for r in answer["results"])
    assert value not in shown and "[" in answer["context"], shown  # ... with its value masked
    hits = " ".join(h["description"] for h in mem.search(question, user_id="sam"))
    assert value not in hits
    m0 = Memory()
    assert value not in str(m0.search(question, filters={"user_id": "sam"}))
    m0.close()
    revealed = " ".join(i["description"] for i in mem.get_all(user_id="sam", reveal=True))
    assert value in revealed  # the owner's own tools still read it


@pytest.mark.parametrize(("said", "question", "value"), [
    ("I was diagnosed with diabetes in May.", "how is my diabetes going", "diabetes"),
    ("我对青霉素过敏", "我对什么药过敏？", "青霉素"),
])
def test_an_asked_health_detail_is_still_shown(mem: EmbeddedMemory, said: str, question: str, value: str) -> None:
    mem.add(said, user_id="sam")
    assert value in mem.recall(question, user_id="sam")["context"]


def test_a_secret_saved_as_given_is_sensitive_and_unseen_by_a_question_about_another_kind(
        mem: EmbeddedMemory) -> None:
    said = {"aws": "My AWS access key is AKIAIOSFODNN7EXAMPLE", "pin": "My bank card PIN is 4821",
            "mail": "My gmail password is hunter2!x", "home": "我住在波尔图"}
    ids = {name: mem.add(text, user_id="sg", infer=False)["results"][0]["id"] for name, text in said.items()}
    themes = {name: mem.get(i, user_id="sg")["theme"] for name, i in ids.items()}
    assert {n for n, t in themes.items() if t == "sensitive"} == {"aws", "pin", "mail"}, themes
    for question, asked in (("what's my AWS key?", "aws"), ("what's my gmail password?", "mail"),
                            ("我的银行卡PIN是多少？", "pin")):
        seen = {h["id"] for h in mem.search(question, user_id="sg", k=5)}
        assert ids[asked] in seen, question
        assert not seen & {ids[n] for n in ("aws", "pin", "mail") if n != asked}, (question, seen)
