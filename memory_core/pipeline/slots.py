"""The slot engine: one user clause -> (subject, attribute[, object], value, polarity) and a canonical key.

The attributes, their English and Chinese cues, the word classes the cues are
written with, the canonical objects ("coffee" = "咖啡") and the clause
markers (reported speech, hypotheticals, questions, past, temporary states,
cessation) are data: ``memory_core/data/slots.yaml``. This module compiles
that lexicon once per process and reads clauses with it.

``read_clause(clause, lang)`` returns a ``ClauseReading``:

- ``skip``: the clause asserts nothing about the present (a question, a
  hypothetical or plan, reported speech, the past): nothing may change;
- ``temporary``: a trip, a hotel, "this week", 出差 …: a location-like
  slot is not changed, the turn is an event with a validity window;
  ``stay`` says a place slot was said and held back ("住在酒店");
- ``hits``: one ``SlotHit`` per attribute the clause states, each with its
  key, polarity and the description to store.

Keys (see the lexicon's header): ``fact:<attr>`` for a single-valued
attribute, ``fact:<attr>:<object>`` for a multi-valued one, ``pref:<object>``
for likes and dislikes; another person's facts go under
``fact:<person>/<attr>`` so they never touch the user's own slots.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import yaml

from memory_core.model import Kind
from memory_core.pipeline.rules import clean_object

__all__ = ["Attribute", "ClauseReading", "Lexicon", "SlotHit", "canon_object", "lexicon", "read_clause",
           "single_valued_key", "slot_conflicts", "slot_terms"]

_LANGS = ("en", "zh")
_MACRO = re.compile(r"%([A-Z]+)%")
_CJK = re.compile(r"[\u3400-\u9fff]")
_NON_WORD = re.compile(r"[\W_]+")
_EN_ARTICLE = re.compile(r"^(?:the|a|an|some|any|my|our|more|lots\s+of|a\s+lot\s+of)\s+", re.IGNORECASE)
_ZH_LEAD = re.compile(r"^(?:吃|喝|抽|玩|听|看|一杯|一点|点)(?=.)")
_ZH_TRAIL = re.compile(r"(?:了|的|啦|吧|呢|啊|呀|哦|嘛)+$")
#: Attributes read on the clause as said, before another person's clause is turned into the first person.
_AS_SAID = frozenset({"partner", "family"})
#: Attributes whose change a temporary state (a trip, a hotel) must never make.
PLACE_ATTRS = frozenset({"lives_in", "works_at", "school"})
#: Temporary states last this long when the turn names no end (days).
TEMPORARY_DAYS = 7


@dataclass(frozen=True, slots=True)
class Cue:
    """One compiled pattern of an attribute and what a match means."""

    regex: re.Pattern[str]
    pol: int = 1
    value: str = ""
    detail: bool = False
    switch: bool = False
    mode: str = ""


@dataclass(frozen=True, slots=True)
class Attribute:
    """One attribute of the lexicon (see ``slots.yaml``)."""

    id: str
    single: bool
    theme: str
    kind: str
    importance: float
    render: dict[str, str]
    keyed: bool
    key_group: str
    objects: str
    pref: bool
    values: bool
    cues: dict[str, tuple[Cue, ...]]
    needles: dict[str, re.Pattern[str]] = field(default_factory=dict)
    ask: str = ""


@dataclass(slots=True)
class SlotHit:
    """What one clause says about one attribute.

    Attributes:
        attr: the attribute.
        subject: "" for the user, else another person ("sister", "妈妈").
        value: the value as said (cleaned), or a canonical value ("vegetarian").
        obj: the canonical object the key holds ("" for single-valued attributes).
        polarity: +1 holds, -1 ended or negated.
        key: the canonical slot key, without a speaker qualifier.
        claim: the description without its subject.
        detail: text that adds to the slot's item rather than replacing it.
        ends: keys of other objects this statement ends (a switch of drink).
        switch: True for "switched to X" (the old value unnamed or named).
    """

    attr: Attribute
    subject: str
    value: str
    obj: str
    polarity: int
    key: str
    claim: str
    detail: str = ""
    ends: tuple[str, ...] = ()
    switch: bool = False
    aliases: tuple[str, ...] = ()

    @property
    def single_valued(self) -> bool:
        """True when a different value of the key supersedes the old one."""
        return self.attr.single or self.attr.key_group in ("species", "objects")


@dataclass(slots=True)
class ClauseReading:
    """The slot engine's reading of one clause (see the module docstring)."""

    skip: str = ""
    temporary: bool = False
    stay: bool = False
    subject: str = ""
    hits: list[SlotHit] = field(default_factory=list)


