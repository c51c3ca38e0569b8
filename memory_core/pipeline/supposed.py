"""What a supposition, plan or wish carries on in the next clause (issue 13, the write path).

"我要是中了彩票就买一艘游艇，然后搬去冰岛", "假如明年升职了，我就换辆车，再搬到市中心", "if I win the lottery, I'll
quit, then move to Lisbon", "thinking about moving to Berlin, and then maybe Paris": the first clause is read as a
supposition (the lexicon's ``hypothetical`` marker) and states nothing, but the clause after it, split off at the
comma, has no subject and no condition of its own, so it was read as the speaker's fact ("搬去冰岛": the speaker
moved). ``carried_on`` says when a clause only goes on with the supposition before it (the lexicon's ``goes_on``
marker: a "then" / 然后 / 再 with no subject, or the consequent, "我就…", "I'd …", "I'll …"), so that the clause
splitter leaves it out as it leaves the supposition out. A clause with a subject and no such opener ("…，我住在浦东")
ends the supposition.
"""

from __future__ import annotations

from memory_core.pipeline.slots import lexicon

__all__ = ["carried_on"]


def carried_on(clause: str, lang: str, supposing: list[bool]) -> bool:
    """True when ``clause`` (one clause, ``lang`` "zh" or "en") goes on with a supposition said in the clause just
    before it in the same sentence, so it states nothing either.

    ``supposing`` is the sentence's state, one flag, updated in place: True after a clause that supposes, plans or
    wishes (the lexicon's ``hypothetical`` marker) and after a clause carried on; False after any other clause.
    Start it as ``[False]`` for each sentence.
    """
    marks = lexicon().markers[lang]
    folded = clause.strip().casefold()
    if supposing[0] and marks["goes_on"].search(folded):
        return True
    supposing[0] = bool(marks["hypothetical"].search(folded))
    return False
