"""A habit taken up again said without a verb: "coffee again these days", "back on the cigarettes" (issue 13).

Chat says a restart in note form: "coffee again these days, but only one cup", "back on coffee", "back to
cigarettes lately", "sugar again, oh well". With no verb the slot cues read nothing, so a stop said before
("咖啡我戒了", "I quit coffee") stays active and the restart is appended to it as a detail. ``again_filled``
says each as the sentence it stands for ("I'm drinking coffee again these days", "I'm smoking again"), which
the cessation rules read as the restart (README: "drinking coffee again these days" supersedes the negation).
Only things the lexicon knows as drinks or foods, and cigarettes, count: "Monday again" or "back to work"
stay as they are; a food needs "back on" or a span ("these days", "lately"): "pizza again" is as often a meal.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slots import lexicon

__all__ = ["again_filled"]

_LEAD = r"^(?:(?:ugh|welp|well|lol|so|and|yeah|ok|okay|oh\s+well|sigh)[,\s]+)*"
_SMOKE = r"(?:cigarettes|cigs|smokes|smoking|the\s+cigarettes)"
# "coffee again (these days)", "back on/to (the) coffee (again)"
_AGAIN = (_LEAD + r"(?:(?P<back>back\s+(?:on|to)\s+(?:the\s+|my\s+)?)(?:(?P<x>{things})|(?P<s>{smoke}))"
          r"(?P<rest>(?:\s+again)?(?:\s+(?:these\s+days|lately|now|nowadays|for\s+a\s+while))?)"
          r"|(?:(?P<x2>{things})|(?P<s2>{smoke}))(?P<rest2>\s+again(?:\s+(?:these\s+days|lately|now|nowadays))?))"
          r"\s*[.!~]*$")


@functools.lru_cache(maxsize=1)
def _pattern() -> tuple[re.Pattern[str], dict[str, str]]:
    """The fragment pattern over the lexicon's English drinks and foods, and each name's category."""
    lex = lexicon()
    table = {**lex.surface["en"], **lex.kind_of["en"]}
    cats = {name: str(lex.category.get(oid)) for name, oid in table.items()
            if name and lex.category.get(oid) in ("drink", "food")}
    names = sorted(cats, key=lambda n: (-len(n), n))
    things = "|".join(re.escape(n) + "(?:e?s)?" for n in names)
    return re.compile(_AGAIN.format(things=things, smoke=_SMOKE), re.IGNORECASE), cats


def again_filled(fragment: str) -> str | None:
    """The sentence a verbless restart fragment says, or ``None``.

    Args:
        fragment: one clause of a user's turn, stripped of its end mark.

    Returns:
        "I'm drinking coffee again these days" for "coffee again these days", "I'm smoking again" for "back on
        the cigarettes", "I'm eating sugar again lately" for "sugar again lately"; ``None`` for anything else.
        Never raises.
    """
    pattern, cats = _pattern()
    text = fragment.strip()
    m = pattern.match(text)
    if m is None:
        return None
    rest = (m.group("rest") if m.group("back") else m.group("rest2")) or ""
    rest = rest if "again" in rest else " again" + rest
    if m.group("s") or m.group("s2"):
        return f"I'm smoking{rest}"
    thing = m.group("x") or m.group("x2")
    bare = thing.casefold()
    cat = cats.get(bare) or cats.get(bare.removesuffix("s")) or cats.get(bare.removesuffix("es")) or "food"
    if cat != "drink" and not m.group("back") and rest.strip() == "again":
        return None  # "pizza again": a meal, as likely as a habit; "sugar again these days" is the habit
    return f"I'm {'drinking' if cat == 'drink' else 'eating'} {thing}{rest}"