class Lexicon:
    """The compiled lexicon. Build with ``lexicon()`` (cached per process).

    Raises:
        ValueError: a malformed lexicon file (a bad regex or an unknown macro).
    """

    def __init__(self, data: dict[str, Any]) -> None:
        self.classes: dict[str, dict[str, str]] = data["classes"]
        self.surface: dict[str, dict[str, str]] = {lang: {} for lang in _LANGS}
        self.category: dict[str, str] = {}
        self.kind_of: dict[str, dict[str, str]] = {lang: {} for lang in _LANGS}
        self.kinds: dict[str, tuple[str, ...]] = {}
        for oid, spec in data["objects"].items():
            self.category[oid] = spec.get("cat", "")
            for lang in _LANGS:
                for word in spec.get(lang) or ():
                    self.surface[lang][self._fold(str(word), lang)] = oid
            for word in spec.get("kinds") or ():
                lang = "zh" if _CJK.search(str(word)) else "en"
                self.kind_of[lang][self._fold(str(word), lang)] = oid
            self.kinds[oid] = tuple(self._fold(str(w), "zh" if _CJK.search(str(w)) else "en")
                                    for w in spec.get("kinds") or ())
        self.names: dict[str, tuple[str, ...]] = {
            oid: tuple(dict.fromkeys(str(w).casefold() for lang in _LANGS for w in (spec.get(lang) or ())))
            for oid, spec in data["objects"].items()}
        self.by_category: dict[str, tuple[str, ...]] = {}
        for oid, cat in self.category.items():
            self.by_category[cat] = (*self.by_category.get(cat, ()), oid)
        # markers are lower-case and searched in case-folded text (no IGNORECASE: several times faster)
        self.markers = {lang: {name: self.compile(p, lang, fold=False) for name, p in data["markers"][lang].items()}
                        for lang in _LANGS}
        self.others = {lang: self.compile(data["others"][lang], lang) for lang in _LANGS}
        self.attributes = tuple(self._attribute(spec) for spec in data["attributes"])
        self.ordered = tuple(sorted(self.attributes, key=lambda a: a.pref))
        self._max_zh = max((len(w) for w in self.surface["zh"]), default=1)
        self.shown: dict[str, dict[str, str]] = {
            lang: {oid: str((spec.get(lang) or [oid])[0]) for oid, spec in data["objects"].items()} for lang in _LANGS}

    @staticmethod
    def _fold(text: str, lang: str) -> str:
        text = text.casefold().strip()
        return _NON_WORD.sub("", text) if lang == "zh" else " ".join(_NON_WORD.sub(" ", text).split())

    def compile(self, pattern: str, lang: str, fold: bool = True) -> re.Pattern[str]:
        """Expand ``%NAME%`` word classes of ``lang`` and compile (``fold``: ignore case, ``[A-Z]`` still a capital).

        Raises:
            ValueError: an unknown word class or a bad regex.
        """
        def expand(m: re.Match[str]) -> str:
            name = m.group(1)
            if name not in self.classes[lang]:
                raise ValueError(f"unknown word class %{name}% in {pattern!r} ({lang})")
            return self.classes[lang][name]

        text = pattern
        for _ in range(3):  # classes may use classes
            text = _MACRO.sub(expand, text)
        for cap in ("[A-Z0-9&]", "[A-Z0-9]", "[A-Z]"):
            text = text.replace(cap, f"(?-i:{cap})")
        try:
            return re.compile(text, re.IGNORECASE if fold else 0)
        except re.error as exc:
            raise ValueError(f"bad pattern {pattern!r} ({lang}): {exc}") from exc

    def _attribute(self, spec: dict[str, Any]) -> Attribute:
        cues: dict[str, tuple[Cue, ...]] = {}
        for lang in _LANGS:
            out = []
            for entry in spec.get(lang) or ():
                if isinstance(entry, str):
                    entry = {"re": entry}
                mode = "learning" if entry.get("learning") else "goal" if entry.get("goal") else \
                    str(entry.get("form", ""))
                out.append(Cue(self.compile(entry["re"], lang), int(entry.get("pol", 1)), str(entry.get("value", "")),
                               bool(entry.get("detail")), bool(entry.get("switch")), mode))
            cues[lang] = tuple(out)
        kind = {"preference": Kind.PREFERENCE, "todo": Kind.TODO}.get(spec.get("kind", ""), Kind.FACT)
        if spec.get("pref"):
            kind = Kind.PREFERENCE
        needles = {lang: tuple(str(n).casefold() for n in (spec.get("needles") or {}).get(lang, ()))
                   for lang in _LANGS}
        if spec.get("pref"):  # a like of a drink or food names one: its names are the needles
            category = str(spec.get("objects", ""))
            for lang in _LANGS:
                needles[lang] = tuple(w for w, oid in self.surface[lang].items() if self.category[oid] == category)
        return Attribute(spec["id"], bool(spec.get("single")), spec.get("theme", ""), kind,
                         float(spec.get("importance", 0.65)), dict(spec.get("render") or {}),
                         bool(spec.get("keyed")), str(spec.get("key_group", "")), str(spec.get("objects", "")),
                         bool(spec.get("pref")), bool(spec.get("values")), cues,
                         {lang: re.compile("|".join(map(re.escape, sorted(words, key=len, reverse=True))))
                          for lang, words in needles.items() if words},
                         " ".join(str(w) for w in (spec.get("ask") or {}).values()))

    def name_in(self, text: str, lang: str) -> tuple[str, str] | None:
        """Return (object id, the kind or name found) for a short text naming a known drink or food.

        "a flat white from downstairs" -> ("coffee", "flat white"); "green tea" -> ("tea", "green tea");
        "coffee" -> ("coffee", "coffee"). None when nothing known is named.
        """
        folded = self._fold(text, "zh" if _CJK.search(text) else "en")
        side = "zh" if _CJK.search(text) else "en"
        table = {**self.surface[side], **self.kind_of[side]}
        if folded in table:
            return table[folded], folded
        best = ""
        if side == "zh":
            run = folded.replace(" ", "")
            if len(run) <= 12:
                for i in range(len(run)):
                    for n in range(min(6, len(run) - i), 0, -1):
                        if run[i:i + n] in table and n > len(best):
                            best = run[i:i + n]
                            break
            if best and (len(best) > 1 or len(run) <= 2):
                return table[best], best
            return None
        words = self._fold(_EN_ARTICLE.sub("", text.strip()), "en").split()
        if 0 < len(words) <= 8:
            for n in (3, 2, 1):
                for i in range(len(words) - n + 1):
                    if " ".join(words[i:i + n]) in table:
                        return table[" ".join(words[i:i + n])], " ".join(words[i:i + n])
        return None

    def canon(self, text: str, lang: str) -> str | None:
        """Return the canonical object id of ``text`` ("Coffee", "拿铁" -> "coffee"), or None when unknown.

        A short text holding one known name ("iced coffee every morning",
        "冰美式") maps to it too; the longest known name wins.
        """
        for side in (lang, "en" if lang == "zh" else "zh"):
            folded = self._fold(_EN_ARTICLE.sub("", text.strip()) if side == "en" else text, side)
            if side == "zh":
                folded = _ZH_TRAIL.sub("", _ZH_LEAD.sub("", folded)) or folded
            hit = self.surface[side].get(folded)
            if hit:
                return hit
        if lang == "zh" or _CJK.search(text):
            run = self._fold(text, "zh")
            if len(run) <= 10:
                best = ""
                for i in range(len(run)):
                    for n in range(min(self._max_zh, len(run) - i), 0, -1):
                        if run[i:i + n] in self.surface["zh"] and n > len(best):
                            best = run[i:i + n]
                            break
                if best and (len(best) > 1 or len(run) <= 2):
                    return self.surface["zh"][best]
            return None
        words = self._fold(_EN_ARTICLE.sub("", text.strip()), "en").split()
        if 0 < len(words) <= 8:
            for n in (3, 2, 1):
                for i in range(len(words) - n + 1):
                    oid = self.surface["en"].get(" ".join(words[i:i + n]))
                    if oid:
                        return oid
        return None


