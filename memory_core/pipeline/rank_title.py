"""A promotion said by the rank alone keeps the title it ranks: "promoted to senior" after "junior developer" is
"senior developer" (issue 13: work that stays true).

"I'm a junior developer at Atlassian" then "got promoted to senior!" was stored "User works as senior": a rank is
no occupation, and "what's my job?" lost the developer. ``rank_with_title`` reads such a new occupation (a
positive ``fact:occupation`` whose value is rank words only: senior, lead, principal, staff, head …) against the
same speaker's active occupation and puts the rank in place of the held title's own ("a junior developer" ->
"senior developer"); with no held title the statement is left as said.

The idea: a rank is a modifier whose head is understood from the context (ellipsis of the noun, as in "the red
one"); the held title is that context.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.pipeline.types import Candidate

__all__ = ["rank_with_title"]

Rows = Callable[[tuple[str, ...]], list[tuple[str, str, str]]]

_OCCUPATION = "fact:occupation"
_RANKS = r"senior|junior|lead|principal|staff|chief|head|associate|deputy|assistant|executive|mid-level|intermediate"
# a value that is rank words only ("senior", "a senior", "principal")
_RANK_ONLY = re.compile(rf"^(?:(?:a|an|the)\s+)?(?P<r>(?:{_RANKS})(?:\s+(?:{_RANKS}))*)$", re.IGNORECASE)
# the title of a held English occupation as rendered ("User works as a junior developer")
_HELD = re.compile(r"\bworks\s+as\s+(?:(?:a|an|the)\s+)?(?P<t>[a-z][\w' -]*?)\s*$", re.IGNORECASE)
_LEADING_RANKS = re.compile(rf"^(?:(?:{_RANKS})\s+)+", re.IGNORECASE)


def rank_with_title(cands: list[Candidate], rows: Rows) -> None:
    """Give each new occupation said by its rank alone the title of the same speaker's held occupation.

    Args:
        cands: one turn's candidates, changed in place (``description``, ``claim`` and ``value`` of an English,
            positive ``fact:occupation`` whose value is rank words only).
        rows: ``prefixes -> [(id, key, description)]`` of the user's active statements; read only when such a
            rank is said.

    ("User works as senior", held "User works as a junior developer") -> "User works as senior developer".
    """
    ranked = [(c, rank) for c in cands if not c.is_event and c.polarity > 0 and c.lang == "en"
              and c.key.partition("@")[0] == _OCCUPATION and (rank := _RANK_ONLY.match(c.value.strip()))]
    if not ranked:
        return
    held = rows((_OCCUPATION,))
    for cand, rank in ranked:
        titles = [m.group("t") for _, key, text in held if key == cand.key and (m := _HELD.search(text))]
        title = _LEADING_RANKS.sub("", titles[0]).strip() if titles else ""
        if not title or _RANK_ONLY.match(title):
            continue
        value = f"{rank.group('r')} {title}"
        said = cand.value.strip()
        cand.description = cand.description.replace(said, value, 1)
        cand.claim = cand.claim.replace(said, value, 1)
        cand.value = value
