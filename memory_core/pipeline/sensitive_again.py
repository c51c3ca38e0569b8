"""A second value of a kind already named in the sentence, English and Chinese (seed 001 §8.12.2).

"my laptop password is hunter2!Q and my email one is Mail#2025" names the second password by "one";
"我的柜子密码是 0090，单车的是 4411" by 的 alone. The kind word comes once, before the first value;
each later value of the sentence is found by what it points back to:

- English: "(and|but|,) my/the/our <one or two words> one is <value>" after a password word (a secret)
  or a code / PIN word (a code).
- Chinese: "，<one to six characters>的(也)?是 <value>" after 密码 / 口令 (a secret) or a code word
  (验证码, 取件码, PIN码 …; a code) in the same sentence.

A secret's value holds a digit or a symbol, or mixes upper and lower case ("Mail#2025", "Tr0ub4dor");
a code's value is 3–8 digits. ``find(text)`` returns ``(category, start, end)`` spans;
``sensitive_detect.detect`` merges them (and reads each value's thing, ``sensitive_kind``).
"""

from __future__ import annotations

import re

from memory_core.pipeline.sensitive_gate import Gate, word_set
from memory_core.text.script import has_han

__all__ = ["find"]

_I = re.IGNORECASE

# the words naming each kind (English, Chinese) before the first value
_KIND_WORDS = {
    "secret": (r"\b(?:password|passwd|passphrase|passcode)s?\b", r"密码|口令"),
    "code": (r"\b(?:pin|code|combination|combo)s?\b", r"验证码|取件码|(?i:pin)码|门禁码|密码锁"),
}
# a sentence's text, a mark glued inside a value ("hunter2!Q") not ending it
_SAME_SENTENCE = r"(?:[^.!?;。！？；\n]|[.!?;](?=\S))"
_SECRET_VALUE = r"([^\s,，。;；\"'”’)）]{3,64})"
_CODE_VALUE = r"(\d{3,8})(?![\d.%])"
_EN_ONE = r"(?:,|\band\b|\bbut\b)\s+(?:(?:my|the|our)\s+)(?:[\w'’-]+\s+){1,2}one(?:'s|\s+is|\s+was|\s*:)\s*[\"'“‘]?"
_ZH_ONE = r"[，,]\s*(?:还有|而|另外)?[^\s，,。]{1,6}?的(?:也|则)?(?:是|为|[:：])\s*[\"'“‘]?"


def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    out = []
    for kind, (en, zh) in _KIND_WORDS.items():
        value = _SECRET_VALUE if kind == "secret" else _CODE_VALUE
        out.append((kind, re.compile(rf"(?:{en}){_SAME_SENTENCE}{{0,120}}?{_EN_ONE}{value}", _I)))
        out.append((kind, re.compile(rf"(?:{zh}){_SAME_SENTENCE}{{0,60}}?{_ZH_ONE}{value}")))
    return out


_PATTERNS = _patterns()
_ONE = word_set("one")
_SECRET_SHAPE = re.compile(r"[\d\W_]|[a-z].*[A-Z]|[A-Z].*[a-z].*[A-Z]")


def find(text: str, gate: Gate | None = None) -> list[tuple[str, int, int]]:
    """The ``(category, start, end)`` spans of values named by "one" / 的 after a first value of their kind."""
    gate = gate or Gate(text)
    out = []
    for n, (kind, pattern) in enumerate(_PATTERNS):  # English ("… one is"), then Chinese (的 …), per kind
        if not (gate.wide if n % 2 else gate.words(_ONE)):
            continue
        for m in pattern.finditer(text):
            value = m.group(1).rstrip(".!?")
            if kind == "secret" and (not _SECRET_SHAPE.search(value) or has_han(value)):
                continue  # "the other one is fine", "…的是同一个": no value
            out.append((kind, m.start(1), m.start(1) + len(value)))
    return out