@functools.lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """Return the compiled lexicon of ``memory_core/data/slots.yaml`` (loaded once per process)."""
    raw = resources.files("memory_core").joinpath("data/slots.yaml").read_text(encoding="utf-8")
    return Lexicon(yaml.safe_load(raw))


@functools.lru_cache(maxsize=4096)
def slot_terms(key: str | None) -> str:
    """Words a question about a slot item uses, in both languages ("" for no slot key).

    ``fact:occupation`` -> "job title occupation … 职业 工作 …"; ``pref:coffee``
    -> the drink's ask words and every name of coffee ("coffee … 咖啡 拿铁").
    Recall indexes them with the item, so a question in either language finds it.
    """
    if not key or not key.startswith(("fact:", "pref:", "todo:")):
        return ""
    lex = lexicon()
    kind, _, rest = key.partition(":")
    rest = rest.split("@", 1)[0]
    words: list[str] = []
    if kind == "pref":
        oid = rest
        category = lex.category.get(oid, "")
        attr = next((a for a in lex.attributes if a.pref and a.objects == category), None)
        words.append(attr.ask if attr else "")
    else:
        attr_id, _, oid = rest.rpartition("/")[2].partition(":")
        if kind == "todo":
            attr_id, oid = "goal", attr_id
        attr = next((a for a in lex.attributes if a.id == attr_id), None)
        words.append(attr.ask if attr else "")
    words.extend(lex.names.get(oid, ()))
    return " ".join(w for w in words if w)


