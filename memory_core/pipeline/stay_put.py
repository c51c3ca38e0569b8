"""Staying said as a decision not to move is the home kept, not a stay (issue 13, the write path; trial 31, W9).

"considering moving to Berlin…" then "nah staying in Munich": the second turn answers the plan, and says where
the user goes on living. The ``temporary`` marker reads "staying in" as a stay (a trip, a hotel: valid for a week,
then shown as ended), so the decision was shown to the agent as an ended stay: "no longer in Munich". A clause
saying the stay as a decision (the lexicon's ``stay_put`` marker: "nah staying in …", "not moving, staying in …",
"decided to stay in …", "staying put", "不搬了", "还是留在…") is read with that phrase left out; anything else in it
that makes a stay (a hotel, "this week", 出差) still does. ``temporary_mark`` finds that marker, in a turn that
switches language in either language's words ("人在东京，hotel 小得转不开身": the hotel is said in English).
"""

from __future__ import annotations

import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["temporary_mark", "without_stay_put"]

#: a text that writes words in both scripts (case-folded: two Latin letters beside Han characters)
#: a word named as where one works, right after it ("我在 Airbnb 做 data scientist", "Airbnb 的 offer"): a firm, no stay
_WORKED_AT = re.compile(r"\s*(?:做|当|干|工作|上班|实习|任职|打工|的\s*(?:offer|同事|团队|工作|岗位|面试))")
_MIXED_SCRIPT = re.compile(r"[\u4e00-\u9fff][^\u4e00-\u9fff]*[a-z]{2}|[a-z]{2}[^a-z]*[\u4e00-\u9fff]")


def without_stay_put(folded: str, lang: str) -> str:
    """``folded`` (case-folded text, apostrophes straightened) with each decision to stay put blanked out.

    Args:
        folded: a clause or a turn, case-folded.
        lang: "en" or "zh"; a language the lexicon has no ``stay_put`` marker for leaves ``folded`` as it is.

    Returns:
        The text to search for the ``temporary`` marker: the same length, each decision replaced by spaces.
    """
    marks = lexicon().markers.get(lang, {})
    if "stay_put" not in marks:
        return folded
    return marks["stay_put"].sub(lambda m: " " * len(m.group(0)), folded)


def temporary_mark(folded: str, lang: str) -> re.Match[str] | None:
    """The first ``temporary`` marker of ``folded`` (case-folded, apostrophes straightened), decisions to stay put left
    out: in ``lang``'s words, else, in a text that switches script, in the other language's ("人在东京，hotel …",
    "in Berlin right now, 酒店离会场很近"); None when there is none."""
    marks = lexicon().markers
    found = marks[lang]["temporary"].search(without_stay_put(folded, lang))
    if found is None and _MIXED_SCRIPT.search(folded):
        other = "en" if lang == "zh" else "zh"
        plain = without_stay_put(folded, other)
        found = next((m for m in marks[other]["temporary"].finditer(plain)
                      if not _WORKED_AT.match(plain, m.end())), None)
    return found
