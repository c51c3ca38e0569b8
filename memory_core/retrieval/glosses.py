"""The query's words in the other language, from the dictionary: one more lexical ranking, lighter than the query's.

Without an embedder, a question in one language shares no term with a memory
in the other ("Am I allergic to anything?" and 我对猫毛过敏); the shipped
synonym groups (``aliases``) bridge only the pairs they list. Each query term
is looked up in the shipped everyday words (``text.everyday_glosses``: 外卖 /
"delivery", "e-bike" / 电动车, which the dictionary glosses formally or not at
all), then in CC-CEDICT (``text.glossary``): a Chinese term gives its
English head words, an English term the Chinese words glossed as it alone
(a term the shipped synonym groups list is left to them and the everyday words).
The terms found are searched as their own ranking, weighted
``HybridSettings.w_gloss`` (below the query's own terms and the hand-written
synonyms), and that ranking keeps only memories in the other language than
the question (``other_language_only``; a text's language as in
``other_language.reads_chinese``: above one half CJK characters, Chinese). So it can lift
a memory the question could not find at all, and never reorders the
memories in the question's own language: an item indexed with words of
both languages (slot and relation words) met "running partner" through
对象 and came before the running partner (the bilingual set, Tom's wife).
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence

import numpy as np

from memory_core.model import MemoryItem
from memory_core.retrieval.other_language import reads_chinese
from memory_core.text.everyday_glosses import everyday_glosses
from memory_core.text.glossary import en_to_zh, zh_to_en
from memory_core.text.synonyms import synonym_aliases

__all__ = ["USER_WORDS", "gloss_terms", "other_language_only"]

#: Words naming the user, not glossed: items in each language open with them ("User's GP …", 用户的老公 …) and
#: raw turns with the role ("user: …"), so 用户 → "user" matched every English item alike ("这个用户开什么车？"
#: put a turn that only mentions a car above the user's own car).
USER_WORDS = frozenset({"用户", "user"})


def _is_cjk(term: str) -> bool:
    """True for a term of Chinese characters (``tokenize`` keeps a CJK run's words apart from other text)."""
    return "\u3400" <= term[0] <= "\u9fff" or "\uf900" <= term[0] <= "\ufaff"


def gloss_terms(tokens: Sequence[str], skip: Collection[str] = ()) -> list[str]:
    """The other-language index terms of ``tokens``, in query order, none repeated nor in ``tokens`` or ``skip``.

    Args:
        tokens: the query's index terms (``tokenize``); those in ``USER_WORDS`` or in the shipped
            synonym groups are not looked up.
        skip: terms already searched another way (the aliases' expansion).

    Returns:
        English terms for Chinese tokens, Chinese words for English tokens and for two English tokens in a row
        that the dictionary glosses together ("National Day" → 国庆, "ice cream" → 冰淇淋): the shipped everyday
        words first (``everyday_glosses``: "delivery" → 外卖, "e bike" → 电动车), then the dictionary's; ``[]``
        when neither gives any (or the dictionary is not installed). A token the shipped synonym groups list
        is not looked up in the dictionary: its aliases are searched already, more precisely.
    """
    out: list[str] = []
    seen = set(tokens) | set(skip)
    listed = synonym_aliases()
    pairs = [f"{a} {b}" for a, b in itertools.pairwise(tokens) if not (_is_cjk(a) or _is_cjk(b))]
    for token in [*tokens, *pairs]:
        if token in USER_WORDS:
            continue
        found = everyday_glosses(token)  # the everyday words people say first (外卖: delivery, not only takeout)
        if token not in listed:  # the hand-written synonym groups know this word better (抽烟: smoke ...)
            found = (*found, *(zh_to_en(token) if _is_cjk(token) else en_to_zh(token)))
        for term in found:
            if term not in seen:
                seen.add(term)
                out.append(term)
    return out


def other_language_only(query: str, slots: np.ndarray, items: Sequence[MemoryItem | None]) -> np.ndarray:
    """The slots of ``slots`` (shape (n,) int64, order kept) whose item is in the other language than ``query``.

    Dead slots (None) are dropped. A text is Chinese when more than half its non-space characters are CJK.
    """
    zh = reads_chinese(query)
    kept = [j for j in slots.tolist() if (item := items[j]) is not None and reads_chinese(item.description) != zh]
    return np.asarray(kept, dtype=np.int64)
