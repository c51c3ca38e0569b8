"""A statement that gives a thing a new number: a changed value, not a detail (issue 13: "豆豆两岁了" then
"豆豆三岁啦", "I usually go to bed at 2am" then "been going to bed at 11 lately").

A statement in the user's own words that says again what an item says and holds a number the item lacks was
read as a detail, and its text was put after the item's: the item then held the old age beside the new one, the
old bedtime beside the new one. A number is the value of what it measures (an age, a time of day, a weight …,
read from the unit said after it). When both texts hold numbers of one measure (or a number with no unit beside
one) and share none, the new number is the thing's current value: the new text states it alone, and the old
text stays in history. Numbers of different measures ("2 years old" / "20 kg") are a detail, as before; so is a
number said beside the old one ("March 3rd" / "March 3rd at 10").

Two more kinds of statement are no detail either: one more thing of a kind, said with "also" and a name the item
lacks but none of its own ("I also subscribe to Spotify now" beside "subscribes to Netflix", ``one_more``), is an
item of its own; a like or dislike said to hold now with the other stance ("我现在也能吃一点香菜了，不那么讨厌了"
after "我不吃香菜", ``ended_by_stance``) ends the old one.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.gist import Topic, normalize_numbers
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.text.script import has_han

__all__ = ["changed_number", "ended_by_stance", "one_more", "renumbered", "with_statement"]

#: Units by what they measure; a number with none of them measures what the other text's number does.
_MEASURES = (
    ("clock", r"a\.?m\.?|p\.?m\.?|o'clock|点|时(?!间)"),
    ("age", r"years?\s+old|yrs?\s+old|y/?o\b|岁|周岁"),
    ("months", r"months?\s+old|个月"),
    ("dose", r"mcg|µg|ug|mg|iu|微克|毫克"),
    ("weight", r"kg|kilos?|kilograms?|lbs?|pounds?|斤|公斤|千克"),
    ("distance", r"km|k\b|kilomet(?:er|re)s?|miles?|公里|千米"),
    ("duration", r"hours?|hrs?|minutes?|mins?|小时|分钟"),
    ("money", r"dollars?|bucks|euros?|pounds?\s+a|块|元|刀"),
    ("times", r"times\b|x\b|次|回"),  # how often: "3x a week", "four times a week", "一周三次"
)
_EN_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
             "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12"}
_NUMBER = re.compile(r"(?<![\d.:])(\d{1,2}:\d\d|\d+)(?![\d.:])\s*("
                     + "|".join(f"(?P<{name}>{unit})" for name, unit in _MEASURES) + r")?", re.IGNORECASE)
#: Times of day said in words: numbers of the clock.
_CLOCK_WORDS = re.compile(r"\b(?:midnight|noon|midday)\b|半夜十二点|午夜|中午十二点", re.IGNORECASE)
_EN_NUMBER = re.compile(r"\b(" + "|".join(_EN_WORDS) + r")\b", re.IGNORECASE)
# how often, said in a word ("once a week", "twice a day"): a number of times, as "3x a week" says it
# (a week or a month: "twice a day" is said of doses, whose drug decides what they measure)
_EN_TIMES = re.compile(r"\b(once|twice|thrice)(?=\s+(?:a|per|every|each)\s+(?:week|month|fortnight)\b)",
                       re.IGNORECASE)
_TIMES = {"once": "1 times", "twice": "2 times", "thrice": "3 times"}


def _plain(text: str) -> str:
    """``text`` with its numbers in digits: Chinese numerals, English number words and "once"/"twice" a week."""
    said = _EN_TIMES.sub(lambda m: _TIMES[m.group(1).casefold()], normalize_numbers(text))
    return _EN_NUMBER.sub(lambda m: _EN_WORDS[m.group(1).casefold()], said)


# an ordinal, a rank or a school year ("6th grade", "第三", "三年级", "Year 5"): no amount of anything
_ORDINAL_AFTER = re.compile(r"(?:st|nd|rd|th)\b|\s*(?:年级|届|班|楼|层|名)|\s+grade\b", re.IGNORECASE)
_ORDINAL_BEFORE = re.compile(r"(?:第|year\s|grade\s|no\.\s?|#)$", re.IGNORECASE)
# a count: a number said before what it counts ("两个孩子", "2只猫", "two kids", "3 little dogs")
_ZH_COUNTED = re.compile(r"\s*(?:个|只|条|位|名|辆|台|本|套|家|间|部|头|匹)([\u3400-\u9fff]{1,2})")
_EN_COUNTED = re.compile(r"\s+(?:(?:little|young|small|big|grown|grown-up|lovely|wonderful|beautiful|more)\s+)?"
                         r"([a-z]+?)(?:ren|s)?\b", re.IGNORECASE)
_EN_PLURAL = re.compile(r"\s+(?:[a-z]+\s+)?[a-z]+(?:s|children|people)\b", re.IGNORECASE)


# a dose or a daily count said by a pill's or a cup's measure word: "一片", "半片", "两粒", "三杯" (the digits of
# "1 pill", "2 tablets" are read by ``_NUMBER`` already)
_DOSE_COUNT = re.compile(r"(?P<n>[一二两三四五六七八九十半])(?=[片粒颗袋支杯](?!子))")


def _counted(plain: str, end: int) -> str:
    """The ``count:<thing>`` measure of a number ending at ``end`` that counts a thing said after it, else ""."""
    rest = plain[end:end + 30]
    zh = _ZH_COUNTED.match(rest)
    if zh:
        return "count:" + zh.group(1)
    if _EN_PLURAL.match(rest) and (en := _EN_COUNTED.match(rest)):
        return "count:" + en.group(1).casefold()
    return ""


def _numbers(text: str) -> list[tuple[str, str, int, int]]:
    """(number, measure or "", start, end) of each number of ``text`` as ``normalize_numbers`` reads it.

    An ordinal ("6th grade", "三年级", "第二") is no number of an amount and is left out; a number said before the
    thing it counts ("两个孩子", "two kids") measures ``count:<thing>``.
    """
    plain = _plain(text)
    out = [(m.group(0).casefold(), "clock", m.start(), m.end()) for m in _CLOCK_WORDS.finditer(plain)]
    for m in _DOSE_COUNT.finditer(plain):  # "一片降压药" / "半片": a count of pills or cups, a dose
        said = m.group("n")
        number = "0.5" if said == "半" else normalize_numbers(said + "个")[:-1]
        out.append((number, "count:dose", m.start(), m.end()))
    for m in _NUMBER.finditer(plain):
        measure = "clock" if ":" in m.group(1) else next((name for name, _ in _MEASURES if m.group(name)), "")
        if not measure and (_ORDINAL_AFTER.match(plain, m.end(1)) or _ORDINAL_BEFORE.search(plain[:m.start(1)])):
            continue
        measure = measure or _counted(plain, m.end(1))
        out.append((m.group(1) if ":" in m.group(1) else str(int(m.group(1))), measure, m.start(1), m.end(1)))
    return sorted(out, key=lambda n: n[2])


def _same_measure(a: str, b: str) -> bool:
    """Two numbers' measures name one thing: one unit, or one said without a unit; a count only by a count of the
    same thing ("we have three kids now" renumbers "two kids"; "Emma is 12" does not)."""
    if a.startswith("count:") or b.startswith("count:"):
        return a == b
    return a == b or not a or not b


# the name a dose is said after ("Jardiance 10mg", "恩格列净10毫克"): a word of three letters or more, or Han characters
_DOSE_NAME = re.compile(r"(?:(?P<en>[A-Za-z][A-Za-z-]{2,})|(?P<zh>[\u4e00-\u9fff]{2,}))\s*$")
# words said before a dose that name no drug ("went up to 1000mg", "now 75 mcg", "dose is 20mg")
_NOT_A_NAME = frozenset({"to", "at", "from", "now", "dose", "dosage", "the", "and", "was", "were", "is", "are", "takes",
                         "take", "taking", "on", "of", "about", "only", "just", "back", "down", "up", "with", "than",
                         "instead", "again", "still", "also", "then", "plus", "daily", "another", "extra", "every"})


def _other_drug(plain: str, start: int, old: str) -> bool:
    """True when the dose at ``start`` of ``plain`` is said after a drug's name that ``old`` does not hold: a dose
    belongs to its drug ("Jardiance 10mg" is no new dose of "metformin 500mg")."""
    m = _DOSE_NAME.search(plain[:start])
    if m is None:
        return False
    if m.group("en"):
        name = m.group("en").casefold()
        return name not in _NOT_A_NAME and name not in old.casefold()
    run = m.group("zh")  # a drug's name only when the characters end as one does ("恩格列净", not "优甲乐现在是")
    return _zh_drug_end().search(run) is not None and run[-2:] not in old


@functools.lru_cache(maxsize=1)
def _zh_drug_end() -> re.Pattern[str]:
    """A Chinese drug's name's end (the ``DRUGNAME`` and ``BRANDDRUG`` word classes of the slot lexicon)."""
    return re.compile(lexicon().expand("(?:%DRUGNAME%|%BRANDDRUG%)$", "zh"))


def changed_number(new: str, old: str) -> bool:
    """True when ``new`` gives what ``old`` measures a new number: both hold numbers, they share none, and a
    number of each measures the same thing (``_same_measure``: one unit, or one of them said without a unit; a
    count only by a count of the same thing). A dose said after another drug's name than ``old`` holds measures
    that drug, not ``old``'s ("added Jardiance 10mg" beside "metformin 500mg twice a day")."""
    said, held = _numbers(new), _numbers(old)
    if any(measure == "dose" for _, measure, *_ in said):
        plain = _plain(new)
        said = [n for n in said if not (n[1] == "dose" and _other_drug(plain, n[2], old))]
    if not said or not held or {n for n, *_ in said} & {n for n, *_ in held}:
        return False
    return any(_same_measure(a, b) for _, a, *_ in said for _, b, *_ in held)


