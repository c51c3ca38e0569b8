"""Category questions: "What sports do I play?" also searches the sports people name.

People say the member ("I play tennis on Sundays", "我会拉小提琴"), and ask
by the category ("What sports …?", "我会什么乐器？"): the words never meet.
``memory_core/data/categories.yaml`` lists everyday categories by their
names in English and Chinese with their members; ``category_terms`` gives
the members' index terms for the categories a query names, searched as one
more lexical ranking (``HybridSettings.w_category``). A hypernym expansion
in the sense of query expansion by a thesaurus (Voorhees, "Query expansion
using lexical-semantic relations", SIGIR 1994), from a short list of data
instead of WordNet. The kinds of provider (``memory_core/data/providers.yaml``) are categories too, named by
their ``ask`` words: "which bank do I use?" searches the banks, "what music app?" the music services.

A category flagged ``by_member: true`` is also searched the other way: a query naming one of its members
searches its names ("can I have an espresso?" finds "I gave up coffee", "can I have a beer?" finds
用户不喝酒). Only kinds of one thing people also say by the general word (coffee, tea, alcohol, the partner
relations) are so flagged: "tennis" does not ask about "sports", nor "saturday" about a "weekend".
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from memory_core.shipped_yaml import load_shipped
from memory_core.text.tokenize import tokenize

__all__ = ["asks_stay", "category_terms", "kind_members", "kind_terms", "load_categories"]


@functools.lru_cache(maxsize=1)
def load_categories() -> tuple[tuple[frozenset[tuple[str, ...]], tuple[str, ...]], ...]:
    """The shipped categories and provider kinds: (their names as index-term tuples, their members' index terms),
    cached.

    Raises:
        ValueError: the data file is malformed (an entry without names or members).
    """
    raw = load_shipped("data", "categories.yaml")
    out = []
    for entry in raw:
        if not isinstance(entry, dict) or not entry.get("names") or not entry.get("members"):
            raise ValueError(f"categories.yaml: each entry needs names and members; got {entry!r}")
        names = frozenset(t for t in (tuple(tokenize(str(n))) for n in entry["names"]) if t)
        said = [*entry["members"], *_included(raw, entry.get("includes", ()))]
        members = tuple(dict.fromkeys(t for m in said for t in tokenize(str(m))))
        out.append((names, members))
    for kind in load_shipped("data", "providers.yaml"):  # "which bank do I use?" searches the banks people name
        if isinstance(kind, dict) and kind.get("ask") and kind.get("members"):
            names = frozenset(t for t in (tuple(tokenize(str(n))) for n in (*kind["ask"], *kind.get("names", ())))
                              if t)
            out.append((names, tuple(dict.fromkeys(t for m in kind["members"] for t in tokenize(str(m))))))
    return tuple(out)


def _included(raw: list[object], included: Iterable[str]) -> list[str]:
    """The members of the entries of ``raw`` one of whose names is in ``included`` (an entry's ``includes``:
    "places" are the countries, cities and states people name).

    Raises:
        ValueError: an included name that names no entry.
    """
    out: list[str] = []
    for name in included:
        found = [e for e in raw if isinstance(e, dict) and name in e.get("names", ())]
        if not found:
            raise ValueError(f"categories.yaml: includes {name!r}, which names no entry")
        out += [str(m) for e in found for m in e.get("members", ())]
    return out


@functools.lru_cache(maxsize=1)
def _list_only() -> frozenset[int]:
    """Positions in ``load_categories`` of the entries flagged ``list_only: true``, cached: a word too general to
    ask for its members unless a list question asks for its kind ("which places has she visited?", not "the
    place I had sushi")."""
    raw = load_shipped("data", "categories.yaml")
    return frozenset(n for n, entry in enumerate(raw) if isinstance(entry, dict) and entry.get("list_only"))


@functools.lru_cache(maxsize=1)
def _by_member() -> dict[str, tuple[str, ...]]:
    """{member term: the one-term names of the ``by_member`` categories it is a member of}, cached."""
    out: dict[str, dict[str, None]] = {}
    for entry in load_shipped("data", "categories.yaml"):
        if isinstance(entry, dict) and entry.get("by_member"):
            names = [t[0] for t in (tuple(tokenize(str(n))) for n in entry.get("names", ())) if len(t) == 1]
            for member in entry.get("members", ()):
                terms = tokenize(str(member))
                whole = str(member).lower()
                if whole in terms:  # a Chinese word with its parts ("男朋友" is 朋友 and 男朋友) names by the whole
                    terms = [whole]
                if len(terms) == 1:  # a member of several words names nothing alone ("flat white")
                    out.setdefault(terms[0], {}).update(dict.fromkeys(names))
    return {m: tuple(n) for m, n in out.items()}


@functools.lru_cache(maxsize=1)
def _intents() -> frozenset[int]:
    """Positions in ``load_categories`` of the entries flagged ``intent: true`` (or ``stay: true``), cached.

    Their members are what a question about them must also see (a meal's restrictions, a weekend's days, a
    trip's hotel), not kinds of them; every other entry, the provider kinds included, lists kinds.
    """
    raw = load_shipped("data", "categories.yaml")
    return frozenset(n for n, entry in enumerate(raw)
                     if isinstance(entry, dict) and (entry.get("intent") or entry.get("stay")))


@functools.lru_cache(maxsize=1)
def _lookup() -> tuple[dict[str, tuple[int, ...]], tuple[tuple[str, int], ...]]:
    """({one-term name: categories}, ((" several terms ", category), ...)) over ``load_categories``."""
    single: dict[str, list[int]] = {}
    phrases: list[tuple[str, int]] = []
    for n, (names, _) in enumerate(load_categories()):
        for name in names:
            if len(name) == 1:
                single.setdefault(name[0], []).append(n)
            else:
                phrases.append((f" {' '.join(name)} ", n))
    return {k: tuple(v) for k, v in single.items()}, tuple(phrases)


@functools.lru_cache(maxsize=1)
def _excepted() -> dict[int, tuple[str, ...]]:
    """{position in ``load_categories``: its ``except`` phrases as " term runs "}, cached.

    A query holding one of them does not name that category: the word names a product or a plan there
    ("health insurance", 健康险), not the category's members (categories.yaml).
    """
    out: dict[int, tuple[str, ...]] = {}
    for n, entry in enumerate(load_shipped("data", "categories.yaml")):
        if isinstance(entry, dict) and entry.get("except"):
            runs = (tuple(tokenize(str(p))) for p in entry["except"])
            out[n] = tuple(f" {' '.join(r)} " for r in runs if r)
    return out


def _named(tokens: Sequence[str]) -> set[int]:
    """Positions in ``load_categories`` of the categories ``tokens`` name (a name of several terms as a run),
    but not one whose ``except`` phrase ``tokens`` hold as a run."""
    single, phrases = _lookup()
    hit = {n for t in tokens for n in single.get(t, ())}
    joined = f" {' '.join(tokens)} "
    if phrases:
        hit.update(n for phrase, n in phrases if phrase in joined)
    excepted = _excepted()
    return {n for n in hit if not any(p in joined for p in excepted.get(n, ()))}


def _lookup_ends(tokens: Sequence[str], n: int) -> bool:
    """True when a name of several terms of category ``n`` ends ``tokens``."""
    joined = f" {' '.join(tokens)} "
    return any(p == n and joined.endswith(phrase) for phrase, p in _lookup()[1])


def kind_terms(tokens: Sequence[str], head: bool = False, listed: bool = True) -> list[str]:
    """The member terms of the kinds ``tokens`` (a tokenized query or noun phrase) name, not already asked.

    As ``category_terms`` without the ``intent`` entries (a meal's restrictions, a gift's likings, a weekend's
    days, a trip's hotel) and without the ``by_member`` names: what a list question's answers are said as
    ("what martial arts has Tomás tried?" → karate, taekwondo …; 她养过哪些宠物？ → 狗, 猫 …). With ``head``, only
    a kind whose name ends the phrase counts (its head noun: "LGBTQ+ events", not "dessert flavors"). Without
    ``listed``, not the ``list_only`` kinds either (a question for one fact: "which country do I live in?" asks no
    list of countries). Stable order; [] when none.
    """
    if not tokens:
        return []
    intents = _intents()
    asked = set(tokens)
    categories = load_categories()
    out: dict[str, None] = {}
    named = _named(tokens[-1:]) | {n for n in _named(tokens) if _lookup_ends(tokens, n)} if head else _named(tokens)
    for n in sorted(named - intents - (frozenset() if listed else _list_only())):
        out.update((t, None) for t in categories[n][1] if t not in asked)
    return list(out)


@functools.lru_cache(maxsize=1)
def _kind_member_terms() -> frozenset[str]:
    """The member terms of every kind (``load_categories`` without the ``intent``, ``stay`` and ``list_only``
    entries), cached."""
    skipped = _intents() | _list_only()
    return frozenset(t for n, (_, members) in enumerate(load_categories()) if n not in skipped for t in members)


def kind_members(tokens: Sequence[str]) -> list[str]:
    """The terms of ``tokens`` (a tokenized query) that are members of a kind ("Does she have a cat?" → ["cat"];
    not the days of a weekend nor a trip's hotel, ``intent`` entries), in order; [] when none."""
    members = _kind_member_terms()
    return [t for t in dict.fromkeys(tokens) if t in members]


def category_terms(tokens: Sequence[str]) -> list[str]:
    """The member terms of every category ``tokens`` (a tokenized query) names, then the names of the
    ``by_member`` categories whose members it names, not already asked; stable order.

    A name of several words ("martial arts") must appear as a run of the query's terms. A ``list_only`` entry
    ("places") counts only as the kind a list question asks for (``kind_terms``), not here.
    """
    if not tokens:
        return []
    hit = _named(tokens) - _list_only()
    asked = set(tokens)
    categories = load_categories()
    extra: dict[str, None] = {}
    for n in sorted(hit):
        extra.update((t, None) for t in categories[n][1] if t not in asked)
    by_member = _by_member()
    for t in tokens:  # "espresso" also asks "coffee"
        extra.update((name, None) for name in by_member.get(t, ()) if name not in asked)
    return list(extra)


@functools.lru_cache(maxsize=1)
def _stay_names() -> frozenset[str]:
    """One-term names of the categories flagged ``stay: true`` (trips: 出差, trip, travel …; cached)."""
    raw = load_shipped("data", "categories.yaml")
    return frozenset(name[0] for entry in raw if isinstance(entry, dict) and entry.get("stay")
                     for name in (tuple(tokenize(str(n))) for n in entry.get("names", ())) if len(name) == 1)


def asks_stay(tokens: Iterable[str]) -> bool:
    """True when ``tokens`` (a tokenized query) name a trip or stay ("am I on a business trip?", "我在哪出差？").

    Such a question asks for the stay itself, which recall otherwise ranks
    below the lasting fact it did not replace (``hybrid.EVIDENCE_FACTOR``).
    """
    names = _stay_names()
    return any(t in names for t in tokens)
