"""A correction that swaps one value of a closed class or a name, wherever the user's words were kept (issue 13).

People correct a weekday, a kind of pet or a name in passing: "wait no, Tuesday not Thursday" or "sorry, I meant
Tuesday" (after "my standup is on Thursdays"), "Sorry, I meant a dog." (after "I have a cat"), 说错了，是周二晚上
(after 我每周四晚上上瑜伽课), "no wait, it's Lisa not Linda" (after "my manager is Linda"). ``correction.corrected``
puts a value right in the user's facts of a slot; two things are read here:

- ``class_pair``: the right value said alone is a member of a closed class (a weekday, a kind of pet: the ``pet``
  entry of ``data/categories.yaml``) and exactly one other member of it is in the user's statements: that one is
  the wrong value. A member said after "not", "isn't", 不是 or before "yet" is no right value ("it's not Tuesday
  yet").
- ``without_cue_words``: a correction whose wrong value is found nowhere makes no statement of its own words
  ("User meant Monday", 用户是说拿铁, 用户是周一).
- ``gist_swapped``: a statement kept in the user's own words (a ``gist:`` key, no slot) that names the wrong value
  is said again with the right one under its key, so the resolver supersedes it (history kept). The two values
  must be alike (two weekdays, two kinds of pet, two numbers, two capitalised names, two short Chinese names), and
  one statement alone must name the wrong value: "the demo is not Thursday but also Tuesday" or 不是周四的问题，
  是会议室太小 swap nothing.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

from memory_core.model import Turn
from memory_core.pipeline.types import Candidate, KeyLookup
from memory_core.shipped_yaml import load_shipped
from memory_core.text.script import has_han, lang_of

__all__ = ["alike", "class_pair", "gist_swapped", "plan_swapped", "without_cue_words"]

_WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY_ZH = re.compile(r"(?:周|星期|礼拜)[一二三四五六日天]")
# a member said as what it is not ("not Tuesday", "isn't a cat", 不是周四), or as not yet come ("Tuesday yet")
_DENIED_EN = re.compile(r"(?:\bnot|n't|\bno)\s+(?:a\s+|an\s+|the\s+|on\s+)?$", re.IGNORECASE)
_DENIED_ZH = re.compile(r"(?:不是|没有|不|没)$")


@functools.cache
def _pets() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The kinds of pet of ``data/categories.yaml`` as (English, Chinese), longest first."""
    members = next((entry.get("members", ()) for entry in load_shipped("data", "categories.yaml")
                    if "pet" in entry.get("names", ())), ())
    words = sorted((str(m) for m in members), key=len, reverse=True)
    return tuple(w for w in words if not has_han(w)), tuple(w for w in words if has_han(w))


def _members(text: str) -> list[tuple[str, str, int]]:
    """The weekdays and kinds of pet ``text`` names, as (class, word as said, offset), in order."""
    found: list[tuple[str, str, int]] = []
    for m in re.finditer(r"\b(" + "|".join(_WEEKDAYS_EN) + r")(?=s?\b)", text, re.IGNORECASE):
        found.append(("weekday", m.group(1), m.start()))
    found += [("weekday", m.group(0), m.start()) for m in _WEEKDAY_ZH.finditer(text)]
    en, zh = _pets()
    taken: set[int] = set()
    for word in en:
        for m in re.finditer(rf"\b{re.escape(word)}(?=(?:s|es)?\b)", text, re.IGNORECASE):
            if m.start() not in taken:
                found.append(("pet", m.group(0), m.start()))
                taken.update(range(m.start(), m.end()))
    for word in zh:
        for m in re.finditer(re.escape(word), text):
            if not taken & set(range(m.start(), m.end())):
                found.append(("pet", word, m.start()))
                taken.update(range(m.start(), m.end()))
    return sorted(found, key=lambda f: f[2])


def _class_of(value: str) -> str:
    """The closed class ``value`` is wholly a member of ("weekday", "pet"), else ""."""
    said = _members(value)
    return said[0][0] if len(said) == 1 and said[0][1].casefold() == value.strip().casefold() else ""


def alike(new: str, old: str) -> bool:
    """True when the two values of a correction are of one kind: two weekdays, two kinds of pet, two numbers, two
    capitalised names of up to three words ("Lisa" / "Linda"), or two Chinese names of two to four characters."""
    new, old = new.strip(), old.strip()
    kind = _class_of(new)
    if kind:
        return kind == _class_of(old)
    if re.fullmatch(r"\d+", new) and re.fullmatch(r"\d+", old):
        return True
    name = r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}"
    return bool((re.fullmatch(name, new) and re.fullmatch(name, old))
                or (re.fullmatch(r"[\u4e00-\u9fff]{2,4}", new) and re.fullmatch(r"[\u4e00-\u9fff]{2,4}", old)))


