"""What a recall shows of sensitive items: the context block's view and the notes beside it (seed 001 §8.24.1:
a value is shown only when the question asks for its kind).

``Memory.recall`` keeps the results as stored (callers mask or reveal them by
their own rules, ``memory_core.shown``); the block it packs shows a
sensitive item's values of kinds the query did not name masked, and the
notes beside an item (an old value, the source turn's words) the same way.
A recall that filters on the sensitive theme itself shows every value.

Which sensitive items a recall may return (``shown_in_recall``): one whose kind
of value the query names (``may_show``), and one the query finds by the words
of its clauses that hold no sensitive value ("where does my dad live?" finds
"my dad lives in Ipoh, he has diabetes" and shows "…, he has [health]"): the
value masks its own span, not the whole turn, so the turn's other facts stay
recallable. A clause that holds the value ("my locker code is 4512", 我对虾过敏)
lends none of its words: its thing is not asked for by being named.

A question about health ("does she have any health problems?", 她身体怎么样)
names the kind, not the condition, so it shares no word with "最近查出来有点
贫血": ``with_asked_health`` brings the user's health items the search missed. A practical question
("can I give her amoxicillin?", 要不要给他买只小猫) shares no word with the restriction it needs ("allergic to
penicillin", 对猫毛过敏): ``with_needed_restrictions`` brings those (``restriction_topics``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace

from memory_core.model import Kind, MemoryItem
from memory_core.pipeline.allergens import allergen_kinds
from memory_core.pipeline.restriction_topics import needs_of
from memory_core.pipeline.sensitive_detect import detect
from memory_core.pipeline.sensitive_policy import SENSITIVE_THEME
from memory_core.pipeline.sensitive_query import (  # not ``pipeline.sensitive``: the write path's guard
    asks_for_item,
    diet_shown,
    masked_unless_asked,
    may_show,
    pin_preferred,
)
from memory_core.retrieval.categories import kind_terms
from memory_core.retrieval.index import RecallResult
from memory_core.retrieval.provenance import ContextNote
from memory_core.retrieval.recall import RecallFilters
from memory_core.retrieval.withheld import preferred
from memory_core.text.tokenize import tokenize

__all__ = ["context_view", "filters_on_sensitive", "finds_free_clauses", "free_terms", "gated_extras",
           "masked_notes", "shown_in_recall", "unfiltered", "with_asked_health", "with_needed_restrictions"]

#: A clause ends at a sentence stop or a comma (English and Chinese), or at a space between two Chinese
#: characters: a chat message in Chinese often uses spaces as its commas ("媳妇怀孕了 预产期明年五月").
_CLAUSE_END = re.compile(r"[,.;:!?，。；：！？、\n]|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
#: Words every item may hold that say nothing of its facts (the role prefix of a raw turn).
_NO_FACT = frozenset({"user", "用户", "assistant"})


def free_terms(description: str) -> set[str]:
    """The search terms (``tokenize``) of the clauses of ``description`` that hold no sensitive value
    ("my dad lives in Ipoh, he has diabetes" → {"dad", "live", "ipoh"}); empty when every clause holds one."""
    found = detect(description)
    out: set[str] = set()
    start = 0
    for end in [m.start() for m in _CLAUSE_END.finditer(description)] + [len(description)]:
        if end > start and not any(f.start < end and start < f.end for f in found):
            out.update(tokenize(description[start:end]))
        start = end + 1
    return out - _NO_FACT


def shown_in_recall(query: str, description: str, asked: set[str]) -> bool:
    """True when a recall for ``query`` may return the sensitive item ``description``: the query names the
    kind of a value it holds (``may_show``; the value then shows in clear) or shares a search term with the
    clauses holding none (``free_terms``; the item then shows its values masked, ``context_view``).

    Args:
        asked: ``asked_categories(query)``.
    """
    return may_show(query, description, asked) or finds_free_clauses(query, description)


def finds_free_clauses(query: str, description: str) -> bool:
    """True when ``query`` shares a search term with the clauses of ``description`` holding no sensitive value
    (``free_terms``): it asks for the item's other facts, not for a value.

    The query's terms include the members of the kinds it names (``kind_terms``), as the search that found the
    item did: "她养了什么宠物？" finds "用户有一只橘猫叫橘子；橘子…带去宠物医院…" by 橘猫, so it must not be withheld
    (nor its turn) for sharing no literal word with the pet's clause.
    """
    terms = tokenize(query)
    return bool((set(terms) | set(kind_terms(terms))) & free_terms(description))


def context_view(results: list[RecallResult], query: str, asked: set[str]) -> list[RecallResult]:
    """``results`` as the context block shows them: an item's values of kinds the query did not name masked
    ("what is my PIN?" shows the PIN of a turn that also held an ID number, not the number), whatever its
    theme: a month summary naming "User takes insulin" shows "User takes [health]" to "what happened last
    month?", as the results show it (``memory_core.shown``).

    The results themselves stay as stored (callers mask or reveal them by their own rules).
    """
    out = []
    for r in results:
        shown = masked_unless_asked(query, r.item.description, asked)
        if shown != r.item.description:
            r = replace(r, item=replace(r.item, description=shown))
        out.append(r)
    return out


def masked_notes(notes: Mapping[str, ContextNote], query: str, asked: set[str]) -> dict[str, ContextNote]:
    """``notes`` (item id → note) with an old value, a source turn's words or a stale value it stated that
    holds a secret masked as the items are (``masked_unless_asked``)."""
    return {item_id: replace(note, was=masked_unless_asked(query, note.was, asked),
                             said=masked_unless_asked(query, note.said, asked),
                             outdated=masked_unless_asked(query, note.outdated, asked))
            for item_id, note in notes.items()}


def filters_on_sensitive(filters: RecallFilters | None) -> bool:
    """True when a recall filters on the sensitive theme itself (then every sensitive item it finds is shown)."""
    themes = filters.themes if filters is not None else None
    if isinstance(themes, str):
        themes = (themes,)
    return themes is not None and SENSITIVE_THEME in themes


def unfiltered(filters: RecallFilters | None) -> bool:
    """True when a recall's ``filters`` choose no theme, kind or time (statuses aside): the items a search
    missed may then be added (``with_needed_restrictions``)."""
    return filters is None or (filters.themes is None and filters.kinds is None and filters.since is None
                               and filters.until is None)


def _one_per_turn(missed: list[MemoryItem], results: list[RecallResult], most: int) -> list[RecallResult]:
    """Up to ``most`` of ``missed`` (best first) as results, none from a turn a result in ``results`` or an item
    already taken came from (a turn said once is shown once)."""
    said = {t for r in results for t in (r.turn_ids or r.item.source)}
    added: list[RecallResult] = []
    for i in missed:
        if len(added) < most and not said & set(i.source):
            added.append(RecallResult(item=i, score=0.0, bm25=0.0, rank=0, turn_ids=list(i.source)))
        said.update(i.source)
    return added


def with_asked_health(results: list[RecallResult], items: list[MemoryItem], query: str, asked: set[str], k: int,
                      most: int = 3) -> list[RecallResult]:
    """``results`` with up to ``most`` health items the search missed, for a question naming the health kind.

    A question that names health but no condition ("how is her health?", 她有什么健康问题吗, 身体怎么样)
    shares no word with the items that answer it ("有点贫血", "blood pressure is high"). The items of
    ``items`` (the user's sensitive items) holding a health value the query may show (``may_show``) and
    not in ``results`` come right after the results that already hold one: curated items before raw
    turns, those sharing a search term with the query first, then the newest, and none from a turn a
    result or an item already added came from; ``rank`` renumbered from 1, at most ``k`` results.

    Args:
        results: the recall's results, best first.
        items: the user's active items of theme ``sensitive``.
        asked: ``asked_categories(query)``; nothing changes unless it holds "health".
        k: results wanted (items).
    """
    if "health" not in asked or asks_for_item(query, query):
        return results
    have = {r.item.id for r in results}
    terms = set(tokenize(query))
    missed = [i for i in items if i.id not in have and any(f.category == "health" for f in detect(i.description))
              and may_show(query, i.description, asked)]
    if not missed:
        return results
    # a curated item before the raw turn it came from, and one item per turn (a turn said once is shown once)
    missed.sort(key=lambda i: (i.kind != Kind.EVENT, len(terms & set(tokenize(i.description))), i.created_at),
                reverse=True)
    added = _one_per_turn(missed, results, most)
    health = [r for r in results if r.item.theme == SENSITIVE_THEME and may_show(query, r.item.description, asked)]
    rest = [r for r in results if r not in health]
    return [replace(r, rank=rank) for rank, r in enumerate((health + added + rest)[:k], start=1)]


def with_needed_restrictions(results: list[RecallResult], items: list[MemoryItem], query: str, k: int,
                             most: int = 2) -> list[RecallResult]:
    """``results`` with up to ``most`` restrictions the practical ``query`` needs and the search missed.

    "Can I give her amoxicillin?" shares no word with "I'm allergic to penicillin"; "should I get him a
    kitten?" none with 我对猫毛过敏. The items of ``items`` (the user's sensitive items) holding a restriction
    the query's topic needs (``restriction_topics.needs_of``, ``sensitive.diet_shown``) and not in
    ``results`` come right after the first result (what the question asked keeps its place): curated items
    before raw turns, those sharing a search term with the query first, then the newest, and none from a
    turn a result or an item already added came from; ``rank`` renumbered from 1, at most ``k`` results.

    Args:
        results: the recall's results, best first.
        items: the user's active items of theme ``sensitive``.
        k: results wanted (items).
        most: how many at most are added.
    """
    needs = needs_of(query)
    if needs is None or not items:
        return results
    have = {r.item.id for r in results}
    terms = set(tokenize(query))
    missed = [i for i in items if i.id not in have
              and any(diet_shown(query, i.description, f) for f in detect(i.description))]
    if not missed:
        return results
    # the topic's own allergies first (a medicine question: the drug allergy before a condition)
    missed.sort(key=lambda i: (bool(allergen_kinds(i.description) & needs.allergens), i.kind != Kind.EVENT,
                               len(terms & set(tokenize(i.description))), i.created_at), reverse=True)
    added = _one_per_turn(missed, results, most)
    if not added:
        return results
    return [replace(r, rank=rank) for rank, r in enumerate((results[:1] + added + results[1:])[:k], start=1)]


def gated_extras(results: list[RecallResult], sensitive_items: Callable[[], list[MemoryItem]], query: str,
                 asked: set[str], filters: RecallFilters | None, k: int) -> list[RecallResult]:
    """``results`` (a gated recall's, best first) with what the gate's search missed: the health items a health
    question asks (``with_asked_health``, only without filters), the restrictions a practical question needs
    (``with_needed_restrictions``), and for a bare PIN question the PINs before a locker's code (``pin_preferred``).

    Args:
        results: at most ``k`` results.
        sensitive_items: reads the user's items of the sensitive theme (called only when a step needs them).
        query: the recall's query; ``asked``: the kinds of value it names (``asked_categories``).
        filters: the recall's filters; k: top-k (items).

    Raises:
        StoreError: reading the sensitive items failed.
    """
    if filters is None and "health" in asked:  # "how is her health?": the conditions it missed
        results = with_asked_health(results, sensitive_items(), query, asked, k)
    if unfiltered(filters) and needs_of(query) is not None:  # "can I give her amoxicillin?"
        results = with_needed_restrictions(results, sensitive_items(), query, k)
    return preferred(results, lambda r: None if r.item.theme != SENSITIVE_THEME
                     else pin_preferred(query, r.item.description))
