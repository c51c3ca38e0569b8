"""Whom an item is about, read from how its text opens: the user, or another person the user speaks of.

A slot key says whose fact an item holds (``turn_shape.key_subject``), but most of what a user says about other
people has no key: the raw turn "my coworker Jen met her fiancé on Hinge…", "我老公拿到 Amazon 的 offer 了",
"我 roommate Jessica 拿到 offer 了，下个月搬去 Seattle", or a free-form item "User's sister Jen…". Their subject is
the person the sentence opens on: a possessor (my / our / User's / Lou's, 我 / 我的 / 用户的 / 东东的) and a person
word of ``data/relations.yaml`` (sister, coworker, 老公, 室友, 闺蜜…), maybe with words describing them before it
("my older brother", "my orchestra friends") and a name after it. A sentence that puts the user in the subject too
("my wife and I moved to Porto", "我老婆和我…") is about the user. The lists are data,
``data/opening_person.yaml``.

``opening_person`` is what recall's reranks read when the key says nothing (``rerank.Reranks._subject_of``,
``own_slot.own_before_others``): the same reading of "subject of the item" against "subject of the question" that
the keys give, for the items without one.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from memory_core.pipeline.third_person import EN_LEAD, ZH_LEAD
from memory_core.shipped_yaml import load_shipped
from memory_core.text.relations import person_label, relation_groups

if TYPE_CHECKING:  # pragma: no cover - typing only
    from memory_core.model import MemoryItem

__all__ = ["item_person", "opening_person", "person_attributes"]

# a short headline before the sentence: "big news:", "好消息！", "update -", "omg!!" (at most three words / 6 Han)
_HEADLINE = re.compile(r"^(?:[A-Za-z']+(?:\s+[A-Za-z']+){0,2}|[\u3400-\u9fff]{1,6})\s*(?:[!！:：]+|\s[-–—])\s*")
_NAME_EN = re.compile(r"^\s*,?\s*(?:[A-Z][\w'-]*)(?:\s*,)?")
_NAME_ZH = re.compile(r"^\s*[A-Za-z][\w'-]*")


@cache
def _data() -> dict[str, object]:
    """The parsed ``data/opening_person.yaml``."""
    raw: dict[str, object] = load_shipped("data", "opening_person.yaml")
    return raw


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(English opening, Chinese opening, English with-user cue, Chinese with-user cue) patterns."""
    data = _data()
    poss: dict[str, list[str]] = data["possessors"]  # type: ignore[assignment]
    names = sorted({n for group in relation_groups() for n in group}, key=len, reverse=True)
    en_people = "|".join(re.escape(n.replace("_", " ")) for n in names if n.isascii())
    zh_people = "|".join(re.escape(n) for n in names if not n.isascii())
    breaks = "|".join(re.escape(w) for w in data["en_breaks"])  # type: ignore[attr-defined]
    en_poss = "|".join(re.escape(p) for p in sorted(poss["en"], key=len, reverse=True))
    zh_poss = "|".join(re.escape(p) for p in sorted(poss["zh"], key=len, reverse=True))
    not_after = "|".join(re.escape(w) for w in data["not_person_after"]["zh"])  # type: ignore[index]
    en = re.compile(
        rf"^(?:{en_poss}|[A-Z][\w-]*'s)\s+(?:(?!(?:{breaks})\b)[a-z][\w-]*\s+){{0,2}}?"
        rf"(?P<person>{en_people})(?:e?s)?(?![\w'-])", re.IGNORECASE)
    zh = re.compile(rf"^(?:{zh_poss}|[\u3400-\u9fff]{{1,4}}的)\s*(?P<person>{zh_people}|{en_people})"
                    rf"(?!{not_after})(?![a-z])", re.IGNORECASE)
    with_user: dict[str, list[str]] = data["with_user"]  # type: ignore[assignment]
    en_with = re.compile(r"^\s*(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in with_user["en"])
                         + r")\b", re.IGNORECASE)
    zh_with = re.compile(r"^[^，,。.!！?？]{0,4}?(?:" + "|".join(re.escape(w) for w in with_user["zh"]) + ")")
    return en, zh, en_with, zh_with


def person_attributes() -> frozenset[str]:
    """Slot-key attributes of the user's own keys whose item is about the person the user has (``family``)."""
    return frozenset(str(a) for a in _data()["person_attributes"])  # type: ignore[attr-defined]


def _strip_leads(body: str) -> str:
    """``body`` without the discourse openers and a short headline before the sentence ("big news:", "好消息！")."""
    for _ in range(3):
        before = body
        body = EN_LEAD.sub("", body, count=1).lstrip()
        body = ZH_LEAD.sub("", body, count=1).lstrip()
        head = _HEADLINE.match(body)
        if head and head.end() < len(body):
            body = body[head.end():].lstrip()
        if body == before:
            break
    return body


def opening_person(text: str, speaker: str = "") -> str | None:
    """The person (a slot-key label, ``relations.person_label``: "sister", "mom", "coworker") ``text`` opens on,
    or None when it opens on the user, on no person word, or on the person together with the user.

    ``speaker``: a leading "speaker:" of a raw turn is read past. Examples: "my sister Jen just moved to NYC!!" ->
    "sister"; "Lou's older brother, Marcus, just became a firefighter" -> "brother"; "好消息！我老公拿到 offer 了" ->
    "husband"; "我 roommate Jessica 拿到 offer 了" -> "roommate"; "My wife and I moved to Porto" -> None; "I live
    in Leeds" -> None; "我的妈呀，好累" -> None. Never raises.
    """
    body = text.strip()
    if speaker and body.startswith(speaker + ":"):
        body = body[len(speaker) + 1:].strip()
    elif ":" in body[:24] and not body.startswith(("http", "big", "Big")):
        head, _, rest = body.partition(":")
        if head and len(head.split()) <= 2 and rest.strip():
            body = rest.strip()  # "user: …", "Mike: …": the speaker of a raw turn
    body = _strip_leads(body)
    en, zh, en_with, zh_with = _patterns()
    match = en.match(body)
    if match:
        after = body[match.end():]
        name = _NAME_EN.match(after)
        if name and not en_with.match(after):
            after = after[name.end():]
        if en_with.match(after):
            return None
        return person_label(_singular(match.group("person")))
    match = zh.match(body)
    if match:
        after = body[match.end():]
        name = _NAME_ZH.match(after)
        if name:
            after = after[name.end():]
        if zh_with.match(after):
            return None
        return person_label(match.group("person"))
    return None


def _singular(word: str) -> str:
    """A person word as the data spells it ("friends" is read by its pattern as "friend" already)."""
    return word.casefold()


def item_person(item: MemoryItem) -> str | None:
    """``opening_person`` of an item's text (a raw turn read past its speaker), read once per text and speaker."""
    return _cached_person(item.description, item.speaker or "")


@lru_cache(maxsize=8192)
def _cached_person(text: str, speaker: str) -> str | None:
    """``opening_person`` kept per (text, speaker): a raw turn's text never changes."""
    return opening_person(text, speaker)
