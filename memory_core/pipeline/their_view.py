"""Another person's view is theirs: no detail of the item that names them (new-user trial 37).

"Amara thinks it might be coeliac" names the girlfriend of "User's girlfriend is Amara", and "jess wants to stay in
tacoma near her job, so I'll drive to bremerton" the fiancée of "User is engaged to Jess": each says what that
person thinks or wants of something else (the user's health, where to live), which is neither the user saying the
partner item again nor a detail of it, and glued onto it ("User's girlfriend is Amara; Amara thinks it might be
coeliac") one fact collected the turn's news. ``their_view`` tells such a sentence by its opening: a word for a
person (the item's person, a capitalised name, "my" and a relation, he / she; 他 / 她, a relation word) and a verb
of thinking, saying or wanting (``data/their_view.yaml``). The user's own view ("I think …", "我觉得") is no one
else's.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.shipped_yaml import load_shipped
from memory_core.text.script import lang_of

__all__ = ["opens_on_other", "their_view", "view_roles"]


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(English, Chinese) openings of a person's view: the person as group ``who``.

    Raises:
        OSError / yaml.YAMLError: the shipped data file is missing or does not parse (a packaging fault).
    """
    data = load_shipped("data", "their_view.yaml")

    def alt(words: list[str]) -> str:
        return "|".join(sorted((str(w) for w in words), key=len, reverse=True))

    en, zh = data["en"], data["zh"]
    rel_en, rel_zh = lexicon().classes["en"]["REL"], lexicon().classes["zh"]["REL"]
    english = re.compile(
        rf"^\s*(?:(?:and|but|so|oh|also|well|plus)\s+)?(?P<who>(?:my|our)\s+(?:{rel_en})(?:\s+[A-Z][a-z]+)?|he|she|they"
        rf"|(?!(?:i|we|it|this|that|there|everyone|everybody|nobody|someone|somebody|people|user)\b)[A-Za-z][a-z]+"
        rf"(?:\s+[A-Z][a-z]+)?)\s+(?:(?:{alt(en['adverbs'])})\s+)*(?:{alt(en['verbs'])})\b",
        re.IGNORECASE)
    chinese = re.compile(
        rf"^\s*(?:而且|但是|不过|可是)?(?P<who>(?:我的?)?(?:{rel_zh})|[他她]们?|[A-Za-z][a-z]+(?:\s+[A-Z][a-z]+)?)\s*"
        rf"(?:{alt(zh['adverbs'])})*(?:{alt(zh['verbs'])})")
    return english, chinese


def _quoted(said: str, subject: str) -> str | None:
    """``said`` without the user's subject word quoting it ("用户：妈妈觉得…" -> "妈妈觉得…"); None when it opens on
    the user ("User thinks …"), ``said`` stripped otherwise."""
    text = said.strip()
    for head in (subject, "User", "用户"):
        if head and text.startswith(head):
            rest = text[len(head):]
            return rest[1:].strip() if rest[:1] in ("：", ":") else None
    return text


def _owned(text: str, subject: str) -> str:
    """``text`` opening on the user's possessive ("User's mom …", "用户的妈妈…") with the first person's instead
    ("my mom …", "我的妈妈…"); "" for any other opening."""
    for head in (subject, "User", "用户"):
        if head and text.startswith(head + "'s "):
            return "my " + text[len(head) + 3:]
        if head and text.startswith(head + "的"):
            return "我的" + text[len(head) + 1:]
    return ""


@functools.cache
def _other_opening() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(English, Chinese) openings on another person: "my" (or 我, or nothing in Chinese) and a relation word of the
    slot lexicon, not paired with the user ("my wife and I", "妈妈和我"); the person as group ``who``. A pronoun is
    left out: "他今年三岁了" may take up the user's own pet."""
    rel_en, rel_zh = lexicon().classes["en"]["REL"], lexicon().classes["zh"]["REL"]
    titles = "|".join(re.escape(str(t)) for t in load_shipped("data", "abbreviations.yaml")["titles"])
    # a titled name ("Prof. Sprekeler thinks …", "Dr. Lee says …") is another person too
    return (re.compile(rf"^(?:(?:and|but|so|oh|also|plus)\s+)?(?P<who>(?:my|our)\s+(?:{rel_en})\b"
                       rf"|(?-i:(?:{titles})\.\s+[A-Z][\w'-]+))"
                       rf"(?!\s+and\s+(?:i|me)\b)", re.IGNORECASE),
            re.compile(rf"^(?:而且|但是|不过|可是)?(?P<who>(?:我的?)?(?:{rel_zh}))(?![^，,。]{{0,2}}[和跟]我)"))


