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

__all__ = ["bare_end", "elided", "end_filled", "filled", "thing_of"]

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


# "…，放弃了" / "…, I gave up" / "so I quit it": a cessation whose object is left out (or is "it"/"them")
_EN_BARE_END = re.compile(
    r"^(?:i|we)\s*(?:(?:'m|am|are|'re|just|finally|eventually|basically|kinda|totally|already|have|'ve|had|"
    r"pretty\s+much|so|officially)\s+)*"
    r"(?P<verb>gave\s+up(?:\s+on)?|gave\s+(?:it|them)\s+up|quit|stopped|dropped|ditched|"
    # "i'm done with that stuff for good": the stuff is the thing said before
    r"done\s+with(?=\s+(?:it|them|that|those|that\s+stuff|this\s+stuff|the\s+stuff)\b))"
    # "so I stopped drinking it": the gerund is kept, the pronoun takes the thing
    r"(?:\s+(?P<ing>drinking|eating|having|taking|using|smoking|doing|playing))?(?:\s+(?:it|them|on\s+it|that(?:\s+stuff)?|those|(?:this|the)\s+stuff))?"
    r"(?:\s+(?:for\s+good|after\s+(?:a|an|one|two|three|\w+)\s+\w+|last\s+\w+|this\s+\w+|already|again|"
    r"completely|altogether|in\s+the\s+end|eventually))?\s*[.!~]*\s*$", re.IGNORECASE)
_ZH_BARE_END = re.compile(r"^我(?:们)?(?:就|也|干脆|索性|直接|还是|最后|最终|终于|已经|彻底|只好|只能)*"
                          r"(?P<verb>放弃了?|不学了|不练了|不玩了|不弹了|不打了|不跑了|不去了|不干了|戒了|停了|算了)"
                          r"[了吧啊呀啦哈。！!~～\s]*$")
# the thing a clause that dropped its subject puts first ("日语学不下去了", "吉他太难了"; "Spanish got too hard")
_ZH_THING_FIRST = re.compile(r"^(?:这个|那个)?(?P<t>[\u4e00-\u9fffA-Za-z]{2,6}?)"
                             r"(?:实在|真的|真|太|越来越|有点|一直|总是|老是|"
                             r"学|练|弹|打|玩|跑|游|背|考|上|坚持|根本|完全|怎么|还是|都|也)")
_ZH_THING_DONE = re.compile(r"(?:在学|在练|在玩|在弹|在打|学|练|玩|弹|打|报了个?|报了一个)"
                            r"(?P<t>[\u4e00-\u9fffA-Za-z]{2,6}?)"
                            r"(?:了|班|课|的|呢|啊|，|,|$)")
_EN_THING_FIRST = re.compile(r"^(?:the\s+|my\s+|this\s+|that\s+)?(?P<t>[a-z][a-z'-]+(?:\s+[a-z][a-z'-]+)?)\s+"
                             r"(?:got|was|is|became|felt|just|kept|wasn't|isn't|didn't|never|turned|has|had|took|"
                             r"got\s+too)\b", re.IGNORECASE)
_EN_THING_DONE = re.compile(r"\b(?:learning|playing|doing|taking|practi[cs]ing|studying|tried|trying|took\s+up|touched|"
                            r"started|picked\s+up|signed\s+up\s+for|joined|learn|play|do|take|practi[cs]e|study)\s+"
                            r"(?:the\s+|a\s+|an\s+|some\s+)?(?P<t>[a-z][a-z'-]+(?:\s+(?!on\b|at\b|in\b|for\b|every\b|with\b|"
                            r"but\b|and\b|so\b|lessons?\b|classes?\b)[a-z][a-z'-]+)?)", re.IGNORECASE)
_ZH_NOT_THING = re.compile(r"^(?:我|他|她|你|不|没|得|现在|最近|今天|昨天|后来|然后|因为|所以|但是|不过|工作|上班)")
_EN_NOT_THING = frozenset({"it", "them", "that", "this", "a", "an", "the", "my", "so", "too", "really", "very",
                           "me", "i", "we", "you", "he", "she", "they", "work", "job", "time", "things", "life",
                           "knee", "back", "day", "week", "weather", "everything", "nothing", "something"})


def bare_end(clause: str, lang: str) -> bool:
    """True when ``clause`` ends something without naming it ("I gave up", "so I quit it", "我放弃了", "不学了")."""
    if len(clause) > (16 if lang == "zh" else 60):  # a cheap guard: a bare end is a short clause
        return False
    return bool((_ZH_BARE_END if lang == "zh" else _EN_BARE_END).match(clause))


def thing_of(text: str, lang: str) -> str:
    """The activity or thing a clause speaks of, for a bare end after it to take; "" when none is clear.

    A known object of the lexicon ("日语", "Spanish"), the thing a clause puts
    first ("吉他太难了" -> "吉他", "Spanish got too hard" -> "Spanish") or the
    object of a verb of doing ("我在学吉他" -> "吉他", "I took up pottery" -> "pottery").
    """
    from memory_core.pipeline.slot_lexicon import lexicon
    text = text.strip()
    if not text:
        return ""
    if lang == "zh":
        for pattern in (_ZH_THING_DONE, _ZH_THING_FIRST):
            m = pattern.search(text) if pattern is _ZH_THING_DONE else pattern.match(text.removeprefix("我"))
            if m is not None and not _ZH_NOT_THING.match(m.group("t")):
                return m.group("t")
        known = lexicon().name_in(text, lang)
        return known[1] if known else ""
    for pattern in (_EN_THING_DONE, _EN_THING_FIRST):
        m = pattern.search(text) if pattern is _EN_THING_DONE else pattern.match(text)
        if m is not None and m.group("t").split()[0].casefold() not in _EN_NOT_THING:
            return m.group("t")
    known = lexicon().name_in(text, lang)
    return known[1] if known else ""


def end_filled(clause: str, lang: str, thing: str) -> str:
    """``clause`` (a bare end) with ``thing`` as its object: ("I gave up", "Spanish") -> "I gave up Spanish";
    ("我放弃了", "日语") -> "我放弃了日语"; unchanged when ``thing`` is empty or ``clause`` names its object."""
    if not thing:
        return clause
    if lang == "zh":
        m = _ZH_BARE_END.match(clause)
        if m is None:
            return clause
        verb = m.group("verb")
        said = {"算了": "放弃了", "戒了": "戒了"}.get(verb, verb if verb.startswith(("放弃", "停")) else "不再")
        head = clause[:m.start("verb")]
        return f"{head}{said}{thing}" if said != "不再" else f"{head}不再{thing}了"
    m = _EN_BARE_END.match(clause)
    if m is None:
        return clause
    verb = m.group("verb").casefold()
    verb = "gave up" if verb.startswith("gave") else verb
    ing = f"{m.group('ing')} " if m.group("ing") else ""
    return f"{clause[:m.start('verb')]}{verb} {ing}{thing}"
