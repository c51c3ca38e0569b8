"""A move ends the home shared with housemates (issue 13 §2, new-user trial 37).

"我跟两个同事在望京合租一套三居室" (``fact:lives_with:室友``) then "搬家了，现在自己在通州租了个一居室": the new home
supersedes the old one, but the housemates, keyed apart from the home, stayed active beside it, so recall still
said the user shares a flat in 望京. ``shared_home_left`` adds to the turn's new home (a ``fact:lives_in`` candidate
of the user's, said with a move or a home of one's own: ``data/shared_home.yaml`` ``moved``) the ends of the user's
living with housemates (the ``housemates`` labels) and of their own-words statements of a shared home ("跟两个
Filipino girls share 一个 apartment", ``shared``). A partner or a relative lived with is left alone: they usually
move too, and their own move out says so ("室友搬走了" is ``household.same_housemate``'s). A trip or a stay is no
home (the extractor holds its place back), and another speaker's statements keep their own qualifier.

What else the move leaves behind goes with the old home (issue 13): the rent (``fact:rent``) and the user's own-words
statements of the home itself (``data/shared_home.yaml`` ``home_itself``: the landlord, the rent, the lease, "my
landlord is a nightmare", "房租又涨了") end at a move to another home; a statement of something tied to where one
lives (``tied``: the neighbourhood, the commute, a local gym or club membership, a residence permit) ends when it
names the place the old home was in ("climbing gym in Dundee", "在北京办了健身房年卡") and the move leaves that
place. A job (it may go on remotely), the family living there, or a home said again closer ("杭州" then
"杭州西湖区") stays as it was.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from memory_core.model import Kind
from memory_core.pipeline.place_names import names_of
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped
from memory_core.text.script import has_han

__all__ = ["shared_home_left"]

_HOME = "fact:lives_in"
_WITH = "fact:lives_with:"
_GIST = "gist:"
_RENT = "fact:rent"


@functools.lru_cache(maxsize=1)
def _lexicon() -> tuple[frozenset[str], dict[str, re.Pattern[str]], dict[str, re.Pattern[str]],
                        dict[str, re.Pattern[str]], dict[str, re.Pattern[str]]]:
    """(housemate labels, the move pattern per language, the shared-home statement pattern per language, the
    patterns per language of a statement tied to the home itself and of one tied to where one lives)."""
    data = load_shipped("data", "shared_home.yaml")
    langs = ("en", "zh")
    return (frozenset(str(w).casefold() for w in data["housemates"]),
            {lang: re.compile(data[lang]["moved"], re.IGNORECASE) for lang in langs},
            {lang: re.compile(data[lang]["shared"], re.IGNORECASE) for lang in langs},
            {lang: re.compile(data[lang]["home_itself"], re.IGNORECASE) for lang in langs},
            {lang: re.compile(data[lang]["tied"], re.IGNORECASE) for lang in langs})


#: The words before the value in a stored home ("User lives in Dundee", "用户住在北京朝阳区") and what ends it.
_HOME_SAID = re.compile(r"(?:\blives\s+in\s+|住在)(?P<v>[^,，;；。.]+)", re.IGNORECASE)


def _places(value: str) -> tuple[str, ...]:
    """The names a home's value says its place by: the value itself, and a Chinese value's city said first
    ("北京朝阳区": 北京), whichever is a listed place; casefolded."""
    value = value.strip()
    names = [value]
    if has_han(value):
        names += [value[:cut] for cut in (2, 3) if len(value) > cut and names_of(value[:cut])]
    return tuple(n.casefold() for n in names if len(n) >= 2)


def _said(description: str, patterns: dict[str, re.Pattern[str]]) -> bool:
    """True when a stored statement matches the pattern of either language."""
    return any(p.search(description) for p in patterns.values())


def _left_behind(home: Candidate, stored: list[tuple[str, str, str]],
                 homes_before: list[tuple[str, str, str]]) -> list[str]:
    """The keys the move to ``home`` leaves behind.

    Args:
        home: the new home candidate of the user's own move.
        stored: the user's active rows under the own-words and rent prefixes, as ``(id, key, description)``.
        homes_before: the user's active home rows, as ``(id, key, description)``.

    Returns:
        The rent's key and each own-words key every statement under which is tied to the home itself ("my
        landlord …", "房租又涨了"), when the new home is another one than the old (none known, or neither value
        holding the other: "杭州" then "杭州西湖区" is the same home said closer); and each own-words key every
        statement under which is tied to where one lives and names the old home's place, not the new one
        ("climbing gym in Dundee" after a move to Perth), when the place changed.
    """
    new_value = (home.value or "").strip().casefold()
    olds = [m.group("v") for _, _, description in homes_before for m in _HOME_SAID.finditer(description)]
    old_values = {o.strip().casefold() for o in olds}
    if not new_value or any(o in new_value or new_value in o for o in old_values):
        return []
    new = set(_places(home.value))
    places = {name for o in olds for name in _places(o)}
    places -= {name for name in places if any(name in n or n in name for n in new)}  # a move within the city
    by_key: dict[str, list[str]] = {}
    for _, key, description in stored:
        if "@" not in key and "/" not in key and (key.startswith(_GIST) or key == _RENT):  # the user's own
            by_key.setdefault(key, []).append(description)
    itself, tied = _lexicon()[3], _lexicon()[4]
    return [key for key, said in by_key.items()
            if key == _RENT or all(_said(d, itself) for d in said)
            or (places and all(_said(d, tied) and any(name in d.casefold() for name in places) for d in said))]


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
    stored = rows((_WITH, _GIST, _RENT))
    homes_before = rows((_HOME,))
    other = {key for _, key, description in stored if key.startswith(_GIST) and not _shared(description)}
    for home in homes:
        _, at, qualifier = home.key.partition("@")
        # an own-words key is ended only when every statement under it speaks of the shared home
        ends = [key for _, key, description in stored
                if key.partition("@")[1:] == (at, qualifier) and "/" not in key and key not in other
                and ((key.startswith(_WITH) and key.partition("@")[0][len(_WITH):].casefold() in labels)
                     or (key.startswith(_GIST) and _shared(description)))]
        if not at:  # the user's own move: what was tied to the old home's place goes with it
            ends += _left_behind(home, stored, [r for r in homes_before if r[1] == _HOME])
        home.ends = tuple(dict.fromkeys((*home.ends, *ends)))
