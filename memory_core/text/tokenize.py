"""Text to index terms, for English, Chinese and mixed text.

``tokenize`` is used for both memory descriptions and queries, so the two
always agree. The text is NFKC-normalised (full-width letters, digits and
punctuation become ASCII) and lowercased, then split into runs:

- CJK runs (Han, kana, Hangul) are cut with jieba in search mode
  (``cut_for_search``: a long word also yields its dictionary sub-words, so
  "中华人民共和国" matches "人民"), Chinese stopwords and punctuation dropped;
- everything else is split into words of letters and digits; contractions
  are expanded ("don't" → "do not", "I'm" → "i am"), English stopwords
  dropped, letters stemmed with the Snowball English stemmer; numbers are
  kept ("2024", "3.5"; "1,000" becomes "1000");
- each emoji or pictographic symbol is a term of its own ("🍣", "☕"), so
  a query of emoji alone finds the items that hold them.

So "我在Google工作, I love 火锅" gives ``["googl", "工作", "love", "火锅"]``
(in text order).

jieba is loaded lazily on the first CJK text (about a second, once per
process; it logs nothing), behind a lock, on a private ``jieba.Tokenizer`` so
``add_user_words`` never touches other users of jieba's global instance.
Its cuts are kept in the user's cache folder (``cut_cache``): a process that
meets only runs cut before (a one-shot ``gulfstream recall``) never loads it.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import re
import threading
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import snowballstemmer

from memory_core.text import cut_cache
from memory_core.text.han_forms import simplified
from memory_core.text.stopwords import CHINESE_STOPWORDS, ENGLISH_STOPWORDS
from memory_core.text.zh_pos import quiet_jieba

__all__ = ["add_user_words", "jieba_frequency", "tokenize", "warm_up"]

# Han (incl. extension A and compatibility), CJK symbols, kana, Hangul.
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\u31f0-\u31ff\uac00-\ud7af"
_RUN_RE = re.compile(f"([{_CJK}]+)")
# Pictographs kept as terms, one character each: emoji (skin-tone modifiers 1F3FB-1F3FF left out,
# as are variation selectors and joiners, which fall outside), misc symbols and dingbats (☕ ✈ ❤), ⭐.
_EMOJI = "\U0001F000-\U0001F3FA\U0001F400-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF"
# A word: letters/digits (any script but CJK), with an optional contraction tail; or one pictograph.
_WORD_RE = re.compile(rf"\d{{1,3}}(?:,\d{{3}})+(?!\d)|\d+(?:\.\d+)+|[^\W_]+(?:'[^\W_]+)?|[{_EMOJI}]")
_HAS_WORD_CHAR_RE = re.compile(r"[^\W_]")
#: Two Han characters (a word jieba may have guessed).
_HAN_RE = re.compile(r"[\u4e00-\u9fff]{2}")

# Whole-word contractions whose stem is irregular; the rest split on "'".
_CONTRACTIONS = {
    "can't": ("can", "not"), "won't": ("will", "not"), "shan't": ("shall", "not"),
    "ain't": ("am", "not"), "let's": ("let", "us"),
}
_TAILS = {"n't": "not", "'re": "are", "'m": "am", "'ll": "will", "'ve": "have", "'d": "would", "'s": ""}

_stemmer = snowballstemmer.stemmer("english")
_stemmer_lock = threading.Lock()

_jieba: Any = None
_jieba_lock = threading.Lock()
_user_words: list[tuple[str, int | None]] = []

#: Everyday words jieba's dictionary lacks, so it cut them into single characters ("拿铁" → 拿 / 铁): a
#: question naming the drink never matched the memory that names it. The colloquial words of the shipped word
#: groups (data/everyday_glosses.yaml, synonyms.yaml) it cut apart too ("撸铁" → 撸 / 铁, "打工人" → 打 / 工人).
_EXTRA_WORDS = ("拿铁", "抹茶", "撸铁", "打工人", "内卷", "花呗", "剁手", "撸串", "烤串", "遛弯儿", "单身狗",
                "被裁")
#: Medicines and conditions by the names people say (data/synonyms.yaml links them to the English names):
#: jieba's dictionary lacks them, so it cut each into pieces that differ with the character before ("吃度" /
#: 洛西汀, "有甲减" as one word) and the name never met the question naming it.
_MEDICAL_WORDS = ("来士普", "艾司西酞普兰", "舍曲林", "氟西汀", "帕罗西汀", "西酞普兰", "文拉法辛", "度洛西汀",
                  "优甲乐", "雷替斯", "左甲状腺素", "立普妥", "阿托伐他汀", "瑞舒伐他汀", "波立维", "氯吡格雷",
                  "络活喜", "氨氯地平", "拜新同", "硝苯地平", "格华止", "二甲双胍", "芬必得", "仙特明", "西替利嗪",
                  "开瑞坦", "氯雷他定", "专注达", "利他林", "哌甲酯", "择思达", "托莫西汀", "喜普妙", "怡诺思",
                  "欣百达", "甲减", "甲亢", "慢阻肺", "慢性病")
#: Cuts jieba's frequencies get wrong before a sentence-final 吧 ("喝点红酒吧" was 红 / 酒吧, "a bar"): for each
#: (word, next) the word's frequency is raised until word / next beats the cut across it (红 / 酒吧).
_EXTRA_SPLITS = (("红酒", "吧"), ("黄酒", "吧"), ("米酒", "吧"), ("清酒", "吧"))
#: Words of jieba's dictionary that swallow a pet's kind before 叫 ("我的狗叫什么？" was 狗叫 "barking" / 什么): cut
#: apart, the question finds the dog it asks about.
_DROPPED_WORDS = ("狗叫", "猫叫", "狗狗叫", "猫咪叫")


def _shipped_words() -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """``data/zh_words.yaml``: (words kept whole, (word, next) pairs cut word / next), by family of meaning."""
    from memory_core.shipped_yaml import load_shipped

    raw = load_shipped("data", "zh_words.yaml")
    return (tuple(str(w) for w in raw.get("whole", ())),
            tuple((str(w), str(n)) for w, n in raw.get("before", ())))


def _keep_before(tok: Any, word: str, after: str) -> None:
    """Raise ``word``'s jieba frequency so ``word + after`` is cut word / after, not word[:-1] / word[-1] + after."""
    freq = tok.FREQ
    across = freq.get(word[:-1], 1) * freq.get(word[-1] + after, 0) // max(freq.get(after, 1), 1) + 1
    if freq.get(word, 0) < across:
        tok.add_word(word, across)


