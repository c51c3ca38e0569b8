"""A turn that ends or changes a fact never counts as saying it again (issue 13 §3).

A hit raises an item's hit count, which recall ranks by and decay spares: it says the user said the item again.
A clause that ends or switches away from the item names its value too ("粤语学不下去了" after "I'm learning
粤语", "Shopee 那份工辞了" after "I work at Shopee", "quit 腾讯 last month"), and a rule that reads only the
value took it for a restatement, so the fact the user was leaving gained weight instead.
``without_ending_hits`` drops the hit a turn's plan gives an item when a clause of the turn says an end or a
switch (the lexicon's ``cessation`` and ``switch`` markers, ``data/slots.yaml``, and ``data/ending_cues.yaml``,
read in both languages: a mixed turn says the cue in one script and the thing in the other) and names the item's
thing (a topic term of the item among the clause's terms, ``gist.topic``: a word, a name, a known object in
either script). An item that itself states an end or a negation ("User no longer drinks coffee", "用户不吃香菜")
keeps its hit: the turn says it again.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence

from memory_core.model import Turn
from memory_core.pipeline.gist import topic
from memory_core.pipeline.own_words import CHANGE, polarity_of
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.shipped_yaml import load_shipped
from memory_core.store.write_ops import HitOp, Op
from memory_core.text.script import lang_of

__all__ = ["ending_clauses", "without_ending_hits"]

# where one clause of a turn ends: a mark of either script, or a conjunction that opens the next clause ("I don't
# like tea anymore and I live in Paris": Paris is said again, only tea ends)
_CLAUSE_END = re.compile(r"[，,。.!！?？;；、\n]+|\s+(?:and|but|so|then|while|though)\s+"
                         r"|但是|不过|可是|然后|而且|还有|同时", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _cues() -> tuple[re.Pattern[str], ...]:
    """The end and switch cues of both languages, for case-folded text."""
    markers = lexicon().markers
    extra = [str(w).casefold() for w in load_shipped("data", "ending_cues.yaml").get("cues") or ()]
    own = (re.compile("|".join(map(re.escape, sorted(extra, key=len, reverse=True)))),) if extra else ()
    return (*(markers[lang][name] for lang in ("en", "zh") for name in ("cessation", "switch")), *own)


# the subject every description opens on names no thing of it
_SUBJECTS = frozenset({"user", "用户"})


def _with_parts(terms: set[str] | frozenset[str]) -> set[str]:
    """``terms`` with each known object of several words also as its words' objects ("obj:milk tea" gives
    "obj:milk" and "obj:tea"), so "奶茶" meets "User drinks milk tea" read word by word."""
    return {*terms, *(f"obj:{w}" for t in terms if t.startswith("obj:") for w in t[4:].split()[1:] or ())} | {
        f"obj:{t[4:].split()[0]}" for t in terms if t.startswith("obj:") and " " in t}


# a verb's "can't" complement (受不了, 吃不了, 忘不了) with no 了 after it saying a change: what one cannot bear or do,
# no end ("住上海这么多年了还是受不了梅雨季" says the home again; "咖啡喝不了了", "喝不了咖啡了" still end)
_CANNOT = re.compile(r"(?<=[\u4e00-\u9fff])不了(?![^，,。.!！?？;；]*了)")


def ending_clauses(text: str) -> list[str]:
    """The clauses of ``text`` that say an end or a switch, in either language ("粤语学不下去了", "no more 奶茶
    for me", "改学 Korean 了"), as said; [] when none does. A "can't" complement with no change after it
    ("还是受不了梅雨季") says no end. Units: characters in, clauses out."""
    cues = _cues()
    return [part.strip() for part in _CLAUSE_END.split(text)
            if part.strip() and any(cue.search(_CANNOT.sub(" ", part).casefold()) for cue in cues)]


def without_ending_hits(turn: Turn, ops: Sequence[Op], descriptions: Mapping[str, str]) -> list[Op]:
    """``ops`` without each ``HitOp`` whose item a clause of ``turn`` ends or switches away from (module docstring).

    Args:
        turn: the turn planned (text as the rules read it).
        ops: the turn's plan, in apply order.
        descriptions: item id -> description of the items the plan may touch; a hit on an item not in it is kept.

    Returns:
        The plan, in the same order, without those hits; ``ops`` as a new list when nothing is dropped.
    """
    hits = [op for op in ops if isinstance(op, HitOp) and op.item_id in descriptions]
    if not hits:
        return list(ops)
    ending = ending_clauses(turn.text)
    if not ending:
        return list(ops)
    said: set[str] = set()
    for clause in ending:
        said |= _with_parts(topic(clause, lang_of(clause)).terms)
    dropped = set()
    for op in hits:
        description = descriptions[op.item_id]
        if polarity_of(description) < 0 or CHANGE.search(description):
            continue  # "User no longer drinks coffee", "用户不吃香菜": the end said again is a restatement
        terms = _with_parts(topic(description, lang_of(description)).terms) - _SUBJECTS
        if terms & said:
            dropped.add(id(op))
    return [op for op in ops if id(op) not in dropped]
