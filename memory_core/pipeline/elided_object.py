"""An object left out after the clause that named it: "now I love jazz, I listen every evening".

English and Chinese both leave out the object of a verb of doing or
consuming when the clause before named it (zero anaphora): "I love jazz, I
listen every evening" is listening to jazz; "我很喜欢爵士乐，每天晚上都听" is
listening to 爵士乐. Read as said, the second clause is a routine about
nothing, which a later "I don't like jazz any more" cannot end. ``filled``
puts the object back, so the routine names what it is about.

A clause is filled only when its verb (a word class: listen, watch, play,
read, eat, drink, cook, practise; 听 看 玩 弹 练 读 喝 吃 做) has no object:
in English the verb is followed by a time or frequency phrase or nothing
(or by "it"/"them", which then gives way to the thing: "I drink it every morning");
in Chinese the verb ends the clause (a 了 aside).
"""

from __future__ import annotations

import re

__all__ = ["elided", "filled"]

_EN_VERBS = r"listen|watch|play|read|eat|drink|cook|practi[cs]e|bake|stream|sing|rewatch"
_EN_ELIDED = re.compile(
    rf"^(?P<head>(?:i|we)\s+(?:(?:also|still|usually|now|often|always|even|just|basically)\s+)*)"
    rf"(?P<verb>(?:{_EN_VERBS})(?:s)?)\b(?P<pron>\s+(?:it|them)\b)?"
    r"(?=\s+(?:every|each|daily|weekly|on\s+(?:\w+days?|(?:the\s+)?weekends?)|at\s+(?:night|lunch|work|home)|in\s+the\s+\w+|most\s+\w+|all\s+the\s+"
    r"time|all\s+day|twice|once|a\s+lot|almost|nearly|non-?stop|(?:\w+\s+)?times\s+a)\b|\s*[.!,;]*\s*$)",
    re.IGNORECASE)
_ZH_ELIDED = re.compile(r"^(?P<head>我[^，,。！!？?]{0,10}?)(?P<verb>听|看|玩|弹|练|读|喝|吃|做|打)(?:了)?"
                        r"(?P<tail>[。！!~～\s]*)$")


def elided(clause: str, lang: str) -> bool:
    """True when ``clause``'s verb of doing or consuming has no object ("I listen every evening", "我每天都听")."""
    return bool((_EN_ELIDED if lang == "en" else _ZH_ELIDED).match(clause))


def filled(clause: str, lang: str, thing: str) -> str:
    """``clause`` with ``thing`` (the object the clause before named) after its verb when the verb has none.

    ``clause`` unchanged when ``thing`` is empty or the verb has an object.
    ("I listen every evening", "jazz") -> "I listen to jazz every evening";
    ("我每天晚上都听", "爵士乐") -> "我每天晚上都听爵士乐".
    """
    if not thing:
        return clause
    if lang == "en":
        m = _EN_ELIDED.match(clause)
        if m is None:
            return clause
        verb = m.group("verb")
        joined = f"{verb} to {thing}" if verb.casefold().startswith("listen") else f"{verb} {thing}"
        return clause[:m.start("verb")] + joined + clause[m.end():]
    m = _ZH_ELIDED.match(clause)
    if m is None:
        return clause
    return f"{m.group('head')}{m.group('verb')}{thing}{m.group('tail')}"
