"""What the read side takes from the slot lexicon, without compiling it: ``slot_terms``, ``object_names``, ``marker``.

Recall indexes every slot item with its slot's question words (``fact:occupation`` -> "job title occupation …
职业 工作 …"), reads a Chinese question's past marker (以前, 原来: ``retrieval.past_question``) and masks a key
by its object's names (``shown``), so the first recall of a process used to compile the whole slot lexicon
(``slot_lexicon.lexicon()``: ``data/slots.yaml`` parsed and its patterns compiled, ~0.09 s of CPU) to read a
few of its tables. A one-shot CLI recall paid it on every call. ``question_words`` is those tables alone
(the markers as their patterns' sources, compiled one at a time when asked for), made from the compiled
lexicon once per machine and kept in the user's cache folder
(``user_cache.cached_table``) under the digest of ``slots.yaml`` and of the code that compiles it, so a
changed lexicon is another file; later processes read it in about a millisecond.
"""

from __future__ import annotations

import functools
import hashlib
import re
from importlib import resources
from typing import Any

from memory_core.user_cache import cached_table

__all__ = ["lexicon_digest", "marker", "object_names", "question_words", "slot_terms"]

#: Attributes whose own-words statements (``gist:<attribute>``) are indexed with the attribute's question words.
_GIST_ASKED = frozenset({"works_at"})
#: Bumped when the table's shape changes.
_SHAPE = "2"


def lexicon_digest() -> str:
    """The SHA-256 (hex, 16 characters) of ``data/slots.yaml``, of the module that compiles it and of this one."""
    files = resources.files("memory_core")
    digest = hashlib.sha256(_SHAPE.encode())
    for part in ("data/slots.yaml", "pipeline/slot_lexicon.py", "pipeline/slot_questions.py"):
        digest.update(files.joinpath(part).read_bytes())
    return digest.hexdigest()[:16]


@functools.lru_cache(maxsize=1)
def question_words() -> dict[str, Any]:
    """The question-word tables of the slot lexicon (built once per lexicon digest, then read from the cache).

    Returns:
        ``{"ask": {attribute id: its question words}, "pref_ask": {object category: the question words of the
        first liking attribute of that category}, "category": {object id: its category}, "names": {object id:
        [its names in both languages]}, "markers": {language: {marker: [pattern source, flags]}}}``; an
        attribute id listed twice keeps its first entry, as the lexicon's own lookups do.
    """
    return cached_table("slot_question_words", lexicon_digest(), _build)


def _build() -> dict[str, Any]:
    """The tables from the compiled lexicon (``question_words``)."""
    from memory_core.pipeline.slot_lexicon import lexicon

    lex = lexicon()
    ask: dict[str, str] = {}
    pref_ask: dict[str, str] = {}
    for attr in lex.attributes:
        ask.setdefault(attr.id, attr.ask)
        if attr.pref:
            pref_ask.setdefault(attr.objects, attr.ask)
    return {"ask": ask, "pref_ask": pref_ask, "category": dict(lex.category),
            "names": {oid: list(names) for oid, names in lex.names.items()},
            "markers": {lang: {name: [pattern.pattern, int(pattern.flags)] for name, pattern in by_name.items()}
                        for lang, by_name in lex.markers.items()}}


@functools.lru_cache(maxsize=256)
def marker(lang: str, name: str) -> re.Pattern[str]:
    """The lexicon's marker ``name`` of ``lang`` (``slot_lexicon.Lexicon.markers``: "past" -> 以前|过去|…), compiled.

    Raises:
        KeyError: the lexicon has no such marker.
    """
    source, flags = question_words()["markers"][lang][name]
    return re.compile(source, flags)


def object_names(oid: str) -> tuple[str, ...]:
    """Every name of the lexicon's object ``oid`` in both languages (``("coffee", …, "咖啡")``; ``()``: none)."""
    return tuple(question_words()["names"].get(oid, ()))


@functools.lru_cache(maxsize=4096)
def slot_terms(key: str | None) -> str:
    """Words a question about a slot item uses, in both languages ("" for no slot key).

    ``fact:occupation`` -> "job title occupation … 职业 工作 …"; ``pref:coffee``
    -> the drink's ask words and every name of coffee ("coffee … 咖啡 拿铁").
    Recall indexes them with the item, so a question in either language finds it.
    A statement in the user's own words kept for the employer (``gist:works_at``, "User's office is at the
    Google campus") is about the employer too and takes its question words ("她在哪家公司工作？" finds it): the
    employer is asked by general words (公司, 工作, company) such a statement seldom holds. Other ``gist:`` keys
    take none: the commute's question words (骑车, train) put "用户不用通勤" first for "我平时怎么锻炼？".
    """
    if key and key.startswith("gist:"):
        named = key[5:].split("@", 1)[0]
        return str(question_words()["ask"].get(named, "")) if named in _GIST_ASKED else ""
    if not key or not key.startswith(("fact:", "pref:", "todo:")):
        return ""
    tables = question_words()
    kind, _, rest = key.partition(":")
    rest = rest.split("@", 1)[0]
    if kind == "pref":
        oid = rest
        words = [tables["pref_ask"].get(tables["category"].get(oid, ""), "")]
    else:
        attr_id, _, oid = rest.rpartition("/")[2].partition(":")
        if kind == "todo":
            attr_id, oid = "goal", attr_id
        words = [tables["ask"].get(attr_id, "")]
    words.extend(tables["names"].get(oid, ()))
    return " ".join(w for w in words if w)
