"""The user's own business named in a turn about setting it up, said as the business slot reads it.

"营业执照拿到了，名字叫“乌云的蒙古包”", "店签了，在老城区，名字叫“糯米茶事”",
"Decided, it's Rusty's Orchard. Registered the business name today.": the name is said in a clause
with no subject and no word of whose it is (名字叫…, it's …), so the slot engine, which reads one
clause at a time, kept nothing but the raw turn, and a question about the shop's name found it by
luck of wording (new-user trial 38, finding 6). When the turn speaks of a business being set up (a
licence, a shop signed, a name registered), ``business_named`` says the naming again as the user's
business's name ("我的店名叫“乌云的蒙古包”", "my business is called Rusty's Orchard."). The words
are data (``data/business_named.yaml``).
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["business_named"]

# a name set off by quotes ("“乌云的蒙古包”", "「糯米茶事」"), or said bare up to the clause's end
_ZH_QUOTED = r"(?P<q>[“\"「『《]?)(?P<v>[^，,。！!？?\s“”\"「」『』《》]{2,16})(?P<qe>[”\"」』》]?)"
# an English name: capitalised words, with an apostrophe or an ampersand ("Rusty's Orchard", "Suds & Pups")
_EN_NAME = r"(?P<v>(?-i:[A-Z][\w'’-]*(?:\s+(?:&\s+)?[A-Z][\w'’-]*){0,4}))"


@functools.lru_cache(maxsize=1)
def _patterns() -> dict[str, tuple[re.Pattern[str], re.Pattern[str]]]:
    """Per language, (the turn speaks of a business set up, the naming clause with the name as ``v``).

    Raises:
        OSError / yaml.YAMLError / KeyError: the shipped data file is missing or malformed (a packaging fault).
    """
    data = load_shipped("data", "business_named.yaml")
    zh, en = data["zh"], data["en"]
    return {
        # the naming opens a clause ("，名字叫…"): never "我名字叫…" nor "它名字叫…" (a person, a pet)
        "zh": (re.compile("|".join(f"(?:{b})" for b in zh["business"])),
               re.compile(rf"(?:^|(?<=[，,。！!～~\s]))(?:{zh['naming']})\s*{_ZH_QUOTED}")),
        "en": (re.compile("|".join(f"(?:{b})" for b in en["business"]), re.IGNORECASE),
               re.compile(rf"(?i:{en['naming']})\s+{_EN_NAME}(?=\s*(?:[.!,;]|$))")),
    }


def business_named(text: str) -> str:
    """``text`` with the naming of the user's business said as the business slot reads it.

    Args:
        text: a turn's text, as written.
    Returns:
        the text, with "名字叫“X”" said as "我的店名叫“X”" or "it's X" as "my business is called X", when the turn
        speaks of a business being set up; else unchanged.
    """
    zh_business, zh_naming = _patterns()["zh"]
    if zh_business.search(text):
        text = zh_naming.sub(lambda m: f"我的店名叫{m.group('q')}{m.group('v')}{m.group('qe')}", text, count=1)
    en_business, en_naming = _patterns()["en"]
    if en_business.search(text):
        text = en_naming.sub(lambda m: f"my business is called {m.group('v')}", text, count=1)
    return text
