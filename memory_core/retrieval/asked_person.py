"""A question naming someone the memory holds no slot item about: the user's own items weigh less.

"房东是做什么的？", "Where do my parents live?", "What does my neighbour do?" ask
about another person. When that person has slot items (``fact:mom/home``),
``rerank.subject_factors`` weighs the user's and everyone else's items down.
Most people a user mentions have none: the mechanical extractor keeps "our
landlady is a retired nurse" or "我爸妈还住在温州" as the raw turn only. The
question then met the user's own job or home first, through its attribute
words (做什么, live), and the turn that names the person came after it.

``asked_person_factors`` weighs ``factor`` squared (the other-subject weight
twice: the item is about someone the question does not ask about, and the
person's own turn met the question only through another of their names)
each item the key says is the
user's own (subject "", ``rerank.Reranks._subject_of``) whose text does not
name the asked person, when the query names a person (a relation of
``data/relations.yaml`` in either language, or one of ``ROLES``) and no item
of the short list has a slot key for that person. A person named as one the
user may have ("do I have a boyfriend?", "我现在有男朋友吗？") is no one else
asked about: the user's own item ("用户现在单身") answers. A user's item that names
the person ("用户下个月带妈妈去云南") keeps its weight: the question may well
ask about it. Raw turns whose subject is unknown and other people's items
keep theirs. A factor, never a filter: with nothing about the person, the
user's items still come.

The person's other names are searched too (``person_terms``, beside the
aliases): 房东 finds "landlady", 父母 finds 爸妈, "grandmother" finds "Grandma".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache

import numpy as np

from memory_core.model import MemoryItem
from memory_core.text.relations import relation_groups
from memory_core.text.tokenize import tokenize

__all__ = ["ROLES", "asked_person_factors", "named_people", "person_terms"]

#: People named by their role towards the user, who are no relation of ``data/relations.yaml`` (the write path
#: keys no slot for them), each group every name of one role in English and Chinese.
ROLES: tuple[tuple[str, ...], ...] = (
    ("landlord", "landlady", "房东", "房东太太"),
)


@cache
def _people() -> tuple[re.Pattern[str], dict[str, tuple[frozenset[str], ...]]]:
    """(a pattern of every person name, longest first, English a whole word or its plural, Chinese anywhere;
    name -> the groups holding it, each as its names casefolded with "_" for spaces)."""
    groups: dict[str, list[frozenset[str]]] = {}
    for group in (*relation_groups(), *ROLES):
        names = frozenset(n.casefold().replace(" ", "_") for n in group)
        for name in names:
            groups.setdefault(name.replace("_", " "), []).append(names)
    ordered = sorted(groups, key=len, reverse=True)
    pattern = "|".join(rf"(?<![a-z]){re.escape(n)}(?=(?:e?s)?(?![a-z]))" if n.isascii() else re.escape(n)
                       for n in ordered)
    return re.compile(pattern), {n: tuple(dict.fromkeys(g)) for n, g in groups.items()}


def named_people(text: str) -> list[frozenset[str]]:
    """The person groups ``text`` names (each as its names, casefolded, "_" for spaces), in order of mention.

    The longest name wins where names overlap: 男朋友 names a boyfriend, not also a friend (朋友).
    """
    pattern, groups = _people()
    out: list[frozenset[str]] = []
    for match in pattern.finditer(text.casefold()):
        out.extend(g for g in groups[match.group(0)] if g not in out)
    return out


def _has_one(folded: str, names: frozenset[str]) -> bool:
    """True when the casefolded query names the group only as someone one may have ("do I have a boyfriend?",
    "我现在有男朋友吗？", "any kids?"): it asks about the user, whose own item answers."""
    for name in names:
        word = re.escape(name.replace("_", " "))
        if name.isascii():
            if re.search(rf"\b(?:a|an|any|no|another)\s+(?:[a-z]+\s+)?{word}", folded):
                return True
        elif re.search(rf"有(?:没有|过|个|一个|了)?{word}", folded):
            return True
    return False


def asked_person_factors(query: str, items: Sequence[MemoryItem | None], docs: np.ndarray,
                         subject_of: Callable[[int], frozenset[str] | None], factor: float) -> np.ndarray | None:
    """Shape (len(docs),) factors (``factor`` squared, or 1) of the short list ``docs``; None when none applies.

    Args:
        query: the question.
        items: the index's items by slot.
        docs: the short list's slots.
        subject_of: whose item a slot is: {""} the user's, {relation, ...} other people's, None unknown.
        factor: ``HybridSettings.other_subject_factor`` (0 < factor <= 1); a user's own item that does not name
            the asked person weighs its square.
    """
    if factor == 1:
        return None
    groups = [g for g in named_people(query) if not _has_one(query.casefold(), g)]
    if not groups:
        return None
    subjects = [subject_of(j) for j in docs.tolist()]
    named = {n for group in groups for n in group}
    if any(s.casefold() in named for found in subjects if found for s in found):
        return None  # that person has slot items: ``rerank.subject_factors`` weighs them
    out = np.ones(docs.shape[0])
    for n, (j, found) in enumerate(zip(docs.tolist(), subjects, strict=True)):
        item = items[j]
        if found == frozenset(("",)) and item is not None and not set(named_people(item.description)) & set(groups):
            out[n] = factor * factor
    return out if (out != 1).any() else None


def person_terms(query: str) -> list[str]:
    """Index terms of every name of each person ``query`` names, in either language, none repeated.

    "我父母住在哪里？" also searches 爸妈 and "parents", "Where does my grandmother live?" also "grandma"
    and 奶奶 / 外婆: a person is said by any of the group's names, and the memory used another. A hyphenated
    name is searched without the word of another relation it holds ("son-in-law": "law" and 女婿, not "son").
    ``[]`` when the query names nobody.
    """
    out: list[str] = []
    for group in named_people(query):
        for name in sorted(group):
            words = tokenize(name.replace("_", " "))
            if "-" in name:  # "son-in-law" is searched by "law", not by "son": that is another person
                words = [t for t in words if not any(g != group for g in named_people(t))]
            out.extend(t for t in words if t not in out)
    return out
