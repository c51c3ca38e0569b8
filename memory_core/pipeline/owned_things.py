"""The user's own things of the possession kinds (a car, a phone, a laptop, a bike) and how a turn names them.

Shared by ``owned_end`` (a thing sold, lost or stolen ends the item naming it) and ``owned_new`` (a new thing of
the same kind replaces the old). The kinds and their words are the lexicon's objects of category
``possession`` (data/slots.yaml: car brands, 手机, laptop …), with a few device names the lexicon keys under
its use cue only (ThinkPad, 安卓 …).

A row is one of the user's active statements as ``(id, key, description)`` (``KeyLookup.active_by_prefix``);
a row holds a thing of a kind when its text names a word of that kind, or its key is ``fact:owns:<kind>``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["ROW_PREFIXES", "holds", "kinds_in", "marks_in", "own_rows", "rows_naming", "same_sort"]

#: The keys the user's statements of a thing may be stored under: the slot, or the user's own words.
ROW_PREFIXES = ("fact:owns:", "gist:")

# device names the lexicon's objects do not list (it reads them through the use cue)
_EXTRA: dict[str, tuple[str, ...]] = {
    "laptop": ("thinkpad", "chromebook", "surface laptop", "笔记本电脑"),
    "phone": ("安卓", "android", "三星", "oppo", "vivo", "荣耀", "一加", "红米"),
    "bike": ("e-bike", "ebike", "road bike", "mountain bike"),
}
# words of a thing's name that tell no one thing apart ("my old car", "那辆二手的")
_PLAIN = frozenset({"my", "our", "the", "a", "an", "this", "that", "old", "new", "used", "little", "second-hand",
                    "secondhand", "trusty", "beloved", "lovely", "poor", "first", "second", "own"})
_LATIN = re.compile(r"[A-Za-z][A-Za-z0-9+-]*|\d+[A-Za-z0-9]*")
# the plain words of each kind: a thing named by these alone is named by its kind
_HEADS = frozenset({"car", "cars", "suv", "a car", "bike", "bicycle", "motorbike", "motorcycle", "scooter", "e-bike",
                    "ebike", "road bike", "mountain bike", "phone", "smartphone", "laptop", "computer", "pc",
                    "notebook", "notebook computer", "车", "汽车", "小车", "手机", "电脑", "笔记本", "笔记本电脑",
                    "自行车", "单车", "电动车", "摩托车", "电瓶车", "电驴", "小电驴", "e-scooter", "electric scooter",
                    "moped"})
_MOTOR = re.compile(r"motor|scooter|moped|摩托|电动车|电瓶车|电驴|雅迪|台铃|绿源", re.IGNORECASE)
_PEDAL = re.compile(r"(?<!motor)(?<!e-)bike|bicycle|自行车|单车", re.IGNORECASE)
# a statement that already says the thing is gone
_GONE = re.compile(r"no longer|sold|stolen|gave away|got rid|没有|不再|卖|丢|被偷|送人|报废", re.IGNORECASE)


def holds(text: str, word: str) -> bool:
    """``word`` in ``text``: a Latin-script word whole in any case, also beside Chinese ("台iPhone"); a Chinese
    word anywhere."""
    if not word.isascii():
        return word in text
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(word)}(?![A-Za-z0-9])", text, re.IGNORECASE) is not None


@functools.lru_cache(maxsize=1)
def _words() -> dict[str, tuple[str, ...]]:
    """Kind -> its words (case-folded), longest first."""
    lex = lexicon()
    out: dict[str, tuple[str, ...]] = {}
    for oid in lex.by_category.get("possession", ()):
        words = {*lex.names.get(oid, ()), *_EXTRA.get(oid, ())}
        out[oid] = tuple(sorted((w for w in words if w and w not in ("a car",)), key=len, reverse=True))
    return out


def kinds_in(text: str) -> set[str]:
    """The possession kinds ``text`` names ("Sold my Honda" -> {"car"}, "自行车被偷了" -> {"bike"}, not "car" for
    its 车); may be empty."""
    low = text.casefold()
    found: set[str] = set()
    for word, kind in _by_length():
        if word.isascii():
            if holds(low, word):
                found.add(kind)
        elif word in low:
            found.add(kind)
            low = low.replace(word, "\x00")  # 自行车 is no 车
    return found


@functools.lru_cache(maxsize=1)
def _by_length() -> tuple[tuple[str, str], ...]:
    return tuple(sorted(((w, k) for k, ws in _words().items() for w in ws), key=lambda p: -len(p[0])))


def same_sort(thing: str, description: str) -> bool:
    """False when one of the two names a motor bike and the other a pedal one ("sold my motorbike" is not the
    Trek road bike)."""
    return bool(_MOTOR.search(thing)) == bool(_MOTOR.search(description)) \
        or not (_PEDAL.search(thing) or _PEDAL.search(description))


def marks_in(text: str) -> tuple[str, ...]:
    """The words of a thing's name that tell one thing from another of its kind: a brand of the lexicon
    ("宝马", "Honda"), a capitalised or numbered Latin word ("Civic", "S22", "ThinkPad"); not the kind's plain
    words ("car", "车", "phone") nor "old", "new" …"""
    plain = {w for words in _words().values() for w in words if w in _HEADS}
    out: list[str] = []
    for word in _LATIN.findall(text):
        low = word.casefold()
        known = any(low in words for words in _words().values())
        if word.isdigit() or low in _PLAIN or low in plain or (word.islower() and not known):
            continue
        out.append(word)
    for words in _words().values():
        out.extend(w for w in words if not w.isascii() and w not in _HEADS and w in text)
    return tuple(dict.fromkeys(out))


def own_rows(rows: Iterable[tuple[str, str, str]]) -> list[tuple[str, str, str, set[str]]]:
    """The rows that state the user holds a thing of a possession kind, each with its kinds.

    Not another person's (a key with "/"), nor one that says the thing is gone already."""
    out = []
    for item_id, key, description in rows:
        if "/" in key or _GONE.search(description):
            continue
        kinds = kinds_in(description)
        if key.startswith("fact:owns:"):
            kinds.add(key.removeprefix("fact:owns:").split("@")[0])
        if kinds:
            out.append((item_id, key, description, kinds))
    return out


def rows_naming(thing: str, rows: Sequence[tuple[str, str, str, set[str]]],
                kept: Sequence[str] = ()) -> list[str]:
    """The ids of ``rows`` (``own_rows``) that name ``thing``, the words a turn names a thing by.

    A thing named by a mark ("the Civic", "那辆宝马", "my Trek bike") is the row holding that mark; a thing
    named by its kind only ("my car", "车", "my bike") is every row of that kind. A row naming a mark of
    ``kept`` ("… but I still have the Fender") is left. [] when nothing matches.
    """
    marks = marks_in(thing)
    kinds = kinds_in(thing)
    kept_marks = [m for k in kept for m in (marks_in(k) or ())]
    kept_kinds = {kind for k in kept if not marks_in(k) for kind in kinds_in(k)}
    out = []
    for item_id, _, description, row_kinds in rows:
        if any(holds(description, m) for m in kept_marks) or row_kinds & kept_kinds:
            continue
        if marks:
            if any(holds(description, m) for m in marks):
                out.append(item_id)
        elif kinds & row_kinds and same_sort(thing, description):
            out.append(item_id)
    return out
