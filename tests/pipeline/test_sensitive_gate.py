"""The detector's gates (``sensitive_gate``) skip only rules that cannot match: the same findings with every
gate open, on the labelled texts of the seen halves and the behaviour dev turns, English and Chinese."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from memory_core.pipeline import sensitive_detect
from memory_core.pipeline.sensitive_gate import Gate, gates_open, word_set

DATA = Path(__file__).parent / "data"
BEHAVIOUR_DEV = Path(__file__).resolve().parents[2] / "memory_core" / "data" / "behaviour" / "dev.yaml"
SEEN = ("dev", "test", "heldout", "third", "fourth", "fifth")  # sixth is blind: never read here

# shapes the labelled halves hold few of: non-ASCII letters that IGNORECASE folds onto ASCII ones
# ("ſ" onto s, the Kelvin sign onto k), full-width digits, a value with no word the rules name
EDGES = [
    "my paſsword is Xk82!mzQ", "api \u212aey: sk_9f8e7d6c5b4a39281706f5e4", "ＰＩＮ：４４７１",
    "door code 4471", "the code for the shed is 4-4-7-1", "我的银行卡号是 6222 0212 3456 7890 123",
    "I take 20mg of sertraline for my anxiety", "我妈有糖尿病，每天打胰岛素", "she was diagnosed with lupus",
    "my seed phrase is apple river stone cloud tiger mango lemon piano window garden silver rocket",
    "Authy says 571 093, typing it in now", "wifi key is Tr0ub4dor&3", "redis://:s3cretpass@10.0.0.2:6379",
    "my security answer is Fluffy", "3 turns right to 12, left to 34, right to 9", "PrEP every day since May",
    "we talked about the weather", "",
]


def _texts() -> list[str]:
    texts = list(EDGES)
    for half in SEEN:
        texts += [row["text"] for row in yaml.safe_load((DATA / f"sensitive_{half}.yaml").read_text("utf-8"))]
    cases = yaml.safe_load(BEHAVIOUR_DEV.read_text("utf-8"))["cases"]
    texts += [turn["text"] for case in cases for turn in case["turns"] if "text" in turn]
    return texts


def _findings(texts: list[str]) -> list[tuple[sensitive_detect.Finding, ...]]:
    return [sensitive_detect._detect.__wrapped__(text) for text in texts]  # type: ignore[attr-defined]


def test_the_gates_change_no_finding() -> None:
    texts = _texts()
    gated = _findings(texts)
    with gates_open():
        ungated = _findings(texts)
    assert len(texts) > 2000
    assert sum(map(bool, gated)) > 900  # the corpus holds findings of every kind, not only plain talk
    assert {f.category for found in gated for f in found} == set(sensitive_detect.CATEGORIES)
    differing = [(text, g, u) for text, g, u in zip(texts, gated, ungated, strict=True) if g != u]
    assert differing == []


@pytest.mark.parametrize(("text", "digit", "wide"), [
    ("we talked about the weather", False, False),
    ("door code 4471", True, False),
    ("我的密码是", False, True),
    ("ＰＩＮ", False, True),
])
def test_a_gate_reads_digits_and_non_ascii(text: str, digit: bool, wide: bool) -> None:
    gate = Gate(text)
    assert (gate.digit, gate.wide) == (digit, wide)


def test_words_are_decided_on_ascii_text_only() -> None:
    assert Gate("My PASSWORD is long").words(word_set("pass"))
    assert Gate("the combination: left 12").words(word_set("combo", "nation"))  # a word inside a word
    assert not Gate("we talked about the weather").words(word_set("pass", "pin"))
    assert Gate("my paſsword").words(word_set("pin"))  # not ASCII: undecided, the rule runs
    assert Gate("sk-abc").has("sk-") and not Gate("SK-abc").has("sk-")
    with gates_open():
        assert Gate("we talked").words(word_set("pass")) and Gate("x").digit and Gate("x").has("sk-")


def test_words_registered_later_are_found_too() -> None:
    early = word_set("weather")
    assert Gate("the weather is fine").words(early)
    assert Gate("a zebra-crossing").words(word_set("zebra"))  # the finder is rebuilt with the new word


@pytest.mark.parametrize("word", ["Pass", "", "密码"])
def test_a_word_that_could_never_be_found_is_refused(word: str) -> None:
    with pytest.raises(ValueError, match="lower-case ASCII"):
        word_set(word)
