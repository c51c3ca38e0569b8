"""Where a job offered is, is no move: "收到字节的offer了!! base上海" leaves the home where it is.

A turn about a job offer or an interview often names the city of the job
("拿到了腾讯的offer，base深圳", "面试了美团，base北京", "Got an offer from Google, based in
London!"). The city is where the job would be, said ahead of any move: read as
the user's home it ended the home on the day of the offer, a month before the
move itself ("搬到上海了"). ``job_site`` tells such a clause: the turn speaks of an
offer, an interview or a recruiter, and the clause itself says nothing of
moving or living (搬, 住, 定居, "moved", "live", "my new place"); the reader
then keeps no home from it (``slots.read_clause``). A clause that does say
the move ("offer 接了，下个月搬去上海" is a plan; "Got the offer and moved to London") is
read as before. A fragment ("base上海", "Based in London") is put back into a sentence of a home before it is
read (``terse``); ``offered_home`` tells the same of the fragment, so it is left as said.
"""

from __future__ import annotations

import re

__all__ = ["job_site", "offered_home"]

#: Words of a job not yet taken: an offer, an interview, a recruiter's call.
_OFFER = {
    "en": re.compile(r"\b(?:offers?|interview(?:s|ed|ing)?|recruiters?|headhunters?|job\s+(?:posting|listing|ad))\b",
                     re.IGNORECASE),
    "zh": re.compile(r"offer|面试|招聘|猎头|录用通知|(?:收到|拿到)了?[^，,。]{0,8}?录取", re.IGNORECASE),
}
#: Words of moving or living somewhere, or of now ("took the offer, I'm based in Denver now"): with one, the clause
#: speaks of the home after all.
_SETTLED = {
    "en": re.compile(r"\b(?:mov(?:e|ed|es|ing)|relocat\w*|live[sd]?|living|settled|home|(?:new|my|our)\s+"
                     r"(?:place|apartment|flat|house|condo)|now|these\s+days)\b", re.IGNORECASE),
    "zh": re.compile(r"搬|住|定居|安家|落户|新家|房子|租|现在|目前|如今"),
}


def job_site(clause: str, lang: str, context: str = "") -> bool:
    """True when ``clause`` (in ``lang``, "en" or "zh") names a place in a turn about a job offer or interview
    (``context``, the whole turn; the clause itself when empty) without a word of moving or living: the job's
    place, not the user's home. Never raises."""
    words = _OFFER.get(lang)
    settled = _SETTLED.get(lang)
    if words is None or settled is None:
        return False
    return words.search(context or clause) is not None and settled.search(clause) is None


#: A sentence ``terse`` fills in for a fragment of where one lives ("我住在上海", "I'm based in London").
_HOME_SAID = re.compile(r"我住在|\bI'm\s+based\s+in\b|\bI\s+live\s+in\b", re.IGNORECASE)


def offered_home(fragment: str, filled: str, text: str) -> bool:
    """True when ``filled``, the sentence put in for ``fragment`` ("base上海" -> "我住在上海"), states a home and
    ``text`` (the whole turn) is about a job offer or interview (``job_site``): the job's city, left as said."""
    lang = "zh" if re.search(r"[\u4e00-\u9fff]", fragment) else "en"
    return _HOME_SAID.search(filled) is not None and job_site(fragment, lang, text)
