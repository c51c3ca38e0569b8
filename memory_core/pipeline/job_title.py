"""A job title said only beside the employer is the occupation's item too (issue 13: one value per slot).

"I'm a backend dev at 腾讯", "在 Shopee 当 data analyst": the employer's cue reads the title with the employer
("User works at 腾讯 as backend dev"), but the occupation's own cues know no "backend dev" or "data analyst", so
no occupation is stored. A later title ("I'm a data scientist now", "现在是产品经理了") then stands beside the
employer's item that still says the old one, and a later employer alone ("我换到字节了") carries the old title
along. ``titles_beside_employer`` reads the title of such a hit as an occupation of its own; ``title_once``
(``clause_hits``) then leaves it out of the employer's claim, so each of the two is changed alone.

Only a title said in English words is read so: a Chinese one the occupation's cues do not read is as often the
work done as a title ("在阿里做前端开发", "在机场做地勤"), and an item of its own beside the employer's cost
recall checks of the employer for "做什么工作" (dev cases d3-mixed-para-night-shift, x20-zh-landlord-not-own-job).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from memory_core.pipeline.slots import SlotHit

__all__ = ["titles_beside_employer"]

# the title at the end of an employer's claim: "works at 腾讯 as backend dev", "在Shopee工作，做data analyst"
_WITH_JOB = re.compile(r"(?:，做|\s+as\s+)(?P<job>[^，,]+)$")
# the sentence the occupation's cues read a title from, per language
_SAID = {"en": "I work as {job}", "zh": "我的职业是{job}"}
# a title in English words: "backend dev", "data analyst", "PM"
_LATIN_TITLE = re.compile(r"[A-Za-z][A-Za-z&.'-]*(?:\s+[A-Za-z][A-Za-z&.'-]*){0,4}")


def titles_beside_employer(hits: list[SlotHit], lang: str, read: Callable[[str], list[SlotHit]]) -> list[SlotHit]:
    """Return ``hits`` with an occupation hit for the title in English words a user's employer hit carries, when
    the clause gave the user no occupation of its own.

    Args:
        hits: one clause's hits (``slots.read_clause``), in order.
        lang: the clause's language, "en" or "zh".
        read: reads one first-person sentence in ``lang`` into hits (``read_clause`` bound to the language and
            the user's name); the title is read as "I work as <title>" / "我的职业是<title>".

    Returns:
        ``hits`` itself when nothing is added, else a new list with the occupation hit after the employer's.
    """
    said = _SAID.get(lang)
    if said is None or any(h.attr.id == "occupation" and not h.subject and h.polarity > 0 for h in hits):
        return hits
    for i, hit in enumerate(hits):
        if hit.attr.id != "works_at" or hit.subject or hit.polarity <= 0 or hit.detail:
            continue
        m = _WITH_JOB.search(hit.claim)
        if m is None:
            continue
        job = m.group("job").strip()
        if not _LATIN_TITLE.fullmatch(job):
            continue
        found = [h for h in read(said.format(job=job)) if h.attr.id == "occupation" and h.polarity > 0 and h.value]
        if found:
            return [*hits[:i + 1], found[0], *hits[i + 1:]]
    return hits
