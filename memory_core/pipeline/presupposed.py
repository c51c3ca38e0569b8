"""What the asker is, said as the ground of a question: "as a vegan, is honey ok for me?" (issue 13).

A question states nothing of the user (the clause splitter leaves it out), yet one that opens on what the
asker is — "as a vegan, …", "being diabetic, …", "since I'm lactose intolerant, …", "作为一个素食者，…",
"身为糖尿病患者，…" — says it as plainly as "I'm vegan" would, and the answer the user wants rests on it.
``presupposed`` gives that opening back as a first-person clause ("I'm a vegan", "我是素食者") and the rest of
the sentence after it. The clause is kept only when the slot engine reads an attribute in it (a diet, a
condition, an occupation: ``slots.read_clause``), so an opening that is no self-description ("as a joke, …",
"as you know, …", "作为朋友，…") states nothing.
"""

from __future__ import annotations

import re

from memory_core.pipeline.slots import read_clause

__all__ = ["presupposed"]

_EN = re.compile(
    r"^(?:as\s+(?P<as>(?:an?\s+)?[a-z][\w' -]{1,40}?)|being\s+(?P<being>(?:an?\s+)?[a-z][\w' -]{1,40}?)"
    r"|(?:since|because|given\s+that)\s+(?P<im>i'm|i\s+am|im)\s+(?P<said>[a-z][\w' -]{1,40}?))"
    r"(?:\s*,\s*(?=\S)|\s*,?\s*$)",  # the question after it, or nothing: the splitter cut it off at the comma
    re.IGNORECASE)
_ZH = re.compile(r"^(?:作为|身为)(?:一[个名位])?(?P<as>[^，,。？?！!\s]{2,12})$")


def presupposed(clause: str, lang: str) -> tuple[str, str]:
    """(the self-description ``clause`` opens on as a first-person clause, the rest of ``clause``), or ("", clause).

    Args:
        clause: one clause as the splitter has it (a Chinese one already cut at its commas: "作为一个素食者";
            an English one cut before a question: "as a vegan").
        lang: "en" or "zh".

    Returns:
        ("I'm a vegan", "is honey ok for me?") for "as a vegan, is honey ok for me?"; ("我是素食者", "") for
        "作为一个素食者"; ("", clause) when it opens on none or no slot reads the opening.
    """
    m = (_ZH if lang == "zh" else _EN).match(clause.strip())
    if m is None:
        return "", clause
    if lang == "zh":
        said, rest = f"我是{m.group('as')}", ""
    else:
        said = "I'm " + (m.group("as") or m.group("being") or m.group("said"))
        rest = clause.strip()[m.end():]
    return (said, rest) if read_clause(said, lang).hits else ("", clause)
