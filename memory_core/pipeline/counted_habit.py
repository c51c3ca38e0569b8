"""A drinking or smoking habit said as a count per day with no verb, put back into the sentence it stands for.

Chat states a daily habit as a bare count: "每天早上两杯拿铁", "一天一包烟", "一天三杯美式" in Chinese, "two
lattes every morning", "a pack a day", "3 coffees a day" in English. Without a verb the slot cues read
nothing, so the habit leaves no item and a later stop ("咖啡戒了", "quit smoking") has nothing to end.
``habit_filled(fragment)`` says each as the sentence with its verb ("我每天早上喝两杯拿铁", "我一天抽一包烟",
"I drink two lattes every morning", "I smoke a pack a day"), or returns ``None``. Only things the lexicon
knows as drinks (its ``objects`` of category ``drink``, kinds included) and cigarettes count, so "一天两节课"
or "two meetings a day" stay as they are.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slots import lexicon

__all__ = ["habit_filled"]

_ZH_WHEN = (r"(?P<when>(?:每天|天天|一天|每晚|每个?早上|每个?晚上|早上|晚上|中午|下午|上午|平时|平常|基本|一般)+)"
            r"(?:都|要|得|就)?")
_ZH_COUNT = r"(?P<n>[一两二三四五六七八九十半\d]+)(?P<u>杯|包|罐|瓶|根|支|听|壶|大杯|小杯)"
_ZH_SMOKE = r"(?:烟|香烟)"
# a kind said before the drink's name ("燕麦拿铁", "冰美式", "生椰拿铁"): up to two characters, no count or verb
_ZH_KIND = r"(?:(?![一两二三四五六七八九十半喝吃抽不没])[\u4e00-\u9fff]{1,2}?)?"
_EN_COUNT = r"(?P<n>a|an|one|two|three|four|five|six|a\s+couple\s+of|half\s+a|\d+)"
_EN_WHEN = (r"(?P<when>a\s+day|per\s+day|daily|every\s+(?:day|morning|evening|night|afternoon)|each\s+(?:day|morning)"
            r"|in\s+the\s+morning|before\s+work)")
_EN_SMOKE = r"(?:packs?(?:\s+of\s+(?:cigarettes|cigs|smokes))?|cigarettes|cigs|smokes)"


def _names(lang: str) -> list[str]:
    """The lexicon's names and kinds of drinks in ``lang`` (folded), longest first."""
    lex = lexicon()
    table = {**lex.surface[lang], **lex.kind_of[lang]}
    names = {name for name, oid in table.items() if name and lex.category.get(oid) == "drink"}
    return sorted(names, key=lambda n: (-len(n), n))


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(Chinese, English) fragment patterns over the lexicon's drink names."""
    zh_drinks = "|".join(re.escape(n) for n in _names("zh"))
    en_drinks = "|".join(re.escape(n) + "(?:e?s)?" for n in _names("en"))
    zh = re.compile(rf"^{_ZH_WHEN}{_ZH_COUNT}(?:{_ZH_KIND}(?P<drink>{zh_drinks})|(?P<smoke>{_ZH_SMOKE}))"
                    r"(?:了|哈|吧|左右)?$")
    en = re.compile(rf"^(?:(?:usually|normally|still|about|around|like)\s+)*{_EN_COUNT}\s+"
                    rf"(?:(?:cups?|mugs?|glasses|glass|cans?|bottles?|shots?)\s+of\s+)?"
                    rf"(?:(?P<drink>{en_drinks})|(?P<smoke>{_EN_SMOKE}))\s+{_EN_WHEN}"
                    r"(?:\s+(?:since|for)\s+[\w\s'-]+)?$", re.IGNORECASE)
    return zh, en


def habit_filled(fragment: str) -> str | None:
    """The first-person sentence a verbless count-per-day habit fragment says, or ``None``.

    Args:
        fragment: one clause of a user's turn, without its end mark, stripped.

    Returns:
        "我每天早上喝两杯拿铁" for "每天早上两杯拿铁", "我一天抽一包烟" for "一天一包烟", "I drink two lattes every
        morning" for "two lattes every morning", "I smoke a pack a day" for "a pack a day"; ``None`` when the
        fragment is no such habit (another count, a thing not known as a drink, a question). Never raises.

    The idea: a measure word with a count and a time span names a habit in both languages (Chinese 量词
    phrases, English "N a day"), the verb being the one the thing takes (喝 / drink, 抽 / smoke).
    """
    zh, en = _patterns()
    text = fragment.strip()
    if (m := zh.match(text)) is not None:
        verb = "喝" if m.group("drink") else "抽"
        return f"我{m.group('when')}{verb}{text[m.start('n'):]}"
    if (m := en.match(text)) is not None:
        verb = "drink" if m.group("drink") else "smoke"
        said = text[m.start("n"):]
        return f"I {verb} {said[:1].lower()}{said[1:]}"
    return None
