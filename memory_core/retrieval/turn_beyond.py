"""Whether a raw turn names a place none of the facts made from it names.

Recall leaves a raw turn out beside the fact it produced (``Diverse._diverse``): the fact says it better. That
is right only when the fact says what the turn says. "我老板王总住在上海，他养了一只猫。" made only
"用户的老板养了一只猫": the city of the boss lives in the turn alone, and with the turn left out "where does
his boss live?" never saw 上海. ``says_more`` tells the two apart by the cities the turn names (GeoNames, in
either script: ``place_names.names_of``): when the turn names a city and none of its facts names any, the
facts leave the place unsaid and the turn stays recallable, ranked after the facts.

Only places count. Names and numbers were tried as telling words too and lost sixteen dev checks: a detail
beside the fact ("my dog Biscuit is a corgi, he's 4", "I don't eat beef, grew up Hindu", 10月3号 beside
十月三号) is not what a question about the fact asks, and the turn beside its fact repeated it. A turn whose
facts name some city ("我其实是住在南京的哈，不是上海" → 用户住在南京) is covered: the other city is the
old or the contrasted value, not a fact left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from memory_core.pipeline.place_names import names_of
from memory_core.text.script import has_han
from memory_core.text.tokenize import tokenize

__all__ = ["said_text", "says_more", "telling_terms"]

_SPEAKER = re.compile(r"^[^:：\n]{1,40}[:：]\s*")
_LATIN_WORDS = re.compile(r"(?<![A-Za-z])[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?")
#: A place word right before a city's name: what makes the name a place and not a common word.
_LATIN_CUE = re.compile(r"\b(?:in|to|from|at|near|around)\s+$", re.IGNORECASE)
_HAN_CUE = re.compile(r"(?:在|到|去|住|回|来自|搬)$")


def said_text(description: str) -> str:
    """The words of a raw turn's description without its "speaker: " prefix."""
    return _SPEAKER.sub("", description, count=1)


def telling_terms(text: str) -> frozenset[str]:
    """The cities ``text`` names right after a place word, as written (a Han index term, or a capitalised Latin
    word or pair of words).

    "我老板王总住在上海" → {"上海"}; "My boss lives in Hong Kong" → {"Hong Kong"}; "我养了一只猫" → {}. A
    city's name said as a common word ("钓了三条鲫鱼": 三条 is also Sanjō) is not one: the name must follow a
    place word (``_LATIN_CUE``, ``_HAN_CUE``: in, to, from, at, near; 在, 到, 去, 住, 回, 来自, 搬).
    """
    found: set[str] = set()
    for m in _LATIN_WORDS.finditer(text):
        if not _LATIN_CUE.search(text[max(0, m.start() - 8) : m.start()]):
            continue
        words = m.group(0)
        for candidate in (words, *words.split()):
            if names_of(candidate):
                found.add(candidate)
                break
    for term in tokenize(text):
        if has_han(term) and len(term) >= 2 and term in text:
            at = text.index(term)
            if _HAN_CUE.search(text[max(0, at - 3) : at]) and names_of(term):
                found.add(term)
    return frozenset(found)


def says_more(turn: str, facts: Iterable[str]) -> bool:
    """True when raw turn ``turn`` (its description) names a city and none of ``facts`` names any.

    Args:
        turn: the raw turn's description ("user: 我老板王总住在上海，他养了一只猫。").
        facts: the descriptions of the curated items made from that turn.

    Returns:
        False when the turn names no city, or some fact names one: the facts may stand for it.
    """
    if not telling_terms(said_text(turn)):
        return False
    return not any(telling_terms(fact) for fact in facts)
