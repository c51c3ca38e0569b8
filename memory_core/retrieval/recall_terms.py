"""The terms recall indexes a text by and asks a question with: ``tokenize``'s, and the words said in pieces.

``tokenize`` is shared with the write path and reads word by word; two kinds
of word are said in pieces it cannot join. An English phrasal verb's particle
is a stopword ("worked out" was "work", a job; ``text.phrasal``), and a
Chinese verb-object word takes particles and numbers between its halves
("攒了不少钱" was 攒 / 不少 / 钱; ``text.separable``). A memory is indexed by
its terms plus those whole words (``recall_terms``: its own words stay); a
question asks with the phrasal verb in place of its verb ("Does he work out?"
asks nothing about work) and with the whole Chinese words beside their pieces
(``query_terms``). Both sides read the same way, so the whole word meets
itself, and the everyday glosses carry it to the other language (健身 ↔
"workout", 攒钱 ↔ "save money").
"""

from __future__ import annotations

from memory_core.text.phrasal import join_phrasal, phrasal_terms
from memory_core.text.separable import separable_terms
from memory_core.text.tokenize import tokenize

__all__ = ["query_terms", "recall_terms"]


def recall_terms(text: str, lexicon: frozenset[str] = frozenset()) -> list[str]:
    """``tokenize(text, lexicon)``, then the phrasal verbs and split verb-object words it says, not already there.

    "I worked out" gives ["work", "workout"]; "攒了不少钱" ["攒", "不少", "钱", "攒钱"].
    """
    terms = tokenize(text, lexicon)
    whole = [t for t in (*phrasal_terms(text), *separable_terms(text)) if t not in terms]
    return terms + whole if whole else terms


def query_terms(query: str, lexicon: frozenset[str] = frozenset()) -> list[str]:
    """A question's terms: its phrasal verbs joined in place of their verbs, the whole verb-object words added.

    "Does he work out?" gives ["workout"]; "她攒了多少钱？" ["攒", "钱", "攒钱"] (the pieces as ``tokenize``
    cuts them).
    """
    terms = tokenize(join_phrasal(query), lexicon)
    whole = [t for t in separable_terms(query) if t not in terms]
    return terms + whole if whole else terms
