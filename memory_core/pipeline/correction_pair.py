"""The two values of a correction that names only the right one, or names it inside more words (issue 13).

People often correct without saying the wrong value again: "Actually it's a grey Honda, I always mix that
up" (after "I drive a blue Honda"), "sorry, I meant six" (after "my daughter is five"), "说错了，是在苏州工作"
(after "我在上海工作"), "更正一下：灰色的". And when they do name both, the right one comes inside a clause
("说错了，她今年六岁，不是五岁": the value is 六岁, not 她今年六岁).

``shaped(new, old)`` cuts the right value to the shape of the wrong one (a number with its unit).
``said_only_pair(text, rows)`` finds, for a turn with a correction cue and one right value, the wrong value
among the user's stored statements, by what the two say alike:

- a number with the same unit or noun after it ("六岁" / "五岁", "6 years old" / "5 years old");
- a word of the same class in the same place (a colour: "grey" / "blue", "灰色" / "蓝色");
- the words around the value ("在苏州工作" / "在上海工作": 在 … 工作; "grey Honda" / "blue Honda": … Honda);
- a place said alone ("说错了，是苏州", "actually it's Leeds") where a single-valued slot of the user's holds
  another place ("用户住在杭州", "User lives in York").

It returns the differing part only, so the caller replaces just the value ("User has grey Honda").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.value_class import is_place
from memory_core.text.script import has_han, lang_of

__all__ = ["COLOURS_EN", "COLOURS_ZH", "named_as", "said_only_pair", "shaped"]

_EN_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
                    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_EN_NUM = r"(?:\d{1,4}(?:st|nd|rd|th)?|" + "|".join(_EN_NUMBER_WORDS) + r")"
_ZH_NUM = r"[一二三四五六七八九十两百千\d]{1,4}"
#: Colours, the attribute of a thing most often said wrong: a colour said alone replaces the stored colour.
COLOURS_EN = frozenset(("red", "blue", "green", "grey", "gray", "black", "white", "silver", "yellow", "orange",
                        "purple", "pink", "brown", "gold", "beige", "navy", "maroon", "teal", "cream"))
COLOURS_ZH = ("红色", "蓝色", "绿色", "灰色", "黑色", "白色", "银色", "黄色", "橙色", "紫色", "粉色", "棕色", "金色",
              "米色", "深蓝色", "酒红色", "红", "蓝", "绿", "灰", "黑", "白", "银", "黄", "橙", "紫", "粉", "棕")
_ZH_COLOUR = re.compile("|".join(sorted(COLOURS_ZH, key=len, reverse=True)))
_EN_WORD = re.compile(r"[A-Za-z0-9][\w'-]*")
# where the right value is said after a correction cue ("it's a grey Honda", "I meant six", "correction: Anne")
_EN_NEW = re.compile(r"\b(?:it's|it\s+is|it\s+was|that's|i\s+meant|meant\s+to\s+say|correction\s*:|should\s+be|"
                     r"she's|he's|she\s+is|he\s+is|they're|they\s+are|actually)\s+(?:actually\s+|really\s+)?"
                     r"(?:a|an|the)?\s*(?P<new>[^,.;!?]{1,40})", re.IGNORECASE)
_ZH_NEW = re.compile(r"(?:应该是|其实是|是|更正一下|更正|纠正一下|我记错了|说错了|记错了)[：:，,\s]*"
                     r"(?P<new>[^，,。！!？?；;：:]{1,16})")
_ZH_CUE_ONLY = re.compile(r"^(?:说错了|记错了|我记错了|搞错了|弄错了|不对|更正一下|纠正一下|不好意思|抱歉|口误)$")
_EN_DROP = frozenset(("i", "always", "mix", "that", "up", "sorry", "oops", "my", "bad", "lol", "haha", "actually",
                      "really", "now", "it's", "it", "is", "a", "an", "the"))
# what opens a Chinese value without being part of it ("是在苏州工作" says 在苏州工作)
_ZH_OPEN = re.compile(r"^(?:其实|应该|就|也)?是|^[它她他]?(?:的名字)?(?=叫)")


def shaped(new: str, old: str) -> str:
    """``new`` cut to the shape of ``old`` when ``old`` is a number with a unit ("她今年六岁" for "五岁" -> "六岁");
    else ``new`` unchanged."""
    zh = re.fullmatch(rf"{_ZH_NUM}(?P<unit>[^\d一二三四五六七八九十两百千]{{0,3}})", old)
    if zh is not None:
        found = re.findall(rf"{_ZH_NUM}{re.escape(zh.group('unit'))}", new)
        return found[-1] if found else new
    en = re.fullmatch(rf"{_EN_NUM}(?P<unit>(?:\s+[a-z]+){{0,2}})", old, re.IGNORECASE)
    if en is not None:
        found = re.findall(rf"\b{_EN_NUM}{re.escape(en.group('unit'))}\b", new, re.IGNORECASE)
        return found[-1] if found else new
    return new


def said_only_pair(text: str, rows: Sequence[tuple[str, str, str]], zh_cue: bool, en_cue: bool,
                   others: bool = False) -> tuple[str, str] | None:
    """``(new, old)`` for a correction that names only the right value (module docstring), else None.

    Args:
        text: the user's turn, apostrophes straightened.
        rows: the user's statements that may hold the wrong value, as ``(id, key, description)``.
        zh_cue, en_cue: whether the turn carries a Chinese or an English correction cue.
        others: a place said alone may replace another person's place too (the statement just said).

    Returns:
        The differing values as said ("grey", "blue"; "苏州", "上海"), the stored one found in a row's text.
    """
    phrases: list[str] = []
    if zh_cue:
        phrases += [m.group("new").strip() for m in _ZH_NEW.finditer(text)]
        phrases += [p.strip() for p in re.split(r"[，,。！!？?；;：:]", text)
                    if p.strip() and not _ZH_CUE_ONLY.match(p.strip())]
    if en_cue:
        phrases += [" ".join(w for w in m.group("new").split() if w.casefold() not in _EN_DROP)
                    for m in _EN_NEW.finditer(text)]
    phrases = [_ZH_OPEN.sub("", p) if zh_cue else p for p in phrases]
    for phrase in dict.fromkeys(p for p in phrases if p):
        for pair in (_number_pair(phrase, rows), _colour_pair(phrase, rows), _context_pair(phrase, rows),
                     _place_pair(phrase, rows, others)):
            if pair is not None:
                return pair
    return None


def _number_pair(phrase: str, rows: Sequence[tuple[str, str, str]]) -> tuple[str, str] | None:
    """A number said with its unit ("六岁", "6 years old", "three kids") where a row holds another number with it."""
    for m in re.finditer(rf"(?P<n>{_ZH_NUM})(?P<unit>[\u4e00-\u9fff]{{1,2}})", phrase):
        unit = m.group("unit")
        for _, _, description in rows:
            old = re.search(rf"{_ZH_NUM}{re.escape(unit[0])}", description)
            if old is not None and old.group(0) != m.group("n") + unit[0]:
                return m.group("n") + unit[0], old.group(0)
    en = re.search(rf"\b(?P<n>{_EN_NUM})\b(?:\s+(?P<unit>[a-z]+))?", phrase, re.IGNORECASE)
    if en is None:
        return None
    unit = (en.group("unit") or "").casefold()
    for _, _, description in rows:
        tail = rf"\s+{re.escape(unit.rstrip('s'))}" if unit and unit not in ("years", "year", "yrs") \
            else r"(?=\s+(?:years?|yrs?)\s+old)"
        old = re.search(rf"\b(?P<n>{_EN_NUM})\b{tail}", description, re.IGNORECASE)
        if old is not None and old.group("n").casefold() != en.group("n").casefold():
            return en.group("n"), old.group("n")
    return None


def _colour_pair(phrase: str, rows: Sequence[tuple[str, str, str]]) -> tuple[str, str] | None:
    """A colour said where a row holds another colour ("grey" / "User has blue Honda", "灰色" / "蓝色的本田")."""
    words = [w.casefold() for w in _EN_WORD.findall(phrase)]
    said = next((w for w in words if w in COLOURS_EN), "")
    zh = _ZH_COLOUR.search(phrase)
    for _, _, description in rows:
        if said:
            old = next((w for w in _EN_WORD.findall(description) if w.casefold() in COLOURS_EN
                        and w.casefold() != said), "")
            if old:
                return said, old
        if zh is not None:
            found = _ZH_COLOUR.search(description)
            if found is not None and found.group(0) != zh.group(0):
                return zh.group(0), found.group(0)
    return None


def _context_pair(phrase: str, rows: Sequence[tuple[str, str, str]]) -> tuple[str, str] | None:
    """The value between the same words before and after it ("在苏州工作" / "用户在上海工作"; "grey Honda" /
    "User has blue Honda"): the longest frame said alike wins; a frame of one side alone takes as many words
    (characters, in Chinese) as the right value has. A Chinese frame of one character must be the one before a
    value that ends the stored text."""
    zh = has_han(phrase)
    units = _units(phrase) if zh else phrase.split()
    best: tuple[int, str, str] | None = None
    for _, _, description in rows:
        said = _units(description) if zh else description.split()
        fold = [u.casefold().strip(",.") for u in said]
        for pre in range(len(units)):
            for suf in range(len(units) - pre):
                if pre + suf < 1 or pre + suf >= len(units):
                    continue
                new = units[pre:len(units) - suf]
                old = _between(fold, [u.casefold() for u in units[:pre]],
                               [u.casefold() for u in units[len(units) - suf:]], len(new))
                if old is None or (zh and pre + suf < 2 and (suf or old[1] != len(said))):
                    continue  # one character frames a Chinese value only before the end ("叫来福" / "…叫旺财")
                olds = said[old[0]:old[1]]
                joined_new = _joined(new) if zh else " ".join(new)
                joined_old = _joined([w.strip(",.") for w in olds]) if zh else " ".join(w.strip(",.") for w in olds)
                if joined_old and joined_old.casefold() != joined_new.casefold() \
                        and (best is None or pre + suf > best[0]):
                    best = (pre + suf, joined_new, joined_old)
    return (best[1], best[2]) if best is not None else None


# the units a Chinese frame is counted in: a Han character, or a whole Latin word or number said among them
# ("I meant 头孢 (cephalosporins)" frames by "meant", never by the "me" inside "named")
_UNIT = re.compile(r"[A-Za-z0-9][A-Za-z0-9'.-]*[A-Za-z0-9]|[A-Za-z0-9]|\S")


def _units(text: str) -> list[str]:
    """``text`` as frame units: each Han character or mark, each Latin word or number whole; spaces dropped."""
    return _UNIT.findall(text)


def _joined(units: Sequence[str]) -> str:
    """Units put back together: a space between two Latin words, nothing between anything else."""
    out = ""
    for unit in units:
        if out and unit[:1].isascii() and unit[:1].isalnum() and out[-1:].isascii() and out[-1:].isalnum():
            out += " "
        out += unit
    return out


def _place_pair(phrase: str, rows: Sequence[tuple[str, str, str]], others: bool = False
                ) -> tuple[str, str] | None:
    """A place said alone ("苏州", "Leeds") where the value of a row of the user's own single-valued slot, read
    back through the slot's rendering ("用户住在{v}", "{s} lives in {v}"), is another place."""
    new = phrase.strip(" .!。！")
    if not new or not is_place(new, lang_of(new)):
        return None
    single = {a.id: a for a in lexicon().attributes if a.single}
    for _, key, description in rows:
        kind, _, attr = key.split("@")[0].partition(":")
        if others and "/" in attr:  # "fact:sister/lives_in": the sister's home
            attr = attr.rsplit("/", 1)[1]
        if kind != "fact" or attr not in single:
            continue  # another person's, or a slot of many values
        lang = lang_of(description)
        template = single[attr].render.get(lang, "")
        if "{v}" not in template:
            continue
        shape = re.escape(template).replace(re.escape("{s}"), ".+?").replace(re.escape("{v}"), "(?P<v>.+?)")
        said = re.fullmatch(shape, description.strip(), re.IGNORECASE)
        old = said.group("v").strip() if said else ""
        if old and old.casefold() != new.casefold() and is_place(old, lang):
            return new, old
    return None


