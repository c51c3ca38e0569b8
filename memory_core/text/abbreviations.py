"""Short forms whose dot ends no sentence ("Prof. Kempter", "Dr. Lee", "e.g. yoga"), from
``data/abbreviations.yaml``.

A sentence splitter that cut after "Prof." stored "User's Doktorvater is Prof" (new-user trial 41, issue 13);
``not_after_short_form()`` is the regular-expression piece a splitter puts right after its end mark so that no
listed short form ends a sentence. The list is by kind (titles, Latin short forms, short forms before a name or a
number), for a reviewer to extend.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["not_after_short_form"]


@functools.cache
def _forms() -> tuple[str, ...]:
    data = load_shipped("data", "abbreviations.yaml")
    return tuple(str(word) for group in data.values() for word in group)


@functools.cache
def not_after_short_form() -> str:
    """A regular-expression piece of negative lookbehinds, one per short form ("(?<!\\b(?i:prof)\\.)…"): placed at
    a sentence end right after its dot, it keeps "Prof." or "e.g." from ending the sentence. Matches the empty
    string; raises nothing (an unreadable data file is a packaging fault: ``OSError`` / ``yaml.YAMLError``)."""
    return "".join(rf"(?<!\b(?i:{re.escape(form)})\.)" for form in _forms())