def opens_on_other(said: str, subject: str = "") -> str:
    """The person another person's sentence opens on ("男朋友也养猫，两只英短" -> "男朋友", "my boyfriend has two
    cats" -> "my boyfriend"), "" when it opens on the user or on no person: what it tells is that
    person's (their pets, their job), never the user's own item said again.

    Args:
        said: a sentence, the user's words or third person (the user's subject word quoting it is read past).
        subject: the user's subject word ("User", "用户", a name).
    """
    text = _quoted(said, subject)
    if text is None:  # "User's mom cried for 2 days", "用户的妈妈…": the user's relative, read as "my mom", "我的妈妈"
        text = _owned(said.strip(), subject)
    if not text:
        return ""
    english, chinese = _other_opening()
    m = chinese.match(text) if re.match(r"\s*[\u4e00-\u9fff]", text) else english.match(text)
    return m.group("who").strip() if m is not None else ""


@functools.cache
def _verb() -> dict[str, re.Pattern[str]]:
    """The view verbs with their adverbs, after a person (``data/their_view.yaml``), by language."""
    data = load_shipped("data", "their_view.yaml")
    out: dict[str, re.Pattern[str]] = {}
    for lang, gap in (("en", r"\s+"), ("zh", r"\s*")):
        adverbs = "|".join(sorted(map(str, data[lang]["adverbs"]), key=len, reverse=True))
        verbs = "|".join(sorted(map(str, data[lang]["verbs"]), key=len, reverse=True))
        out[lang] = re.compile(rf"{gap}(?:(?:{adverbs}){gap})*(?:{verbs})", re.IGNORECASE)
    return out


@functools.cache
def view_roles() -> tuple[str, ...]:
    """The words of people whose view a user reports with no relation word (``data/their_view.yaml`` ``roles``: "my
    doctor", "医生"), longest first: the ``names`` to give ``their_view`` where any such view counts.

    Raises:
        OSError / yaml.YAMLError: the shipped data file is missing or does not parse (a packaging fault).
    """
    roles = load_shipped("data", "their_view.yaml").get("roles") or {}
    return tuple(sorted((str(w) for lang in ("en", "zh") for w in roles.get(lang) or ()), key=len, reverse=True))


def their_view(said: str, subject: str = "", names: Iterable[str] = ()) -> str:
    """The person whose view ``said`` opens on ("Amara thinks it might be coeliac" -> "Amara", "妈妈觉得我该换工作"
    -> "妈妈"), "" when it opens on none, or on the user (``subject``: the user's subject word, "User", "用户", or
    their name; "I", "我").

    Args:
        said: a sentence of a turn, in the user's words or in the third person; its first clause is read.
        subject: the user's subject word; names: more words for a person it may open on (an item's names).
    """
    text = _quoted(said, subject)  # "用户：妈妈觉得…": the user's words quoted
    if not text:
        return ""
    english, chinese = _patterns()
    for name in names:  # the item's own names, which no pattern of a person knows ("小雨说那家火锅很好吃")
        if name and text.casefold().startswith(name.casefold()) and _verb()[lang_of(name)].match(text[len(name):]):
            return text[:len(name)]
    m = chinese.match(text) if re.match(r"\s*(?:[\u4e00-\u9fff]|[A-Za-z][a-z]+(?:\s+[A-Z][a-z]+)?\s*[\u4e00-\u9fff])",
                                        text) else english.match(text)
    if m is None:
        return ""
    who = m.group("who").strip()
    return "" if subject and who.casefold() == subject.casefold() else who
