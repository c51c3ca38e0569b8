"""What a recall question asks of sensitive values (seed 001 §8.24.1: what the question needs, no more).

The query side of ``sensitive``: which categories a question names (``asked_categories``: "what is my
locker code?" → {"code"}), whether it may see a sensitive item (``may_show``), which of a text's values it
did not ask for (``unasked``, ``masked_unless_asked``), the food, drug, animal and outdoor restrictions a
practical question needs (``diet_shown``), and a bare PIN question's preference (``pin_preferred``).
Rules only (regular expressions and word lists, English and Chinese); no model.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from memory_core.pipeline.allergens import allergen_kinds
from memory_core.pipeline.restriction_topics import needs_of
from memory_core.pipeline.sensitive_detect import ASKS, Finding, detect, mask
from memory_core.pipeline.sensitive_detect import asked_categories as _named_categories
from memory_core.pipeline.sensitive_kind import WITHHELD, asked_things, called_pin, shows
from memory_core.text.synonyms import names_any, other_names
from memory_core.text.tokenize import tokenize

# a Latin word next to Chinese characters has no \b boundary ("我的PIN是多少"): spaced before matching
_LATIN_CJK = re.compile(r"(?<=[A-Za-z0-9])(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9])")
# 密码 is a password (secret) unless what it opens takes a short code: a card, a keypad, a lock, N digits
_ZH_CODE_PASSWORD = re.compile(r"(?:银行卡|卡|取款|取钱|储物柜|柜|保险箱|保险柜|门|锁|数字|"
                               r"[0-9０-９一二三四五六七八九十两]+位)[^，。？?！!,.\s]{0,3}密码|密码锁")
_ZH_BARE_PASSWORD = re.compile(r"密码")


# the English words of the kinds and things a question asks for, in the form the patterns list
_BASE_WORDS = ("password", "passphrase", "credential", "login", "pin", "passcode", "code", "combination", "combo",
               "card", "account", "passport", "licence", "license", "token", "medication", "medicine", "drug",
               "pill", "prescription", "diagnosis", "illness", "disease", "allergy", "therapy", "treatment", "doctor",
               "phone", "laptop", "computer", "tablet", "locker", "door", "bike", "email", "bank")
_LATIN_S = re.compile(r"\b[A-Za-z]+s\b")


@lru_cache(maxsize=1)
def _bases() -> dict[str, str]:
    return {stem: word for word in _BASE_WORDS for stem in tokenize(word)}


def base_words(query: str) -> str:
    """``query`` with each English word in -s (plural, third person: "medicines", "allergies", "PINs")
    whose stem (``tokenize``'s Snowball stemming) is one of a kind or thing word's put in that word's form,
    so the question patterns see "medicine", "allergy", "pin"."""
    bases = _bases()

    def base(m: re.Match[str]) -> str:
        terms = tokenize(m.group())
        return bases.get(terms[0], m.group()) if len(terms) == 1 else m.group()

    return _LATIN_S.sub(base, query)


#: A word of these kinds right before a word of the kinds listed names the thing, not the value asked for:
#: "bank card PIN", 银行卡密码, "card's CVV" ask for a code; "bank card number" for a card number.
_NAMES_THE_THING = {"account": frozenset({"card", "code", "secret"}), "card": frozenset({"code", "secret"})}
_BETWEEN = re.compile(r"(?:\s*(?:'s|’s|的)?\s*)")


def asked_categories(query: str) -> set[str]:
    """The sensitive categories a recall query names ("what is my locker code?" → {"code"}, 我的银行卡号 → {"card"}).

    ``sensitive_detect.asked_categories`` with three readings of its words: a Latin word among Chinese
    characters counts ("我的PIN是多少" → {"code"}); 密码 alone asks for a password (secret), as
    "password" does, and for a code only when it opens a card, a keypad or a lock or has N digits
    (银行卡密码, 储物柜密码, 六位密码 → {"code"}): "我的电脑密码是多少" does not show the bank PIN; and a
    bank or card word right before the value's word names the thing ("bank card PIN" → {"code"}).
    """
    spaced = base_words(_LATIN_CJK.sub(" ", query))
    asked = _named_categories(spaced)
    if "密码" in query:
        without = _named_categories(_ZH_BARE_PASSWORD.sub(" ", spaced))
        if _ZH_CODE_PASSWORD.search(query):
            asked.add("code")
            if "secret" not in without:  # the 密码 of a card or a lock is its code, not a password
                asked.discard("secret")
        elif "code" not in without:
            asked.discard("code")
    return asked - _thing_words(spaced, asked)


def _thing_words(query: str, asked: set[str]) -> set[str]:
    """The kinds in ``asked`` every word of which only names the thing a later value word belongs to."""
    spans = [(m.start(), m.end(), kind) for kind, words in ASKS.items() if kind in asked
             for m in words.finditer(query)]
    out = set()
    for kind, heads in _NAMES_THE_THING.items():
        mine = [(start, end) for start, end, k in spans if k == kind]
        if mine and all(any(k in heads and head > end - 1 and _BETWEEN.fullmatch(query[end:head])
                            for head, _, k in spans) for _, end in mine):
            out.add(kind)
    return out


def asks_for_sensitive(query: str) -> bool:
    """True when a recall query names a sensitive category; any other query sees no sensitive item."""
    return bool(asked_categories(query))


# ── practical questions see the restrictions they need (seed 001 §8.24.1: what the question needs, no more) ──

#: A health value that is itself a food restriction: an allergy, an intolerance, coeliac disease.
_DIET_VALUE = re.compile(r"allerg|过敏|intoleran|不耐|celiac|coeliac|乳糜泻|麸质", re.I)
#: A sentence that states a food restriction ("so I avoid sugar", "不能吃甜的", "low-salt").
_DIET_RESTRICTION = re.compile(
    r"\b(?:can'?t|cannot|can\s+not|mustn'?t|shouldn'?t|don'?t|do\s+not|never|not\s+allowed\s+to)\s+"
    r"(?:eat|drink|have|touch)\b|\bavoid\w*|\b(?:low|no|zero)[-\s](?:salt|sugar|sodium|fat|carbs?|gluten|dairy)\b|"
    r"\b(?:sugar|gluten|dairy|salt|lactose)[-\s]free\b|\bhalal\b|\bkosher\b|"
    r"\bno\s+more\b|\bnot\s+allowed\b|\b(?:stop|quit|cut\s+out)\s+(?:eating|drinking)\b|"
    r"不能吃|不能喝|不可以吃|不吃|不喝|忌口|忌食|少吃|少喝|禁食|戒糖|低盐|低糖|无糖|清真|"
    r"(?:不让|不许|不准|别)我?再?[吃喝碰]|戒了|戒掉", re.I)
_SENTENCE_END = re.compile(r"[.!?。！？;；\n]")
#: The topics an allergy to an allergen in no list may concern (it may be a food or a drug).
_UNLISTED = frozenset({"food", "drug"})


def diet_shown(query: str, text: str, finding: Finding) -> bool:
    """True when ``finding`` (in ``text``) is a restriction the practical question ``query`` needs.

    The question's topic (``restriction_topics.needs_of``) says which: a question about food, cooking,
    meals, restaurants or drinks ("what can't I eat?", "今晚做什么菜？") needs the user's food allergies
    and medical or religious food restrictions: an allergy whose allergen is a food
    (``allergens.allergen_kinds``: "allergic to peanuts", 海鲜过敏), an intolerance, an allergy to an
    allergen in no list, or a health value in a sentence stating a restriction ("I'm diabetic so I avoid
    sugar"); a question about a medicine ("can I give her amoxicillin?", 她能吃布洛芬吗) needs drug
    allergies (and one to an allergen in no list) and every health condition that is no allergy; one
    about pets or animals ("should I get him a kitten?", 要不要给他买只小猫) needs animal allergies; one
    about a trip out of doors ("what should we pack for the camping trip?", 去露营) the sting, bite and
    pollen allergies; one about a medical or dental procedure ("anything the dentist should know?", 看牙,
    手术) drug and latex allergies and every condition. A drug or pollen allergy stays hidden from a food
    question, and a question on no topic sees no health value it does not name.
    """
    if finding.category != "health":
        return False
    needs = needs_of(query)
    if needs is None:
        return False
    starts = [m.end() for m in _SENTENCE_END.finditer(text, 0, finding.start)]
    end = _SENTENCE_END.search(text, finding.end)
    sentence = text[starts[-1] if starts else 0:end.start() if end else len(text)]
    if _DIET_VALUE.search(finding.value):
        kinds = allergen_kinds(sentence)  # food, drug, environment, animal: each topic needs its own
        return bool(kinds & needs.allergens) or (not kinds and bool(needs.allergens & _UNLISTED))
    named = needs.diet_conditions is not None and bool(needs.diet_conditions.search(finding.value))  # 高血压: less salt
    return needs.conditions or named or (needs.diet and bool(_DIET_RESTRICTION.search(sentence)))


def asks_for_item(query: str, description: str) -> bool:
    """True when ``query`` names one of the sensitive values of ``description`` ("my cancer treatment"), by its
    own name or by another name of it in ``data/medical_names.yaml`` (a drug's brand, generic or Chinese name:
    "Is she on levothyroxine?" names 优甲乐; a pregnancy by what it is about: "when is the baby due?",
    预产期, 孩子什么时候出生 name 怀孕), as ``synonyms.names_any`` reads a name."""
    return any(names_any(query, other_names(f.value)) for f in detect(description) if f.category == "health")


def may_show(query: str, description: str, asked: set[str] | None = None) -> bool:
    """True when a recall for ``query`` may show the sensitive item ``description`` (seed 001 §8.24.1).

    Only when the query names the kind of value the item holds ("what is my locker code?" shows a
    code, not the user's card number) and, when both name one, the thing it belongs to ("what's my phone
    PIN?" shows the phone's code, not the locker's; ``sensitive_kind.shows``), or names the item's health
    value itself.

    Args:
        asked: ``asked_categories(query)``, when the caller already has it.
    """
    asked = asked_categories(query) if asked is None else asked
    things = asked_things(base_words(query))
    found = detect(description)
    return any(shows(f.category, f.thing, asked, things) or diet_shown(query, description, f) for f in found) \
        or asks_for_item(query, description) \
        or (not found and bool(asked))  # a masked item (values gone): any sensitive question


_PIN_ASKED = re.compile(r"\bpins?\b|pin\s*(?:code|number)|pin码", re.I)


def pin_preferred(query: str, description: str) -> bool | None:
    """For a bare PIN question ("what's my PIN?", 我的PIN是多少: PIN its only code word, no thing named),
    whether the sensitive item ``description`` holds a code that is a PIN (``sensitive_kind.called_pin``):
    True, or False when its codes are only keypad codes (a locker's, a door's); None for any other
    question or an item holding no code. Recall shows the False ones only when no True one is found."""
    spaced = _LATIN_CJK.sub(" ", query)
    if not _PIN_ASKED.search(spaced) or ASKS["code"].search(_PIN_ASKED.sub(" ", spaced)) or asked_things(spaced):
        return None
    codes = [f for f in detect(description) if f.category == "code"]
    return any(called_pin(description, f.start, f.thing) for f in codes) if codes else None



def masked_unless_asked(query: str, text: str, asked: set[str] | None = None) -> str:
    """``text`` with the sensitive values a recall for ``query`` did not ask for masked.

    For words that go with a recalled item into the context (its source turn's text, the value it
    superseded): a value is left as it is when the query names its kind (``asked_categories``) and its
    thing, if both name one (``sensitive_kind.shows``), or, for a health value, names the value itself;
    every other one becomes ``[<category>]``.
    """
    hidden = unasked(query, text, asked=asked)
    return mask(text, hidden) if hidden else text


def unasked(query: str, text: str, found: Sequence[Finding] | None = None,
            asked: set[str] | None = None) -> list[Finding]:
    """The findings of ``text`` (``found``, else ``detect(text)``) a recall for ``query`` did not ask for
    (``masked_unless_asked`` masks these)."""
    found = detect(text) if found is None else found
    if not found:
        return []
    asked = (asked_categories(query) if asked is None else asked) - WITHHELD  # asked or not: masked
    things = asked_things(base_words(query))
    return [f for f in found
            if not shows(f.category, f.thing, asked, things)
            and not (f.category == "health" and names_any(query, other_names(f.value)))
            and not diet_shown(query, text, f)]