@functools.lru_cache(maxsize=100_000)
def _stem(word: str) -> str:
    """Stem one lowercased word (Snowball English); digits-only words unchanged."""
    if word.isdigit() or not word.isalpha():
        return word
    with _stemmer_lock:  # the Snowball stemmer object keeps state between calls
        return str(_stemmer.stemWord(word))


def _word_terms(word: str) -> tuple[str, ...]:
    """The terms of one word of a non-CJK run (a number, a contraction's parts stemmed, or none: a stopword)."""
    if "," in word:  # "1,000" is the number 1000
        return (word.replace(",", ""),)
    pieces: tuple[str, ...] | None
    if "'" in word:
        pieces = _CONTRACTIONS.get(word)
        if pieces is None:
            head, _, tail = word.partition("'")
            if head.endswith("n") and tail == "t":
                head, tail_word = head[:-1], "not"
            else:
                tail_word = _TAILS.get("'" + tail, tail)
            pieces = (head, tail_word)
    else:
        pieces = (word,)
    return tuple(_stem(piece) for piece in pieces if piece and piece not in ENGLISH_STOPWORDS)


#: Terms of each word seen (words repeat across a user's items: one dict read each instead of the
#: stopword test and the stemmer's cache call; tokenizing was the larger part of a 100-item build).
_TERMS_OF: dict[str, tuple[str, ...]] = {}
_TERMS_KEPT = 200_000


def _english(run: str, out: list[str]) -> None:
    """Append the terms of a non-CJK run (already lowercased) to ``out``."""
    terms_of = _TERMS_OF
    for word in _WORD_RE.findall(run):
        terms = terms_of.get(word)
        if terms is None:
            terms = _word_terms(word)
            if len(terms_of) < _TERMS_KEPT:
                terms_of[word] = terms
        out.extend(terms)


def _load_jieba() -> Any:
    """Return the private jieba tokenizer, building it on first use (thread-safe, quiet)."""
    global _jieba
    if _jieba is None:
        with _jieba_lock:
            if _jieba is None:
                import jieba

                tok = jieba.Tokenizer()
                quiet_jieba(tok)  # no log line; the dictionary cache in the user's folder, not /tmp
                tok.initialize()
                for extra in (*_EXTRA_WORDS, *_MEDICAL_WORDS):
                    tok.add_word(extra)
                for word, after in _EXTRA_SPLITS:
                    _keep_before(tok, word, after)
                whole, before = _shipped_words()
                for extra in whole:
                    tok.add_word(extra)
                for word, after in before:
                    _keep_before(tok, word, after)
                for word in _DROPPED_WORDS:
                    tok.del_word(word)
                for word, freq in _user_words:
                    tok.add_word(word, freq)
                _jieba = tok
    return _jieba


