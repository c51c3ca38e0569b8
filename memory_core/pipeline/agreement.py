"""Whether a candidate says what a stored item of its key says (seed 001 §8.12.3-4): the same value, the same
value with more detail, or another one.

``resolve`` decides each candidate's ops from these: ``agrees`` (said again: a hit), ``extends`` (said with more:
an update), ``names_value`` (the value a negation ends), ``narrows`` (a later clause of the same turn adding to
an earlier one), ``with_detail`` (the text with a detail added) and ``description_polarity``.
"""

from __future__ import annotations

import re

from memory_core.model import Kind, MemoryItem
from memory_core.pipeline.gist import normalize_numbers, same_thing_named, topic
from memory_core.pipeline.own_words import attribute_words
from memory_core.pipeline.place_names import same_place
from memory_core.pipeline.plans import life_plan
from memory_core.pipeline.types import Candidate
from memory_core.text.script import HAN_RUN, has_han, lang_of

__all__ = ["agrees", "description_polarity", "extends", "names_value", "narrows", "with_detail"]

_NEGATIVE = re.compile(
    r"\b(?:doesn't|does\s+not|don't|do\s+not|no\s+longer|dislikes?|hates?|detests?|can't\s+stand|cannot\s+stand"
    r"|is\s+not|isn't|has\s+quit|is\s+done\s+with|is\s+single|stopped\s+the\s+routine"
    # a stop kept in the user's words ("User quit drinking", "User has stopped drinking", "User gave up beer")
    r"|(?:has\s+|had\s+)?(?:quit|stopped|gave\s+up|given\s+up)(?!\s+(?:by|at|in|for|to|over)\b))\b"
    r"|不喜欢|不再|不爱|不喝|不吃|讨厌|厌恶|受不了|反感|已不|已离职|单身|戒烟了|已经没有|已停用|分开了|已经好了|不在了|不希望|已完成",
    re.IGNORECASE,
)
_DETAIL_TAIL = re.compile(r"[,，]\s*[^,，]*(?:\bold\b|岁|个月)[^,，]*$")
_NON_WORD = re.compile(r"[\W_]+")
_LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b")  # two English words: an English frame


def description_polarity(description: str) -> int:
    """Return -1 when a preference description is negative ("doesn't like", "不再喜欢"), else +1."""
    return -1 if _NEGATIVE.search(description) else 1


def _canon(text: str) -> str:
    return " ".join(_NON_WORD.sub(" ", normalize_numbers(text).casefold()).split())


def _claim_matches(cand: Candidate, item: MemoryItem) -> bool:
    claim = _canon(cand.claim or cand.description)
    return bool(claim) and _canon(item.description).endswith(claim)


def _home_key(key: str) -> bool:
    """True for a home slot's key, the user's or a person's, whoever said it ("fact:lives_in@wei")."""
    return key.split("@", 1)[0].endswith("lives_in")


def _other_script(cand: Candidate, item: MemoryItem) -> bool:
    """True when the candidate's value and the item's text are written in different scripts (Latin, Han)."""
    han = [has_han(a) for a in cand.aliases]
    return (not all(han) if has_han(item.description) else any(han))


def _parts_named(value: str, said: str) -> bool:
    """True when a Chinese place ``value`` said as one run ("上海徐汇") is named in ``said`` in two parts, in
    order, with words between them ("住在上海，住在徐汇"): the same home said with more or fewer words."""
    value = value.replace(" ", "")
    if len(value) < 4 or not all("\u3400" <= ch <= "\u9fff" for ch in value):
        return False
    for cut in range(2, len(value) - 1):
        head = said.find(value[:cut])
        if head >= 0 and said.find(value[cut:], head + cut) >= 0:
            return True
    return False