def canon_object(text: str, lang: str) -> str:
    """Return the key form of an object: its canonical id when the lexicon names it exactly, else folded text.

    Only exact names and synonyms share a key ("coffee", "咖啡", "吃辣" / "spicy
    food"); a kind keeps its own ("green tea" and "black tea" are two likes).
    """
    lex = lexicon()
    for side in (lang, "en" if lang == "zh" else "zh"):
        folded = lex._fold(_EN_ARTICLE.sub("", text.strip()) if side == "en" else text, side)
        if side == "zh":
            folded = _ZH_TRAIL.sub("", _ZH_LEAD.sub("", folded)) or folded
        oid = lex.surface[side].get(folded)
        if oid:
            return oid
    folded = Lexicon._fold(text, lang)
    return _ZH_TRAIL.sub("", _ZH_LEAD.sub("", folded)) or folded if lang == "zh" else folded


def _subject_label(subject: str, lang: str) -> str:
    return subject.casefold().replace(" ", "_")


def _render(attr: Attribute, form: str, lang: str, subject: str, **groups: str) -> tuple[str, str]:
    """Return (description, claim) of ``form`` ("", "neg", "novalue", ...) in ``lang``."""
    templates = attr.render
    name = f"{lang}_{form}" if form else lang
    template = templates.get(name) or templates.get(lang, "{s} {v}")
    values = {"v": "", "obj": "", "d": "", "when": "", "old": "", "job": "", **groups}
    description = " ".join(template.format(s=subject, **values).split()) if lang == "en" \
        else template.format(s=subject, **values).strip()
    claim = " ".join(template.format(s="", **values).split()).strip()
    return description, claim


