"""Sentences that only muse on a supposition said before them store nothing (issue 13, hypothetical paragraphs).

"If I ever got a dog, what breed would be good for a condo? I'm just thinking out loud, I probably won't, I'm too
old to be chasing a puppy": the first sentence is a supposition and a question, read as nothing already; the second
has a subject of its own, so it ended the supposition (``supposed``) and was read as two facts of the user's ("User
is just thinking out loud", "User is too old to be chasing a puppy"). A sentence that says it only muses (the
patterns of ``data/musing.yaml``: "just thinking out loud", "I probably won't", 随便想想, 应该不会) after a sentence
that supposes (the lexicon's ``hypothetical`` marker) or asks (ends on a question mark) goes on with that
supposition: ``without_musing`` takes it off the text the rules read, and the turn's event keeps the text as said.
A musing sentence with no supposition or question before it is kept: "just thinking out loud, I moved to Denver
last month" still says the move.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slots import lexicon
from memory_core.shipped_yaml import load_shipped
from memory_core.text.script import lang_of

__all__ = ["musing", "without_musing"]

# a sentence, with the stop that ends it
_SENTENCE = re.compile(r"[^.!?。！？\n]+(?:[.!?。！？\n]+|$)")
_ASKED = re.compile(r"[?？]")


@functools.lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    """One pattern per language of ``data/musing.yaml`` (English at word bounds)."""
    data = load_shipped("data", "musing.yaml")
    return {"en": re.compile(r"\b(?:" + "|".join(data["en"]) + r")(?![a-z])"),
            "zh": re.compile("|".join(data["zh"]))}


def musing(sentence: str) -> bool:
    """True when ``sentence`` says it only muses ("I'm just thinking out loud", "我就随便想想", "I probably won't")."""
    return _patterns()[lang_of(sentence)].search(sentence.casefold()) is not None


def _supposes(sentence: str) -> bool:
    """True when ``sentence`` asks (ends on a question mark) or supposes (the lexicon's ``hypothetical`` marker)."""
    if _ASKED.search(sentence):
        return True
    lang = lang_of(sentence)
    return any(lexicon().markers[lang]["hypothetical"].search(part.strip())
               for part in re.split(r"[,，;；]", sentence.casefold()) if part.strip())


def without_musing(text: str) -> str:
    """``text`` without the sentences that muse on a supposition or question said before them (module docstring).

    Args:
        text: a user's turn, as the rules read it.

    Returns:
        ``text`` itself when no such sentence is in it; else the text of the other sentences, in order.
    """
    sentences = _SENTENCE.findall(text)
    if len(sentences) < 2 or not any(musing(s) for s in sentences[1:]):
        return text
    kept: list[str] = []
    supposed = False
    for sentence in sentences:
        if supposed and musing(sentence):
            continue
        supposed = supposed or _supposes(sentence)
        kept.append(sentence)
    return "".join(kept).strip()
