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
- ``words(need)``: one of the words of ``need`` (a ``word_set``) occurs, in any case. Decided only on ASCII
  text, where lower-casing is exactly the case folding ``re.IGNORECASE`` applies (non-ASCII letters such as
  "ſ" or the Kelvin sign fold onto ASCII ones); on any other text it is always true. A word may stand for
  a longer one (a substring: "pass" for password, passphrase …). Every word of every ``word_set`` is
  found in one pass over the text (an Aho-Corasick automaton, pyahocorasick): one ``in`` test per word
  was ~40 us a text, as much as the rules it skipped (~250 words; ops/bench/RESULTS.md, issue 13).
- ``has(*s)``: one of the strings occurs exactly (for case-sensitive rules and punctuation).

``tests/pipeline/test_sensitive_gate.py`` checks that the detector finds the same values with every gate
open (``gates_open``) on the labelled texts of every seen half.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import ahocorasick

__all__ = ["Gate", "Words", "gates_open", "word_set"]

_DIGIT = re.compile(r"\d")
_open = False  # every need met: the detector as it was without gates (tests compare the two)
_words: set[str] = set()  # every word of every word_set
_finder: ahocorasick.Automaton | None = None  # built on first use after a word_set adds words


class Words(frozenset[str]):
    """Lower-case ASCII words, one of which a rule needs (made by ``word_set``, which registers them)."""


def word_set(*words: str) -> Words:
    """The words a rule needs, registered with the finder ``Gate.words`` reads a text with.

    Raises:
        ValueError: a word that is empty, not ASCII or not lower case (it could never be found).
    """
    global _finder
    bad = [w for w in words if not w or not w.isascii() or w != w.lower()]
    if bad:
        raise ValueError(f"gate words must be lower-case ASCII: {bad}")
    if not _words.issuperset(words):
        _words.update(words)
        _finder = None
    return Words(words)


def _found(lower: str) -> set[str]:
    global _finder
    finder = _finder
    if finder is None:
        finder = ahocorasick.Automaton()
        for word in _words:
            finder.add_word(word, word)
        finder.make_automaton()
        _finder = finder
    return {word for _, word in finder.iter(lower)}


class Gate:
    """The facts of one text the rules' needs are read from (computed once; each need is a few ``in`` tests).

    Attributes:
        text: the text as given.
        digit: the text holds a decimal digit (``\\d``).
        wide: the text holds a non-ASCII character.
    """

    __slots__ = ("_found", "digit", "lower", "text", "wide")

    def __init__(self, text: str) -> None:
        self.text = text
        self.wide = _open or not text.isascii()
        self.lower = "" if self.wide else text.lower()
        self.digit = _open or _DIGIT.search(text) is not None
        self._found: set[str] | None = None

    def words(self, need: Words) -> bool:
        """True unless the text is ASCII and holds none of the words of ``need``, in any case."""
        if self.wide:
            return True
        if self._found is None:
            self._found = _found(self.lower)
        return not need.isdisjoint(self._found)

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