def _value(raw: str, lang: str) -> str:
    text, _ = clean_object(raw, lang)
    return text


def read_clause(clause: str, lang: str, subject_name: str = "", temporary: bool = False) -> ClauseReading:
    """Read one clause with the lexicon.

    Args:
        clause: one first-person clause (apostrophes straightened), as ``split_clauses`` yields.
        lang: "en" or "zh".
        subject_name: how the user is named in descriptions ("User", "用户", or a speaker's name).
        temporary: an earlier clause of the turn stated a temporary state ("这几天暂住在朋友家，住在北京").

    Returns:
        A ``ClauseReading``; ``hits`` is empty when no attribute matched.
    """
    lex = lexicon()
    marks = lex.markers[lang]
    folded = clause.casefold()
    for name in ("reported", "hypothetical", "question", "past"):
        if marks[name].search(folded):
            return ClauseReading(skip=name)
    reading = ClauseReading(temporary=temporary or bool(marks["temporary"].search(folded)))
    user = subject_name or ("用户" if lang == "zh" else "User")
    text, subject = clause, ""
    m = lex.others[lang].search(clause)
    if m is not None:
        subject = m.group("rel")
        text = ("我" if lang == "zh" else "I ") + clause[m.end():]
    reading.subject = subject
    folded_text = text.casefold()
    taken: set[str] = set()
    for attr in lex.ordered:  # facts first, likes last
        if attr.id in _AS_SAID:  # "my boyfriend Tom", "我女朋友叫小雨" are read as said
            hit = _match(attr, clause, lang, "", user, folded)
        else:
            if attr.pref and (taken - {"partner", "family"}):
                continue  # "I don't eat meat" is the diet, not also a dislike of meat
            hit = _match(attr, text, lang, subject, user, folded_text)
        if hit is None:
            continue
        hits = hit if isinstance(hit, list) else [hit]
        if reading.temporary and attr.id in PLACE_ATTRS and not hits[0].subject:
            reading.stay = True
            continue
        taken.add(attr.id)
        reading.hits.extend(hits)
    if reading.temporary and marks["stay"].search(folded):
        reading.stay = True
    if not reading.hits and not subject and not reading.temporary:
        reading.hits.extend(_habit_hits(text, lang, user))
    return reading


def _habit_hits(text: str, lang: str, user: str) -> list[SlotHit]:
    """"A double espresso first thing is how I start every day": a known drink or food said as a habit.

    Only when the clause names one known drink (or food) of the lexicon, a
    habit cue ("every morning", "每天", "离不开") and no negation.
    """
    lex = lexicon()
    if not lex.markers[lang]["habit"].search(text.casefold()) or _HABIT_NEGATION.search(text):
        return []
    found: list[tuple[str, str]] = []
    folded = Lexicon._fold(text, lang)
    table = {**lex.surface[lang], **lex.kind_of[lang]}
    if lang == "zh":
        for word, oid in table.items():
            if len(word) > 1 and word in folded and lex.category.get(oid) in ("drink", "food"):
                found.append((oid, word))
    else:
        padded = f" {folded} "
        for word, oid in table.items():
            if f" {word} " in padded and lex.category.get(oid) in ("drink", "food"):
                found.append((oid, word))
    oids = {oid for oid, _ in found}
    if len(oids) != 1:
        return []
    oid = oids.pop()
    word = max((w for o, w in found if o == oid), key=len)
    attr = next(a for a in lex.attributes if a.id == ("drink" if lex.category[oid] == "drink" else "eat"))
    _, claim = _render(attr, "", lang, user, v=word)
    key_obj = oid if lex.surface[lang].get(word) == oid else word
    return [SlotHit(attr, "", word, key_obj, 1, f"pref:{key_obj}", claim)]


