"""Which slot attributes a clause may state: every attribute's needles found in one pass over the clause.

The slot engine tries an attribute's cues on a clause only when the case-folded clause holds one of the
attribute's needles (``Attribute.needles``: lower-case substrings from ``slots.yaml``; for a like of a
drink or a food, the names of drinks or foods). Searched as one regex alternation per attribute, that was
~20 alternations tried at every position of every clause, the largest part of reading a clause
(ops/bench/RESULTS.md, issue 13, "ingest speed"). One Aho-Corasick automaton per language (pyahocorasick,
as ``sensitive_gate`` does for the sensitive-data rules) finds every needle of every attribute in one pass:
the answer is the same, since a needle either occurs as a substring of the folded clause or it does not.
"""

from __future__ import annotations

import functools

import ahocorasick

from memory_core.pipeline.slot_lexicon import Lexicon

__all__ = ["needled"]

# the last answer (lexicon, language, folded text, ids): a clause is asked about once per attribute in a row
_last: tuple[Lexicon | None, str, str, frozenset[str]] = (None, "", "", frozenset())


@functools.cache
def _finder(lex: Lexicon, lang: str) -> tuple[ahocorasick.Automaton | None, frozenset[str]]:
    """(an automaton of every ``lang`` needle -> the ids of the attributes it is a needle of, or None when
    there is none; the ids of attributes with an empty needle, met by any text)."""
    owners: dict[str, set[str]] = {}
    always: set[str] = set()
    for attr in lex.attributes:
        for word in attr.needles.get(lang, ()):
            if word:
                owners.setdefault(word, set()).add(attr.id)
            else:
                always.add(attr.id)
    if not owners:
        return None, frozenset(always)
    finder = ahocorasick.Automaton()
    for word, ids in owners.items():
        finder.add_word(word, frozenset(ids))
    finder.make_automaton()
    return finder, frozenset(always)


def needled(lex: Lexicon, folded: str, lang: str) -> frozenset[str]:
    """The ids of the attributes of ``lex`` one of whose ``lang`` needles occurs in ``folded`` (a case-folded
    clause). An attribute with no needles in ``lang`` is not among them (its cues are always tried)."""
    global _last
    last = _last
    if last[0] is lex and last[1] == lang and last[2] == folded:
        return last[3]
    finder, found = _finder(lex, lang)
    if finder is not None:
        found = found.union(*(ids for _, ids in finder.iter(folded)))
    _last = (lex, lang, folded, found)
    return found
