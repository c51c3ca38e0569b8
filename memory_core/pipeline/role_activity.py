"""A role said by an activity only its holder does: "从张江的米哈游下班出来", "my shift at St Mary's" (issue 13).

People seldom say "I work at miHoYo"; they say they left miHoYo at ten, that their shift at St Mary's ran late,
that the commute to the Meituan headquarters is long, that their second semester at Purdue is hard. Leaving work
at a place, a shift there, commuting there to work presuppose working there; a semester, a dorm or a transfer to a
school presuppose studying there. ``role_activity`` reads such an activity and gives back the direct statement it
stands for ("我在米哈游工作", "I study at the University of Michigan") with the slot attributes that statement may
fill, for the slot engine to read as if the user had said it (README "Memory items": an indirect statement counts by
what goes with the value).

The kinds of activity and their words are data (``data/role_activities.yaml``: a kind's direct statement, its
attributes, its words in each language). The caller reads only a clause of the user's own that states something:
another person's activity ("我老公从米哈游下班"), a question, a plan or a supposition is left out by the clause
reader before this is asked (``slots.read_clause``: ``subject``, ``skip``), and this module leaves out an activity
said with another person's possessive ("her shift at St Mary's") or one that ends ("my last shift at Crumb").
Paying rent or a mortgage somewhere says one lives there the same way ("my rent in Brooklyn went up again").
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from memory_core.pipeline.slots import SlotHit, read_clause
from memory_core.pipeline.value_class import is_generic_place
from memory_core.shipped_yaml import load_shipped

__all__ = ["Implied", "role_activity", "role_hits"]


@dataclass(frozen=True)
class Implied:
    """The direct statement an activity stands for: ``said`` ("我在米哈游工作"), the ``attrs`` it may fill, the
    ``kind`` of activity ("work", "study") and the place as said (``value``)."""

    said: str
    attrs: tuple[str, ...]
    kind: str
    value: str


@dataclass(frozen=True)
class _Kind:
    name: str
    said: dict[str, str]
    attrs: tuple[str, ...]
    patterns: tuple[tuple[str, re.Pattern[str]], ...]  # (language, pattern with a group ``v``)


# A name in English: capitalised words, "of"/"&" inside ("the University of Michigan", "Crumb & Co.")
_EN_NAME = r"(?P<v>(?:the\s+)?[A-Z][\w&.'-]*(?:\s+(?:(?:of|and|&)\s+)?[A-Z][\w&.'-]*)*)"
# A name in Chinese: what comes between the preposition and the activity, with no person, pronoun or stop in it
_ZH_NAME = r"(?P<v>[^，,。！!？?；;：:\s我你他她它们了着过]{2,16}?)"
_ZH_AT = r"(?<![现正实存所自])在"  # 在 "at", not the 在 of 现在 "now" or 正在
_ZH_MODALS = r"(?:都|要|得|就|还|也|必须|需要|天天|每天|一般|通常)*"  # "返工都要去…": how often, how needed
_ZH_ADVERBS = r"(?:那边|这边|里面|里|刚刚|刚|才|又|还|也|都|一直|天天|每天)*"
# what ends a Chinese name said before the activity ("去望京的美团总部，搞…", "到复旦上课")
_ZH_NAME_END = r"(?=$|[，,。！!？?；;\s]|[搞做写干忙开上加赶坐])"
# a time said where a place would be: "在月底前交", "在下班后", "在九点"
_ZH_WHEN = re.compile(r"(?:之?前|之?后|以[前后内]|内|时候?|底|初|点|号)$")
_ZH_OF = re.compile(r"^.*(?:的|嘅|之)")  # "张江的米哈游": the place of work is what follows the last 的
# a part of an organisation's grounds, said after its name ("美团总部", "华为坂田基地" keeps 坂田)
_ZH_GROUNDS = re.compile(r"(?:总部|园区|大楼|大厦|办公楼|办公室|分部|基地|校区|本部)$")
# the activity of someone else: "her …", "Sam's …" just before a verb of the data
_EN_NOT_OWN = re.compile(r"\b(?:his|her|their|your|its|[A-Za-z]+'s)\s+(?:[\w-]+\s+){0,2}$", re.IGNORECASE)
# an activity that ends or has ended: "my last shift at …", "my old dorm at …"
_EN_ENDED = r"(?!(?i:(?:very\s+)?(?:last|final|farewell|former|old|previous|ex)\b))"


def _words(items: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(items, key=len, reverse=True))


@functools.lru_cache(maxsize=1)
def _kinds() -> tuple[_Kind, ...]:
    shipped = load_shipped("data", "role_activities.yaml")
    judged = _words(shipped["judged"])
    out = []
    for name, kind in shipped["kinds"].items():
        pats: list[tuple[str, re.Pattern[str]]] = []
        en, zh = kind.get("en", {}), kind.get("zh", {})
        heads = kind.get("heads")
        if en.get("nouns"):
            preps = _words(kind.get("preps", ["at"]))
            nouns = _words(en["nouns"])
            pats.append(("en", re.compile(rf"\b(?i:my|our)\s+{_EN_ENDED}(?:[\w-]+\s+){{0,2}}?(?:{nouns})\s+"
                                          rf"(?:{preps})\s+{_EN_NAME}")))
        if en.get("verbs"):
            head = rf"(?=[^,.;!?]*\b(?:{_words(heads)})\b)" if heads else ""
            pats.append(("en", re.compile(rf"\b(?:{_words(en['verbs'])})\s+(?:at|to|from)\s+{head}{_EN_NAME}")))
        if zh.get("after"):
            after = _words(zh["after"])
            pats.append(("zh", re.compile(rf"(?:从|{_ZH_AT}|去|到|回)\s*{_ZH_NAME}\s*{_ZH_ADVERBS}(?>{after})"
                                          rf"(?!{judged})")))  # the whole word, then no judgement
        if zh.get("before"):
            pats.append(("zh", re.compile(rf"(?:{_words(zh['before'])}){_ZH_MODALS}(?:去|到)\s*{_ZH_NAME}"
                                          rf"{_ZH_NAME_END}")))
        out.append(_Kind(name, dict(kind["said"]), tuple(kind["attrs"]), tuple(pats)))
    return tuple(out)


def _place(value: str, lang: str) -> str:
    """The place of ``value`` as a direct statement names it: "张江的米哈游" -> "米哈游", "美团总部" -> "美团"."""
    value = value.strip()
    if lang == "zh":
        value = _ZH_OF.sub("", value)
        value = _ZH_GROUNDS.sub("", value) or value
    return value.strip()


def role_activity(clause: str, lang: str) -> list[Implied]:
    """The direct statements the activities of ``clause`` stand for, first said first; [] when none.

    Args:
        clause: one first-person clause of the user's, as the clause splitter yields it.
        lang: "en" or "zh" (the clause's language; a name in Latin script inside Chinese text is read too).

    Returns:
        ``[Implied("我在米哈游工作", ("works_at", "work_site"), "work", "米哈游")]`` for
        "从张江的米哈游下班出来已经十点了";
        ``[Implied("I study at the University of Michigan", ("school",), "study", "the University of Michigan")]``
        for "transferred to the University of Michigan this semester"; [] for "her shift at St Mary's ran late",
        "transferred to Boston", "在公司值班" (a generic place) or a clause with no activity of the data.
    """
    found: list[tuple[int, Implied]] = []
    for kind in _kinds():
        for pat_lang, pat in kind.patterns:
            if pat_lang != lang:
                continue
            for m in pat.finditer(clause):
                if lang == "en" and _EN_NOT_OWN.search(clause[:m.start()]):
                    continue
                place = _place(m.group("v"), lang)
                if len(place) < 2 or is_generic_place(place, lang) or (lang == "zh" and _ZH_WHEN.search(place)):
                    continue  # "在公司值班", "my shift at the hospital": no place of its own
                found.append((m.start(), Implied(kind.said[lang].format(v=place), kind.attrs, kind.name, place)))
    return [implied for _, implied in sorted(found, key=lambda f: f[0])]


def role_hits(clause: str, lang: str, subject_name: str, context: str = "") -> list[SlotHit]:
    """The slot hits of the direct statements ``clause``'s activities stand for (``role_activity``), read by the
    slot engine as the user's own; [] when none.

    Args:
        clause: one clause the slot engine read nothing in, of the user's own (no other subject, question, plan,
            supposition or trip: the caller checks ``slots.read_clause``'s reading first).
        lang: "en" or "zh".
        subject_name: how the user is named in descriptions ("User", "用户", a speaker's name).
        context: the whole turn, for cues that need it.

    Returns:
        The hits of each kind's attributes that name a place of its own ("我在米哈游工作" -> works_at 米哈游); a
        generic place ("在公司加班" -> "公司"), another person's or a negative hit is left out.
    """
    out: list[SlotHit] = []
    for implied in role_activity(clause, lang):
        reading = read_clause(implied.said, lang, subject_name, context=context)
        out.extend(hit for hit in reading.hits
                   if hit.attr.id in implied.attrs and not hit.subject and hit.polarity > 0
                   and not is_generic_place(hit.value, lang))
    return out
