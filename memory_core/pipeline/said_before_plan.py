"""The statement said before a plan or a condition that closes its sentence ("CPA 还剩两门，审计和税法，打算八月考").

A sentence that asks, or is reported, or opens on a condition ("如果…", "if I…") states nothing of the user's and is
left out whole. A sentence that states something and only then adds a plan or a condition in a later clause still
states its first clauses: "雅思报了6月那场，目标7分，打算下周开始刷真题" says the exam and the target as plainly
as without its last clause. ``before_plan`` keeps those first clauses, read by the same markers (the slot lexicon's
``question``, ``reported`` and ``hypothetical``, both languages), so a later turn that adds a detail to a thing the
user stated still lands on that item (issue 13 §3: an added detail is a revision of the same item).
"""

from __future__ import annotations

import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["before_plan"]

# a clause ends at a comma or a semicolon, in either script; a dash between clauses too ("PM at Nimbus — help me …")
_CLAUSE = re.compile(r"\s*(?:[,，;；]|\s[—–-]{1,2}\s)\s*")
#: A statement kept must hold at least this many characters (an opening "嗯，" or "ok," says nothing).
MIN_KEPT_CHARS = 4


def before_plan(sentence: str, lang: str) -> str | None:
    """Return what ``sentence`` states before a plan or a condition that closes it, or None when it states nothing.

    Args:
        sentence: one sentence of a user's turn (no end mark inside).
        lang: "en" or "zh", the sentence's language (the lexicon's markers of that language are read).

    Returns:
        ``sentence`` itself when no marker is found in it; the clauses before the first clause holding a
        ``hypothetical`` marker when the sentence neither asks nor reports and that clause is not the first
        (joined as written, at least ``MIN_KEPT_CHARS`` long); None otherwise (a question, reported speech, a
        sentence opening on a plan or a condition).
    """
    marks = lexicon().markers[lang]
    folded = sentence.casefold()
    if marks["question"].search(folded) or marks["reported"].search(folded):
        return None
    if not marks["hypothetical"].search(folded):
        return sentence
    kept: list[str] = []
    for clause in _CLAUSE.split(sentence):
        if marks["hypothetical"].search(clause.casefold()) or marks["question"].search(clause.casefold()):
            break
        kept.append(clause)
    said = ("，" if lang == "zh" else ", ").join(c for c in kept if c)
    return said if len(said) >= MIN_KEPT_CHARS else None
