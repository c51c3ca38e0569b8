"""Whether two items close in meaning may be merged as one claim: slot keys, speakers, polarity, values.

Consolidation (``lifecycle.consolidate``) merges near-duplicates found by an
embedder's cosine, and the write path takes a statement close in meaning to
an item for a restatement of it (``meaning_hit``). A sentence embedder puts "lives in Lisbon" beside "lives
in Porto", "养了一只猫" beside "养了一只狗" and "likes coffee" beside "doesn't
like coffee": same frame, one word apart. A merge ends one of the two
(``deleted``, its text in the survivor's history), so merging two different
values of a slot, two objects of a like, or a statement and its negation
would hide a fact that still holds, and no later turn would bring it back.
Seed 000's merge is of memories that say the same thing; ``distinct``
names why two items do not:

- **slot keys**: both keyed and the keys differ (another attribute, another
  object, another person: keys carry them);
- **speakers**: said by two different people;
- **polarity**: one holds a negation or a change ("no longer", 不再, 戒) the
  other does not (``own_words.stance_of``, ``own_words.CHANGE``);
- **values**: a value of one is replaced by a value in the other: each
  holds a value word the other does not (a number or number word, a
  capitalised name, a place (GeoNames, Chinese place form), an object the
  slot lexicon names, or a Chinese noun or numeral: jieba's part-of-speech
  tags ``n*``, ``m``). One side alone is not enough: "drives a Tesla" /
  "has a Tesla car" say one thing, and jieba's tags are noisy (爱喝 reads
  as a name).

A pure addition ("has a dog" / "has a dog named Miso") is one claim told
twice; ``fuller`` picks the text that holds the other's words, so the
survivor keeps the detail.
"""

from __future__ import annotations

import functools
import re

from memory_core.model import MemoryItem
from memory_core.pipeline.own_words import CHANGE, stance_of
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.value_class import is_place
from memory_core.text.script import HAN_RUN
from memory_core.text.stopwords import CHINESE_STOPWORDS
from memory_core.text.tokenize import tokenize
from memory_core.text.zh_pos import pos_cut

__all__ = ["distinct", "fuller", "raw_words"]

_LATIN = re.compile(r"[^\W\d_][^\W_]*(?:'[^\W_]+)?|\d+(?:[.,]\d+)*", re.ASCII | re.IGNORECASE)
_NUMBER_WORDS = frozenset({
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
    "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty",
    "sixty", "seventy", "eighty", "ninety", "hundred", "thousand", "million", "first", "second", "third", "fourth",
    "fifth", "once", "twice", "dozen", "half"})
_HAN_NUMERAL = re.compile(r"[零一二两三四五六七八九十百千万半几]")
#: jieba tags of a Chinese word that names a thing, a person, a place or a number (a value of a claim).
_VALUE_FLAGS = ("n", "m", "eng")


@functools.lru_cache(maxsize=8192)
def _han_words(run: str) -> tuple[tuple[str, str], ...]:
    """(word, jieba part-of-speech flag) of a run of Han characters."""
    return tuple((p.word, p.flag) for p in pos_cut(run) if p.word.strip())


def raw_words(text: str) -> list[tuple[str, str, bool]]:
    """(word as written, term, True when the word is a value) of ``text`` (module docstring), in order;
    stopwords and punctuation left out. A Latin word may give several terms (``tokenize``); a Chinese word is its
    own term."""
    out: list[tuple[str, str, bool]] = []
    latin = HAN_RUN.sub(" ", text)
    for n, m in enumerate(_LATIN.finditer(latin)):
        word = m.group()
        value = (any(c.isdigit() for c in word) or word.casefold() in _NUMBER_WORDS
                 or (n > 0 and word[:1].isupper()) or bool(lexicon().exact(word.casefold(), "en"))
                 or is_place(word, "en"))
        out += [(word, term, value) for term in tokenize(word)]
    for run in HAN_RUN.findall(text):
        for word, flag in _han_words(run):
            if word in CHINESE_STOPWORDS:
                continue
            value = (flag.startswith(_VALUE_FLAGS) or _HAN_NUMERAL.fullmatch(word) is not None
                     or bool(lexicon().exact(word, "zh")) or is_place(word, "zh"))
            out.append((word, word, value))
    return out


def _words(text: str) -> dict[str, bool]:
    """Term -> True when the word is a value (module docstring); stopwords and punctuation left out."""
    out: dict[str, bool] = {}
    for _, term, value in raw_words(text):
        out[term] = out.get(term, False) or value
    return out


def distinct(a: MemoryItem, b: MemoryItem) -> str:
    """Why ``a`` and ``b`` are not one claim ("" when they may be merged); module docstring for the rules."""
    if a.key and b.key and a.key != b.key:
        return "different slot keys"
    if a.speaker.casefold() != b.speaker.casefold():
        return "different speakers"
    if stance_of(a.description) != stance_of(b.description) \
            or (CHANGE.search(a.description) is None) != (CHANGE.search(b.description) is None):
        return "different polarity"
    wa, wb = _words(a.description), _words(b.description)
    only_a = [t for t in wa if t not in wb]
    only_b = [t for t in wb if t not in wa]
    if any(wa[t] for t in only_a) and any(wb[t] for t in only_b):
        return "different values"
    return ""


def fuller(keep: MemoryItem, other: MemoryItem) -> str:
    """The survivor's text: ``other``'s when it holds every word of ``keep``'s and more, else ``keep``'s."""
    wk, wo = _words(keep.description), _words(other.description)
    return other.description if set(wk) < set(wo) else keep.description
