"""What a supposition, plan or wish, or news heard of someone else, carries on in the next clause (issue 13, the
write path).

"我要是中了彩票就买一艘游艇，然后搬去冰岛", "假如明年升职了，我就换辆车，再搬到市中心", "if I win the lottery, I'll
quit, then move to Lisbon", "thinking about moving to Berlin, and then maybe Paris": the first clause is read as a
supposition (the lexicon's ``hypothetical`` marker) and states nothing, but the clause after it, split off at the
comma, has no subject and no condition of its own, so it was read as the speaker's fact ("搬去冰岛": the speaker
moved). A clause that only goes on with the supposition (the lexicon's ``goes_on`` marker: a "then" / 然后 / 再 with
no subject, or the consequent, "我就…", "I'd …", "I'll …") states nothing either. A clause with a subject and no
such opener ("…，我住在浦东") ends the supposition.

News heard of someone else is the same: "Haven't heard from Jake in ages… moved to Berlin apparently", "碰到李娜，
说是搬去深圳了，在腾讯上班": a clause saying it (the lexicon's ``hearsay`` marker) with no subject of the speaker's
is the other person's, and so is every clause after it, in the same sentence, with no subject of its own. Nobody
says "apparently I moved to Berlin" of themself.
"""

from __future__ import annotations

import re

from memory_core.pipeline.slots import lexicon

__all__ = ["SUPPOSED", "carried_on"]

#: What a sentence's state may be: nothing carried, a supposition, news heard of someone else.
PLAIN, SUPPOSED, HEARD = "", "supposed", "heard"

# a clause with a subject of its own: the speaker, or another person named by a pronoun
_OWN_SUBJECT = {
    "en": re.compile(r"\b(?:i|i'm|i've|i'd|i'll|im|me|my|we|we're|we've|our|us)\b|^(?:he|she|they)\b"),
    "zh": re.compile(r"我|^(?:他|她|它)"),
}
# the speaker as the clause's subject
_SPEAKER = {"en": re.compile(r"\b(?:i|i'm|i've|i'd|i'll|im|me|my|we|we're|we've|our|us)\b"), "zh": re.compile("我")}


def carried_on(clause: str, lang: str, state: list[str]) -> bool:
    """True when ``clause`` (one clause, ``lang`` "zh" or "en") only goes on with a supposition or with news heard
    of someone else, said in the same sentence, or is such news itself; it states nothing of the speaker's then.

    ``state`` is the sentence's state, one string updated in place: ``SUPPOSED`` after a clause that supposes, plans
    or wishes (the lexicon's ``hypothetical`` marker) or carries one on, ``HEARD`` after news heard of someone
    else (the lexicon's ``hearsay`` marker) or a clause carrying it on, ``PLAIN`` ("") after any other clause.
    Start it as ``[""]`` for each sentence.
    """
    marks = lexicon().markers[lang]
    folded = clause.strip().casefold()
    if state[0] == SUPPOSED and marks["goes_on"].search(folded):
        return True
    own = _OWN_SUBJECT[lang].search(folded) is not None
    if state[0] == HEARD and not own:
        return True
    if marks["hearsay"].search(folded) and not _SPEAKER[lang].search(folded):
        state[0] = HEARD  # "moved to Berlin apparently", "听说小王搬去深圳了": someone else's news
        return not own
    state[0] = SUPPOSED if marks["hypothetical"].search(folded) else PLAIN
    return False
