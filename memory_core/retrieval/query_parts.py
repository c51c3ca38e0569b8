"""A question about several things, split into one question per thing (query decomposition, no model).

"What do Jon and Gina both like?", "When did she meet her friends, family
and mentors?", "小王和小李都去过哪些城市？", "苹果、香蕉还有橘子哪个更贵": a
coordination asks the same thing of each conjunct, and its evidence is
spread over turns that each name one of them. BM25 over the whole question
favours a turn holding a little of everything over the turn that answers for
one conjunct; searching one part per conjunct (the question with the other
conjuncts left out) and fusing the parts' rankings by reciprocal rank gives
each conjunct's best turns a place (in the spirit of query decomposition for
multi-part questions, e.g. Rackauckas, "RAG-Fusion", 2024, without the LLM:
the parts come from the coordination itself).

Conjunctions: English "and", "&", "as well as" (with a list's commas,
"A, B, and C"); Chinese 和 与 跟 及 以及 还有 and the enumeration comma 、.
A conjunct is the word on each side of the conjunction: for English the
nearest word that is not a stopword ("Melanie and her kids": Melanie,
kids), for Chinese the user's lexicon word (a name) the side starts or ends
with, else jieba's word there (``text.tokenize.cut_words``). Only the first
coordination of a question is split, into at most ``MAX_PARTS`` parts.
"""

from __future__ import annotations

import re

from memory_core.text.stopwords import CHINESE_STOPWORDS, ENGLISH_STOPWORDS
from memory_core.text.tokenize import cut_words

__all__ = ["MAX_PARTS", "query_parts"]

#: At most this many parts per question (each one costs two BM25 rankings).
MAX_PARTS = 4

_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_EN_CONJ = re.compile(r"\s*,?\s+(?:and|as\s+well\s+as)\s+|\s*&\s*", re.IGNORECASE)
_ZH_CONJ = re.compile(rf"(?<=[{_HAN}A-Za-z])(?:以及|还有|和|与|跟|及|、)(?=[{_HAN}A-Za-z])")
_EN_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")
_HAN_RUN = re.compile(f"[{_HAN}]+")


def _en_left(text: str, end: int) -> tuple[int, int] | None:
    """Span of the last non-stopword English word ending at or before ``end``, within its clause."""
    head = text[:end]
    words = [m for m in _EN_WORD.finditer(head) if not _HAN_RUN.search(m.group())]
    for m in reversed(words):
        if re.search(r"[.?!;:，。？！]", head[m.end():]):
            return None
        if m.group().lower() not in ENGLISH_STOPWORDS:
            return m.span()
    return None


def _en_right(text: str, start: int) -> tuple[int, int] | None:
    """Span of the first non-stopword English word at or after ``start``, within its clause."""
    for m in _EN_WORD.finditer(text, start):
        if re.search(r"[.?!;:，。？！]", text[start:m.start()]) or _HAN_RUN.search(m.group()):
            return None
        if m.group().lower() not in ENGLISH_STOPWORDS:
            return m.span()
    return None


def _zh_side(text: str, at: int, left: bool, lexicon: frozenset[str]) -> tuple[int, int] | None:
    """Span of the word beside position ``at`` (ending there when ``left``, else starting there)."""
    if left:
        m = re.search(rf"[{_HAN}A-Za-z]+$", text[:at])
        if m is None:
            return None
        run = m.group()
        for size in range(min(len(run), 8), 1, -1):
            if run[-size:].lower() in lexicon:
                return at - size, at
        words = cut_words(run) if _HAN_RUN.match(run[-1]) else (run,)
        word = words[-1]
        return (None if word in CHINESE_STOPWORDS else (at - len(word), at))
    m = re.match(rf"[{_HAN}A-Za-z]+", text[at:])
    if m is None:
        return None
    run = m.group()
    for size in range(min(len(run), 8), 1, -1):
        if run[:size].lower() in lexicon:
            return at, at + size
    words = cut_words(run) if _HAN_RUN.match(run[0]) else (re.match(r"[A-Za-z]+", run).group(),)  # type: ignore[union-attr]
    word = words[0]
    return None if word in CHINESE_STOPWORDS else (at, at + len(word))


def _conjuncts(query: str, lexicon: frozenset[str]) -> list[tuple[int, int]]:
    """Spans of the conjuncts of the first coordination in ``query`` (two or more), else []."""
    spans: list[tuple[int, int]] = []
    for pattern, english in ((_EN_CONJ, True), (_ZH_CONJ, False)):
        for m in pattern.finditer(query):
            if english:
                left, right = _en_left(query, m.start()), _en_right(query, m.end())
            else:
                left, right = _zh_side(query, m.start(), True, lexicon), _zh_side(query, m.end(), False, lexicon)
            if left is None or right is None:
                if spans:
                    break
                continue
            if spans and left != spans[-1] and left[0] > spans[-1][1] + 1:
                break  # a second coordination: only the first one is split
            if english and not spans:  # "A, B, and C": the list's earlier members
                members: list[tuple[int, int]] = []
                head = query[:left[0]].rstrip()
                while head.endswith(",") and len(members) < MAX_PARTS:
                    word = _en_left(query, len(head) - 1)
                    if word is None:
                        break
                    members.insert(0, word)
                    head = query[:word[0]].rstrip()
                spans.extend(members)
            if left not in spans:
                spans.append(left)
            spans.append(right)
        if spans:
            break
    return spans if len(spans) >= 2 else []


def query_parts(query: str, lexicon: frozenset[str] = frozenset()) -> list[str]:
    """Return one question per conjunct of the first coordination in ``query``; [] when there is none.

    Each part is ``query`` without the other conjuncts: "What do Jon and Gina
    both like?" gives "What do Jon and  both like?" and "What do  and Gina
    both like?" (the conjunction itself is a stopword to the tokenizer).

    Args:
        query: free text, English, Chinese or mixed.
        lexicon: the user's own words (names), kept whole as conjuncts in Chinese text.

    Returns:
        2..MAX_PARTS part texts, or [] (no coordination, or one side of it is not a word).
    """
    spans = _conjuncts(query, lexicon)[:MAX_PARTS]
    if not spans:
        return []
    parts = []
    for keep in spans:
        text, last = [], 0
        for span in spans:
            if span != keep:
                text.append(query[last:span[0]])
                last = span[1]
        text.append(query[last:])
        parts.append("".join(text))
    return parts
