"""What a text holds that a sensitive-data rule needs, read once, so that a rule that cannot match is not run.

Python's ``re`` has no literal to skip ahead on in a case-insensitive alternation ("password|passwd|pwd …"):
it tries the pattern at every position of the text. The detector runs ~45 phrase rules and a dozen
mechanisms over every stored text, and on LoCoMo's turns that was ~0.5 ms a text and over half of embedded
ingest (py-spy and per-rule CPU times: ops/bench/RESULTS.md, issue 13, "ingest speed"). Most rules need
something most texts lack: a digit, a Chinese word, one of a few words. A ``Gate`` reads those facts of a
text once; a rule whose need the text lacks is skipped, any other runs exactly as before.

Each need is a necessary condition of its rule's match, so a gate never changes what is found:

- ``digit``: the text holds a ``\\d`` (a rule whose value must hold a digit, or whose matches are kept only
  when the value holds one).
- ``wide``: the text holds a non-ASCII character (every Chinese word, full-width mark and emoji is one).
- ``words(*w)``: one of the words occurs, in any case. Decided only on ASCII text, where lower-casing is
  exactly the case folding ``re.IGNORECASE`` applies (non-ASCII letters such as "ſ" or the Kelvin sign
  fold onto ASCII ones); on any other text it is always true. A word may stand for a longer one (a
  substring: "pass" for password, passphrase …).
- ``has(*s)``: one of the strings occurs exactly (for case-sensitive rules and punctuation).

``tests/pipeline/test_sensitive_gate.py`` checks that the detector finds the same values with every gate
open (``gates_open``) on the labelled texts of every seen half.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["Gate", "gates_open"]

_DIGIT = re.compile(r"\d")
_open = False  # every need met: the detector as it was without gates (tests compare the two)


class Gate:
    """The facts of one text the rules' needs are read from (computed once; each need is a few ``in`` tests).

    Attributes:
        text: the text as given.
        digit: the text holds a decimal digit (``\\d``).
        wide: the text holds a non-ASCII character.
    """

    __slots__ = ("digit", "lower", "text", "wide")

    def __init__(self, text: str) -> None:
        self.text = text
        self.wide = _open or not text.isascii()
        self.lower = "" if self.wide else text.lower()
        self.digit = _open or _DIGIT.search(text) is not None

    def words(self, *words: str) -> bool:
        """True unless the text is ASCII and holds none of ``words`` (lower case), in any case."""
        return self.wide or any(map(self.lower.__contains__, words))

    def has(self, *strings: str) -> bool:
        """True when the text holds one of ``strings`` exactly (case and all)."""
        return _open or any(map(self.text.__contains__, strings))


@contextmanager
def gates_open() -> Iterator[None]:
    """Within the block every need is met: every rule runs on every text (the detector without gates)."""
    global _open
    before, _open = _open, True
    try:
        yield
    finally:
        _open = before