def _narrower(cand: Candidate, item: MemoryItem) -> bool:
    """True when the candidate's claim is the item's with more said after its value ("护士" -> "护士长",
    "nurse" -> "nurse practitioner"): a more specific value, not the same one."""
    claim, said = _canon(cand.claim), _canon(item.description)
    if not claim or claim in said:
        return False
    return any(said.endswith(claim[:i]) for i in range(len(claim) - 1, max(2, len(claim) // 2), -1))


def _qualified(cand: Candidate, item: MemoryItem) -> bool:
    """True when the candidate's value names the item's thing with a word the item lacks ("a senior engineer"
    after "a backend engineer"): another value of the same kind, not the same one said in other words."""
    if _other_names(cand.claim, item.description):  # "a cat named 汤圆" after "User has a cat named 团子"
        return True
    lang = lang_of(item.description)
    if lang != cand.lang:  # "程序员" / "a software engineer": the words of two languages never match
        return False
    return bool(topic(cand.claim, lang).terms - topic(item.description, lang).terms - attribute_words())


def _other_names(claim: str, said: str) -> bool:
    """True when an English ``said`` names something in Chinese and ``claim`` names something else in Chinese
    ("has a cat named 汤圆" / "User has a cat named 团子"): English topic terms leave Chinese runs out, so two
    names of one kind would read as the same value."""
    if not (_LATIN_WORD.search(claim) and _LATIN_WORD.search(said)):
        return False  # Chinese texts: their runs are whole clauses, not names
    theirs = set(HAN_RUN.findall(said))
    return bool(theirs) and bool(set(HAN_RUN.findall(claim)) - theirs)


def agrees(cand: Candidate, item: MemoryItem) -> bool:
    """True when ``item`` (same key as ``cand``) already says what ``cand`` says.

    Preferences agree on polarity (a favourite, single-valued, also on its
    value); single-valued facts when the item's text ends with the
    candidate's claim ("… lives in Paris"); value-keyed facts (an allergy, a
    language) on polarity ("no longer allergic to …" ends "allergic to …");
    events by having the same key; a life plan (``plans.life_plan``) when the item's text ends with the
    candidate's claim (its time and place as said). A detail (a pet's age) agrees when the item already holds it.
    """
    if cand.is_event:
        return True
    same_polarity = description_polarity(item.description) == (-1 if cand.polarity < 0 else 1)
    if cand.detail:
        return same_polarity and _canon(cand.detail) in _canon(item.description)
    if cand.kind == Kind.PREFERENCE and not cand.single_valued:
        return same_polarity
    if life_plan(cand.key):  # "婚礼推迟到后年了": a plan said with another time is a new plan, not the old said again
        return same_polarity and _claim_matches(cand, item)
    if cand.single_valued:
        said = item.description.casefold()
        if cand.key.startswith("fact:partner") and _bond_changed(cand.description, said):
            return False  # "girlfriend" -> "married to": a new value of the slot, not the old one said again
        named = any(re.search(rf"(?<![a-z]){re.escape(a)}(?![a-z])", said) for a in cand.aliases)
        if not named and _home_key(cand.key):  # "上海徐汇" restates "住在上海，住在徐汇"
            named = any(_parts_named(a, said) for a in cand.aliases)
        if not named and cand.aliases and _home_key(cand.key) and _other_script(cand, item):
            named = same_place(cand.aliases, item.description)  # "爱丁堡" restates "lives in Edinburgh"
        if not named and not _narrower(cand, item):  # "程序员" restates "is a software engineer", "3月3号" "March 3rd"
            own = cand.key.split("@")[0].split(":")[2:]  # the slot's own object ("car") names every value of it
            named = same_thing_named((*cand.aliases, cand.claim), item.description,
                                     attribute_words() | {f"obj:{o}" for o in own}) and not _qualified(cand, item)
        return same_polarity and (_claim_matches(cand, item) or bool(named))
    return same_polarity


def names_value(cand: Candidate, item: MemoryItem) -> bool:
    """True when ``item`` states, with the other polarity, the value ``cand`` says held once."""
    if description_polarity(item.description) < 0:
        return False
    if not cand.single_valued and cand.key and item.key == cand.key:
        return True  # a value-keyed slot ("fact:allergy:peanuts"): the key names the value whatever the words
    said = item.description.casefold()
    # the value named as a verb takes its third person ("smoke" in "User smokes again")
    if any(re.search(rf"(?<![a-z]){re.escape(a)}(?:s|es)?(?![a-z])", said) for a in cand.aliases):
        return True
    return bool(cand.aliases) and _home_key(cand.key) and _other_script(cand, item) \
        and same_place(cand.aliases, item.description)


#: How bound a partner is, by the words that name it: dating, engaged, married ("partner", "伴侣": unsaid).
_BONDS = (("married", re.compile(r"\b(?:wife|husband|spouse|married)\b|老公|老婆|丈夫|妻子|结婚|爱人")),
          ("engaged", re.compile(r"\b(?:fianc\w*|engaged)\b|未婚夫|未婚妻|订婚")),
          ("dating", re.compile(r"\b(?:girlfriend|boyfriend|dating)\b|男朋友|女朋友|男友|女友|对象|恋爱")))


def _bond(text: str) -> str:
    return next((name for name, words in _BONDS if words.search(text)), "")


def _bond_changed(new: str, old: str) -> bool:
    """True when both texts name how bound a partner is and the two differ ("girlfriend" / "married to")."""
    was, now = _bond(old.casefold()), _bond(new.casefold())
    return bool(was and now) and was != now


def extends(cand: Candidate, item: MemoryItem) -> bool:
    """True when ``cand`` restates ``item`` with more detail ("works at Google" -> "works at Google in Zurich").

    Same polarity, and every word (every character, for Chinese) of the
    item's text is in the candidate's; a detail candidate extends any item
    of its key with the same polarity.
    """
    if cand.is_event or description_polarity(item.description) != description_polarity(cand.description):
        return False
    if cand.detail:
        return True
    old, new = _canon(item.description), _canon(cand.description)
    if len(new) <= len(old):
        return False
    if any("\u3400" <= ch <= "\u9fff" for ch in old + new):
        return set(old.replace(" ", "")) <= set(new.replace(" ", "")) and old.split()[:1] == new.split()[:1]
    return set(old.split()) <= set(new.split())


_CORRECTION = re.compile(r"\b(?:actually|i\s+mean|sorry|correction|no\s+wait|rather)\b"
                         r"|其实|不对|更正|准确地说|我是说|应该是", re.IGNORECASE)


def narrows(first: Candidate, later: Candidate, text: str) -> bool:
    """True when ``later`` adds to ``first`` (same single-valued fact, both positive, no correction said)."""
    return first.kind == later.kind == Kind.FACT and first.single_valued and later.single_valued \
        and first.polarity >= 0 and later.polarity >= 0 and not first.detail and not later.detail \
        and not _CORRECTION.search(text) and _canon(later.claim) not in _canon(first.claim)


def with_detail(description: str, detail: str, lang: str) -> str:
    """Return ``description`` with ``detail`` added; an age replaces an earlier age ("2 years old" -> "3")."""
    base = _DETAIL_TAIL.sub("", description) if _DETAIL_TAIL.search("," + detail) else description
    return f"{base}，{detail}" if lang == "zh" else f"{base}, {detail}"