_HABIT_NEGATION = re.compile(r"\b(?:not|no|never|don't|doesn't|quit|stopped|gave\s+up)\b|不|没|戒", re.IGNORECASE)


def _match(attr: Attribute, text: str, lang: str, subject: str, user: str,
           folded: str = "") -> SlotHit | list[SlotHit] | None:
    needles = attr.needles.get(lang)
    if needles is not None and needles.search(folded or text.casefold()) is None:
        return None
    lex = lexicon()
    for cue in attr.cues.get(lang, ()):
        m = cue.regex.search(text)
        if m is None:
            continue
        groups = {k: v for k, v in m.groupdict().items() if v}
        polarity = -1 if cue.pol < 0 or groups.get("neg") else 1
        who = user if not subject else (f"{user}的{subject}" if lang == "zh" else f"{user}'s {subject}")
        owner = "" if not subject else _subject_label(subject, lang) + "/"
        raw = groups.get("v", "") or groups.get("v2", "")
        form_hint = ""
        value = cue.value or (_value(raw, lang) if raw else "")
        if raw and not value:
            continue
        if attr.pref:
            ceased = bool(lex.markers[lang]["cessation"].search(text.casefold()))
            return _pref_hits(attr, cue, groups, value, polarity, lang, who, owner, ceased)
        obj = ""
        if attr.key_group == "species":
            obj = lex.canon(groups.get("obj", ""), lang) or Lexicon._fold(groups.get("obj", ""), lang)
        elif attr.key_group == "rel":
            obj = Lexicon._fold(groups.get("obj", ""), lang)
        elif attr.keyed:
            named = _value(groups.get("obj", ""), lang) if attr.kind == Kind.TODO else ""
            if not (value or named):
                continue
            obj = canon_object(named or value, lang)
        aliases: tuple[str, ...] = ()
        if attr.values and value:
            canonical = lex.canon(value, lang)
            if canonical:
                aliases = (canonical, *lex.names.get(canonical, ()))
                form_hint = canonical
                value = lex.shown[lang].get(canonical, canonical)
        render_groups = {"v": value, "obj": groups.get("obj", ""), "d": _value(groups.get("d", ""), lang),
                         "when": groups.get("when", "").strip(), "job": _value(groups.get("job", ""), lang)}
        if cue.detail:
            form = ""
        elif polarity < 0:
            form = "neg_novalue" if not value else "neg"
        elif not value:
            form = "novalue"
        else:
            form = cue.mode or (form_hint if f"{lang}_{form_hint}" in attr.render else "")
        description, claim = _render(attr, form, lang, who, **render_groups)
        detail = ""
        if cue.detail:
            detail = render_groups["d"]
            description, claim = _render(attr, "novalue" if not value else "", lang, who, **render_groups)
            description = f"{description}，{detail}" if lang == "zh" else f"{description}, {detail}"
            claim = f"{claim}，{detail}" if lang == "zh" else f"{claim}, {detail}"
        key = f"fact:{owner}{attr.id}" + (f":{obj}" if obj else "")
        if attr.kind == Kind.TODO:
            key = f"todo:{owner}{obj or attr.id}"
        return SlotHit(attr, subject, value, obj, polarity, key, claim, detail, aliases=aliases)
    return None