def class_pair(text: str, rows: Sequence[tuple[str, str, str]]) -> tuple[str, str] | None:
    """``(new, old)`` for a correction naming only a right value of a closed class (module docstring), else None.

    Args:
        text: the user's turn with a correction cue, apostrophes straightened.
        rows: the user's statements as ``(id, key, description)``.

    Returns:
        The right member as said ("Tuesday", "dog", "周二") and the one other member of its class the statements
        name ("Thursday", "cat", "周四"); None when the turn names none, or the statements none or several.
    """
    said = next(((kind, word) for kind, word, at in _members(text)
                 if not (_DENIED_ZH.search(text[:at]) if has_han(word) else _DENIED_EN.search(text[:at]))
                 and not re.match(r"s?\s+yet\b", text[at + len(word):], re.IGNORECASE)), None)
    if said is None:
        return None
    kind, new = said
    olds = {word.casefold(): word for _, _, description in rows for other, word, _ in _members(description)
            if other == kind and word.casefold() != new.casefold()}
    return (new, next(iter(olds.values()))) if len(olds) == 1 else None


def _names(description: str, old: str) -> bool:
    """True when ``description`` names ``old`` (a whole word, or its plural, in English)."""
    if has_han(old):
        return old in description
    return re.search(rf"(?<![\w-]){re.escape(old)}(?=(?:s|es)?(?![\w-]))", description, re.IGNORECASE) is not None


def gist_swapped(turn: Turn, pair: tuple[str, str], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]],
                 store: KeyLookup) -> Candidate | None:
    """The statement in the user's own words that names the wrong value, said with the right one (module
    docstring), else None.

    Args:
        turn: the correcting user turn.
        pair: ``(new, old)`` as the correction says them.
        rows: the user's active statements as ``(id, key, description)`` for key prefixes.
        store: read for the statement's kind, theme and importance.

    Returns:
        A candidate under the statement's key with ``old`` replaced by ``new`` (the first time it is named), or
        None when no plan names ``old`` (``plan_swapped``) and the values are not alike or no statement, or more
        than one, names ``old``.

    Raises:
        StoreError: the store failed while reading.
    """
    new, old = pair
    planned = plan_swapped(turn, pair, rows, store)
    if planned is not None or not alike(new, old):
        return planned
    named = [(key, description) for _, key, description in rows(("gist:", "todo:")) if _names(description, old)]
    if len(named) != 1:
        return None
    return _swapped(turn, pair, named[0], store)


def plan_swapped(turn: Turn, pair: tuple[str, str], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]],
                 store: KeyLookup) -> Candidate | None:
    """The one active plan (a ``todo:`` key) naming the wrong value, said with the right one, whatever the two
    values are: a plan names its value as said ("用户计划下个月入职阿里" put right by "actually I meant 蚂蚁集团, not
    阿里"), as the fact read from the same words is; None when no plan, or more than one, names it.

    Raises:
        StoreError: the store failed while reading.
    """
    named = [(key, description) for _, key, description in rows(("todo:",)) if _names(description, pair[1])]
    return _swapped(turn, pair, named[0], store) if len(named) == 1 else None


def _swapped(turn: Turn, pair: tuple[str, str], said: tuple[str, str], store: KeyLookup) -> Candidate | None:
    """The statement ``said`` (key, description) under its key with the wrong value replaced by the right one."""
    new, old = pair
    key, description = said
    items = store.find_by_keys(turn.user_id, [key]).get(key, [])
    if not items:
        return None
    item = items[0]
    at = re.search(re.escape(old), description, re.IGNORECASE)
    if at is None:
        return None
    word = new if has_han(new) or not old[:1].isupper() else new[:1].upper() + new[1:]
    text = description[:at.start()] + word + description[at.end():]
    return Candidate(
        kind=item.kind, description=text, theme=item.theme, key=key, polarity=1, confidence=0.9,
        importance=item.importance, valid_from=turn.timestamp, speaker=turn.speaker.strip() or turn.role,
        lang=lang_of(text), claim=text, single_valued=True, evidence=turn.text,
        notes=[f"correction: {new}, not {old}"],
    )


# what a correction's own words make when read as a statement ("User meant Monday", 用户是说拿铁, 用户是周一)
_CUE_WORDS = re.compile(r"^User\s+(?:meant|means)\b|^用户(?:是说|的意思是|说错了)"
                        r"|^用户是(?:(?:周|星期|礼拜)[一二三四五六日天]|[一二三四五六七八九十两\d]+[个只岁号月点])",
                        re.IGNORECASE)


def without_cue_words(cands: list[Candidate]) -> list[Candidate]:
    """``cands`` without the statements in the user's own words (``gist:`` keys) that only say the correction."""
    return [c for c in cands if c.is_event or not (c.key.startswith("gist:") and _CUE_WORDS.search(c.description))]