def renumbered(old: str, new: str) -> str:
    """``old`` with its one number replaced by the one number of ``new`` ("用户家狗豆豆两岁了" + "豆豆三岁啦" ->
    "用户家狗豆豆3岁了"); ``new`` itself when either holds more than one number or the old one is not found as
    written."""
    said, held = _numbers(new), _numbers(old)
    if len(said) != 1 or len(held) != 1:
        return new
    plain = _plain(old)
    _, _, start, end = held[0]
    number, measure, at, until = said[0]
    if measure == "count:dose":  # "半片" stays as said, not "0.5片"
        number = _plain(new)[at:until]
    if plain[end:end + 1].isascii() and plain[end:end + 1].isalpha():  # "3x a week" + "once a week": no "1x"
        return new
    return plain[:start] + number + plain[end:]




# the speaker's label a turn's own words are quoted under ("用户：豆包是柯基", "User: Max is a corgi")
_LABEL = re.compile(r"^(?P<who>[^：:\s]{1,24})\s*[：:]\s*")


def _unlabelled(old: str, new: str) -> str:
    """``new`` without the speaker's label it opens on when ``old`` already opens on that subject: "用户有一只狗叫豆包"
    + "用户：豆包是柯基" reads "用户有一只狗叫豆包；豆包是柯基", never a label inside the item's text."""
    m = _LABEL.match(new)
    return new[m.end():] if m and old.casefold().startswith(m.group("who").casefold()) else new


