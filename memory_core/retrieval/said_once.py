"""Whether a result only says again what a better-placed result says (invariant 9: k results, k different things).

Two shapes of saying the same thing twice, in either language:

- two curated items of one turn ("我在腾讯做游戏运营" made "用户在腾讯工作" and "用户做游戏运营"; "I'm a nurse
  at St Mary's" made "User works as a nurse" and "User works at St Mary's"): once one of them is placed, the
  other is the same statement of the user cut another way. It is kept only when it holds a word of the query
  that no placed result of its turn holds (``adds_asked``): "Alex basketball" asks both halves of "I'm Alex.
  I love basketball", "where do I work?" asks one.
- a near copy: the user said the same sentence twice ("I joined a hiking club called Trailblazers." and, a
  week later, "I joined a hiking club called Trailblazers, going again this Sunday!"), or a curated item
  repeats a raw turn word for word (``near_copy``). Texts are compared without case, spaces and punctuation;
  a speaker's "name: " prefix is left out. Two texts differing in a negation or a number
  (``data/said_once.yaml``: "User drinks coffee" / "User drinks no coffee", 养了两只猫 / 养了三只猫) are two
  statements, however alike.

A curated item of a turn a placed result came from that says less than it (``says_less``: "张姐有儿子" beside
"张姐的儿子五岁", both of "我儿子今年五岁了") folds into it too, whatever other turns it came from.

Some items stand apart (``stands_apart``, ``data/said_once.yaml``): a recap, a sensitive item, a name statement
are never folded nor dropped as copies.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

import numpy as np

from memory_core.model import MemoryItem
from memory_core.retrieval.live_bm25 import LiveBM25
from memory_core.retrieval.names import is_name_statement, key_attribute
from memory_core.retrieval.turn_beyond import said_text
from memory_core.shipped_yaml import load_shipped
from memory_core.text.script import has_han
from memory_core.text.tokenize import tokenize

__all__ = ["COPY_RATIO", "MIN_COPY_CHARS", "adds_asked", "joined", "near_copy", "says_less", "stands_apart"]

#: Two texts this similar (difflib ratio, 0..1) say the same thing.
COPY_RATIO = 0.85
#: A text holding the whole of another of at least this many characters repeats it.
MIN_COPY_CHARS = 6
_PUNCT = re.compile(r"[\s\W_]+", re.UNICODE)
_DATA = load_shipped("data", "said_once.yaml")
_NEGATION = re.compile("|".join(_DATA["negations"]), re.IGNORECASE)
_NUMBER = re.compile(_DATA["numbers"])
_APART_KINDS = frozenset(_DATA["apart_kinds"])
_APART_THEMES = frozenset(_DATA["apart_themes"])
_APART_ATTRIBUTES = frozenset(_DATA["apart_attributes"])
# a speaker's name as an item's subject ("Kim is Marco", "Kim叫陈默"): read as "User" for ``is_name_statement``
_SPEAKER_SUBJECT = re.compile(r"^\s*[A-Z][A-Za-z'’-]*(?=\s+is\s|\s*(?:叫|是|名叫))")


def stands_apart(item: MemoryItem) -> bool:
    """True when ``item`` is a statement of its own whatever it shares with another result: a recap (kind
    summary), a sensitive item (a secret shown only to its own question), a name statement ("User is Priya",
    "用户叫小林", "Kim is Marco" of the speaker Kim, a slot keyed ``fact:name``). Kinds, themes and slot
    attributes in ``data/said_once.yaml``.
    """
    return (str(item.kind) in _APART_KINDS or item.theme in _APART_THEMES
            or key_attribute(item.key) in _APART_ATTRIBUTES
            or is_name_statement(_SPEAKER_SUBJECT.sub("User", item.description, count=1)))


def _telling(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The negations and the numerals ``text`` holds: what two alike texts must share to be one statement."""
    low = text.lower()
    return frozenset(_NEGATION.findall(low)), frozenset(_NUMBER.findall(low))


def _plain(text: str) -> str:
    return _PUNCT.sub("", said_text(text).lower())


def near_copy(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` say the same words: equal, one holding the whole of the other (at least
    ``MIN_COPY_CHARS`` characters), or at least ``COPY_RATIO`` alike with every word of one in the other, after
    case, spaces, punctuation and a "speaker: " prefix are set aside.

    "user: 我参加了一个徒步俱乐部，叫山野徒步社。" and "user: 我参加了一个徒步俱乐部，叫山野徒步社，这周日又要去爬山啦"
    → True; "User lives in Leeds" and "User lives in Leicester" → False, "Tom lives in Paris" and "Tom lives in
    Rome" → False (each says a word the other does not); "User drinks coffee" and "User drinks
    no coffee" → False (a negation apart). Empty texts are never copies.
    """
    x, y = _plain(a), _plain(b)
    if not x or not y or _telling(said_text(a)) != _telling(said_text(b)):
        return False
    if x == y or (min(len(x), len(y)) >= MIN_COPY_CHARS and (x in y or y in x)):
        return True
    words_a, words_b = set(tokenize(said_text(a))), set(tokenize(said_text(b)))
    if not (words_a <= words_b or words_b <= words_a):
        return False  # a word only one of them says: another value ("lives in Paris" / "lives in Rome")
    return difflib.SequenceMatcher(None, x, y, autojunk=False).ratio() >= COPY_RATIO


def says_less(a: str, b: str) -> bool:
    """True when ``a`` says nothing ``b`` does not: every index term of ``a`` (``tokenize``: stopwords left out)
    is one of ``b``'s, and so is each negation and numeral ``a`` holds (``data/said_once.yaml``).

    "张姐有儿子" and "张姐的儿子五岁" → True; "Kim has a cat" and "Kim has a cat named Mochi" → True; "User works
    as a nurse" and "User works at the emergency department" → False (nurse); "Kim has no cat" and "Kim has a cat
    named Mochi" → False (a negation only ``a`` holds). An ``a`` without index terms → False.
    """
    words_a = set(tokenize(said_text(a)))
    if not words_a or not words_a <= set(tokenize(said_text(b))):
        return False
    (neg_a, num_a), (neg_b, num_b) = _telling(said_text(a)), _telling(said_text(b))
    return neg_a <= neg_b and num_a <= num_b


def adds_asked(lexical: LiveBM25, asked: Iterable[str], slot: int, placed: Iterable[int]) -> bool:
    """True when the item in ``slot`` holds a query term (``asked``: index terms) that none of ``placed`` holds.

    Args:
        lexical: the user's item BM25 (documents are slots).
        asked: the query's index terms.
        slot: the item that would be folded into ``placed``.
        placed: the slots of the results already placed from the same turn.
    """
    one = np.array([slot], dtype=np.int64)
    others = np.array(sorted(set(placed)), dtype=np.int64)
    for term in sorted(set(asked)):
        if lexical.scores_of([term], one)[0] <= 0:
            continue
        if not others.shape[0] or not (lexical.scores_of([term], others) > 0).any():
            return True
    return False


def joined(host: str, folded: Iterable[str]) -> str:
    """``host`` with the texts ``folded`` into it after it, as one statement: "A；B" when ``host`` is Chinese,
    "A; B" otherwise (the join an own-words item grows by, ``pipeline.changed_value.with_statement``).

    "用户在腾讯工作" + ["用户做游戏运营"] → "用户在腾讯工作；用户做游戏运营". A text ``host`` already holds is not
    added.
    """
    out = host
    for text in folded:
        if not text or _plain(text) in _plain(out):
            continue
        out = f"{out.rstrip('。.')}；{text}" if has_han(out) else f"{out.rstrip('.')}; {text}"
    return out