def _between(said: list[str], before: list[str], after: list[str], size: int) -> tuple[int, int] | None:
    """The span of ``said`` framed by ``before`` and ``after`` (at most 8 units; ``size`` units when one side
    is empty), else None."""
    for start in range(len(said)):
        if said[start:start + len(before)] != before:
            continue
        at = start + len(before)
        if not after:
            return (at, at + size) if at + size <= len(said) else None
        for end in range(at + 1, min(len(said), at + 8) + 1):
            if said[end:end + len(after)] == after:
                if not before and end - size < 0:
                    return None
                return (end - size, end) if not before else (at, end)
    return None


def named_as(description: str, old: str) -> str:
    """The words of ``description`` that name the wrong value ``old``: ``old`` itself, or a name of the same
    known object (``data/slots.yaml``) in either language ("用户对花生过敏" names "peanuts" as 花生: a correction
    said in English of what was said in Chinese); "" when it names none."""
    if old.casefold() in description.casefold():
        return old
    lex = lexicon()
    oid = lex.exact(old, "zh" if re.search(r"[\u4e00-\u9fff]", old) else "en")
    if oid is None:
        return ""
    folded = description.casefold()
    for name in sorted(lex.names.get(oid, ()), key=len, reverse=True):
        at = folded.find(name) if re.search(r"[\u4e00-\u9fff]", name) else \
            (m.start() if (m := re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", folded)) else -1)
        if at >= 0:
            return description[at:at + len(name)]
    return ""
