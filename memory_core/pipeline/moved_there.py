"""A move told by "there" after the place was named earlier in the turn (issue 13: a move keeps the home true).

"深圳那家公司的offer我接了，上周末已经搬过去啦", "拿到了杭州的offer，下个月搬过去", "took the job in Austin and
moved there last week", "got into grad school in Leeds, relocated there in August": the move's verb names no
place, so the old home stayed active and the new city was only an employer's or a school's. A home told by "here"
is the same ("Toronto winter again, remind me why I live here", "Austin hits 90 in march, I've lived here 6 years",
"伦敦又下雨了，我在这儿住了八年"): no home was kept at all. ``there_named``
says the move with the place it points back to ("…已经搬到深圳啦", "moved to Austin last week"): the last city of
the gazetteer (``place_names.names_of``, either script) named before the move in the same turn. Only a move
done is read (搬过去了/啦, "moved there"): a move to come ("这周末搬过去住") is left to the rules of plans and of
homes made ready, and the sentence keeps its own words around it, so a question or another person's move stays
what it was ("my sister moved there" is hers); "here" is read only after "I"/"we" live or 住 ("people who live here"
are others). No city named before it: the text is unchanged.
"""

from __future__ import annotations

import re

from memory_core.pipeline.place_names import names_of

__all__ = ["there_named"]

#: the move pointed back, done: 搬过去了/啦, 搬过去住了, 搬去那边了; "moved there", "relocated over there". A move
#: to come ("这周末搬过去住", "月底就搬过去") is left to the rules of moves planned and homes made ready
_ZH_THERE = re.compile(r"搬(?:过去|去那边|到那边|那边去|过去那边)(?=(?:住)?(?:了|啦))")
_EN_THERE = re.compile(r"\b(?P<verb>moved|relocated)\s+(?:over\s+)?there\b", re.IGNORECASE)
#: a home pointed back: "I live here", "we still live here", "we've lived here 6 years", "I have been living here";
#: the words kept, "here" replaced by the city
_EN_HERE = re.compile(r"\b(?:i|we)(?:'ve|\s+have|'m|\s+am|'re|\s+are)?\s+"
                      r"(?:(?:still|now|currently|actually|really|basically|even|already|been)\s+)*"
                      r"(?:live|lived|living)\s+(?P<here>here)\b", re.IGNORECASE)
#: 在这儿住了八年, 住这边五年了, 住在这里: the place word that follows 在 before 住, or 住(在)
_ZH_HERE = re.compile(r"(?:(?<=在)(?:这儿|这里|这边)(?=(?:已经|都|也)?住)|(?<=住)(?:在)?(?:这儿|这里|这边))")
_LATIN_NAME = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\b")
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]{2,}")


def _last_city(text: str) -> str:
    """The last city ``text`` names (a Chinese name of 2–4 characters or a capitalised Latin name), or ""."""
    found: list[tuple[int, str]] = []
    for m in _LATIN_NAME.finditer(text):
        for name in (m.group(), m.group().split()[0]):
            if names_of(name):
                found.append((m.start(), name))
                break
    for run in _HAN_RUN.finditer(text):
        word = run.group()
        for i in range(len(word) - 1):
            for size in (4, 3, 2):
                piece = word[i : i + size]
                if len(piece) == size and names_of(piece):
                    found.append((run.start() + i, piece))
                    break
    return max(found)[1] if found else ""


def there_named(text: str) -> str:
    """``text`` with a move to "there" said with the city named before it in the same turn.

    Args:
        text: a user's turn.

    Returns:
        "深圳那家公司的offer我接了，上周末已经搬到深圳啦" for "…已经搬过去啦"; "took the job in Austin and moved to
        Austin last week" for "…moved there last week", "…remind me why I live in Toronto" for "Toronto winter…
        remind me why I live here", "伦敦又下雨了，我在伦敦住了八年" for "…我在这儿住了八年"; the text unchanged when
        no city is named before the move or the home.
    """
    for here in (_ZH_HERE, _EN_HERE):  # "…I live here": "…I live in Toronto"
        m = here.search(text)
        if m is not None and (city := _last_city(text[: m.start()])):
            start, end = m.span("here") if here is _EN_HERE else m.span()
            said = f"in {city}" if here is _EN_HERE else ("在" if m.group().startswith("在") else "") + city
            text = text[:start] + said + text[end:]
            break
    for pattern, zh in ((_ZH_THERE, True), (_EN_THERE, False)):
        m = pattern.search(text)
        if m is None:
            continue
        city = _last_city(text[: m.start()])
        if not city:
            continue
        said = f"搬到{city}" if zh else f"{m.group('verb')} to {city}"
        return text[: m.start()] + said + text[m.end() :]
    return text
