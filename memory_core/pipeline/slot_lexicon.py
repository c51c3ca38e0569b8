"""The slot lexicon, compiled: attributes, cues, word classes, canonical objects and key helpers.

The lexicon itself is data (``memory_core/data/slots.yaml``; its header says
what an entry holds). This module compiles it once per process
(``lexicon()``) and answers questions about keys that need no clause:
``canon_object`` (the key form of an object, "咖啡" -> "coffee"),
``slot_terms`` (the words a question about a slot uses, indexed by recall; from
``slot_questions``, which reads them without compiling the lexicon),
``single_valued_key`` and ``slot_conflicts`` (for ``gulfstream check``).
Reading a clause with it is ``memory_core.pipeline.slots``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from memory_core.model import Kind
from memory_core.pipeline.slot_questions import slot_terms
from memory_core.shipped_yaml import parse
from memory_core.text.script import has_han, lang_of

__all__ = ["Attribute", "Cue", "Lexicon", "across_class", "canon_object", "lexicon", "single_valued_key",
           "slot_conflicts", "slot_terms"]

_LANGS = ("en", "zh")
_MACRO = re.compile(r"%([A-Z]+)%")
_NON_WORD = re.compile(r"[\W_]+")
# the first letter and the rest of a name written in Latin letters, accented ones included (Latin-1: À-Þ, ß-ÿ)
_NAME_HEAD = "[A-Z\u00c0-\u00d6\u00d8-\u00de]"
_NAME_TAIL = "[a-z\u00df-\u00f6\u00f8-\u00ff]"
_EN_ARTICLE = re.compile(r"^(?:the|a|an|some|any|my|our|more|lots\s+of|a\s+lot\s+of)\s+", re.IGNORECASE)
#: Latin-script words inside a Chinese text ("一杯 latte"): an English name of a known object, said in Chinese.
_LATIN_WORDS = re.compile(r"[a-z][a-z'-]*")
_ZH_LEAD = re.compile(r"^(?:吃|喝|抽|玩|听|看|一杯|一点|点)(?=.)")
_ZH_TRAIL = re.compile(r"(?:了|的|啦|吧|呢|啊|呀|哦|嘛)+$")
#: Attributes whose change a temporary state (a trip, a hotel) must never make.
PLACE_ATTRS = frozenset({"lives_in", "works_at", "school"})
#: Temporary states last this long when the turn names no end (days).
TEMPORARY_DAYS = 7


def across_class(own: str, other: str, lang: str) -> str:
    """A word class of ``lang`` that also takes the names of the other language's class (slots.yaml's
    ``classes_across``): "I'm learning 粤语" and "养了只 golden retriever" name a language and a breed as the
    other script writes them. An English name read inside Chinese must stand as a whole word ("cat" is no
    species inside "category"), and takes the spaces that set it off from the Chinese around it.

    Args:
        own: the class of ``lang``, as regex alternatives.
        other: the other language's class, its own classes written out ("" when it has none).
        lang: "en" or "zh", the language of the pattern the class is written into.

    Returns:
        One regex group; ``own`` itself when ``other`` is empty.
    """
    if not other:
        return own
    if lang == "zh":
        other = f"[ \\t]*(?<![A-Za-z])(?:{other})(?![A-Za-z])[ \\t]*"  # spaced from the Chinese around it
    return f"(?:{own}|{other})"


@functools.cache
def _compiled(source: str) -> re.Pattern[str]:
    return re.compile(source, re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Cue:
    """One pattern of an attribute (word classes expanded) and what a match means.

    The pattern is compiled on first use (``regex``): a workload in one
    language never pays for the other language's cues, nor for attributes
    whose needles never match. ``Lexicon.check`` compiles them all.
    ``of_other``: the cue is read only on a clause about another person (slots.yaml's ``of_other``).
    """

    source: str
    pol: int = 1
    value: str = ""
    detail: bool = False
    switch: bool = False
    mode: str = ""
    context: str = ""
    if_known: bool = False
    value_class: str = ""
    as_said: bool = False
    if_unknown: bool = False
    of_other: bool = False

    @property
    def regex(self) -> re.Pattern[str]:
        """The compiled pattern (case-insensitive; cached per process)."""
        return _compiled(self.source)

    @property
    def context_regex(self) -> re.Pattern[str] | None:
        """The pattern the whole clause must also match (``context``), or None."""
        return _compiled(self.context) if self.context else None


@dataclass(frozen=True, slots=True)
class Attribute:
    """One attribute of the lexicon (see ``slots.yaml``).

    ``needles``: per language, the case-folded substrings a clause must hold one of before the cues are tried
    (a language without needles: always tried); ``slot_needles.needled`` finds them all in one pass.
    ``key_objects``: an object's key form (``canon_object``) -> the object it is keyed as for this attribute
    (an intolerance of milk or cheese is one of dairy: ``fact:intolerance:dairy``); ``key_object`` reads it.
    """

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
    needles: dict[str, tuple[str, ...]] = field(default_factory=dict)
    ask: str = ""
    covers: frozenset[str] = frozenset()
    switches: bool = False
    key_objects: Mapping[str, str] = field(default_factory=dict)

    def key_object(self, obj: str) -> str:
        """The object ``obj`` (a key form) is keyed as for this attribute: ``key_objects``, else ``obj``."""
        if obj in self.key_objects:
            return self.key_objects[obj]
        # a maker keyed as its thing, then its model ("华为mate", "小米14", "oppo find x7"): that thing. A model has a
        # digit, or Latin letters after a Chinese maker; "milk tea" or "butter chicken" is no model of milk or butter
        maker = next((word for word in self.key_objects if obj.startswith(word) and _MODEL.fullmatch(obj[len(word):])
                      and (any(ch.isdigit() for ch in obj[len(word):]) or not word.isascii())), "")
        return self.key_objects[maker] if maker else obj


# what may follow a maker to name one of its models: Latin letters, digits, spaces and + or -
_MODEL = re.compile(r"[\sa-z0-9+-]*[a-z0-9][\sa-z0-9+-]*")


class Lexicon:
    """The compiled lexicon. Build with ``lexicon()`` (cached per process).

    Raises:
        ValueError: a malformed lexicon file (a bad regex or an unknown macro).
    """

    def __init__(self, data: dict[str, Any]) -> None:
        self.classes: dict[str, dict[str, str]] = data["classes"]
        self.across = frozenset(str(name) for name in data.get("classes_across") or ())
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
                lang = lang_of(str(word))
                self.kind_of[lang][self._fold(str(word), lang)] = oid
            self.kinds[oid] = tuple(self._fold(str(w), lang_of(str(w)))
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
        self.many = frozenset(str(r) for r in data.get("others_many") or ())  # relations one has several of
        self.partners = frozenset(str(r) for r in data.get("partner_relations") or ())  # the partner's own words
        gender = data.get("relation_gender") or {}
        self.gender = {str(r).casefold(): g for g in ("male", "female") for r in gender.get(g) or ()}
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
        text = self.expand(pattern, lang)
        try:
            return re.compile(text, re.IGNORECASE if fold else 0)
        except re.error as exc:
            raise ValueError(f"bad pattern {pattern!r} ({lang}): {exc}") from exc

    def check(self) -> int:
        """Compile every cue now; return how many.

        Raises:
            ValueError: a cue that is not a valid regex.
        """
        count = 0
        for attr in self.attributes:
            for lang, cues in attr.cues.items():
                for cue in cues:
                    try:
                        _compiled(cue.source)
                        if cue.context:
                            _compiled(cue.context)
                    except re.error as exc:
                        raise ValueError(f"bad pattern in {attr.id} ({lang}): {exc}") from exc
                    count += 1
        return count

    def expand(self, pattern: str, lang: str) -> str:
        """``pattern`` with the ``%NAME%`` word classes of ``lang`` written out and ``[A-Z]`` kept case-sensitive
        (a name, ``[A-Z][a-z]+``, also in accented Latin letters).

        Raises:
            ValueError: an unknown word class.
        """
        def expand(m: re.Match[str]) -> str:
            name = m.group(1)
            if name not in self.classes[lang]:
                raise ValueError(f"unknown word class %{name}% in {pattern!r} ({lang})")
            if name in self.across:
                return across_class(self.classes[lang][name], self._other_names(name, lang), lang)
            return self.classes[lang][name]

        text = pattern
        for _ in range(3):  # classes may use classes
            text = _MACRO.sub(expand, text)
        # a capitalised name reads the accented Latin letters names carry too ("Siobhán", "Zoë", "Émile")
        text = text.replace("[A-Z][a-z]+", f"(?-i:{_NAME_HEAD}){_NAME_TAIL}+")
        for cap in ("[A-Z0-9&]", "[A-Z0-9]", "[A-Z]"):
            text = text.replace(cap, f"(?-i:{cap})")
        return text

    def _other_names(self, name: str, lang: str) -> str:
        """The word class ``name`` of the language other than ``lang``, its own classes written out."""
        other = "zh" if lang == "en" else "en"
        return self.expand(self.classes[other].get(name, ""), other) if self.classes[other].get(name) else ""

    def _attribute(self, spec: dict[str, Any]) -> Attribute:
        cues: dict[str, tuple[Cue, ...]] = {}
        for lang in _LANGS:
            out = []
            for entry in spec.get(lang) or ():
                if isinstance(entry, str):
                    entry = {"re": entry}
                mode = "learning" if entry.get("learning") else "goal" if entry.get("goal") else \
                    str(entry.get("form", ""))
                out.append(Cue(self.expand(entry["re"], lang), int(entry.get("pol", 1)), str(entry.get("value", "")),
                               bool(entry.get("detail")), bool(entry.get("switch")), mode,
                               self.expand(str(entry["context"]), lang) if entry.get("context") else "",
                               bool(entry.get("if_known")), str(entry.get("value_class", "")),
                               bool(entry.get("as_said")), bool(entry.get("if_unknown")),
                               bool(entry.get("of_other"))))
            cues[lang] = tuple(out)
        kind = {"preference": Kind.PREFERENCE, "todo": Kind.TODO}.get(spec.get("kind", ""), Kind.FACT)
        if spec.get("pref"):
            kind = Kind.PREFERENCE
        needles = {lang: tuple(str(n).casefold() for n in (spec.get("needles") or {}).get(lang, ()))
                   for lang in _LANGS}
        for lang in _LANGS:  # a cue taking the other script's names ("learning 粤语") is tried on that side's needles
            other = "zh" if lang == "en" else "en"
            if needles[lang] and any(f"%{name}%" in str(e if isinstance(e, str) else e.get("re", ""))
                                     for e in spec.get(lang) or () for name in self.across):
                needles[lang] = tuple(dict.fromkeys((*needles[lang], *needles[other])))
        if spec.get("pref"):  # a like of a drink or food names one: its names are the needles (in either language,
            category = str(spec.get("objects", ""))  # "一次 pizza", "I quit 咖啡"; its kinds' names cost a check)
            for lang in _LANGS:
                sides = (lang, "en") if lang == "zh" else (lang, "zh")
                needles[lang] = tuple(dict.fromkeys((*needles[lang], *(  # and a switch's own verb ("改喝")
                    w for side in sides for w, oid in self.surface[side].items() if self.category[oid] == category))))
        return Attribute(spec["id"], bool(spec.get("single")), spec.get("theme", ""), kind,
                         float(spec.get("importance", 0.65)), dict(spec.get("render") or {}),
                         bool(spec.get("keyed")), str(spec.get("key_group", "")), str(spec.get("objects", "")),
                         bool(spec.get("pref")), bool(spec.get("values")), cues,
                         {lang: words for lang, words in needles.items() if words},
                         " ".join(str(w) for w in (spec.get("ask") or {}).values()),
                         frozenset(str(t) for t in spec.get("covers") or ()), bool(spec.get("switches")),
                         {self._fold(str(word), lang_of(str(word))): str(oid)
                          for oid, words in (spec.get("key_objects") or {}).items() for word in words})

    def name_in(self, text: str, lang: str) -> tuple[str, str] | None:
        """Return (object id, the kind or name found) for a short text naming a known drink or food.

        "a flat white from downstairs" -> ("coffee", "flat white"); "green tea" -> ("tea", "green tea");
        "coffee" -> ("coffee", "coffee"). None when nothing known is named.
        """
        folded = self._fold(text, lang_of(text))
        side = lang_of(text)
        table = {**self.surface[side], **self.kind_of[side]}
        if folded in table:
            return table[folded], folded
        if side == "zh":
            run = folded.replace(" ", "")
            best = _longest_in(run, table, 6) if len(run) <= 12 else ""
            if best and (len(best) > 1 or len(run) <= 2):
                return table[best], best
            latin = " ".join(_LATIN_WORDS.findall(folded))  # "一杯 latte": an English name said in Chinese
            return self.name_in(latin, "en") if latin else None
        for phrase in self._en_phrases(text):
            if phrase in table:
                return table[phrase], phrase
        return None

    def exact(self, text: str, lang: str) -> str | None:
        """The canonical object id ``text`` names exactly (folded; no article, leading 吃/喝 or trailing 了/的),
        in ``lang`` first and then the other language; None when no name is it."""
        for side in (lang, "en" if lang == "zh" else "zh"):
            folded = self._fold(_EN_ARTICLE.sub("", text.strip()) if side == "en" else text, side)
            if side == "zh":
                folded = _ZH_TRAIL.sub("", _ZH_LEAD.sub("", folded)) or folded
            hit = self.surface[side].get(folded)
            if hit:
                return hit
        return None

    def canon(self, text: str, lang: str) -> str | None:
        """Return the canonical object id of ``text`` ("Coffee", "拿铁" -> "coffee"), or None when unknown.

        A short text holding one known name ("iced coffee every morning",
        "冰美式") maps to it too; the longest known name wins.
        """
        hit = self.exact(text, lang)
        if hit:
            return hit
        if lang == "zh" or has_han(text):
            run = self._fold(text, "zh")
            if len(run) <= 10:
                best = _longest_in(run, self.surface["zh"], self._max_zh)
                if best and (len(best) > 1 or len(run) <= 2):
                    return self.surface["zh"][best]
            return None
        for phrase in self._en_phrases(text):
            oid = self.surface["en"].get(phrase)
            if oid:
                return oid
        return None

    def _en_phrases(self, text: str) -> Iterator[str]:
        """The phrases of 3, 2 and 1 words of an English ``text`` (folded, no article), longest first, in text order.

        Nothing for an empty text or one of more than 8 words: a name is looked for in short texts only.
        """
        words = self._fold(_EN_ARTICLE.sub("", text.strip()), "en").split()
        if 0 < len(words) <= 8:
            for n in (3, 2, 1):
                for i in range(len(words) - n + 1):
                    yield " ".join(words[i:i + n])


def _longest_in(run: str, table: Mapping[str, str], most: int) -> str:
    """The longest piece of ``run`` (up to ``most`` characters) that is a key of ``table``; "" when none is.

    Of two pieces of one length the one that starts first wins; with 美式 and 冰美式 known, "冰美式" gives "冰美式".
    """
    best = ""
    for i in range(len(run)):
        for n in range(min(most, len(run) - i), 0, -1):
            if run[i:i + n] in table and n > len(best):
                best = run[i:i + n]
                break
    return best


@functools.lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """Return the compiled lexicon of ``memory_core/data/slots.yaml`` (loaded once per process)."""
    raw = resources.files("memory_core").joinpath("data/slots.yaml").read_text(encoding="utf-8")
    return Lexicon(parse(raw))


def canon_object(text: str, lang: str) -> str:
    """Return the key form of an object: its canonical id when the lexicon names it exactly, else folded text.

    Only exact names and synonyms share a key ("coffee", "咖啡", "吃辣" / "spicy
    food"); a kind keeps its own ("green tea" and "black tea" are two likes).
    """
    oid = lexicon().exact(text, lang)
    if oid:
        return oid
    folded = Lexicon._fold(text, lang)
    return _ZH_TRAIL.sub("", _ZH_LEAD.sub("", folded)) or folded if lang == "zh" else folded


_SINGLE_RULE_SLOTS = frozenset({"name", "called", "birthday", "anniversary", "from"})


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

    A value said in the user's own words (``gist:<attribute>``, ``pipeline.own_words``) counts as one of
    the slot ``fact:<attribute>``. A statement that a value the slot does not hold ended ("User no longer works
    at Starbucks" beside "User works at Google", ``pipeline.ended_other``) is no value of it.

    Returns:
        Lines like ``fact:works_at has 2 active values: "User works at A" (id1) | "User works at B" (id2)``.
    """
    by_key: dict[str, list[Any]] = {}
    for item in items:
        key = str(item.key or "")
        if key.startswith("gist:") and ":" not in key[5:].split("@")[0] and "/" not in key:
            key = "fact:" + key[5:]  # "I'm in Bergen now" (``gist:lives_in``) is a value of ``fact:lives_in``
        if str(item.status) == "active" and single_valued_key(key):
            by_key.setdefault(key, []).append(item)
    from memory_core.pipeline.ended_other import ended_elsewhere

    lines = []
    for key, group in sorted(by_key.items()):
        attr_id = key.partition(":")[2].split("@", 1)[0].rpartition("/")[2].partition(":")[0]
        held = [i for i in group if not ended_elsewhere(i, group, attr_id)]  # "no longer works at X": no value
        if len(held) > 1:
            lines.append(f"{key} has {len(held)} active values: "
                         + " | ".join(f'"{i.description}" ({i.id})' for i in held))
    return lines
