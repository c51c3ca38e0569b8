"""The whole words recall reads beside ``tokenize``'s terms: phrasal verbs and split verb-object words.

``tokenize`` is shared with the write path and reads word by word; two kinds
of word are said in pieces it cannot join. An English phrasal verb's particle
is a stopword ("worked out" was "work", a job; ``text.phrasal``), and a
Chinese verb-object word takes particles and numbers between its halves
("攒了不少钱" was 攒 / 不少 / 钱; ``text.separable``).

- A memory is indexed by its own terms plus the whole words of its own text
  (``whole_words``; ``hybrid_state``). The turns around it are not: a phrasal
  verb in any neighbouring turn then lengthened every window holding it, and
  LoCoMo recall moved for questions that say none.
- A question keeps its own terms but the verb of a phrasal verb
  (``query_tokens``: a question about working out asks nothing about work);
  its whole words are searched as one more ranking, beside the aliases. Put
  among the question's terms, a rare joined term outweighed them: on LoCoMo,
  "Did they grow up with a dog?" put every "grew up" turn above the one about
  the dog.
- The aliases and the glosses read the question's terms and its whole words
  (the verb left out): "Does he work out?" is glossed as 健身, never 工作.
"""

from __future__ import annotations

from collections.abc import Collection

from memory_core.text.phrasal import join_phrasal, phrasal_terms
from memory_core.text.separable import separable_terms
from memory_core.text.tokenize import tokenize

__all__ = ["query_tokens", "whole_words"]


def whole_words(text: str, terms: Collection[str] = ()) -> list[str]:
    """The phrasal verbs' joined terms and the split verb-object words ``text`` says, those not in ``terms``.

    "I worked out" gives ["workout"]; "攒了不少钱" ["攒钱"]; "I had a great workout" with its terms [].
    """
    return [t for t in (*phrasal_terms(text), *separable_terms(text)) if t not in terms]


def query_tokens(query: str, lexicon: frozenset[str] = frozenset()) -> list[str]:
    """A question's own terms without the verb of each phrasal verb it says (the verb alone is another word).

    "Where does he work?" keeps ["work"]; "Does he work out after work?" gives ["work"] (the job's word, said
    once more); "Does he work out?" would have no term left, so the joined term stands in: ["workout"]. A
    question about working out asks nothing about work, and a job's memory is indexed by "work" (its slot's
    words); the joined term is searched apart (``whole_words``).
    """
    plain = tokenize(query, lexicon)
    joined = phrasal_terms(query)
    if not joined:
        return plain
    said = set(plain)
    kept = [t for t in tokenize(join_phrasal(query), lexicon) if t not in joined or t in said]
    return kept or tokenize(join_phrasal(query), lexicon)