def warm_up() -> None:
    """Load the Chinese dictionary now (about a second) rather than in the first Chinese query.

    A long-lived process calls it at start-up (the workers do); loading it in
    a parent before it forks its pool shares the dictionary with the children.
    """
    _load_jieba()


def jieba_frequency(word: str) -> int:
    """``word``'s frequency in the Chinese dictionary ``tokenize`` cuts with (0: not a word of it)."""
    return int(_load_jieba().FREQ.get(word, 0))


#: CJK runs longer than this (characters) are cut without jieba's HMM for unknown words: its
#: Viterbi pass over a long run of characters that form no dictionary word took seconds
#: (5 turns of 8,000 such characters: an 8 s index build, during which a recall worker
#: answers nobody). Real sentences are far shorter; names in them keep the HMM.
HMM_MAX_RUN = 200


_cuts_key: str | None = None


def _tokenizer_key() -> str:
    """The digest of everything jieba's cuts depend on: its files, this module's source (the words it adds,
    raises and drops), the shipped words (``data/zh_words.yaml``), the words added at run time and the HMM limit
    (``cut_cache`` keeps cuts under it)."""
    global _cuts_key
    key = _cuts_key
    if key is None:
        spec = importlib.util.find_spec("jieba")
        origin = Path(spec.origin) if spec is not None and spec.origin else None
        files = [] if origin is None else [origin, origin.parent / "dict.txt"]
        stats = [(f.name, f.stat().st_size, f.stat().st_mtime_ns) for f in files if f.exists()]
        source = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()
        key = _cuts_key = cut_cache.digest(stats, source, _shipped_words(), tuple(_user_words), HMM_MAX_RUN)
    return key


#: Pronouns jieba's HMM glues to a one-character verb it then calls an unknown word ("我养了一只狗" was 我养 /
#: 一只 / 狗, "我学了日语" 我学 / 日语): the verb alone is the word.
_GLUED_PRONOUNS = frozenset("我你您他她它咱")
#: One-character nouns that name a kind of thing people keep, own, eat or do, as the head of a compound jieba
#: does not know ("橘猫", "奶猫", "电瓶车", "果酒"); a bound morpheme (购 of 网购) or a name character (屿 of 陈屿)
#: is no head of its own.
KIND_HEADS = frozenset("猫狗鱼鸟兔龟马牛羊猪鸡鸭鹅蛇车船机房屋茶酒奶面饭菜果花树草药鞋衣裤帽包表书课球琴画歌舞剧票卡")


#: Localizers after a noun (菜里, 车上): a place phrase jieba's HMM guessed as a word, not a kind and its verb.
_LOCALIZERS = frozenset("里上下中内外前后边旁")
#: Measure words before a counted kind: a word jieba keeps whole that ends in one and a kind ("几只羊", "三头牛")
#: also gives the kind.
_MEASURES = frozenset("只头条匹个辆台棵盆")


def _heads_of_unknown(words: Iterable[str], freq: Mapping[str, int]) -> Iterator[str]:
    """``words`` (a jieba cut) with each two-character word jieba's dictionary lacks (an HMM guess) also given as
    its head when that is a kind (``KIND_HEADS``): Chinese compounds are head-final (Packard, "The Morphology of
    Chinese", 2000, ch. 7), so "橘猫", "奶猫" are kinds of 猫 and a question naming 猫 finds them; a kind glued to
    the one-character verb after it ("羊卖了一百一十只": 羊卖, "车坏了": 车坏) also gives the kind, so "现在有多少只羊"
    finds the turn that sold them; a word ending in a measure word and a kind ("几只羊") gives the kind; a pronoun
    glued to a verb ("我养") gives the verb alone. Dictionary words are otherwise left as cut (search mode yields
    their sub-words)."""
    cut = list(words)
    for n, w in enumerate(cut):
        if len(w) > 1 and w[-2] in _MEASURES and w[-1] in KIND_HEADS:  # 几只羊, 头牛: the kind (两百多只羊 gives it)
            yield w
            if w[-1] not in cut[max(0, n - 1):n + 2]:
                yield w[-1]
        elif len(w) != 2 or freq.get(w, 0) or not _HAN_RE.fullmatch(w):
            yield w
        elif w[0] in _GLUED_PRONOUNS:
            yield w[1]
        else:
            yield w
            if w[1] in KIND_HEADS:
                yield w[1]
            elif w[0] in KIND_HEADS and w[1] not in _LOCALIZERS:  # the kind glued to its verb: 羊卖了, 车坏了
                yield w[0]


