"""A Chinese verb-object word in a query also asks for its verb alone: "跑步" also searches "跑".

Chinese verb-object compounds (离合词: 跑步, 游泳, 唱歌, 睡觉, 开车 …) are
said whole in a question ("我现在还跑步吗？") and split or by their verb alone
in what people tell ("又开始跑了，每周跑三次", "游了一个小时", "唱了两首"). The
segmenter then gives "跑步" for the question and "跑" for the memory, and
BM25 sees no common term. ``verb_heads`` gives, for each two-character
CJK query term whose first character is a verb on its own in the
segmenter's dictionary (jieba's part-of-speech tag ``v``), that character,
searched as one more lexical ranking beside the aliases. A two-character
term headed by a non-verb ("工作": 工 is a noun, "上班": 上 a locative) gives
nothing; nor does a head that is a stopword.

The class and its split use: Chao, *A Grammar of Spoken Chinese* (1968)
§6.5.7 on "ionized" verb-object compounds; the tags are jieba's dictionary's
(ICTCLAS tag set).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Sequence
from importlib import metadata

from memory_core.text.stopwords import CHINESE_STOPWORDS
from memory_core.user_cache import cached_table

__all__ = ["single_character_verbs", "verb_heads"]

_lock = threading.Lock()


@functools.lru_cache(maxsize=1)
def single_character_verbs() -> frozenset[str]:
    """The one-character words jieba's default dictionary tags as verbs (``v``), minus stopwords (~1,100; cached).

    Read from the dictionary file once per machine and jieba version (about half a second) and kept in the
    user's cache folder (``user_cache.cached_table``), which later processes read.
    """
    table = cached_table("jieba_verbs", f"{metadata.version('jieba')}-1", _dictionary_verbs)
    return frozenset(table["verbs"]) - CHINESE_STOPWORDS


def _dictionary_verbs() -> dict[str, list[str]]:
    """``{"verbs": [...]}``: the one-character words jieba's dictionary file tags ``v``, sorted."""
    import jieba

    verbs: set[str] = set()
    with _lock:
        source = jieba.get_dict_file()
        try:
            for raw in source:
                line = raw.decode("utf-8") if isinstance(raw, bytes) else raw
                word, _, rest = line.partition(" ")
                if len(word) == 1 and rest.rstrip().endswith(" v"):
                    verbs.add(word)
        finally:
            source.close()
    return {"verbs": sorted(verbs)}


def _is_cjk(char: str) -> bool:
    return "\u4e00" <= char <= "\u9fff"


def verb_heads(tokens: Sequence[str]) -> list[str]:
    """The verb of each two-character Chinese verb-object term of ``tokens`` (a tokenized query), not already asked.

    Args:
        tokens: index terms of a query (``tokenize``), in order.

    Returns:
        One-character verbs in query order, no duplicates; ``[]`` when the
        query holds no such term (an English query never loads the table).
    """
    pairs = [t for t in tokens if len(t) == 2 and _is_cjk(t[0]) and _is_cjk(t[1])]
    if not pairs:
        return []
    verbs = single_character_verbs()
    asked = set(tokens)
    out: list[str] = []
    for term in pairs:
        head = term[0]
        if head in verbs and head not in asked and head not in out:
            out.append(head)
    return out
