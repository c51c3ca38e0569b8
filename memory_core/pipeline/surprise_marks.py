"""A statement said with doubled question marks is surprise, not a question ("doctor says I'm lactose intolerant
now?? at 29??", "我被裁了？？", "wait I got the job?!").

Chat doubles the mark to say disbelief at what is said: the words keep a statement's order and hold no question
word, and the user is telling, not asking. The clause reader skips a clause ending in "?" (``clauses_en._EN_SKIP``,
the lexicon's ``question`` marker), so such a statement was lost whole (new-user trial 41: a diagnosis made no
item). ``marks_as_said`` turns a sentence ending in two or more marks, one of them a question mark, into one ending
in "!" ("！" in Chinese); a question still reads as one by its words ("where do I live??": the ``question``
marker's wh-word; "我是不是乳糖不耐受？？": 是不是), which the clause readers check as before. A single "?" stays a
question.
"""

from __future__ import annotations

import re

__all__ = ["marks_as_said"]

#: a piece the sentence splitter leaves of a doubled mark ("now?", "?" from "now??"): marks alone
_MARKS_ONLY = re.compile(r"^\s*[?？!！]+\s*$")
_ENDS_ASKING = re.compile(r"[?？]\s*$")


def marks_as_said(pieces: list[str]) -> list[str]:
    """``pieces`` (a turn split into sentences, marks split off as pieces of their own) with each sentence whose end
    mark is doubled ("…now?" then "?", "…job?" then "!") ending in an exclamation mark and the pieces of marks
    after it dropped; every other piece as given.

    Args:
        pieces: the sentence splitter's output for one turn, in order.
    Returns:
        the pieces, as many or fewer.
    """
    out: list[str] = []
    turned = False  # the sentence before was turned: the marks-only pieces after it are its doubled mark
    for n, piece in enumerate(pieces):
        if _MARKS_ONLY.match(piece):
            if not turned:
                out.append(piece)
            continue
        turned = bool(_ENDS_ASKING.search(piece)) and n + 1 < len(pieces) and bool(_MARKS_ONLY.match(pieces[n + 1]))
        if turned:
            stem = piece.rstrip()
            piece = stem.rstrip("?？") + ("！" if stem.endswith("？") else "!")
        out.append(piece)
    return out
