"""A plain negation says the present, not a change: "I don't smoke", "I'm not vegan", "我不抽烟" (issue 13).

"don't", "'m not", "never", 不 and 没 deny a value now; "no longer", "quit",
"any more", 不再, 戒 and 不…了 say it ended. The slot engine renders the
first as a fact of its own ("User doesn't smoke", ``neg_plain``) and the
second as a stop ("User has quit smoking", ``neg``). A plain negation
ends the user's item naming the same value (the newest statement wins) and
leaves another value of the slot alone: "I'm not vegan" said by a
vegetarian changes nothing (``KeyConflictResolver``).
"""

from __future__ import annotations

import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["negation_form"]

#: The words of a plain negation, in each language.
_PLAIN = {"en": re.compile(r"\b(?:not|never|dont)\b|n't\b", re.IGNORECASE), "zh": re.compile(r"不|没")}


def negation_form(render: dict[str, str], mode: str, valued: bool, said: str, clause: str, lang: str) -> str:
    """The render form of a negated statement: "neg_plain", "neg", "<mode>_neg" or "neg_novalue".

    Args:
        render: the attribute's render templates, by "<lang>_<form>".
        mode: the cue's mode ("retired"), whose own negative form a statement without a value uses.
        valued: True when the statement names a value ("I don't smoke" names smoking).
        said: the words the cue matched ("I don't smoke").
        clause: the whole clause, whose cessation marker ("any more", 了) makes it a stop.
        lang: "en" or "zh".
    """
    if not valued:
        return f"{mode}_neg" if f"{lang}_{mode}_neg" in render else "neg_novalue"
    if f"{lang}_neg_plain" not in render or not _PLAIN[lang].search(said):
        return "neg"
    return "neg" if lexicon().markers[lang]["cessation"].search(clause.casefold()) else "neg_plain"
