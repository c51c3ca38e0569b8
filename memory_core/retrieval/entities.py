"""Names in text, without a model: speakers, people, places and titles, in English and Chinese.

Used at index-build time (each item's names seed the second retrieval
round; the user's Chinese names become the user's tokenizer lexicon) and on
the query (which speakers it names). The rules are deliberately plain:

- English: capitalised words and runs of them ("New York", "LGBTQ") that do
  not start a sentence, except "I"; a sentence-initial word counts when it
  is also seen capitalised mid-sentence elsewhere in the same text;
- Chinese: titles in 《》 or 「」, and two to four Han characters after
  叫 / 名叫 / 名字是 ("我的猫叫咪咪");
- any script: Latin capitalised words inside Chinese text ("我和Ana去了成都").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

from memory_core.text.han_forms import simplified
from memory_core.text.script import HAN_COMPAT_CHARS, has_han
from memory_core.text.stopwords import ENGLISH_STOPWORDS

__all__ = ["SpeakerMatcher", "extract_entities", "learn_lexicon", "named_speakers"]

_LATIN = "a-zA-Z\u00c0-\u024f0-9'’-"
_CAP_RUN = re.compile(rf"(?<![{_LATIN}])[A-Z\u00c0-\u00de][{_LATIN}]*(?:\s+(?:of\s+|the\s+)?[A-Z][{_LATIN}]*)*")
_ENDERS = frozenset(".!?。！？:;\"“(")
_ZH_TITLE = re.compile(r"[《「『]([^》」』]{1,30})[》」』]")
_ZH_NAMED = re.compile(rf"(?:名叫|叫做|叫|名字是)([{HAN_COMPAT_CHARS}]{{2,4}}?)(?=[，。！？、,.!?\s]|$|的|和|是|在)")
_ALL_HAN = re.compile(f"[{HAN_COMPAT_CHARS}]+")
_ROLES = frozenset({"user", "assistant", "system", "tool", ""})
_CAPITALISED = re.compile(r"\b[A-Z][a-z]{2,}\b")
_WORD = re.compile(r"\w+")


def extract_entities(text: str) -> list[str]:
    """Return the names found in ``text`` (see the module docstring), in text order, without repeats.

    Args:
        text: any language.

    Returns:
        Names as written ("Caroline", "New York", "晴天", "咪咪").
    """
    found: list[str] = []
    mid_sentence: set[str] = set()
    spans: list[tuple[str, bool]] = []
    for m in _CAP_RUN.finditer(text):
        words = m.group().replace("’", "'").split()
        before = text[max(0, m.start() - 8):m.start()].rstrip()
        starts = not before or before[-1] in _ENDERS
        if not starts:
            mid_sentence.update(words)
        spans.append((" ".join(words), starts))
    for run, starts in spans:
        words = run.split()
        if starts and words[0] not in mid_sentence:  # a sentence-initial word, unless seen mid-sentence too
            words = words[1:]
        while words and (words[0].lower() in ENGLISH_STOPWORDS or words[0] == "I"):
            words = words[1:]
        name = " ".join(words).removesuffix("'s")
        if name and name not in found and name.lower() not in ENGLISH_STOPWORDS:
            found.append(name)
    for pattern in (_ZH_TITLE, _ZH_NAMED):
        for m in pattern.finditer(text):
            name = m.group(1).strip()
            if name and name not in found:
                found.append(name)
    return found


class SpeakerMatcher:
    """``named_speakers`` for one fixed list of speakers, their keys and patterns prepared once.

    A hybrid index keeps one: preparing ~16 names for every query (NFKC,
    escaping, a pattern per name) cost ~0.1 ms of a recall. A name of word
    characters only matches as a whole word exactly when it equals one of
    the query's maximal runs of word characters, so those are looked up in
    a set; other names ("Ann Lee", "O'Neil") keep a pattern each.

    Args:
        speakers: candidate speaker names (roles and blank names are never matched).
    """

    def __init__(self, speakers: Iterable[str]) -> None:
        self._han: list[tuple[str, str]] = []  # (key, name): matched as substrings
        self._words: list[tuple[str, str]] = []  # (key, name): keys of word characters only
        self._latin: list[tuple[str, re.Pattern[str], str]] = []  # (key, whole-word pattern, name)
        for name in speakers:
            key = unicodedata.normalize("NFKC", name).strip().lower()
            if key in _ROLES:
                continue
            if has_han(key, compatibility=True):
                self._han.append((simplified(key), name))  # "陳怡君" is named by "陈怡君" too
            elif _WORD.fullmatch(key):
                self._words.append((key, name))
            else:
                self._latin.append((key, re.compile(rf"\b{re.escape(key)}\b"), name))

    def __call__(self, query: str) -> set[str]:
        """Return the speakers whose name ``query`` mentions (see ``named_speakers``)."""
        q = unicodedata.normalize("NFKC", query)
        lowered = q.lower()
        if self._han:
            folded = simplified(lowered)
            out = {name for key, name in self._han if key in folded}
        else:
            out = set()
        if self._words or self._latin:
            prefixes = [p for p in (w.lower() for w in _CAPITALISED.findall(q)) if len(p) >= 3]
            words = set(_WORD.findall(lowered))
            for key, name in self._words:
                if key in words or any(key.startswith(p) for p in prefixes):
                    out.add(name)
            for key, pattern, name in self._latin:
                if pattern.search(lowered) or any(key.startswith(p) for p in prefixes):
                    out.add(name)
        return out


def named_speakers(query: str, speakers: Iterable[str]) -> set[str]:
    """Return the speakers whose name the query mentions.

    Latin names match as whole words, case-insensitively, or by a capitalised
    prefix of at least three letters ("Mel" for "Melanie"); Chinese names match
    as substrings. Role names (user, assistant, tool, system) never match.
    Matching many queries against the same speakers: ``SpeakerMatcher``.

    Args:
        query: the query text.
        speakers: candidate speaker names.
    """
    return SpeakerMatcher(speakers)(query)


_NO_KEYS: frozenset[str] = frozenset()  # one empty set for every item without names (a new one took 216 bytes)


def learn_lexicon(names: Sequence[str]) -> frozenset[str]:
    """Return the names worth keeping whole in Chinese text: those of two to twenty Han characters only.

    Names are NFKC-normalised, lowercased and written in simplified characters, as ``tokenize`` sees text.
    """
    out = set()
    for name in names:
        key = simplified(unicodedata.normalize("NFKC", name).strip().lower())
        if 2 <= len(key) <= 20 and _ALL_HAN.fullmatch(key):
            out.add(key)
    return frozenset(out) if out else _NO_KEYS
