"""A question about the past ("where did I use to work?", "以前在哪工作？") is answered with the superseded value.

Recall returns active items only by default (issue 13 §5: current first).
A question that asks about a former state is the exception: it widens the
statuses to superseded items as well and ranks the superseded items it found
before the current ones, so the old employer comes first, shown in the
context block with the dates it held (``memory_core.context``).

What makes a question one about the past is its grammar: an English past
form of having or being or doing ("did I", "was I", "used to"), or a former
thing ("my old job", "my previous landlord"); of any person, "did he / she use to"
and a past question ending in "before" or "earlier" with nothing after it
("what did she do before?": before now, no event named); a Chinese past word (the
lexicon's ``past`` marker: 以前, 之前, 原来, 曾经 …). A question that also says
"now" (现在, currently) asks about the present and is left as it is.

A past question with no content word ("what did I use to do?", "what did she do before?",
"我以前是干嘛的？") names no slot for the search to find: every value the person asked about held
and no longer holds is its answer. ``history_slots`` ranks that person's superseded items (the
most recently replaced first) as one more ranking of recall, and ``past_first`` puts them first:
the user's, or those of the relation the question names ("what did my sister do before?") or of the
person it names by the name the items give beside the relation ("What did Anna do before?" over "User's
sister Anna works as a teacher", 安娜以前是做什么的？ over 用户的姐姐安娜是老师: ``person_names``); he, she
(an agent speaking of its user) and I all ask about the user. A past question naming a person puts that
person's superseded items first, not every superseded item found (``past_first``).

Questions naming a past period ("十月份我在哪里住？", "spring 2025"), asking what
held before an event ("where did he work before the NHS?") or for a sequence
("what jobs have I had, in order?") widen the statuses the same way and are
ordered by ``time_questions`` (what held in the period first; date order).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from memory_core.correction_mark import was_corrected
from memory_core.model import Kind, MemoryItem, Status
from memory_core.pipeline.sensitive_policy import SENSITIVE_THEME
from memory_core.pipeline.slot_questions import marker
from memory_core.retrieval.idioms import plain_query
from memory_core.retrieval.index import RecallFilters, RecallResult
from memory_core.retrieval.stale_last import past_allowed
from memory_core.retrieval.time_questions import (
    asks_before,
    asks_period,
    asks_sequence,
    before_anchor,
    in_sequence,
    period_first,
)
from memory_core.retrieval.time_window import ACTIVITY_WORDS
from memory_core.retrieval.turn_shape import key_subject
from memory_core.text.relations import names_relation, relation_groups, relation_names
from memory_core.text.script import HAN, has_han
from memory_core.text.tokenize import tokenize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from memory_core.retrieval.item_table import ItemTable

__all__ = ["asked_people", "asks_about_past", "history_slots", "past_filters", "past_first", "person_names"]

_EN_PAST = re.compile(
    r"\b(?:used\s+to|did\s+i|was\s+i|were\s+we|had\s+i|did\s+we|have\s+i\s+ever|back\s+then|before\s+(?:that|now)|"
    r"previously|formerly|in\s+the\s+past)\b"
    r"|\bmy\s+(?:old|former|previous|ex|last)[\s-]+\w+"
    # any person: "where did he use to work?", "what did she do before?", "where did they live earlier?"
    # (a pronoun: "what did Kofi use to make the stew?" uses a thing, "what did he use to do?" is a habit)
    r"|\b(?:did|didn'?t)\s+(?:he|she|they|you|we)\s+use\s+to\b"
    r"|\b(?:did|was|were|had)\b.*\b(?:before|earlier|previously)\s*[?.!]*\s*$"
    r"|\b(?:his|her|their|your)\s+(?:old|former|previous|ex)[\s-]+\w+", re.IGNORECASE)
#: "did Anna use to do / be / work / live …": a name then a verb of a lasting state (a habit; "what did Kofi
#: use to make the stew?" names a thing used, and "make" is no such verb). Case-sensitive: a name.
_EN_NAME_USED_TO = re.compile(r"\b(?:[Dd]id|[Dd]idn'?t)\s+[A-Z][a-z]+\s+use\s+to\s+(?:do|be|work|live|study|teach)\b")
_EN_NOW = re.compile(r"\b(?:now|currently|these\s+days|nowadays|at\s+the\s+moment|today)\b", re.IGNORECASE)
_ZH_NOW = re.compile(r"现在|目前|如今|最近|眼下")
#: Index terms that say only "in the past" (the marker, not what held): "use" of "used to", 以前 …
_PAST_TERMS = frozenset({"use", "used", "before", "earlier", "previous", "previously", "formerly", "former", "past",
                         "back", "then", "ago", "once", "以前", "之前", "原来", "曾经", "过去", "从前", "以往", "早先",
                         "当初", "那时", "那时候", "原先", "本来"})


def asks_about_past(query: str) -> bool:
    """True when ``query`` asks about a former state and not about now (see the module docstring)."""
    if has_han(query):
        return bool(marker("zh", "past").search(query)) and not _ZH_NOW.search(query)
    return bool(_EN_PAST.search(query) or _EN_NAME_USED_TO.search(query)) and not _EN_NOW.search(query)


def past_filters(query: str, filters: RecallFilters | None) -> RecallFilters | None:
    """``filters`` with superseded items allowed when ``query`` asks about the past, a past period or a sequence
    (``time_questions``) and no statuses were chosen.

    Filters given with other statuses are the caller's choice and are kept as given.
    """
    if not (asks_about_past(query) or asks_period(query) or asks_before(query) or asks_sequence(query)):
        return filters
    base = filters or RecallFilters()
    if base.statuses is None or set(base.statuses) != {Status.ACTIVE}:
        return filters
    return replace(base, statuses=(Status.ACTIVE, Status.SUPERSEDED))


def past_first(query: str, results: Sequence[RecallResult],
               find: Callable[[str], MemoryItem | None] | None = None) -> list[RecallResult]:
    """``results`` with the superseded items first (their order kept) when ``query`` asks about the past, what held
    in a past period (or before an event ``find`` dates) first when it names one (``time_questions.period_first``),
    in date order within the main theme when it asks for a sequence (``time_questions.in_sequence``); ranks
    renumbered from 1."""
    out = list(results)
    # 安娜以前是做什么的？ reads as "before 安娜" too: a person's name is no event
    by_period = None if _before_person(query, [r.item for r in out]) else period_first(query, out, find)
    if by_period is not None:
        out = by_period
    elif asks_about_past(query) and any(r.item.status == Status.SUPERSEDED for r in out):
        asked = asked_people(query, [r.item for r in out])  # "what did Anna do before?": Anna's, not the user's
        out.sort(key=lambda r: _past_place(r.item, asked))
    if asks_sequence(query):
        out = in_sequence(out)
    for n, r in enumerate(out, 1):
        r.rank = n
    return out


def _before_person(query: str, items: Sequence[MemoryItem]) -> bool:
    """True when the "event" of a "before <event>" reading of ``query`` is only a person's name ``items`` give
    (安娜以前是做什么的？: Anna formerly, not before Anna)."""
    terms = set(tokenize(before_anchor(query)))
    return bool(terms) and terms <= {t for found in person_names(items).values() for t in found}


def _past_place(item: MemoryItem, asked: set[str]) -> int:
    """Sort key of a past question's result: 0 a superseded item of the person asked (anyone's when ``asked`` is
    empty), 2 a superseded item of someone else when a person is asked (not the answer), or one the user
    corrected as a mistake (``correction_mark``: it never held), 1 any other."""
    if item.status != Status.SUPERSEDED:
        return 1
    if was_corrected(item):
        return 2
    return 0 if not asked or _person(key_subject(item.key)) in asked else 2


def person_names(items: Sequence[MemoryItem]) -> dict[str, set[str]]:
    """{person: the index terms of the names ``items`` give that person}: the word right after a name of the
    relation in an item's text ("User's sister Anna works …" → {"sister": {"anna"}}, 用户的姐姐安娜是老师 and the
    raw turn 我姐姐安娜搬到成都了 → {"sister": {"安娜"}}). A person is the first name of the relation's group
    (``_person``); a slot item names only its own subject, a raw turn any relation it says. An English name is
    capitalised; a Chinese one starts right after the relation's name. The user's own items name no one."""
    out: dict[str, set[str]] = {}
    for item in items:
        subject = key_subject(item.key)
        if subject == "" or (subject is None and item.kind != Kind.EVENT):
            continue
        groups = (relation_names(subject),) if subject else relation_groups()
        folded = item.description.casefold()
        for names in groups:
            for name in names:
                at = folded.find(name)
                if at < 0:
                    continue
                rest = item.description[at + len(name):]
                first = next(iter(tokenize(rest)), "")
                bare = rest.lstrip()
                if (first and bare[:1].isupper() and bare.casefold().startswith(first)) \
                        or (first and HAN.match(first) and rest.startswith(first)):
                    out.setdefault(names[0], set()).add(first)
                break
    return out


def _person(subject: str | None) -> str | None:
    """The person a key subject names: the first name of its relation's group ("姐姐" → "sister"); "" the user."""
    return subject and relation_names(subject)[0]


