"""Allergens by category — food, drug, environment, outdoor, medical, animal — in English and Chinese (seed
001 §8.24.1).

A question about food ("what should I cook for her?", 晚饭吃什么) needs the user's food allergies and
not their penicillin, pollen or latex allergy; one about a camping trip the bee-sting and pollen allergies
(outdoor), one about the dentist the latex allergy (medical). ``allergen_kinds(text)`` names the categories of the
allergens said next to an allergy word (allergic, allergy, 过敏), from the word lists and drug-class
endings of ``memory_core/data/allergens.yaml``.

The allergen is looked for in the allergy word's clause: English after "allergic to / allergy to" or
in the three words before "allergy" ("a severe shellfish allergy"); Chinese between 对 and 过敏 or in
the six characters before 过敏 (我对花生过敏, 老婆海鲜过敏), and after 过敏原是.

An allergy said bare after the thing it is to ("oh and nothing with sesame, I'm allergic", "no shellfish please,
I'm allergic to it", "别放花生，我过敏"): ``allergy_named_back`` says it with the allergens the sentence named before
it ("I'm allergic to sesame", "我对花生过敏"), so the allergy is the user's to that thing, not an allergy to nothing.
"""

from __future__ import annotations

import re
from functools import cache

from memory_core.shipped_yaml import load_shipped

__all__ = ["KINDS", "allergen_kinds", "allergy_named_back", "kinds_named", "names_allergen"]

KINDS = ("food", "drug", "environment", "outdoor", "medical", "animal")
_ALLERGY_EN = re.compile(r"\ballerg(?:ic|y|ies)\b(?:\s+(?:reactions?\s+)?(?:to|from)\b)?", re.I)
_ALLERGY_ZH = re.compile(r"过敏(?:原是|原为)?")
_STOP = re.compile(r"[.!?;:。！？；：\n]|\b(?:but|so|because|since|which|though|although|when|while)\b|"
                   r"所以|但是|但|因为|不过(?!敏)|而且", re.I)


@cache
def _lexicon() -> dict[str, tuple[re.Pattern[str], re.Pattern[str] | None]]:
    raw = load_shipped("data", "allergens.yaml")
    out = {}
    for kind in KINDS:
        entry = raw[kind]
        en = sorted((w for w in entry["en"]), key=len, reverse=True)
        endings = list(entry.get("endings") or [])
        en_alt = "|".join([re.escape(w).replace(r"\ ", r"[\s-]+") + r"(?:e?s)?" for w in en] + endings)
        zh = sorted((w for w in entry["zh"]), key=len, reverse=True)
        out[kind] = (re.compile(r"(?<![A-Za-z])(?:" + en_alt + r")(?![A-Za-z])", re.I),
                     re.compile("|".join(map(re.escape, zh))) if zh else None)
    return out


def _windows(text: str) -> list[str]:
    """The stretches of ``text`` where the allergens of its allergy words are named."""
    out = []
    for m in _ALLERGY_EN.finditer(text):
        after = text[m.end():m.end() + 80]
        stop = _STOP.search(after)
        out.append(after[:stop.start()] if stop else after)
        before = text[max(0, m.start() - 40):m.start()]
        out.append(" ".join(before.split()[-3:]))
    for m in _ALLERGY_ZH.finditer(text):
        before = text[max(0, m.start() - 12):m.start()]
        cut = max((s.end() for s in _STOP.finditer(before)), default=0)
        before = before[cut:]
        to = before.rfind("对")
        out.append(before[to + 1:] if to >= 0 else before[-6:])
        if m.group(0) != "过敏":
            after = text[m.end():m.end() + 24]
            stop = _STOP.search(after)
            out.append(after[:stop.start()] if stop else after)
    return out