@functools.lru_cache(maxsize=50_000)
def _cut_cjk(run: str) -> tuple[str, ...]:
    """Cut one CJK run in search mode; drop stopwords and punctuation. Cached, and kept across processes
    (``cut_cache``): jieba's dictionary loads only for a run no process of this tokenizer cut before."""
    hmm = len(run) <= HMM_MAX_RUN
    key = _tokenizer_key()
    words = cut_cache.lookup(key, run, hmm)
    if words is None:
        tok = _load_jieba()
        words = tuple(_heads_of_unknown(tok.cut_for_search(run, HMM=hmm), tok.FREQ))
        cut_cache.remember(key, run, hmm, words)
    return tuple(w for w in words if w not in CHINESE_STOPWORDS and _HAS_WORD_CHAR_RE.search(w))


def _cut_with_lexicon(run: str, lexicon: frozenset[str], longest: int, out: list[str]) -> None:
    """Cut a CJK run, keeping the lexicon's words whole (longest match, left to right).

    A lexicon word is emitted whole and also cut by jieba, so a query for a
    part of a name ("小明" of "王小明") still matches; the text between
    lexicon words is cut as usual.
    """
    start = i = 0
    while i < len(run):
        for size in range(min(longest, len(run) - i), 1, -1):
            word = run[i:i + size]
            if word in lexicon:
                if start < i:
                    out.extend(_cut_cjk(run[start:i]))
                out.append(word)
                out.extend(w for w in _cut_cjk(word) if w != word)
                i = start = i + size
                break
        else:
            i += 1
    if start < len(run):
        out.extend(_cut_cjk(run[start:]))


def tokenize(text: str, lexicon: frozenset[str] = frozenset()) -> list[str]:
    """Return the index terms of ``text`` in text order (duplicates kept).

    Args:
        text: any mix of English, Chinese and other scripts.
        lexicon: one user's own words (names of people, places, titles) kept
            whole in Chinese text, on top of jieba's dictionary. Unlike
            ``add_user_words`` it touches no shared state, so each user's
            index can carry its own; index and queries must pass the same one.
            Words are matched after NFKC and lowercasing, as the text is.
            Traditional Chinese is indexed as its simplified form (``han_forms.simplified``), so
            "現在住哪裡" and "现在住哪里" give the same terms.

    Returns:
        Terms: stemmed lowercase English words, numbers, jieba words; no
        stopwords or punctuation. ``[]`` for empty or stopword-only text.

    Raises:
        TypeError: ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise TypeError(f"tokenize needs a string; got {type(text).__name__}")
    out: list[str] = []
    if text.isascii():  # NFKC leaves ASCII as it is, and it holds no CJK run
        _english(text.lower(), out)
        return out
    text = unicodedata.normalize("NFKC", simplified(text)).lower().replace("\u2019", "'").replace("\u2018", "'")
    longest = max(map(len, lexicon), default=0)
    for i, run in enumerate(_RUN_RE.split(text)):
        if not run:
            continue
        if i % 2 and longest > 1 and len(run) > 1:  # odd pieces of a capturing split are the CJK runs
            _cut_with_lexicon(run, lexicon, longest, out)
        elif i % 2:
            out.extend(_cut_cjk(run))
        else:
            _english(run, out)
    return out


def add_user_words(words: Iterable[str], freq: int | None = None) -> int:
    """Add entity names (people, places, products) to the Chinese dictionary.

    Later cuts keep each name whole ("王小明" rather than "王", "小明"). The
    dictionary is shared by the process, so one user's names would change
    every user's cuts: per-user words go in ``tokenize``'s ``lexicon``
    instead (the hybrid index learns one per user from the user's items).
    Memories indexed before the call keep their old terms until their index
    is rebuilt.

    Args:
        words: names; blank ones and ones without CJK characters are skipped
            (English words are never cut).
        freq: jieba word frequency; None lets jieba pick one that keeps the
            word whole.

    Returns:
        The number of words added.
    """
    global _cuts_key
    added = [w.strip() for w in words if isinstance(w, str) and _RUN_RE.search(w.strip())]
    if not added:
        return 0
    with _jieba_lock:
        for word in added:
            _user_words.append((word, freq))
            if _jieba is not None:
                _jieba.add_word(word, freq)
        _cuts_key = None  # another dictionary: other cuts, kept in another file
        _cut_cjk.cache_clear()
    return len(added)
