"""Small talk: whole turns of pleasantries that carry nothing to remember, in English and Chinese.

The write path stores such a turn as nothing of its own (an assistant's "I'll remember that" /
"我会记住的" included): ``is_small_talk``, sentence by sentence. An assistant's turn that only echoes
what the user said, warmly ("好的！Mochi is a cute name."), states nothing new either: ``new_words``
are the words of a turn beyond its pleasantries, evaluative and function words, and
``says_nothing_new`` is true when the user's statements hold every one of them.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from memory_core.shipped_yaml import load_shipped
from memory_core.text.abbreviations import not_after_short_form
from memory_core.text.synonyms import synonym_groups
from memory_core.text.tokenize import tokenize

__all__ = ["is_small_talk", "new_words", "says_nothing_new", "stated_sentences"]

@functools.cache
def _data() -> dict[str, Any]:
    """``data/small_talk.yaml``: the cue patterns and the evaluative words."""
    data: dict[str, Any] = load_shipped("data", "small_talk.yaml")
    return data


@functools.cache
def _small_talk() -> re.Pattern[str]:
    """A sentence made of pleasantries only (``host_talk`` and ``phrases`` of ``data/small_talk.yaml``, each
    with its ``trail``): "Sure, glad to hear that!", "好的，没问题", "Sounds like a great trip!"."""
    data = _data()
    host = "|".join(functools.reduce(lambda text, name: text.replace("{" + name.upper() + "}", data[name]),
                                     ("praised", "plan", "zh_praised", "zh_plan"), alternative)
                    for alternative in data["host_talk"])
    return re.compile(r"^(?:(?:" + host + "|" + "|".join(data["phrases"]) + ")" + data["trail"] + ")+$",
                      re.IGNORECASE)


@functools.cache
def _pleasantry_part() -> re.Pattern[str]:
    """A pleasantry inside a sentence that says more ("Sure, …", "好的，…", "happy to help"): ``pleasantry_parts``."""
    return re.compile("|".join(_data()["pleasantry_parts"]), re.IGNORECASE)


def is_small_talk(text: str) -> bool:
    """True for pleasantries that carry nothing to remember ("Sure, glad to hear that!", "好的，没问题").

    Only turns whose every sentence is such phrases count ("Nice to meet you, Bo! Happy to help
    anytime."); anything with content ("Sure, your meeting is at 3") is not small talk.
    """
    stripped = text.strip()
    worded = [s for s in _SENTENCE_END.split(stripped) if any(ch.isalnum() for ch in s)]
    # an emoji or a mark standing as a sentence of its own ("Welcome to Hangzhou! 🎉") goes with its pleasantries
    return not stripped or (bool(worded) and all(_pleasantry(s) for s in worded))


@functools.cache
def _asked_back() -> re.Pattern[str]:
    """A sentence asking the user something (``asked_back`` of ``data/small_talk.yaml``), read without its
    trailing emoji and spaces."""
    return re.compile(_data()["asked_back"])


def stated_sentences(text: str) -> list[str]:
    """The sentences of ``text`` that state something: not pleasantries (``is_small_talk``'s), not questions
    or guesses put to the user ("how was your day at work?", "在轮渡码头工作一定见过很多游客吧。").

    Returns:
        The sentences in order, as written (each with its end mark); empty for a turn of small talk and questions.
    """
    said = []
    for sentence in _SENTENCE_END.split(text.strip()):
        if not any(ch.isalnum() for ch in sentence) or _pleasantry(sentence):
            continue
        if _asked_back().search(_TRAILING_EMOJI.sub("", sentence)) is None:
            said.append(sentence.strip())
    return said


def _pleasantry(sentence: str) -> bool:
    stripped = sentence.strip()
    if _small_talk().match(stripped) is not None:
        return True
    named = _addressed().match(stripped)  # "Nice to meet you, Tom!": the pleasantry without the name
    if named is not None and _small_talk().match(named.group(1)) is not None:
        return True
    # "Aisha, congrats!", "何佳你好！", "王叔叔您好！", "张老师好！": the name or title before the pleasantry
    opened = _addressed_first().match(stripped)
    return opened is not None and _small_talk().match(opened.group(1) or opened.group(2)) is not None


def new_words(text: str, addressed: bool = True) -> list[str]:
    """The tokens (``tokenize``: stemmed, stopwords dropped) of ``text`` beyond pleasantries and praise.

    Sentences that are pleasantries whole give none; in the others, pleasantry phrases, evaluative
    words ("cute", "lovely", "好听", "可爱"), words about the talk itself ("name", "idea", "名字"), an
    acknowledgement ("Noted", "Got it", "收到") with what the assistant says it will do of it ("recommend",
    "以后", "提醒") and emoji are left out. "好的，没问题！Mochi is a cute name." gives ``["mochi"]``;
    "收到，以后不给你推荐咖啡啦" gives ``["咖啡"]``. ``addressed=False``: a pleasantry's last Han words are never
    read as a name it is addressed to ("好的，不吃花生" gives ``["不吃", "花生"]``).
    """
    out: list[str] = []
    for sentence in _SENTENCE_END.split(text.strip()):
        if not sentence.strip() or (_pleasantry(sentence) if addressed
                                    else _small_talk().match(sentence.strip()) is not None):
            continue
        out.extend(w for w in tokenize(_pleasantry_part().sub(" ", sentence))
                   if w not in _evaluative() and _DEGREE.sub("", w) not in _evaluative()
                   and any(ch.isalnum() for ch in w))  # an emoji ("🥦") is no word of its own
    return out


def says_nothing_new(words: list[str], known: str) -> bool:
    """True when every one of ``words`` (``new_words`` of a turn) is among the tokens of ``known``.

    ``known``: what the user already said (their statements' descriptions, their name); a member of a
    shipped synonym group said there stands for the whole group in both languages, so "Got it,
    vegetarian" echoes "用户吃素". A turn with no new words at all says nothing new whatever ``known`` holds.
    """
    if not words:
        return True
    said = set(tokenize(known))
    for group in synonym_groups():  # "Got it, vegetarian" echoes "用户吃素": a shared group's members are said
        forms = [set(tokenize(member)) for member in group]
        if any(form and form <= said for form in forms):
            said.update(*forms)
    return all(w in said for w in words)


@functools.cache
def _titles() -> tuple[str, str]:
    """The forms of address of ``data/forms_of_address.yaml`` as two regex alternations: (English titles
    written before a name, Chinese titles written after a name or alone)."""
    data = load_shipped("data", "forms_of_address.yaml")
    en = "|".join(re.escape(t) for t in sorted(data.get("en") or [], key=len, reverse=True))
    zh = "|".join(re.escape(t) for t in sorted(data.get("zh") or [], key=len, reverse=True))
    return en, zh


def _addressee() -> str:
    """A regex for whom a pleasantry is addressed to: a name of one or two capitalised words, with or
    without a title before it ("Tom", "Dr. Lee", "Mr Chen Wei")."""
    en, _ = _titles()
    return rf"(?:(?:{en})\.?\s+)?[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?"


@functools.cache
def _addressed() -> re.Pattern[str]:
    """A pleasantry addressed to someone at its end ("Nice to meet you, Tom!", "Hi Tom!", "Congrats, Dr. Lee!",
    "好的，小林！"): an English addressee (``_addressee``), or 2-4 Han characters after a comma."""
    return re.compile(rf"^(.*?\S)(?:[,，]?\s+{_addressee()}"
                      r"|[,，]\s*(?:[A-Z][a-z]+|[\u4e00-\u9fff]{2,4}))[\s.!~。！…]*$")


@functools.cache
def _addressed_first() -> re.Pattern[str]:
    """A pleasantry opened by whom it is addressed to ("Aisha, congrats!", "何佳你好！", "王叔叔您好！", "张老师好！",
    "李老师，辛苦了"): an English addressee and a comma (group 1 is the pleasantry), or a title
    (``data/forms_of_address.yaml``) with or without a Han name before it, then a greeting (你好, 您好, 好) or a
    comma, or a bare Han name of 2-3 characters before 你好 / 您好 (group 2 is the pleasantry)."""
    _, zh = _titles()
    titled = rf"(?:[\u4e00-\u9fff]{{1,3}}(?:{zh})|(?:{zh}))(?:[,，]\s*(?=.)|(?=(?:你|您)?好))"
    named = r"[\u4e00-\u9fff]{2,3}(?=(?:你|您)好)"  # a bare name only before a greeting: "戒烟了，谢谢" is no address
    return re.compile(rf"^(?:{_addressee()}\s*[,，]\s*(.+)|(?:{titled}|{named})(.+))$")


#: Where a sentence ends (the end mark stays with its sentence); never after a title before a name ("Dr. Lee").
#: Spaces and emoji after a sentence's last word or mark ("how are you? 😊").
_TRAILING_EMOJI = re.compile("[\\s\U0001F300-\U0001FAFF\u2600-\u27BF\ufe0f\u200d]+$")
_SENTENCE_END = re.compile(r"(?<=[.!?。！？~…])" + not_after_short_form() + r"\s*")

#: A degree word run into the praise it grades ("很漂亮", "太可爱", "好看" stays whole).
_DEGREE = re.compile(r"^(?:很|太|真|挺|超|蛮|非常|特别|好)(?=.)")

@functools.cache
def _evaluative() -> frozenset[str]:
    """The tokens of the ``evaluative`` words of ``data/small_talk.yaml``: praise and words about the talk itself.

    Tokenized on first use, not at import: its Chinese words load jieba's dictionary (~0.8 s of CPU), which
    every CLI command paid before it began, even one that never reads Chinese text.
    """
    return frozenset(tokenize(" ".join(str(w) for w in _data()["evaluative"])))
