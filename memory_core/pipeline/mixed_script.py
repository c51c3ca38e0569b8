"""Sentences mixing English and Chinese: where to split them, and when one is English with Chinese names in it.

``by_script`` splits a mixed sentence between an English clause of its own and a Chinese one ("I live in
Lisbon and 我喜欢喝茶"); ``english_framed`` says a sentence is English naming a place or employer in Chinese ("I
live in 上海"), to be read as English. ``memory_core.pipeline.clauses`` uses both before it splits clauses.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped
from memory_core.text.script import HAN_RUN, has_han

__all__ = ["by_script", "english_framed", "seams_marked"]


@functools.lru_cache(maxsize=2)
def _openers(group: str = "") -> str:
    """The English clause openers of ``group`` ("adverbs", "verbs"; both when empty) as regex alternatives."""
    raw = load_shipped("data", "code_switch.yaml")["clause_openers"]
    groups = [group] if group else ["adverbs", "verbs"]
    words = sorted((str(w) for g in groups for w in raw[g]), key=len, reverse=True)
    return "|".join(r"\s+".join(map(re.escape, w.split())) for w in words)


@functools.lru_cache(maxsize=1)
def _unmarked_seam() -> re.Pattern[str]:
    # a Chinese word, then an English clause: an opener (or I / I'm / My) and at least two more Latin words, or a
    # verb, a Chinese name and two Latin words ("joined 小红书 as a PM")
    opener = rf"(?:{_openers()}|I|I'm|I've|My)\b"
    two_words = r"(?:[ \t]+[A-Za-z][\w'&.-]*){2}"
    named = rf"(?:{_openers('verbs')})[ \t]+[\u3400-\u9fff]{{2,8}}{two_words}"
    # the Chinese side closes on a particle that ends a clause ("辞职了"); "阿明 moved to Chongqing" is one clause
    return re.compile(rf"(?<=[了啦呢吧哈])[ \t]+(?={opener}{two_words}|{named})", re.IGNORECASE)


def seams_marked(text: str) -> str:
    """``text`` with a ", " where a Chinese clause meets an English clause with no mark between ("辞职了 now I'm a
    data analyst at Shopee" -> "辞职了, now I'm a data analyst at Shopee"), so each side is read as its own
    clause (an English comma: an English verb after a Chinese mark would be read as its Chinese cue, see
    ``code_switch``); ``text`` itself when it has none. The Chinese side must close on a particle (了, 啦, 呢,
    吧, 哈): "阿明 moved to Chongqing" is one clause. An English word inside a Chinese clause ("我 now 在 Shopee")
    opens no clause: the opener needs two more English words after it, or, for a verb, a Chinese name and two
    English words ("joined 小红书 as a PM"). Units: characters in, characters out.

    Raises:
        OSError, yaml.YAMLError: the shipped list is missing or does not parse (a packaging fault).
    """
    if not has_han(text, compatibility=True):
        return text
    return _unmarked_seam().sub(", ", text)


# Where an English clause meets a Chinese one in a mixed sentence: Latin text then CJK, or CJK
# then "I"/"My", with an optional "," / "and" / "but" between.
_SCRIPT_SEAM = re.compile(r"(?<=[A-Za-z0-9.!?])\s*(?:,|\band\b|\bbut\b)?\s*(?=[\u3400-\u9fff])"
                          r"|(?<=[\u3400-\u9fff。，！？])\s*(?:,|\band\b|\bbut\b)?\s*(?=\b(?:I|My)\b)")
_EN_OWN_CLAUSE = re.compile(r"^(?:I|I'm|I've|My)\b(?:\s+\S+){2,}")
# An English side ending like this still needs the Chinese words after it ("I live in 東京").
# A verb whose object is a name the other script writes ("I've been studying 日语", "we adopted 柯基") dangles too.
_EN_DANGLING = re.compile(r"\b(?:in|at|on|is|are|am|was|were|to|of|for|with|from|the|a|an|my|as|like|love|"
                          r"likes|loves|hate|called|named|learn|learning|study|studying|practi[cs]ing|speak|speaks|"
                          r"speaking|adopted|rescued)\W*$", re.IGNORECASE)
# A verb of giving up still needs what was given up, when that is a Chinese name ("I gave up 奶茶 this month")
_EN_GIVING_UP = re.compile(r"\b(?:quit|stopped|ditched|dropped|gave\s+up|given\s+up|giving\s+up|cut\s+out|"
                           r"done\s+with)\W*$", re.IGNORECASE)


def by_script(sentence: str) -> list[str]:
    """Split a mixed sentence into its English and Chinese clauses ("I live in Lisbon and 我喜欢喝茶").

    Only where the English side is a clause of its own (a first-person
    subject, at least three words, not ending on a word that needs what
    follows, as in "I live in 東京"); English words inside a Chinese sentence
    ("我在Google工作", "我喜欢 sushi") keep it whole.
    """
    parts = [p for p in _SCRIPT_SEAM.split(sentence) if p.strip()]
    english = [p.strip() for p in parts if not has_han(p, compatibility=True)]
    if any(_EN_GIVING_UP.search(p) for p in english) and english_framed(sentence):
        return [sentence]  # "I gave up 奶茶 this month": the English clause with its Chinese object
    if len(parts) > 1 and any(_EN_OWN_CLAUSE.match(p) for p in english) \
            and not any(_EN_DANGLING.search(p) for p in english):
        return parts
    return [sentence]


# An English sentence naming a place or employer in Chinese ("I live in 上海", "I work at 字节跳动 as a data
# analyst"): it opens on an English first-person subject, says at least three English words, and its Chinese
# runs are short names without a Chinese subject or verb of their own. The subject may follow an opening word
# of everyday talk ("actually I meant my cat's name is 汤圆", "sorry, my dog is called 豆豆", "oh and I live in 上海")
_EN_OPENING = (r"(?:(?:actually|sorry|oops|oh|ah|well|wait|no|nope|um+|uh+|also|and|so|ok|okay|btw|yeah|yes|hey|hi)"
               r"\b[,!.:~]*\s*)*")
_EN_FRAME = re.compile(rf"^{_EN_OPENING}(?:I|I'm|I've|I'd|My|We|We're|We've)\b", re.IGNORECASE)
_ZH_CLAUSE_WORD = re.compile(r"[我你他她它们的了是在住有吃喝做去叫说想要会]")


# "I quit 咖啡", "I love 火锅": two English words, a subject and its verb, before a Chinese name
_EN_VERB_HAN = re.compile(r"^(?:I|We)\s+[a-z]+\s*[\u3400-\u9fff]+\W*$")


def english_framed(sentence: str) -> bool:
    """True when ``sentence`` is English with Chinese names in it, to be read as English: it opens on a
    first-person subject ("I live in 上海") or on an opener of a clause that drops it ("moved to 成都 last month",
    "Left Google, now a PM at 字节"; ``data/code_switch.yaml``, ``clause_openers``)."""
    runs = HAN_RUN.findall(sentence)
    opened = _EN_FRAME.match(sentence) or re.match(rf"{_EN_OPENING}(?:{_openers()})\b", sentence, re.IGNORECASE)
    words = len(re.findall(r"[A-Za-z]+", sentence))
    return bool(opened) and (words >= 3 or _EN_VERB_HAN.match(sentence) is not None) \
        and len(runs) <= 2 and all(len(r) <= 8 and not _ZH_CLAUSE_WORD.search(r) for r in runs)
