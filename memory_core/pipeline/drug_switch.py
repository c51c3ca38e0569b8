"""A drug switched to while the one it replaces is named in another clause of the turn (issue 13).

"二甲双胍胃实在受不了，医生给我换成西格列汀了", "metformin wrecked my stomach so the doctor switched me to
sitagliptin": the new drug is read by the medication cues of its own clause (``data/slots.yaml``), but the old
one is named in a clause of its own, a complaint with no cue, so nothing ends it and both stay active. A drug taken
up by a switch word (换成, 改吃, 改用, "switched me to", "put me on … instead") ends the other drugs the same turn
names before it; a turn that says in a clause of its own that the medicine was changed ("降压药换了，现在吃缬沙坦",
"my meds got changed, now on losartan") makes the drug it names the switch: the other drug it names ends, else
the user's drug of the same use (``drug_group``). A drug is recognised by its name's ending, the class of medicines
it belongs to: the ``DRUGNAME`` word class of the slot lexicon in Chinese (双胍, 他汀, 列汀 …), the English
endings below (-formin, -gliptin, -statin …).
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import canon_object, lexicon
from memory_core.pipeline.slots import SlotHit
from memory_core.pipeline.types import Candidate

__all__ = ["MEDICATION", "changed_elsewhere", "drug_switched", "is_drug", "named_before", "named_beside",
           "names_other_drug"]

#: The key prefix of the user's medications (``data/slots.yaml``, attribute ``medication``).
MEDICATION = "fact:medication:"

# a switch of drug said in the clause that names the new one
_SWITCH = {
    "zh": re.compile(r"换成|改成|换为|改为|改吃|改用|改服|改打|换用|换了"),
    "en": re.compile(r"\b(?:switch(?:ed|ing)?|chang(?:ed|ing)|mov(?:ed|ing)|swapp?(?:ed|ing)?)\b"
                     r"[^.!?]{0,30}?\b(?:to|onto)\b|\binstead\b|\breplaced\b", re.IGNORECASE),
}
# an English drug by its name or its class's ending (metformin, sitagliptin, atorvastatin, sertraline …)
_EN_DRUG = re.compile(r"\b(?:insulin|metformin|ibuprofen|aspirin|paracetamol|[a-z]{3,}(?:formin|gliptin|gliflozin|"
                      r"glutide|statin|pril|sartan|olol|dipine|cillin|mycin|floxacin|prazole|oxetine|pram|traline|profen))\b",
                      re.IGNORECASE)


# a drug said by its kind, not its name ("blood pressure meds", "the pills", 降压药): a name said later is its detail
_GENERIC = re.compile(r"\b(?:meds|medications?|medicines?|pills?|tablets?|drugs?|prescriptions?|inhalers?)\b")


@functools.lru_cache(maxsize=1)
def _en_drug() -> re.Pattern[str]:
    """An English drug: by its class's ending (``_EN_DRUG``) or a name of the ``MED`` word class ("Jardiance")."""
    return re.compile(rf"{_EN_DRUG.pattern}|\b{lexicon().expand('%MED%', 'en')}", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _zh_drug() -> re.Pattern[str]:
    """A Chinese drug name: up to six Han characters ending as a class of medicines does (``DRUGNAME``); a word
    of saying or of time before it is no part of it ("医生说二甲双胍…", "查完二甲双胍…": 二甲双胍)."""
    ending = lexicon().classes["zh"]["DRUGNAME"]
    not_in_name = "我你他她在吃把给让用换改停的了和跟说讲完是都也就还又"
    return re.compile(rf"(?:(?![{not_in_name}])[\u4e00-\u9fff]){{1,6}}?(?:{ending})")


def is_drug(value: str, lang: str) -> bool:
    """True when ``value`` as a whole is a drug's name ("metformin", "Jardiance", "恩格列净"), by its name or its
    class's ending; a bare 药 or 片 is no name."""
    value = value.strip()
    if not value or value in ("药", "片"):
        return False
    return (_en_drug() if lang == "en" else _zh_drug()).fullmatch(value) is not None


def named_before(text: str, value: str, clause: str, lang: str) -> tuple[str, ...]:
    """The key objects of the drugs ``text`` names before ``value`` when ``clause`` switches to ``value``.

    Args:
        text: the whole turn, as said.
        value: the drug taken up, as read from ``clause`` ("西格列汀", "sitagliptin").
        clause: the clause that names it.
        lang: the clause's language, "en" or "zh".

    Returns:
        The canonical objects (``canon_object``: "metformin" for 二甲双胍) of the other drugs named earlier in
        the turn, in order, each once; () when the clause says no switch or nothing is named before it.
    """
    at = text.find(value)
    if not value or at <= 0 or not _SWITCH[lang].search(clause):
        return ()
    before = text[:at]
    found = [m.group(0) for m in (_en_drug() if lang == "en" else _zh_drug()).finditer(before)]
    own = canon_object(value, lang)
    out: list[str] = []
    for name in found:
        obj = canon_object(name, lang)
        if obj != own and obj not in out and name != "药" and not name.endswith(("药", "片")):
            out.append(obj)
    return tuple(out)


def drug_switched(cands: list[Candidate], hits: list[SlotHit], text: str, clause: str, lang: str,
                  qualifier: str) -> None:
    """Let the user's drug switched to end the drugs the turn names before it, in place (``named_before``).

    Args:
        cands: the candidates made from ``hits`` (one per hit, keyed ``hit.key + qualifier``).
        hits: the slot hits of ``clause``; a medication of the user's own, positive, whose cue names no old drug
            (``SlotHit.ends`` empty), is the one looked at; another person's drug is left as read.
        text: the whole turn, as said.
        clause: the clause read.
        lang: the clause's language, "en" or "zh".
        qualifier: the key suffix of the turn's items (a named speaker's), appended to the ended keys.
    """
    for hit in hits:
        if hit.attr.id != "medication" or hit.subject or hit.polarity <= 0 or hit.ends:
            continue
        olds = named_before(text, hit.value, clause, lang)
        changed = not olds and not hit.switch and changed_elsewhere(text, clause, lang)
        if changed:  # "降压药换了，现在吃缬沙坦，氨氯地平吃了脚肿": the drug the turn names beside it is the old one
            olds = named_beside(text, hit.value, lang)
        for cand in cands:
            if cand.key != hit.key + qualifier:
                continue
            if changed:
                cand.switch_of = MEDICATION  # none named: the user's drug of the same use ends (drug_group)
            if olds:
                cand.ends = (*cand.ends, *(f"{MEDICATION}{hit.attr.key_object(o)}{qualifier}" for o in olds))


def changed_elsewhere(text: str, clause: str, lang: str) -> bool:
    """True when another clause of ``text`` says the user's medicine was changed (``drug_changed`` of the slot
    lexicon's markers: 药换了, 换药了, "my meds got changed") and ``clause`` names the drug taken now."""
    cue = lexicon().markers[lang].get("drug_changed")
    return cue is not None and cue.search(text.casefold()) is not None and not cue.search(clause.casefold())


def named_beside(text: str, value: str, lang: str) -> tuple[str, ...]:
    """The key objects of the drugs ``text`` names other than ``value``, before or after it, each once."""
    own = canon_object(value, lang)
    out: list[str] = []
    for m in (_en_drug() if lang == "en" else _zh_drug()).finditer(text):
        name = m.group(0)
        obj = canon_object(name, lang)
        if obj != own and obj not in out and own not in name and not name.endswith(("药", "片")):
            out.append(obj)
    return tuple(out)


def names_other_drug(text: str, key: str) -> bool:
    """True when ``key`` is one of the user's medications and ``text`` names a drug other than its own.

    A statement of another drug is no detail of this one: "Dr Hughes added Jardiance 10mg on top of the metformin"
    says nothing new of the metformin item (the Jardiance is an item of its own), so its words are never spliced
    onto it. Drugs are found by name or by their class's ending (``_en_drug``, ``_zh_drug``); a bare 药 or 片
    names no drug, and an item of a drug said by its kind (降压药, "blood pressure meds") takes its name as a detail.

    Args:
        text: the statement, as said or in the third person.
        key: the item's key (``fact:medication:<drug>``, maybe with a speaker's ``@`` suffix).
    """
    if not key.startswith(MEDICATION):
        return False
    own = key[len(MEDICATION):].split("@")[0].casefold()
    if own.endswith(("药", "片")) or _GENERIC.search(own):  # "降压药是氨氯地平": the name of the kind said before
        return False
    for lang, finder in (("en", _en_drug()), ("zh", _zh_drug())):
        for m in finder.finditer(text):
            name = m.group(0)
            if name == "药" or name.endswith(("药", "片")):
                continue
            obj = canon_object(name, lang).casefold()
            if obj != own and own not in name.casefold() and name.casefold() not in own:
                return True
    return False
