"""A named person's own likes are theirs: "Tom doesn't like horror movies" is no restatement of the user's (issue 13).

A turn opening on a name and a verb of liking ("Sarah loves hiking too", "Tom doesn't like horror movies, so we
watched a comedy", "小王也喜欢爬山", "阿杰不爱吃辣") says what that person likes. Read in the user's own words it
shares the thing with the user's item ("User loves hiking") and was taken as the user saying it again: a hit,
or the person's sentence glued onto the item as a "detail". ``others_stance`` drops those own-words
candidates (the turn's event stays); the user's own statement in the same turn ("… but I love it") is another
candidate and stays.

Only a name no active item of the user holds: a pet, a relative or a friend the user named before ("Mochi
loves tuna" of the user's cat) is left to the rules that know them. A capitalised word that names no one
(``named_other.NOT_NAMES``) or a known organisation or place opens no such turn.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.model import Turn
from memory_core.pipeline import org_names, place_names
from memory_core.pipeline.named_other import NOT_NAMES
from memory_core.pipeline.types import Candidate

__all__ = ["others_stance"]

_EN_OPEN = re.compile(
    r"^\s*(?P<n>[A-Z][a-z]{2,15})\s+(?:(?:also|really|totally|just|absolutely|still|kinda|kind\s+of)\s+)?"
    r"(?:loves|likes|hates|enjoys|adores|prefers|dislikes|doesn't\s+(?:like|love|enjoy)|does\s+not\s+(?:like|love)|"
    r"can't\s+stand|is\s+(?:into|obsessed\s+with|a\s+(?:big\s+|huge\s+)?fan\s+of|allergic\s+to))\b")
_ZH_OPEN = re.compile(
    r"^\s*(?P<n>[小老阿](?![时是姨板师婆公家区孩心学些点号猫狗人朋伙姑舅叔婶宝大实])[\u4e00-\u9fff])"
    r"(?:也|还|都|就|特别|超|很|最)?(?:不|没那么)?(?:喜欢|爱|讨厌|受不了|对[^，,。]{1,8}过敏)")

Rows = Callable[[], list[tuple[str, str, str]]]


def _opening(text: str) -> re.Match[str] | None:
    return _ZH_OPEN.match(text) or _EN_OPEN.match(text)


def others_stance(turn: Turn, cands: list[Candidate], rows: Rows) -> list[Candidate]:
    """Return ``cands`` without the own-words statements of a named person's likes (module docstring).

    Args:
        turn: the user's turn.
        cands: its candidates.
        rows: the user's active statements as ``(id, key, description)`` rows (read only when a turn opens so).

    Returns:
        ``cands``, less each own-words candidate (``topic`` set, no person in its key) that says the opening.
    """
    opened = _opening(turn.text) if turn.role == "user" else None
    if opened is None:
        return cands
    name = opened.group("n")
    if name in NOT_NAMES or name == turn.speaker.strip() or org_names.names_of(name) or place_names.names_of(name):
        return cands
    if any(re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![a-z])", description) for _, _, description in rows()):
        return cands  # a pet, a relative, a friend the user named: theirs to read
    said = opened.group(0).strip()
    return [c for c in cands if c.is_event or c.topic is None or "/" in c.key or said not in c.description]
