"""A simile names a thing the speaker is compared to, never one they have or are.

"今天加班到十点，累得像条狗" is dead tired, not a dog; "I eat like a bird" is no bird; "我像个老师一样天天管着他"
is no teacher. Read as words, the vehicle of the simile became the topic of the user's statement (``gist:syn:dog``,
``gist:obj:bird``, ``gist:syn:teacher``), which a later statement about a real dog or a job then joined or
replaced. ``without_vehicles`` blanks each vehicle (and a hedge such as 好像) out of the text a topic is drawn from;
``simile_state`` says a clause only tells how the user feels by a simile ("困得像只熊猫", "I was like a zombie all
day"), a moment and no fact (Lakoff and Johnson 1980: the vehicle is the source domain, not the subject). The
words are data (``data/similes.yaml``).
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.word_alt import word_alternation as _alt
from memory_core.shipped_yaml import load_shipped

__all__ = ["simile_state", "without_vehicles"]


@functools.lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    """Vehicle and state patterns per language ("zh", "en", "zh_state", "en_state", "zh_hedge").

    Raises:
        OSError / yaml.YAMLError / KeyError: the shipped data file is missing or malformed (a packaging fault).
    """
    data = load_shipped("data", "similes.yaml")
    zh, en = data["zh"], data["en"]
    body = r"[^，,。！!？?\s]"
    zh_closed = rf"(?:{_alt(zh['markers'])})(?:{_alt(zh['measures'])})?{body}{{1,6}}?(?:{_alt(zh['closers'])})"
    zh_degree = rf"(?<=得)(?:像|跟)(?:{_alt(zh['measures'])}){body}{{1,4}}"  # "累得像条狗"
    en_behind = "".join(rf"(?<!\b{re.escape(w)}\s)" if w[0].isalpha() else rf"(?<!{re.escape(w)}\s)"
                        for w in en["verb_before"])
    en_vehicle = rf"{en_behind}\blike\s+(?:a|an|the|some)\s+[a-z-]+(?:\s+in\s+a\s+[a-z-]+(?:\s+[a-z-]+)?)?"
    return {
        "zh": re.compile(rf"{zh_closed}|{zh_degree}"),
        "zh_hedge": re.compile(_alt(zh["hedges"])),
        "en": re.compile(en_vehicle, re.IGNORECASE),
        "zh_state": re.compile(rf"^我?(?:今天|最近|现在|这几天|真的|简直|都|快|已经)*[\u4e00-\u9fff]{{1,2}}得"
                               rf"(?:{zh_closed}|{zh_degree})(?:了|啊|呀|哈|哈哈)*[。！!~～\s]*$"),
        "en_state": re.compile(rf"^i(?:\s+|(?='))(?:{_alt(en['state_verbs'])})\s+(?:(?:so|totally|literally|just|"
                               rf"basically)\s+)*{en_vehicle}\b", re.IGNORECASE),
    }


def without_vehicles(text: str, lang: str) -> str:
    """``text`` with each simile's vehicle and each hedge blanked out (same length, spaces).

    "累得像条狗" -> "累得   " (the dog gone); "I eat like a bird" -> "I eat" and spaces; "I'd like a coffee" unchanged.
    """
    keys = ("zh", "zh_hedge", "en") if lang == "zh" else ("en", "zh", "zh_hedge")
    for key in keys:
        text = _patterns()[key].sub(lambda m: " " * len(m.group(0)), text)
    return text


def simile_state(clause: str, lang: str) -> bool:
    """True when ``clause`` (first person) only says how the speaker feels by a simile ("困得像只熊猫",
    "我累得像条狗", "I was like a zombie all day"); False for "我像我妈一样爱唠叨"-like statements with more."""
    return bool(_patterns()["zh_state" if lang == "zh" else "en_state"].search(clause.strip()))