def _pref_hits(attr: Attribute, cue: Cue, groups: dict[str, str], value: str, polarity: int, lang: str,
               who: str, owner: str, ceased: bool) -> list[SlotHit] | None:
    """Likes and dislikes of known objects (drinks, foods): one hit per object, a switch gives two."""
    lex = lexicon()
    named = lex.name_in(value, lang) if value else None
    if named is None or lex.category.get(named[0]) != attr.objects:
        return None
    parent, word = named
    oid = parent if lex.surface["zh" if _CJK.search(word) else "en"].get(word) == parent else word
    shown = value if len(value) <= 30 else word
    hits: list[SlotHit] = []
    ends: tuple[str, ...] = ()
    old_shown = ""
    if cue.switch:
        old_raw = groups.get("old", "")
        old_named = lex.name_in(_value(old_raw, lang), lang) if old_raw else None
        if old_named and old_named[0] != parent:
            old_shown = _value(old_raw, lang)
            ends = tuple(f"pref:{owner}{o}" for o in (old_named[0], old_named[1], *lex.kinds.get(old_named[0], ())))
        elif not old_raw:
            ends = tuple(f"pref:{owner}{k}" for o in lex.by_category.get(attr.objects, ()) if o != parent
                         for k in (o, *lex.kinds.get(o, ())))
    elif polarity < 0 and oid == parent:  # giving coffee up ends the lattes too
        ends = tuple(f"pref:{owner}{k}" for k in lex.kinds.get(parent, ()))
    form = ("switch_from" if old_shown else "switch") if cue.switch \
        else ("" if polarity > 0 else "neg" if ceased or cue.pol < 0 else "neg_plain")
    _, claim = _render(attr, form, lang, who, v=shown, old=old_shown)
    hits.append(SlotHit(attr, "", shown, oid, polarity, f"pref:{owner}{oid}", claim, ends=ends, switch=cue.switch))
    return hits


def describe(hit: SlotHit, lang: str, user: str) -> str:
    """Return the full description of ``hit`` for a subject named ``user`` ("User", "用户", "Caroline")."""
    who = user if not hit.subject else (f"{user}的{hit.subject}" if lang == "zh" else f"{user}'s {hit.subject}")
    if not hit.claim:
        return who
    if lang == "zh":
        return who + hit.claim
    return f"{who}{hit.claim}" if hit.claim.startswith("'s") else f"{who} {hit.claim}"


_SINGLE_RULE_SLOTS = frozenset({"name", "birthday", "from"})


def single_valued_key(key: str | None) -> bool:
    """True when ``key`` names a slot that holds one value at a time (``fact:lives_in``, ``fact:pet:dog``).

    Value-keyed slots (``fact:allergy:peanuts``, ``pref:coffee``) hold one
    item per object and are never single-valued here; favourites
    (``pref:favourite:band``) are.
    """
    if not key:
        return False
    kind, _, rest = key.partition(":")
    rest = rest.split("@", 1)[0]
    if kind == "pref":
        return rest.startswith("favourite:")
    if kind != "fact":
        return False
    attr_id, _, _obj = rest.rpartition("/")[2].partition(":")
    if attr_id in _SINGLE_RULE_SLOTS:
        return True
    attr = next((a for a in lexicon().attributes if a.id == attr_id), None)
    return attr is not None and (attr.single or attr.key_group in ("species", "objects"))


def slot_conflicts(items: Iterable[Any]) -> list[str]:
    """Return one line per single-valued slot with more than one active item (for ``gulfstream check``).

    Args:
        items: one user's items (``MemoryItem``-like: ``key``, ``status``, ``description``, ``id``).

    Returns:
        Lines like ``fact:works_at has 2 active values: "User works at A" (id1) | "User works at B" (id2)``.
    """
    by_key: dict[str, list[Any]] = {}
    for item in items:
        if str(item.status) == "active" and single_valued_key(item.key):
            by_key.setdefault(str(item.key), []).append(item)
    return [f"{key} has {len(group)} active values: "
            + " | ".join(f'"{i.description}" ({i.id})' for i in group)
            for key, group in sorted(by_key.items()) if len(group) > 1]
