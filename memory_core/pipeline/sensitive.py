"""Sensitive data on the write path, English and Chinese (seed 001 §8.12.2, §8.21.3, §8.24.1).

``detect(text)`` (``memory_core.pipeline.sensitive_detect``) finds secrets and
high-risk attributes with rules (regular expressions, context words and
checksums; no model):

(categories: secret, code, card, account, id, api_key, health; see that module).

A ``Finding`` gives the category and the span of the value (the number, the
password, the condition); ``mask`` replaces those spans.

``SensitiveGuard`` checks the ops a pipeline planned for one turn (the same
hook for the mechanical and the LLM pipelines) and applies the tenant's
``policy``:

- ``keep``: the item is written with theme ``sensitive`` (the default);
- ``mask``: the item is written with the values masked;
- ``drop``: the item is not written.

Whatever the policy, a sensitive value is written only in the user's own
words: the turn is the user's (role ``user``) and every value found in the
op's text occurs in the turn's text. An LLM's paraphrase or a tool's output
cannot create one (the op is dropped and counted).

Recall (``Memory.recall``) shows an item of theme ``sensitive`` with its values in
clear when the query names their kind, masked when it finds the item by a clause
holding none (``recall_shown``), else not (``may_show``: a locker code does not show the
user's card number; 密码 alone asks for a password, 银行卡密码 for a PIN); one
filtering on that theme shows them all. A question about food, eating, cooking, meals,
restaurants, recipes or drinks sees the user's food allergies and food
restrictions (``diet_shown``; an allergen's category: food, drug, environment), and no other health
detail. Raw turns are items too (kind
``event``, the turn's text): one holding a secret is flagged, masked or
dropped like any other item.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Literal

from memory_core.model import Turn
from memory_core.pipeline.allergens import allergen_kinds
from memory_core.pipeline.echo import echo_findings
from memory_core.pipeline.restriction_topics import needs_of
from memory_core.pipeline.sensitive_detect import ASKS, CATEGORIES, Finding, detect, mask
from memory_core.pipeline.sensitive_detect import asked_categories as _named_categories
from memory_core.pipeline.sensitive_kind import WITHHELD, asked_things, called_pin, shows
from memory_core.pipeline.sensitive_reworded import put_right, restated
from memory_core.pipeline.sensitive_thing import tie_to_thing
from memory_core.store.write_ops import AddOp, EndOp, MergeOp, Op, UpdateOp
from memory_core.text.synonyms import other_names
from memory_core.text.tokenize import tokenize

__all__ = [
    "CATEGORIES",
    "SENSITIVE_THEME",
    "Finding",
    "Policy",
    "SensitiveGuard",
    "asked_categories",
    "asks_for_item",
    "asks_for_sensitive",
    "base_words",
    "detect",
    "diet_shown",
    "is_sensitive",
    "mask",
    "masked_unless_asked",
    "may_show",
    "parse_tenant_policies",
    "pin_preferred",
    "unasked",
]

log = logging.getLogger(__name__)

SENSITIVE_THEME = "sensitive"
Policy = Literal["keep", "mask", "drop"]
POLICIES: tuple[Policy, ...] = ("keep", "mask", "drop")


def is_sensitive(text: str) -> bool:
    """True when ``detect(text)`` finds anything."""
    return bool(detect(text))


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
    own name or by another name of it in ``data/synonyms.yaml`` (a drug's brand, generic or Chinese name:
    "Is she on levothyroxine?" names 优甲乐)."""
    q = query.casefold()
    return any(any(name in q for name in other_names(f.value)) for f in detect(description) if f.category == "health")


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


# ── the guard on the write path ─────────────────────────────────────────


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
    q = query.casefold()
    return [f for f in found
            if not shows(f.category, f.thing, asked, things)
            and not (f.category == "health" and f.value.casefold() in q)
            and not diet_shown(query, text, f)]


def _norm(value: str) -> str:
    return re.sub(r"[\s-]", "", value).casefold()


def parse_tenant_policies(spec: str | Mapping[str, str]) -> dict[str, Policy]:
    """Parse ``"acme=drop,beta=mask"`` (or a mapping) into ``{tenant: policy}``.

    Raises:
        ValueError: an entry is not ``tenant=policy`` or names an unknown policy.
    """
    pairs: Iterable[tuple[str, str]]
    if isinstance(spec, Mapping):
        pairs = spec.items()
    else:
        pairs = []
        for entry in filter(None, (e.strip() for e in spec.split(","))):
            tenant, sep, policy = entry.partition("=")
            if not sep:
                raise ValueError(f"expected tenant=policy, got {entry!r}")
            pairs.append((tenant.strip(), policy.strip()))
    out: dict[str, Policy] = {}
    for tenant, policy in pairs:
        if policy not in POLICIES:
            raise ValueError(f"unknown sensitive-data policy {policy!r} for {tenant!r}; one of {POLICIES}")
        out[tenant] = policy  # type: ignore[assignment]
    return out


