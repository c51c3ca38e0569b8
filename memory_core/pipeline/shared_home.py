"""A move ends the home shared with housemates (issue 13 §2, new-user trial 37).

"我跟两个同事在望京合租一套三居室" (``fact:lives_with:室友``) then "搬家了，现在自己在通州租了个一居室": the new home
supersedes the old one, but the housemates, keyed apart from the home, stayed active beside it, so recall still
said the user shares a flat in 望京. ``shared_home_left`` adds to the turn's new home (a ``fact:lives_in`` candidate
of the user's, said with a move or a home of one's own: ``data/shared_home.yaml`` ``moved``) the ends of the user's
living with housemates (the ``housemates`` labels) and of their own-words statements of a shared home ("跟两个
Filipino girls share 一个 apartment", ``shared``). A partner or a relative lived with is left alone: they usually
move too, and their own move out says so ("室友搬走了" is ``household.same_housemate``'s). A trip or a stay is no
home (the extractor holds its place back), and another speaker's statements keep their own qualifier.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from memory_core.model import Kind
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped

__all__ = ["shared_home_left"]

_HOME = "fact:lives_in"
_WITH = "fact:lives_with:"
_GIST = "gist:"


@functools.lru_cache(maxsize=1)
def _lexicon() -> tuple[frozenset[str], dict[str, re.Pattern[str]], dict[str, re.Pattern[str]]]:
    """(housemate labels, the move pattern per language, the shared-home statement pattern per language)."""
    data = load_shipped("data", "shared_home.yaml")
    langs = ("en", "zh")
    return (frozenset(str(w).casefold() for w in data["housemates"]),
            {lang: re.compile(data[lang]["moved"], re.IGNORECASE) for lang in langs},
            {lang: re.compile(data[lang]["shared"], re.IGNORECASE) for lang in langs})


def _moved(text: str) -> bool:
    """True when ``text`` says a move or a home of one's own, in either language."""
    return any(p.search(text) for p in _lexicon()[1].values())


def _shared(description: str) -> bool:
    """True when a stored statement says the home is shared ("…合租…", "shares a flat with …")."""
    return any(p.search(description) for p in _lexicon()[2].values())


def shared_home_left(text: str, cands: list[Candidate],
                     rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]]) -> None:
    """Add to the turn's new home the ends of the user's living with housemates and their shared-home statements.

    Args:
        text: the turn's text (the move is read there: "搬家了", "moved to Jersey City").
        cands: the turn's candidates, changed in place (the new home's ``ends`` grows).
        rows: the user's active rows under key prefixes as ``(id, key, description)``; read only when the turn
            states a new home of the user's with a move.
    """
    homes = [c for c in cands if not c.is_event and c.kind != Kind.EVENT and c.polarity >= 0
             and c.key.partition("@")[0] == _HOME and c.valid_until is None]
    if not homes or not _moved(text):
        return
    labels = _lexicon()[0]
    stored = rows((_WITH, _GIST))
    other = {key for _, key, description in stored if key.startswith(_GIST) and not _shared(description)}
    for home in homes:
        _, at, qualifier = home.key.partition("@")
        # an own-words key is ended only when every statement under it speaks of the shared home
        ends = [key for _, key, description in stored
                if key.partition("@")[1:] == (at, qualifier) and "/" not in key and key not in other
                and ((key.startswith(_WITH) and key.partition("@")[0][len(_WITH):].casefold() in labels)
                     or (key.startswith(_GIST) and _shared(description)))]
        home.ends = tuple(dict.fromkeys((*home.ends, *ends)))
