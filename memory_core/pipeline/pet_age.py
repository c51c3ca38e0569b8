"""A pet's age said in the clause after its name: "我家柯基叫豆包，今年三岁", "My corgi is called Bean, she's 3".

The pet cues read a name and an age said together ("我家柯基豆包今年三岁", "My corgi Bean is 3 years old"); said
with the name first and the age in a clause of its own, with no subject or only "它" / "she", the age was lost
(the clause after is nobody's statement), or read as part of the name ("叫豆包今年三岁"). ``age_joined`` says the
two clauses as the one statement they are, so the pet item keeps its age (README: an added detail, a pet's age,
revises the pet's item).
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["age_joined"]

_ZH_AGE = r"(?:今年|已经|快|刚|满|才)?(?P<age>[一二三四五六七八九十两\d]{1,3}(?:岁|个月)半?)了?"
_EN_AGE = r"(?P<age>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    classes = lexicon().classes
    zh = re.compile(rf"(?P<kind>{classes['zh']['SPECIES']})(?:的名字)?叫(?P<name>[A-Za-z][\w'-]{{0,15}}|"
                    rf"[\u4e00-\u9fff]{{1,4}}?)\s*[，,]\s*(?:(?:它|她|他)(?:的年龄)?)?{_ZH_AGE}(?=[，,。！!~～\s]|$)")
    en = re.compile(rf"\b(?P<kind>(?i:{classes['en']['SPECIES']}))(?:\s+(?i:is)|'s)\s+(?i:called|named)\s+"
                    rf"(?P<name>[A-Z][\w'-]*)\s*,\s*(?i:(?:she|he|it)(?:'s|\s+is)\s+|who(?:'s|\s+is)\s+)?"
                    rf"{_EN_AGE}(?P<unit>\s+(?i:years?|months?)(?:\s+old)?|\s*(?i:yo|y/o))?(?=[\s,.!;]|$)")
    return zh, en


def age_joined(text: str) -> str:
    """``text`` with a pet's age said right after its name read as one statement ("我家柯基叫豆包，今年三岁" ->
    "我家柯基豆包今年三岁"; "My corgi is called Bean, she's 3" -> "My corgi Bean is 3 years old").

    Units: characters in, characters out; ``text`` itself when no age follows a pet's name. Never raises.
    Source: subject and copula ellipsis in a clause that continues the topic of the one before (Li & Thompson
    1981 on Chinese topic chains; English "she's 3" after the pet it refers to).
    """
    zh, en = _patterns()
    out = zh.sub(lambda m: f"{m.group('kind')}{m.group('name')}今年{m.group('age')}", text)
    return en.sub(_en, out)


def _en(m: re.Match[str]) -> str:
    unit = (m.group("unit") or "").strip().casefold()
    months = unit.startswith("month")
    return f"{m.group('kind')} {m.group('name')} is {m.group('age')} {'months' if months else 'years'} old"
