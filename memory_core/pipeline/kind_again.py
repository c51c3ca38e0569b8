"""A kind of a thing given up, taken up now, ends the giving up: "不喝酒了" … "最近爱上了红酒" (issue 13 §4).

"I don't drink coffee" and later "I have a latte every morning now", "我不喝酒" and later
"I've been having a beer with dinner every night lately": the latte is a coffee and the beer an
alcohol (the lexicon's ``kinds`` of a thing), so the user drinks the thing again and the stop no
longer holds. A like or habit of a known kind said as holding now (a habit cue, "now", "lately",
"最近", "现在", "每天") ends the user's negative statements of the thing it is a kind of
(``Candidate.reverses`` with ``reverse_polarity`` +1: the resolver ends the items of the other polarity).

A like said with no habit of now ("I like the smell of red wine though"), another thing ("乌龙茶" is no
alcohol) and a kind beside a kind ("I don't drink beer" … "I drink red wine every night now": wine is no
beer) end nothing.
"""

from __future__ import annotations

import re

from memory_core.model import Turn
from memory_core.pipeline.clauses import detect_lang
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate

__all__ = ["kind_taken_up"]

#: Said as holding now (beside the lexicon's habit cues), in each language.
_NOW = {"en": re.compile(r"\b(?:now|these\s+days|lately|nowadays|every\s+(?:day|morning|evening|night|week)|"
                         r"nightly|again)\b", re.IGNORECASE),
        "zh": re.compile(r"现在|最近|如今|这阵子|这段时间|每天|每晚|天天|每周|又|重新")}


def kind_taken_up(turn: Turn, cands: list[Candidate]) -> list[Candidate]:
    """``cands`` with each like or habit of a known kind, said as holding now, made to end the stop of its thing.

    Args:
        turn: the turn ``cands`` were read from (its text is searched for the marks of now).
        cands: the turn's candidates; a positive ``pref:<kind>`` one gains ``pref:<thing>`` in ``reverses``.
    """
    if turn.role != "user":
        return cands
    lex = lexicon()
    lang = detect_lang(turn.text)
    folded = turn.text.casefold()
    if not (_NOW[lang].search(turn.text) or lex.markers[lang]["habit"].search(folded)):
        return cands
    for cand in cands:
        if cand.kind != "preference" or cand.polarity <= 0 or not cand.key.startswith("pref:") or cand.detail \
                or cand.reverse_polarity < 0:
            continue
        said, _, speaker = cand.key.removeprefix("pref:").partition("@")
        thing = lex.kind_of["zh"].get(said) or lex.kind_of["en"].get(said.casefold())
        if thing:
            key = f"pref:{thing}" + (f"@{speaker}" if speaker else "")
            if key not in cand.reverses:
                cand.reverses = (*cand.reverses, key)
                cand.reverse_polarity = 1
                cand.notes.append(f"a kind of {thing} taken up: the stop of {thing} ends")
    return cands
