"""A session prior: a result weighs more when its whole session is about the question.

A multi-hop question ("what did she do after the adoption fell through?") is often answered by a turn that shares
few words with it, said in a session whose other turns share many. Passage retrieval meets this with a document
prior: score each document as a whole, then weight its passages by it (Liu and Croft, "Passage retrieval based on
language models", CIKM 2002; Bendersky and Kurland, "Utilizing passage-based language models for document
retrieval", ECIR 2008). Here the document is a session (the turns of one ``Turn.session_id``) and the passages are
the items whose source turns were said in it::

    factor(item) = 1 + w · max(score(s) for s in the item's sessions) / max(score(s) for every session)

with ``score`` Okapi BM25 (k1 = 1.2, b = 0.75) of the question's terms over each session's whole text. An item whose
turns are not stored (no session known) keeps factor 1. ``w`` is ``HybridSettings.session_prior`` (0: off, the
default: it raised LoCoMo recall on both halves but lifted old values' turns above current ones in the behaviour
cases; ops/bench/RESULTS.md, issue 14, branch sem52).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence

import numpy as np

__all__ = ["SessionTerms"]

_K1 = 1.2
_B = 0.75


class SessionTerms:
    """Term counts of each session's whole text, added turn by turn; scores a question's terms per session.

    Attributes:
        seen: how many turns were added (the owner adds the turns after this position).
    """

    def __init__(self) -> None:
        self.seen = 0
        self._tf: dict[str, Counter[str]] = {}
        self._length: Counter[str] = Counter()
        self._df: Counter[str] = Counter()

    def add(self, session: str, tokens: Iterable[str]) -> None:
        """Count one turn's ``tokens`` (index terms, duplicates kept) into ``session``'s document."""
        counts = self._tf.setdefault(session, Counter())
        new = 0
        for term in tokens:
            if not counts[term]:
                self._df[term] += 1
            counts[term] += 1
            new += 1
        self._length[session] += new
        self.seen += 1

    def scores(self, terms: Iterable[str]) -> dict[str, float]:
        """BM25 score of the distinct ``terms`` over each session's whole text ({session: score > 0})."""
        n = len(self._tf)
        if not n:
            return {}
        avgdl = max(1.0, sum(self._length.values()) / n)
        out: dict[str, float] = {}
        for term in set(terms):
            df = self._df.get(term, 0)
            if not df:
                continue
            idf = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
            for session, counts in self._tf.items():
                tf = counts.get(term, 0)
                if tf:
                    norm = _K1 * (1 - _B + _B * self._length[session] / avgdl)
                    out[session] = out.get(session, 0.0) + idf * tf * (_K1 + 1) / (tf + norm)
        return out

    def factors(self, terms: Iterable[str], sessions_of: Sequence[Iterable[str]], weight: float) -> np.ndarray | None:
        """Shape (len(sessions_of),) score factors ``1 + weight · best own session / best session``.

        Args:
            terms: the question's index terms.
            sessions_of: for each result, the sessions its source turns were said in (empty: unknown, factor 1).
            weight: ``w`` of the module docstring (>= 0).

        Returns None when nothing would change (weight 0, or no session holds a term).
        """
        if not weight:
            return None
        scores = self.scores(terms)
        best = max(scores.values(), default=0.0)
        if best <= 0:
            return None
        own = np.fromiter((max((scores.get(s, 0.0) for s in ss), default=0.0) for ss in sessions_of),
                          float, len(sessions_of))
        return 1.0 + weight * own / best