def with_statement(old: str, new: str, lang: str) -> str:
    """``old`` with the statement ``new`` after it ("A; B", "A；B"), or, when ``new`` gives what ``old`` measures
    a new number (``changed_number``), ``old`` renumbered: the current value alone."""
    if changed_number(new, old):
        return renumbered(old, new)
    new = _unlabelled(old, new)
    return f"{old.rstrip('。.')}；{new}" if lang == "zh" or has_han(old) else f"{old.rstrip('.')}; {new}"


# a statement said to hold now ("现在也能吃一点香菜了", "these days I like cilantro"); not the moment's "now" ("I can't
# right now", "just now", "for now"): "<name> can't right now" ended a like item of 111 turns on LoCoMo, and every one
# of those turns then weighed as superseded in recall (ops/bench/RESULTS.md, issue 14, seventh pass)
_NOW = re.compile(r"\b(?:(?<!right\s)(?<!just\s)(?<!for\s)now|these\s+days|nowadays)\b|现在|如今|最近", re.IGNORECASE)


# a language being learnt, as its item says it ("User is learning Japanese", "用户在学日语"): a course, which ends
_LEARNING = re.compile(r"\b(?:learning|studying|taking)\b|在学|学习|上课|报了", re.IGNORECASE)


def ended_by_stance(key: str, said: str, held: str = "") -> bool:
    """True when an item under ``key`` that a statement ``said`` of the other stance speaks of ends by it: a statement
    in the user's own words (``gist:``) always; a like or dislike (``pref:``) when ``said`` says it holds now ("我不吃
    香菜" ended by "我现在也能吃一点香菜了，不那么讨厌了"); a language when the item's text ``held`` says it was being
    learnt ("用户在学日语" ended by "日语课不上了"; a language one speaks is not ended by its class)."""
    return key.startswith("gist:") or (key.startswith("pref:") and _NOW.search(said) is not None) \
        or (key.startswith("fact:language:") and _LEARNING.search(held) is not None)


# one more of a kind said beside what was said before ("I also subscribe to Spotify", "我也订了网易云")
_ALSO = re.compile(r"\b(?:also|too|as\s+well|another|a\s+second)\b|也|又|另外", re.IGNORECASE)


def one_more(said: str, new: Topic, old: Topic) -> bool:
    """True when a statement ``said`` (topic ``new``) adds one more thing of the kind an item (topic ``old``) names:
    it says so ("also", "too", 也, 又), names a name the item lacks, and none of the item's own names ("I also subscribe
    to Spotify now" beside "User subscribes to Netflix"). Such a statement is an item of its own, never a detail
    of the first: each thing can then end alone. A detail names the thing it adds to ("Miso turned three")."""
    names = old.strong - old.numbers
    added = new.strong - new.numbers - old.terms - old.strong
    return bool(names and added) and not names & new.terms and _ALSO.search(said) is not None
