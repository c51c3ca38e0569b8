"""A place said with its other name beside it: "现在住吉隆坡 KL 啦", "搬到纽约 NYC 了", "moved to 深圳 (Shenzhen)".

People add a city's short form or its name in the other script right after the name they used. The residence
rules read one name, so the second one left the value unread ("住吉隆坡 KL 啦" stored as a loose sentence and
the old home stayed active) or glued to it ("纽约 NYC"). ``without_place_alias`` drops the second name when
it follows a Han place name after a verb of living or moving, and is either

- a Latin short form in capitals, two to four letters ("KL", "NYC", "SF", "HK"), or
- a name in brackets that the gazetteer gives for the same city ("深圳 (Shenzhen)", "Shenzhen (深圳)",
  ``place_names.names_of``; without the gazetteer a bracketed name is kept).

Elsewhere ("我在腾讯 WXG 做 PM", "I live in Leeds (the north)") the text is left as it is.
"""

from __future__ import annotations

import re

from memory_core.pipeline.place_names import names_of

__all__ = ["without_place_alias"]

_VERB = (r"(?:住在|住|搬到了?|搬去了?|搬来了?|定居在?|落户|(?i:live in|living in|lives in|moved to|moving to|"
         r"relocated to|based in|base在?|base))\s*")
# a Han place, then its capital short form or its bracketed other-script name
_HAN_FIRST = re.compile(_VERB + r"(?P<place>[\u4e00-\u9fff]{2,8}?)"
                        r"(?P<alias>\s*(?:[（(]\s*(?P<named>[A-Za-z][A-Za-z .'-]{1,30}?)\s*[)）]|"
                        r"(?P<abbr>(?<![A-Za-z])[A-Z]{2,4}(?![A-Za-z])))"
                        r"(?:\s+(?=[\u4e00-\u9fff]))?)")
# a Latin place, then its bracketed Han name ("moved to Shenzhen (深圳)")
_LATIN_FIRST = re.compile(_VERB + r"(?P<place>[A-Z][A-Za-z.'-]*(?: [A-Z][A-Za-z.'-]*){0,3})"
                          r"(?P<alias>\s*[（(]\s*(?P<named>[\u4e00-\u9fff]{2,8})\s*[)）])")


def _same_city(place: str, named: str) -> bool:
    """True when the gazetteer gives ``named`` as a name of the city ``place`` names."""
    names = names_of(place)
    return named.strip().casefold() in names or named.strip() in names


def without_place_alias(text: str) -> str:
    """``text`` without the second name of a place said after a verb of living or moving (module docstring).

    Args:
        text: a turn's reading text, any language.

    Returns:
        The text with each such alias (and the space before it) left out; ``text`` itself when it holds none.
    """
    def drop(m: re.Match[str]) -> str:
        named = m.group("named")
        if named is not None and not _same_city(m.group("place"), named):
            return m.group()
        return m.group()[:m.start("alias") - m.start()]

    if not re.search(r"[（(]|[A-Z]{2}", text):
        return text
    return _LATIN_FIRST.sub(drop, _HAN_FIRST.sub(drop, text))
