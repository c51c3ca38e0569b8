"""Jokes and hyperbole state no fact: "yeah right, I'm a millionaire lol", "我天天住在医院里", 我都快穷死了 (issue 13).

Four kinds of phrasing, in English and Chinese:

- **Irony said outright**: a sentence opening on "yeah right" / "as if", or one that holds
  "jk", "just kidding", "开玩笑(的)", "逗你的", "骗你的"; a sentence that is nothing but the
  retraction ("jk", "开玩笑的") takes the sentence before it back too.
- **Hyperbole of a state**: "dying of boredom", "bored to death", "dead tired", "I could die",
  穷死了, 累得要死, 忙得要命, 笑死: the state is a figure of speech, not a health or money fact.
- **One meal or one night overdone**: "I ate way too much", "drank too much wine haha", 吃太多了, 又吃撑了,
  喝多了: an excess said of the moment (a past verb, or a Chinese verb closed by 了) is how a meal or a night
  went, not a diet or a habit. Said with a habit word ("I drink too much coffee every day", 我平时咖啡喝得太多了)
  it is a lasting statement and is kept.
- **Living where one does not live**: "I basically live at the office", "practically live in the
  gym", "我天天住在医院里", "基本上住在公司了": a generic place (``GENERIC_PLACE`` of the slot
  lexicon) after a hedge or "every day" is where one spends time, not a home. A laugh ("haha",
  "lol", 哈哈, 笑死) with it, or with a boast of wealth ("I'm a millionaire lol", 我是首富哈哈), is
  the same joke.
- **A label said of oneself as a joke** (``self_label``): "I'm basically a professional napper", "我就是个饭桶哈",
  "my cat's butler lol", 我已经是火锅协会会长了😂.

A plain statement with a laugh ("I live in Boston haha", "我搬到成都了哈哈") is kept: the laugh
alone says nothing about truth.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.self_label import joke_label
from memory_core.pipeline.slots import lexicon

__all__ = ["is_hyperbole", "joke_sentences", "overdone"]

_JK = (r"(?:\bj/?k\b(?=\W*(?:lol|haha+|lmao)?\W*$)|\b(?:just|only)\s+(?:kidding|joking)\b|"
       r"(?<!不是)(?<!没)(?<!别)开(?:个|了个)玩笑|(?<!不是)(?<!没)(?<!别)开玩笑(?:的|啦|而已)(?=\W*$|[，,。！!～~哈])|"
       r"逗你(?:的|玩的?)|骗你的|说着玩的)")
_IRONY = re.compile(r"^\W*(?:yeah|yea|ya)\s*,?\s*right\b|^\W*oh\s+sure\b|^\W*as\s+if\b|" + _JK, re.IGNORECASE)
#: a sentence that is only the retraction ("jk", "开玩笑的"): it takes back the sentence before it
_RETRACTION = re.compile(r"^\W*(?:(?:lol|haha+|lmao|哈+)\W*)?" + _JK + r"\W*(?:(?:lol|haha+|lmao|哈+)\W*)?$",
                         re.IGNORECASE)
#: a retraction followed by what is true instead ("just kidding, I'm actually an accountant", 开玩笑的，我其实是会计):
#: the words after it are meant, and it takes back the sentence before it like a bare retraction
_TRUTH_AFTER = re.compile(_JK + r"\W*(?:(?:lol|haha+|lmao|哈+)\W*)?(?:(?:i'm|i\s+am|im|i)\s+(?:actually|really)\b|"
                          r"actually\b|in\s+(?:fact|reality)\b|seriously\b|for\s+real\b|the\s+truth\s+is\b|"
                          r"我其实|其实|说真的|实际上|事实上|我真的是)", re.IGNORECASE)
_LAUGH = re.compile(r"\b(?:lol+|lmao|rofl|haha+|hehe+)\b|哈哈+|嘿嘿|笑死|😂|🤣", re.IGNORECASE)
_STATE_EN = re.compile(r"\b(?:dying\s+(?:of|from)\s+(?:boredom|hunger|laughter|embarrassment|heat|thirst|"
                       r"exhaustion|curiosity|shame|cringe)|dying\s+(?:here|inside|over\s+here)|"
                       r"(?:bored|worked|scared|starving|freezing|tired|stressed|annoyed)\s+to\s+death|"
                       r"dead\s+(?:tired|broke|bored)|(?:could|gonna|going\s+to|about\s+to)\s+die\b(?!\s+(?:of|from))|"
                       r"(?:i'm|i\s+am|im)\s+(?:literally\s+|so\s+)?dead\s*(?:lol|haha|lmao|[.!]*$))",
                       re.IGNORECASE)
_STATE_ZH = re.compile(r"(?:穷|累|忙|饿|困|热|冷|烦|闷|无聊|气|笑|吓|渴|撑|馋|懒|丑|胖|疼|痛)"
                       r"(?:得要|得)?(?:死|疯)(?:了|啦|掉|我了|人了)?|(?:穷|累|忙|饿|困|烦|热|冷|气|疼)得要命")
# an excess of one meal or night: an English past verb, or a Chinese verb whose excess is closed by 了 / 啦
_EXCESS_EN = re.compile(r"\b(?:i|we)\s+(?:\w+\s+)?(?:ate|drank|had|eaten|drunk|overate|overdid\s+it|"
                        r"stuffed\s+(?:myself|ourselves))\b", re.IGNORECASE)
# what says the excess after the verb ("way too much", "too many"), or the verb itself ("overate")
_TOO_MUCH_EN = re.compile(r"\btoo\s+(?:much|many)\b|\boverate\b|\boverdid\s+it\b|\bstuffed\s+(?:myself|ourselves)\b",
                          re.IGNORECASE)
_EXCESS_ZH = re.compile(r"(?:吃|喝|玩|买|花|睡)(?:得|的)?(?:太多|太饱|太撑|太猛|太嗨|多|撑|过头|过量|嗨)(?:了|啦)")
_HABIT = re.compile(r"\b(?:every|each|always|usually|often|tends?\s+to|habit|daily|nightly|these\s+days|"
                    r"lately|when(?:ever)?|if)\b|平时|平常|每天|天天|每次|总是|老是|经常|一直|最近|习惯|一.{0,2}就|了就|就会|会|容易",
                    re.IGNORECASE)
_HEDGE_EN = (r"(?:practically|basically|pretty\s+much|virtually|literally|essentially|kinda|kind\s+of|sort\s+of|"
             r"more\s+or\s+less|might\s+as\s+well|all\s+but)")
_HEDGE_ZH = r"(?:天天|每天|整天|成天|基本上?|差不多|几乎|简直|都快|快要?|就差)"
_BOAST = re.compile(r"\b(?:a\s+)?(?:multi-?)?(?:millionaire|billionaire|trillionaire|zillionaire)\b|"
                    r"\bthe\s+richest\b|首富|(?:百万|千万|亿万)?富(?:翁|婆|豪)|土豪|大富翁", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _lived_at_generic() -> dict[str, re.Pattern[str]]:
    """"(hedge) live at/in <generic place>" per language, the places from the slot lexicon."""
    en = lexicon().classes["en"].get("GENERIC_PLACE", "(?:the\\s+)?office")
    zh = lexicon().classes["zh"].get("GENERIC_PLACE", "公司")
    return {
        "en": re.compile(rf"\blive\s+(?:at|in)\s+(?:my\s+)?(?:{en})\b", re.IGNORECASE),
        "en_hedged": re.compile(rf"\b{_HEDGE_EN}\s+(?:(?:just|now)\s+)?live\s+(?:at|in)\s+(?:my\s+)?(?:{en})\b",
                                re.IGNORECASE),
        "zh": re.compile(rf"住在(?:{zh})里?"),
        "zh_hedged": re.compile(rf"{_HEDGE_ZH}[^，,。]{{0,4}}?住在(?:{zh})里?"),
    }


def is_hyperbole(clause: str, lang: str) -> bool:
    """True when ``clause`` ("en"/"zh") is a figure of speech of the kinds above, not a statement of fact."""
    state = _STATE_ZH if lang == "zh" else _STATE_EN
    if state.search(clause) or overdone(clause, lang) or joke_label(clause, lang):
        return True
    lived = _lived_at_generic()
    laugh = _LAUGH.search(clause) is not None
    if lived[f"{lang}_hedged"].search(clause) or (laugh and lived[lang].search(clause)):
        return True
    return laugh and _BOAST.search(clause) is not None


def overdone(clause: str, lang: str) -> bool:
    """True when ``clause`` ("en"/"zh") says one meal or night was overdone ("lol I ate way too much", 吃太多了,
    又吃撑了哈哈), with no word of a habit ("every day", 平时, 总是) that would make it a lasting statement."""
    if _HABIT.search(clause):
        return False
    if lang == "zh":
        return _EXCESS_ZH.search(clause) is not None
    found = _EXCESS_EN.search(clause)
    return found is not None and _TOO_MUCH_EN.search(clause, found.start()) is not None


def joke_sentences(sentences: list[str]) -> set[int]:
    """The indexes of ``sentences`` (one turn's, in order) that are irony said outright: a sentence opening
    on "yeah right" or holding "jk" / 开玩笑, and the sentence before a bare retraction ("…. jk", "…。开玩笑的") or
    before a retraction followed by the truth ("just kidding, I'm actually an accountant", which is itself kept)."""
    def said_before(n: int) -> set[int]:
        """The index of the last non-blank sentence before ``n``, if any."""
        return {next((b for b in range(n - 1, -1, -1) if sentences[b].strip()), -1)} - {-1}

    out: set[int] = set()
    for n, sentence in enumerate(sentences):
        if _TRUTH_AFTER.search(sentence.strip()):
            out |= said_before(n)
        elif _IRONY.search(sentence.strip()):
            out.add(n)
            if _RETRACTION.match(sentence.strip()):
                out |= said_before(n)
    return out
