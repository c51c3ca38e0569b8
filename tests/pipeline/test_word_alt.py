"""Cue words from the shipped data as one alternation: the longest tried first, a phrase's space any whitespace."""

from __future__ import annotations

import re

from memory_core.pipeline.word_alt import word_alternation


def test_the_longest_word_wins_and_a_phrase_spans_any_whitespace() -> None:
    pattern = re.compile(rf"(?:{word_alternation(['put', 'put down', 'a.b'])})")
    assert pattern.match("put  down").group(0) == "put  down"
    assert pattern.match("put it").group(0) == "put"
    assert pattern.fullmatch("a.b") and not pattern.fullmatch("axb")