def asked_people(query: str, items: Sequence[MemoryItem]) -> set[str]:
    """The persons (``_person``) of ``items`` that ``query`` names: by the relation ("my sister") or by the name
    the items give the person (``person_names``); empty when it names no one of them (the user is asked)."""
    folded = query.casefold()
    terms = set(tokenize(plain_query(query)))
    subjects = {s for item in items if (s := key_subject(item.key))}
    by_name = {person for person, names in person_names(items).items() if names & terms}
    return {_person(s) or "" for s in subjects if names_relation(folded, s)} | by_name


def _no_content(query: str, subjects: set[str], names: set[str]) -> bool:
    """True when ``query`` holds no index term but past markers, "do"/"happen" words, the names of the
    relations ``subjects`` (key subjects) a question may name and ``names`` (the people's own names)."""
    named = {t for s in subjects for name in relation_names(s) for t in tokenize(name)} | names
    return not [t for t in tokenize(plain_query(query)) if t not in _PAST_TERMS and t not in ACTIVITY_WORDS
                and t not in named]


def history_slots(query: str, table: ItemTable, filters: RecallFilters | None) -> np.ndarray:
    """Slots of the asked person's superseded items, the most recently replaced first, when ``query`` asks about
    the past with no content word (module docstring); else none. Shape (m,) int64.

    Args:
        table: the index's item table (``items``, ``alive``, ``mask_for``).
        filters: the recall's filters; nothing without superseded among their statuses; their themes, kinds
            and times hold.
    """
    none = np.empty(0, dtype=np.int64)
    if not past_allowed(filters) or not asks_about_past(query) or asks_period(query) or asks_sequence(query):
        return none
    assert filters is not None  # past_allowed
    alive = table.alive
    only = table.mask_for(replace(filters, statuses=(Status.SUPERSEDED,)))
    slots = np.flatnonzero(alive if only is None else alive & only[:alive.shape[0]]).tolist()
    old = [(j, item) for j in slots if (item := table.items[j]) is not None
           and item.kind not in (Kind.EVENT, Kind.SUMMARY) and item.theme != SENSITIVE_THEME
           and not was_corrected(item)]  # a value corrected as a mistake is no former value
    if asks_before(query) and not _before_person(query, [item for _, item in old]):
        return none
    subjects = {key_subject(item.key) or "" for _, item in old}
    names = {t for found in person_names([item for _, item in old]).values() for t in found}
    if not old or not _no_content(query, subjects, names):
        return none
    asked = asked_people(query, [item for _, item in old]) or {""}
    old = [(j, item) for j, item in old if (_person(key_subject(item.key)) or "") in asked]
    old.sort(key=lambda p: (p[1].valid_until or p[1].updated_at).timestamp(), reverse=True)
    return np.array([j for j, _ in old], dtype=np.int64)