def allergen_kinds(text: str) -> set[str]:
    """The categories (``KINDS``: "food", "drug", "outdoor" …) of the allergens ``text`` names next to an allergy word.

    Empty when no allergy word is there, or its allergen is in no list ("I have allergies").
    A Chinese word found inside a longer word of another category counts for the longer one only
    (面膜 is environment, not food by 面).
    """
    found: set[str] = set()
    for window in _windows(text):
        spans: list[tuple[int, int, str]] = []
        for kind, (en, zh) in _lexicon().items():
            spans += [(m.start(), m.end(), kind) for m in en.finditer(window)]
            if zh is not None:
                spans += [(m.start(), m.end(), kind) for m in zh.finditer(window)]
        for start, end, kind in spans:
            if not any(s <= start and end <= e and (e - s) > (end - start) and k != kind for s, e, k in spans):
                found.add(kind)
    return found


def names_allergen(text: str) -> bool:
    """True when ``text`` holds a listed allergen of any category (花生, 花粉, "penicillin")."""
    return any(en.search(text) or (zh is not None and zh.search(text)) for en, zh in _lexicon().values())


def kinds_named(text: str) -> set[str]:
    """The categories of the listed allergens ``text`` names anywhere, allergy word or not ("can I give her
    amoxicillin?" → {"drug"}, 要不要给他买只小猫 → {"animal"}); a Chinese word inside a longer word of another
    category counts for the longer one only, as in ``allergen_kinds``."""
    spans: list[tuple[int, int, str]] = []
    for kind, (en, zh) in _lexicon().items():
        spans += [(m.start(), m.end(), kind) for m in en.finditer(text)]
        if zh is not None:
            spans += [(m.start(), m.end(), kind) for m in zh.finditer(text)]
    return {kind for start, end, kind in spans
            if not any(s <= start and end <= e and (e - s) > (end - start) and k != kind for s, e, k in spans)}


#: an allergy of the speaker's said with no allergen, or with a pronoun for it: "I'm allergic", "I am severely
#: allergic to them"; 我过敏, 我对这个过敏, 我会过敏
_BARE_EN = re.compile(r"\b(?P<head>(?:i'm|i\s+am|im)\s+(?:(?:very|so|super|severely|deathly|really|seriously|quite|"
                      r"extremely|badly)\s+)*allergic)(?P<obj>\s+to\s+(?:it|them|that|those|this|these))?"
                      r"(?=\s*(?:[.!?,;~)]|lol|haha|tho|though|remember|$))", re.I)
_BARE_ZH = re.compile(r"我(?P<obj>对(?:它|它们|这个|这些|那个))?(?P<how>(?:会|有点|很|特别|严重|超级)*)过敏"
                      r"(?=[了的啊呀哦哈啦～~。！!，,\s]|$)")
_SENTENCE_END = re.compile(r"[.!?。！？\n]")


def _named_before(text: str) -> list[str]:
    """The allergens ``text`` names (any category), in order, each once, a word inside a longer one left out."""
    spans: list[tuple[int, int]] = []
    for en, zh in _lexicon().values():
        spans += [(m.start(), m.end()) for m in en.finditer(text)]
        if zh is not None:
            spans += [(m.start(), m.end()) for m in zh.finditer(text)]
    kept = sorted({(a, b) for a, b in spans if not any(s <= a and b <= e and (e - s) > (b - a) for s, e in spans)})
    return list(dict.fromkeys(text[a:b] for a, b in kept))


def allergy_named_back(text: str) -> str:
    """``text`` with a bare allergy of the speaker's said with the allergens its sentence named before it.

    Args:
        text: a user's turn.

    Returns:
        "oh and nothing with sesame, I'm allergic to sesame" for "…, I'm allergic"; "别放花生，我对花生过敏" for
        "别放花生，我过敏"; the text unchanged when the allergy names its allergen, or nothing before it in the
        sentence is a listed allergen.
    """
    for pattern, zh in ((_BARE_EN, False), (_BARE_ZH, True)):
        m = pattern.search(text)
        if m is None:
            continue
        start = max((e.end() for e in _SENTENCE_END.finditer(text, 0, m.start())), default=0)
        names = _named_before(text[start:m.start()])
        if not names:
            continue
        said = f"我{m.group('how')}对{'和'.join(names)}过敏" if zh else f"{m.group('head')} to {' and '.join(names)}"
        return text[:m.start()] + said + text[m.end():]
    return text
