"""A question about work asks the employer or the title: the items of that attribute come before the other's.

The work a person does is kept as two slots: the employer (``fact:works_at``,
"用户在华为工作", "User works at Globex") and the title or line of work
(``fact:occupation``, "用户做风控工作", "User is a nurse"). Both hold the
question words of work (工作, work, job), so a question about either meets
both, and the shorter item won by its length alone ("我在哪上班？" brought the
title first). The grammar of the question says which one it asks, in either
language:

- **where one works** (the employer): where … work/job, which/what company or
  firm, who … work for, employer; 在哪(里)上班/工作, 哪(家/些)公司, 什么单位,
  东家.
- **what one does** (the title): what … do for work / a living, what does X
  do?, what's my job, job title, occupation, profession; 做什么(工作), 干什么,
  什么工作, 职业, 职位, 哪一行.

A question saying both ("where do I work and what do I do there?") or
neither leaves the ranking as it is. ``asked_attribute_first`` moves each item
of the other attribute to just after the last item of the asked one of the
same person in the short list (the slot key says the person and the
attribute, ``turn_shape.key_subject``; a ``gist:`` item of the attribute, the
user's own words kept for a conditional cue, counts as the user's), as
``own_slot.own_before_others`` does for whose fact it is. The question's
type deciding the answer's type is answer-type matching in question answering
(Jurafsky & Martin, Speech and Language Processing, 3rd ed. draft, ch. 14,
"answer type detection").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from memory_core.model import Kind, MemoryItem
from memory_core.retrieval.names import key_attribute
from memory_core.retrieval.turn_shape import key_subject
from memory_core.text.script import has_han

__all__ = ["EMPLOYER", "TITLE", "asked_attribute_first", "asked_work_attribute"]

#: The slot attribute of the employer and of the title (``slots.yaml``).
EMPLOYER, TITLE = "works_at", "occupation"

_EN_EMPLOYER = re.compile(
    r"\bwhere(?:'s|\s+is|\s+was)?\b[^?.!;]{0,40}?\b(?:work|works|working|worked|employed|job|intern(?:ing|ed)?)\b"
    r"|\b(?:which|what)\s+(?:company|companies|firm|firms|employers?|organi[sz]ations?|business(?:es)?|office)\b"
    r"|\bwho\s+(?:do|did|does|am|was|is|are|have|has)\b[^?.!;]{0,30}?\b(?:work|working|worked)\s+for\b"
    r"|\bemployers?\b|\bplace\s+of\s+work\b|\bworkplace\b", re.IGNORECASE)
_EN_TITLE = re.compile(
    r"\bwhat\b[^?.!;]{0,30}?\bdo(?:es)?\s+for\s+(?:work|a\s+living|a\s+job)\b"
    r"|\bwhat\s+(?:do|does|did)\s+\w+(?:\s+\w+)?\s+do(?:\s+(?:there|now|nowadays|these\s+days))?\s*\??\s*$"
    r"|\bwhat(?:'s|\s+is|\s+was)\s+(?:my|his|her|their|\w+'s)\s+(?:job|role|position|title|occupation|profession)\b"
    r"|\bwhat\s+(?:kind|sort|type|line)\s+of\s+(?:work|job)\b|\bwhat\s+(?:job|role|position|title)\b"
    r"|\bjob\s+titles?\b|\boccupations?\b|\bprofessions?\b|\bline\s+of\s+work\b", re.IGNORECASE)
_ZH_EMPLOYER = re.compile(
    r"(?:哪|哪里|哪儿|什么|哪个)(?:些|家|个|间)?(?:公司|单位|企业|工厂|机构|厂)"
    r"|(?:哪|哪里|哪儿|哪边|什么地方|哪个地方)(?:上班|工作|实习|打工|任职|高就|干活|上过班|工作过)"
    r"|东家|雇主")
_ZH_TITLE = re.compile(r"做什么|干什么|干啥|做啥|干嘛的|什么工作|什么职业|什么岗|职业|职位|岗位|头衔|哪一?行|什么行业")


def asked_work_attribute(query: str) -> str | None:
    """``EMPLOYER`` when ``query`` asks where someone works, ``TITLE`` when it asks what they do; None for
    neither or both (module docstring)."""
    employer, title = (_ZH_EMPLOYER, _ZH_TITLE) if has_han(query) else (_EN_EMPLOYER, _EN_TITLE)
    asks_employer, asks_title = employer.search(query) is not None, title.search(query) is not None
    if asks_employer == asks_title:
        return None
    return EMPLOYER if asks_employer else TITLE


def _whose(item: MemoryItem | None) -> tuple[str, str] | None:
    """(subject, attribute) of a work slot item ("" is the user), None for any other item."""
    if item is None or item.kind == Kind.EVENT or not item.key:
        return None
    if item.key.startswith("gist:"):
        attribute = item.key.partition(":")[2].split("@", 1)[0]
        return ("", attribute) if attribute in (EMPLOYER, TITLE) else None
    subject, named = key_subject(item.key), key_attribute(item.key)
    return (subject, named) if subject is not None and named in (EMPLOYER, TITLE) else None  # type: ignore[return-value]


def asked_attribute_first(query: str, items: Sequence[MemoryItem | None], order: np.ndarray,
                          scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (slots, best first) and ``scores`` with each item of the work attribute ``query`` does not ask
    just after the last item of the asked one of the same person; unchanged when it asks neither or both.

    A moved item's score becomes at most the score of the item it now follows, so scores stay in rank order.
    """
    asked = asked_work_attribute(query)
    if asked is None:
        return order, scores
    slots = order.tolist()
    whose = [_whose(items[j]) for j in slots]
    last: dict[str, int] = {}  # subject -> position of the last item of the asked attribute
    for n, w in enumerate(whose):
        if w is not None and w[1] == asked:
            last[w[0]] = n
    moves = [n for n, w in enumerate(whose) if w is not None and w[1] != asked and last.get(w[0], -1) > n]
    if not moves:
        return order, scores
    positions = list(range(len(slots)))
    for n in reversed(moves):  # the later ones first: each keeps its order behind the same target
        positions.remove(n)
        positions.insert(positions.index(last[whose[n][0]]) + 1, n)  # type: ignore[index]
    values = scores.tolist()
    new_scores: list[float] = []
    for m, n in enumerate(positions):
        new_scores.append(min(values[n], new_scores[-1]) if m else values[n])
    return order[np.array(positions, dtype=np.int64)], np.array(new_scores)
