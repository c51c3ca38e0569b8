"""A list question's words without the name of the speaker it asks about.

"What hobbies has Priya taken up?", "Which cities has Tomás been to?", 小林都去过哪些地方？ — asked of a
conversation between several people, the name is the speaker of every turn that answers. Each turn and
item carries its speaker's name (a raw turn is indexed as "Priya: …"), so in the text rankings the name
matches every one of her turns, and a short turn whose only match is the name ("Priya: thanks, see you
Friday!") outranks a turn that names one member of the set in passing. The speaker is already weighed
by the speaker boost (``HybridIndex._multipliers``: items of a named speaker × (1 + ``speaker_boost``)),
so the text rankings of a list question search the rest of its words only.

Only list questions (``list_question.asks_list``): a question for one fact ("what did Priya say about
the move?") often finds its one turn through the other speaker's reply that says the name ("Priya, that
move sounds hard"), and dropping the name there lost more single-hop answers than it found (LoCoMo dev,
tuning conversations; ops/bench/RESULTS.md, issue 14). Nor a name in the possessive ("what are Priya's
dogs called?", 小林的猫都叫什么？): the set is hers, and turns of the other speaker asking about it ("how are your dogs,
Priya?") carry it by the name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from memory_core.retrieval.list_question import asks_list
from memory_core.text.tokenize import tokenize

__all__ = ["without_speaker_names"]


def without_speaker_names(query: str, tokens: Sequence[str], named: Iterable[str],
                          lexicon: frozenset[str] = frozenset()) -> list[str]:
    """``tokens`` without the index terms of the speakers ``named``, for a list question; else ``tokens``.

    Args:
        query: the question as asked.
        tokens: its index terms (``tokenize(query, lexicon)``).
        named: the speakers the query names, only when they are some of the user's people and not all
            (the speaker boost applies to them); empty: nothing is dropped.
        lexicon: the user's tokenizer lexicon (Chinese names), to cut each name as the index does.

    Returns:
        A new list; ``tokens`` itself (a copy) when the query is no list question, names a speaker only in
        the possessive ("Priya's"), or has no other word.

    "What hobbies has Priya taken up?" with Priya named → the terms of "hobbies … taken up";
    "What did Priya say about the move?" → all its terms (one fact).
    """
    names = [n for n in named if n.strip()]
    if not names or not asks_list(query):
        return list(tokens)
    drop: set[str] = set()
    for name in names:
        if re.search(rf"{re.escape(name)}(?:(?:'s?|’s?)(?!\w)|\s*的)", query, re.IGNORECASE):
            continue  # the set is the named person's own: the name holds it
        drop.update(tokenize(name, lexicon))
    kept = [t for t in tokens if t not in drop]
    return kept if kept else list(tokens)