class SensitiveGuard:
    """Applies the sensitive-data policy to the ops planned for one turn.

    Args:
        default: the policy of users without a tenant-specific one ("keep", "mask" or "drop").
        by_tenant: ``{tenant: policy}``; a user id ``"<tenant>:<user>"`` (the HTTP shim's
            namespacing) takes its tenant's policy.

    Attributes:
        counts: ``Counter`` of outcomes ("kept", "masked", "dropped", "refused_not_users_words").
    """

    def __init__(self, default: Policy = "keep", by_tenant: Mapping[str, Policy] | None = None) -> None:
        if default not in POLICIES:
            raise ValueError(f"unknown sensitive-data policy {default!r}; one of {POLICIES}")
        self.default: Policy = default
        self.by_tenant = dict(by_tenant or {})
        self.counts: Counter[str] = Counter()

    def policy_for(self, user_id: str) -> Policy:
        """The policy of ``user_id`` (its tenant's, else the default)."""
        tenant, sep, _ = user_id.partition(":")
        return self.by_tenant.get(tenant, self.default) if sep else self.default

    def guard(self, turn: Turn, ops: list[Op], prior: Turn | None = None) -> list[Op]:
        """Return ``ops`` with the policy applied to every op that writes text.

        An op whose text holds a sensitive value is dropped when the turn is not
        the user's or the value is not in the turn's own text; otherwise it is
        kept with theme ``sensitive``, masked, or dropped as the policy says.
        An ``EndOp`` superseding in favour of a dropped item is dropped with it.
        ``prior``: the user turn an assistant ``turn`` answers; a value of it the
        op repeats, in either language, is a sensitive value of the op
        (``echo.echo_findings``: "Noted, no peanuts!" after "我对花生过敏").
        """
        policy = self.policy_for(turn.user_id)
        own: str | None = None  # the turn's own words, normalised when an op first holds a finding
        dropped: set[str] = set()
        out: list[Op] = []
        said = detect(turn.text)
        for op in ops:
            text = _op_text(op)
            findings = _with_said(text, detect(text), said) if text else []
            if text and prior is not None:
                findings = _without_overlaps([*findings, *echo_findings(text, prior)])
            if not findings:
                if isinstance(op, EndOp) and op.by_id in dropped:
                    continue
                out.append(op)
                continue
            if own is None:
                own = _norm(turn.text) if turn.role == "user" else ""
            if not own or any(_norm(f.value) not in own and not restated(f, said, turn.text)
                              and not put_right(f, turn.text, text) for f in findings):
                self._drop(op, dropped, "refused_not_users_words", turn)
                continue
            if policy == "drop":
                self._drop(op, dropped, "dropped", turn)
                continue
            op = tie_to_thing(op, text, findings, said)  # "用户的密码是 X" of a bank card: 用户的银行卡密码是 X
            findings = detect(_op_text(op)) or findings
            out.append(_masked(op, findings) if policy == "mask" else _flagged(op))
            self.counts["masked" if policy == "mask" else "kept"] += 1
        return out

    def _drop(self, op: Op, dropped: set[str], why: str, turn: Turn) -> None:
        if isinstance(op, AddOp):
            dropped.add(op.item.id)
        self.counts[why] += 1
        log.info("sensitive data: %s an op of turn %s of %s", why.replace("_", " "), turn.turn_id, turn.user_id)


def _with_said(text: str, findings: list[Finding], said: list[Finding]) -> list[Finding]:
    """``findings`` and the values of the turn's own ``said`` findings that ``text`` repeats where its own
    words no longer name their kind ("Ann's email one is Mail#2025" from "…password is …, and my email one
    is Mail#2025"): they are as sensitive in the item as in the turn."""
    out = list(findings)
    for f in said:
        start = text.find(f.value)
        if start >= 0 and not any(g.start < start + len(f.value) and start < g.end for g in out):
            out.append(Finding(f.category, start, start + len(f.value), f.value, f.thing))
    return sorted(out, key=lambda f: f.start)


def _without_overlaps(findings: list[Finding]) -> list[Finding]:
    """``findings`` in text order, a finding overlapping an earlier one left out."""
    out: list[Finding] = []
    for f in sorted(findings, key=lambda f: (f.start, -f.end)):
        if not out or f.start >= out[-1].end:
            out.append(f)
    return out


def _op_text(op: Op) -> str:
    if isinstance(op, AddOp):
        return op.item.description
    if isinstance(op, UpdateOp):
        return op.new_description or ""
    if isinstance(op, MergeOp):
        return op.merged_description
    return ""


def _flagged(op: Op) -> Op:
    if isinstance(op, AddOp):
        op.item.theme = SENSITIVE_THEME
        for rev in op.item.history:  # the create revision says the theme the item is written with
            if rev.new_theme:
                rev.new_theme = SENSITIVE_THEME
        return op
    if isinstance(op, UpdateOp):
        return replace(op, new_theme=SENSITIVE_THEME)
    if isinstance(op, MergeOp):
        return replace(op, merged_theme=SENSITIVE_THEME)
    return op


def _masked(op: Op, findings: Sequence[Finding]) -> Op:
    if isinstance(op, AddOp):
        op.item.description = mask(op.item.description, findings)
        if op.item.key:
            op.item.key = mask(op.item.key)
        for rev in op.item.history:
            if rev.new_description:
                rev.new_description = op.item.description
        return op
    if isinstance(op, UpdateOp) and op.new_description:
        return replace(op, new_description=mask(op.new_description, findings))
    if isinstance(op, MergeOp):
        return replace(op, merged_description=mask(op.merged_description, findings))
    return op
