"""The slot engine: one user clause -> (subject, attribute[, object], value, polarity) and a canonical key.

The attributes, their English and Chinese cues, the word classes the cues are written with, the canonical
objects ("coffee" = "咖啡") and the clause markers (reported speech, hypotheticals, questions, past, temporary
states, cessation) are data: ``memory_core/data/slots.yaml``, compiled once per process by
``memory_core.pipeline.slot_lexicon``. This module reads clauses with it.

``read_clause(clause, lang)`` returns a ``ClauseReading``:

- ``skip``: the clause asserts nothing about the present (a question, a
  hypothetical or plan, reported speech, the past): nothing may change;
- ``temporary``: a trip, a hotel, "this week", 出差 …: a location-like
  slot is not changed, the turn is an event with a validity window;
  ``stay`` says a place slot was said and held back ("住在酒店");
- ``hits``: one ``SlotHit`` per attribute the clause states, each with its
  key, polarity and the description to store.

Keys (see the lexicon's header): ``fact:<attr>`` (single-valued), ``fact:<attr>:<object>`` (multi-valued),
``pref:<object>`` (likes); another person's under ``fact:<person>/<attr>``, never touching the user's own.
"""

from __future__ import annotations

import re

from memory_core.model import Kind
from memory_core.pipeline.clause_hits import one_statement, title_once
from memory_core.pipeline.code_switch import is_activity
from memory_core.pipeline.diagnosed_young import diagnosed_young
from memory_core.pipeline.empty_value import empty_value
from memory_core.pipeline.habit_plain import plain_value
from memory_core.pipeline.held_once import HELD_ONCE_ATTRS, without_held_once
from memory_core.pipeline.job_event import job_event
from memory_core.pipeline.job_site import job_site
from memory_core.pipeline.job_title import titles_beside_employer
from memory_core.pipeline.latin_whole import whole_name, whole_word
from memory_core.pipeline.org_names import names_of, unasked
from memory_core.pipeline.pastime_group import is_pastime
from memory_core.pipeline.plain_negation import negation_form
from memory_core.pipeline.plan_kept import without_plans_held
from memory_core.pipeline.plans import PLAN_ATTRS, START_ATTRS, intended, is_plan, settled_start
from memory_core.pipeline.pointed_value import pointed_value
from memory_core.pipeline.rules import clean_object
from memory_core.pipeline.since_aside import before_since_aside
from memory_core.pipeline.slot_hit import ClauseReading, SlotHit, describe
from memory_core.pipeline.slot_hit import render_form as _render
from memory_core.pipeline.slot_lexicon import (
    PLACE_ATTRS,
    TEMPORARY_DAYS,
    Attribute,
    Cue,
    Lexicon,
    canon_object,
    lexicon,
    single_valued_key,
    slot_conflicts,
    slot_terms,
)
from memory_core.pipeline.slot_needles import needled
from memory_core.pipeline.stay_put import temporary_mark, without_stay_put
from memory_core.pipeline.value_class import is_generic_place, is_site, is_tool, of_class
from memory_core.pipeline.work_city import employer_after_city
from memory_core.text.relations import person_label
from memory_core.text.script import has_han, lang_of

#: A time adverbial after an English place or employer ("Lisbon in March", "Stripe since 2021", "Porto last
#: year"): when the value held, not part of it.
_EN_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
             r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|spring|summer|autumn|fall|winter)")
_EN_WHEN = (r"\s+(?:(?:back\s+|earlier\s+|later\s+)?(?:in|on|since|during|around|from|by)\s+(?:the\s+)?"
            r"(?:early\s+|late\s+|mid-?\s*)?(?:" + _EN_MONTH + r"|(?:19|20)\d\d)\b"
            r"|(?:last|this|next|earlier\s+this|late\s+last)\s+(?:year|month|week|" + _EN_MONTH + r")\b"
            r"|(?:a\s+few|a|an|one|two|three|four|five|six|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago\b"
            r"|a\s+while\s+(?:back|ago)\b|recently\b|yesterday\b)")
#: How long one has been somewhere, said after the place ("Portland almost 4 yrs now", "Denver 5 years"): no part of it.
_EN_HOW_LONG = (r"\s+(?:(?:almost|nearly|over|about|around|like|well\s+over|going\s+on)\s+)?(?:\d+|a|an|one|two|three|"
                r"four|five|six|seven|eight|nine|ten|a\s+few|several|many)\s+(?:yrs?|years?|months?|decades?)\b")
#: A value that is only a time ("May", "last spring", "Monday", "moved in last week") or a manner ("moved in
#: together"): no place or employer.
_WHEN_ALONE = re.compile(r"(?:(?:early|late|mid-?|last|this|next)\s*)?(?:" + _EN_MONTH
                         + r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:19|20)\d\d|week(?:end)?|month|year|night)"
                         r"|yesterday|today|tonight|recently|together", re.IGNORECASE)
#: Where an English place or employer ends: a purpose, companion, role, time or added word ("Lisbon instead").
_PLACE_END = re.compile(r"\s+(?:for|with|as|to|so|where|because|instead|again|too)\b|" + _EN_WHEN + "|" + _EN_HOW_LONG,
                        re.IGNORECASE)

#: Where chatter starts after a place or employer ("shanghai lol did i tell u already", "上海 还在适应"): an
#: interjection or a new clause's pronoun or verb in English; a space and a new Chinese clause in Chinese.
_CHATTER = {"en": re.compile(r"\s+(?:lol|lmao|rofl|haha\w*|hehe\w*|btw|tbh|imo|did|do|does|i|i'm|i've|you|u|we|they|"
                             r"he|she|it|it's|is|was|been|already|right|ok|okay|ya|yeah)\b|\s*[!?]", re.IGNORECASE),
            "zh": re.compile(r"\s+(?=[\u4e00-\u9fff])|了(?=[\u4e00-\u9fff])|以后|之后")}
#: A conjunction left at a value's end when the clause went on about something else ("Google and").
_TRAILING_AND = re.compile(r"\s+(?:and|but|or|so)$", re.IGNORECASE)

#: How long a Chinese place or employer has held, after it ("住在杭州三年了", "搬到成都三个月了").
_ZH_HOW_LONG = re.compile(r"(?:快|已经)?[一二两三四五六七八九十几半多\d]+(?:多|半)?个?"
                          r"(?:年|月|星期|礼拜|周|天)(?:多|半)?(?:了|啦)?$")

#: A model number run into a brand's name ("Mazda3", "iPhone16"): the brand is read without it.
_MODEL_NUMBER = re.compile(r"(?<=[A-Za-z])\d+\b")

#: A value written in Han script only (a city's Chinese name).
#: an interrogative word in a value's place: the clause asks (or retells a question), it names no value
_ASKED = re.compile(r"哪|什么|谁|\b(?:which|what|where|who|whom|whose)\b", re.IGNORECASE)
_HAN_NAME = re.compile(r"[\u3400-\u9fff]{2,12}")

#: A value written in Latin script (a name said the same way in either language).
_LATIN_NAME = re.compile(r"[A-Za-z][A-Za-z .'&-]*")

__all__ = ["PLACE_ATTRS", "TEMPORARY_DAYS", "Attribute", "ClauseReading", "Lexicon", "SlotHit", "canon_object",
           "describe", "lexicon", "read_clause", "single_valued_key", "slot_conflicts", "slot_terms"]

#: Attributes whose value is an organisation with names in both languages (``org_names``).
_ORG_ATTRS = frozenset({"works_at", "school"})

#: Attributes read on the clause as said, before another person's clause is turned into the first person.
_AS_SAID = frozenset({"partner", "family"})
#: Attributes whose value is an amount of money as said ("$1,200 a month", "750一小时"): kept whole, its thousands
#: separator and unit with it, where an object is cut at its first comma.
AMOUNT_ATTRS = frozenset({"rate", "rent", "salary", "budget"})


def _partner_word(subject: str) -> bool:
    """True when ``subject`` ("my girlfriend", "我男朋友") names the user's own partner (``partner_relations``)."""
    words = lexicon().partners
    return subject.casefold() in words or _subject_label(subject, "") in words


def _relatives_partner(attr: Attribute, clause: str, text: str, end: int, lang: str, subject: str, user: str,
                       context: str) -> list[SlotHit] | None:
    """The partner of the relative ``subject`` named in ``clause`` ("我女儿的男朋友叫阿伟", "my daughter's boyfriend is
    Jack"), keyed under the relative; None when no name is given (the relative's bond with no name stays in the
    user's words). ``text`` is the clause in the first person, ``end`` where the relative's words end in ``clause``."""
    said = f"my {clause[end:]}" if lang == "en" and _POSSESSIVE.search(clause[:end]) else text
    theirs = _match(attr, said, lang, subject, user, said.casefold(), context)
    named = [h for h in (theirs if isinstance(theirs, list) else [theirs] if theirs else []) if h.value]
    return named or None


def _subject_label(subject: str, lang: str) -> str:
    return person_label(subject)  # "my mom", "我妈", "my mother": one key


def _value(raw: str, lang: str) -> str:
    text, _ = clean_object(raw, lang)
    return text


def read_clause(clause: str, lang: str, subject_name: str = "", temporary: bool = False,
                context: str = "") -> ClauseReading:
    """Read one clause with the lexicon.

    Args:
        clause: one first-person clause (apostrophes straightened), as ``split_clauses`` yields.
        lang: "en" or "zh".
        subject_name: how the user is named in descriptions ("User", "用户", or a speaker's name).
        temporary: an earlier clause of the turn stated a temporary state ("这几天暂住在朋友家，住在北京").
        context: the whole turn; a cue with a ``context`` pattern needs it there ("换了份工作，现在去网易了").

    Returns:
        A ``ClauseReading``; ``hits`` is empty when no attribute matched.
    """
    lex = lexicon()
    marks = lex.markers[lang]
    clause = diagnosed_young(clause, lang, context)  # "diagnosed with epilepsy as a kid": the condition holds
    folded = clause.casefold()
    for name in ("reported", "hypothetical", "question", "past"):
        heard = unasked(folded) if name == "question" else folded  # "我现在跑饿了么": a name, not a question
        if marks[name].search(heard) and not (name == "reported" and marks["ordered"].search(folded)):
            if name == "past" and (head := before_since_aside(clause, lang)) \
                    and not marks["past"].search(head.casefold()):  # "I'm allergic to X, found out as a kid"
                return read_clause(head, lang, subject_name, temporary, context)
            return ClauseReading(skip=name, hits=_held_once(clause, lang, subject_name, context) if name == "past"
                                 else _goals(clause, lang, subject_name, context)
                                 if name == "hypothetical" and intended(clause, lang) else [])
    # "nah staying in Munich": the home kept, no stay
    reading = ClauseReading(temporary=temporary or bool(marks["temporary"].search(without_stay_put(folded, lang))))
    user = subject_name or ("用户" if lang == "zh" else "User")
    text, subject = clause, ""
    m = lex.others[lang].search(clause)
    if m is not None:
        subject = m.group("rel")
        rest = clause[m.end():]
        if lang == "en":  # "my sister, she's a teacher": the pronoun takes up the person just named
            rest = _RESUMED_EN.sub(lambda p: "is " if p.group(1) else "", rest, count=1)
        # "my sister's new job at Tencent", "我姐新工作在腾讯": the person's job, read as "my new job at …"
        owned = _OWNED_JOB[lang].match(rest) is not None and (lang == "zh" or _POSSESSIVE.search(clause[:m.end()]))
        if lang == "zh":  # "小王住在我隔壁": the 我 after another person is the user, not the person ("自己");
            rest = re.sub(r"(?<![和跟与同])我(?!们)", user, rest)  # "老公和我都在上海工作" says it of both, as said
        text = ("我" if lang == "zh" else "my " if owned else "I ") + rest
    reading.subject = subject
    folded_text = text.casefold()
    taken: set[str] = set()
    for attr in lex.ordered:  # facts first, likes last
        if attr.id in _AS_SAID:  # "my boyfriend Tom", "我女朋友叫小雨" are read as said
            hit = _match(attr, clause, lang, "", user, folded, context)
            if hit is None and attr.id == "partner" and m is not None and not _partner_word(subject):
                hit = _relatives_partner(attr, clause, text, m.end(), lang, subject, user, context)
        else:
            if attr.pref and (taken - {"partner", "family"}):
                continue  # "I don't eat meat" is the diet, not also a dislike of meat
            hit = _match(attr, text, lang, subject, user, folded_text, context)
            if hit is None and subject:  # "my boss at Stripe is great": the user's employer, read as said
                hit = _match(attr, clause, lang, "", user, folded, context, as_said=True)
        if hit is None:
            continue
        hits = hit if isinstance(hit, list) else [hit]
        if reading.temporary and attr.id in PLACE_ATTRS and not hits[0].subject and not job_event(attr.id, clause):
            reading.stay = True
            continue
        taken.add(attr.id)
        reading.hits.extend(hits)
    if m is not None and m.groupdict().get("name"):
        label = _subject_label(subject, lang)
        for one in reading.hits:
            one.named = m.group("name") if one.subject else ""
            if one.subject and label in lex.many:  # "my friend Tom", "my friend Jerry": one key each
                one.key = one.key.replace(f"{label}/", f"{label}/{_given_name(one.named).casefold()}/", 1)
    reading.hits = one_statement(reading.hits, subject, marks["another"], f"{folded}\n{context.casefold()}")
    if any(h.attr.id == "lives_in" and not h.subject for h in reading.hits) and job_site(clause, lang, context):
        reading.hits = [h for h in reading.hits if h.attr.id != "lives_in" or h.subject]  # "offer, base上海"
    if reading.temporary and marks["stay"].search(folded):
        reading.stay = True
    if not reading.hits and not subject and not reading.temporary:
        reading.hits.extend(_habit_hits(text, lang, user))
    if not is_plan(clause, lang, context):  # "我年后搬到成都了": the home, no plan still to come (a job's start
        # said ahead, "I start at Stripe on the 15th", is both: the employer now and the day it begins)
        reading.hits = reading.hits if settled_start(clause, lang) else without_plans_held(reading.hits)
    else:  # "我下个月搬去巴塞罗那": a plan changes no lasting slot
        said = len(reading.hits)
        started = settled_start(clause, lang)  # "下个月入职字节": the new employer, said ahead of its day
        reading.hits = [h for h in reading.hits
                        if h.attr.id in PLAN_ATTRS or (started and h.attr.id in START_ATTRS and h.polarity > 0)
                        or not is_plan(clause, lang, context, h.value)]
        first = re.split(r"[，,；;]", clause)[0]  # the main statement: a plan when its own part is
        reading.skip = "plan" if not reading.hits and (said or is_plan(clause, lang, context, first)) else ""
    if not subject:  # "I'm a backend dev at 腾讯": the title is the occupation's too
        reading.hits = titles_beside_employer(reading.hits, lang, lambda said: read_clause(said, lang, user).hits)
    title_once(reading.hits)
    return reading


# a clause saying where one works ("上班", "work"): a site it names is no home
_AT_WORK = re.compile(r"上班|工作|办公|坐班|\bwork(?:s|ing)?\b|\boffice\b", re.IGNORECASE)

# the slots whose value is a name given to someone (the partner, a pet): read whole across its words (``whole_name``)
_NAMED_ATTRS = frozenset({"partner", "pet"})

_FIRST_AND_LAST = re.compile(r"^(?!(?:Mr|Mrs|Ms|Miss|Dr|Prof)\b)([A-Z][a-z]+)\s+[A-Z]")


def _given_name(name: str) -> str:
    """The name a person of a relation one has several of is keyed under: the first name of a first and last name
    ("Sarah Chen" -> "Sarah"), so "my friend Sarah" said later is the same friend; any other name as said."""
    m = _FIRST_AND_LAST.match(name)
    return m.group(1) if m else name


def _held_once(clause: str, lang: str, subject_name: str, context: str) -> list[SlotHit]:
    """The values of single-valued slots a clause says held once ("I used to live in Leeds"), as ended values.

    The clause is read again without its habitual past; each hit of the user's own single-valued slot with a
    value becomes a negative hit (``past_only``: it ends an item naming that value, never another).
    """
    bare = without_held_once(clause, lang)
    if not bare or lexicon().markers[lang]["past"].search(bare.casefold()):
        return []
    out: list[SlotHit] = []
    for hit in read_clause(bare, lang, subject_name, context=context).hits:
        if hit.attr.id in HELD_ONCE_ATTRS and not hit.subject and hit.polarity > 0 and hit.value \
                and not hit.conditional and not hit.detail:
            who = subject_name or ("用户" if lang == "zh" else "User")
            _, hit.claim = _render(hit.attr, "neg", lang, who, v=hit.value)
            hit.polarity = -1
            hit.past_only = True
            out.append(hit)
    return out


def _goals(clause: str, lang: str, subject_name: str, context: str) -> list[SlotHit]:
    """The ``PLAN_ATTRS`` hits of a clause stating an intention ("打算下个月考驾照": the exam is a goal now), the
    user's own only (``plans.intended``)."""
    lex = lexicon()
    if lex.others[lang].search(clause):
        return []
    user = subject_name or ("用户" if lang == "zh" else "User")
    found = [_match(attr, clause, lang, "", user, clause.casefold(), context)
             for attr in lex.ordered if attr.id in PLAN_ATTRS]
    return [h for hit in found if hit is not None for h in (hit if isinstance(hit, list) else [hit])]


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
    if lang == "zh":  # an English name inside Chinese ("一杯 cold brew"): matched as its words
        latin = f" {' '.join(_LATIN.findall(text.casefold()))} "
        for word, oid in {**lex.surface["en"], **lex.kind_of["en"]}.items():
            if f" {word} " in latin and lex.category.get(oid) in ("drink", "food"):
                found.append((oid, word))
    if lang == "zh":
        for word, oid in table.items():
            if len(word) > 1 and word in folded and lex.category.get(oid) in ("drink", "food"):
                found.append((oid, word))
    else:
        padded = f" {folded} "
        for word, oid in table.items():
            if f" {word} " in padded and lex.category.get(oid) in ("drink", "food"):
                found.append((oid, word))
    found = [(oid, w) for oid, w in found if not any(w != other and w in other for _, other in found)]  # "乌龙茶"
    oids = {oid for oid, _ in found}
    if len(oids) != 1:
        return []
    oid = oids.pop()
    word = max((w for o, w in found if o == oid), key=len)
    attr = next(a for a in lex.attributes if a.id == ("drink" if lex.category[oid] == "drink" else "eat"))
    _, claim = _render(attr, "", lang, user, v=word)
    key_obj = lex.surface[lang_of(word)].get(word) or word  # "绿茶" is green tea's key, as ``_pref_hits`` keys it
    return [SlotHit(attr, "", word, key_obj, 1, f"pref:{key_obj}", claim)]


# a pronoun taking up the person a clause opened on ("my sister, she's a teacher", "my dad, he works at …")
_RESUMED_EN = re.compile(r"^(?:she|he|they)(?:('s|'re|\s+is|\s+are)|\s+(?=[a-z]))\s*", re.IGNORECASE)
# the job a person named just before has, said as theirs ("my sister's new job at …", "我姐（的）新工作在…")
_OWNED_JOB = {"en": re.compile(r"(?:new\s+|current\s+)?(?:job|role|position|gig|post|office|workplace|employer|company)"
                               r"\s+(?:is\s+)?(?:at|with)\b", re.IGNORECASE),
              "zh": re.compile(r"的?(?:新|现在的?)?(?:工作|单位|公司)(?:是)?在")}
_POSSESSIVE = re.compile(r"['\u2019]s\s*$")
_LATIN = re.compile(r"[a-z][a-z'-]*")
_HABIT_NEGATION = re.compile(r"\b(?:not|no|never|don't|doesn't|quit|stopped|gave\s+up)\b|不|没|戒", re.IGNORECASE)


# where one part of a clause joined to another ends: a stop or comma, or "and"/"but"/"so" between two parts
_PART_END = re.compile(r"[,;.!?，；。！？]|\s(?:and|but|so|then)\s|然后|而且|但是", re.IGNORECASE)


def _own_part(text: str, start: int, end: int) -> str:
    """The part of ``text`` holding ``text[start:end]``, up to the joints around it (``_PART_END``): "we made it
    official" in "went on a trip to Maine and we made it official"."""
    before = [m.end() for m in _PART_END.finditer(text, 0, start)]
    after = _PART_END.search(text, end)
    return text[before[-1] if before else 0:after.start() if after else len(text)]


def _match(attr: Attribute, text: str, lang: str, subject: str, user: str,
           folded: str = "", context: str = "", as_said: bool = False) -> SlotHit | list[SlotHit] | None:
    """The first cue of ``attr`` matching ``text`` as a hit (``as_said``: only cues read on a clause that opens
    on another person), else None."""
    lex = lexicon()
    if lang in attr.needles and attr.id not in needled(lex, folded or text.casefold(), lang):
        return None
    for cue in attr.cues.get(lang, ()):
        if (as_said and not cue.as_said) or (cue.of_other and not subject):
            continue
        m = cue.regex.search(text)
        if m is None:
            continue
        if cue.context and cue.context_regex is not None and not cue.context_regex.search(context or text):
            continue
        # "I'm in Rome now, here for a conference this week": a weak cue of a place in a trip's turn says nothing;
        # of anything else, a trip only in its own clause ("went on a trip to Maine and we made it official")
        if cue.if_known and context and temporary_mark(
                (context if attr.id in PLACE_ATTRS else _own_part(text, m.start(), m.end())).casefold(), lang):
            continue

        groups = {k: v for k, v in m.groupdict().items() if v}
        if "obj" not in groups:  # a cue of several acts names its act in one of obj2, obj3 … ("moving" / "married")
            groups["obj"] = next((v for k, v in sorted(groups.items()) if k.startswith("obj")), "")
        for name in ("v", "v2"):  # "叫Biscuit" under a cap of six characters: the Latin name whole
            if lang == "zh" and groups.get(name):
                groups[name] = whole_word(text, m.start(name), m.end(name))
            if groups.get(name) and (attr.id in _NAMED_ATTRS or attr.key_group == "rel"):  # "my wife Mei Ling"
                groups[name] = whole_name(text, m.start(name), m.start(name) + len(groups[name]))
        polarity = -1 if cue.pol < 0 or groups.get("neg") else 1
        who = user if not subject else (f"{user}的{subject}" if lang == "zh" else f"{user}'s {subject}")
        owner = "" if not subject else _subject_label(subject, lang) + "/"
        raw = groups.get("v", "") or groups.get("v2", "")
        if groups.get("v") and groups.get("v2"):  # two names of one statement ("一只叫米米一只叫球球")
            raw = f"{groups['v']}和{groups['v2']}" if lang == "zh" else f"{groups['v']} and {groups['v2']}"
        form_hint = ""
        value = cue.value or (raw.strip() if attr.id in AMOUNT_ATTRS else _value(raw, lang) if raw else "")
        if value and attr.id in PLACE_ATTRS and not names_of(value):  # "上海 还在适应": chatter after the place
            # (a listed name is whole: "饿了么" holds a 了 of its own)
            value = _CHATTER[lang].split(value, maxsplit=1)[0].strip() or value
        if value and lang == "en" and attr.id in PLACE_ATTRS:  # "Shenzhen for a new job at …": the place only
            value = _TRAILING_AND.sub("", _PLACE_END.split(value, maxsplit=1)[0]) or value
        elif value and attr.id in PLACE_ATTRS:  # "杭州三年了": how long, not the place
            value = _ZH_HOW_LONG.sub("", value) or value
        city = ""
        if value and attr.id == "works_at" and lang == "zh":
            city, value = employer_after_city(value)  # "在北京字节跳动上班": the employer is 字节跳动, in 北京
        elif value and attr.id == "lives_in" and lang == "zh":
            value = employer_after_city(value)[0] or value  # "住在深圳大疆": the city; an employer is no home
        if raw and not value:
            continue
        if value and empty_value(value, lang):
            continue  # "started doing zumba" read as "doing": a light verb, no value
        if value and _ASKED.search(unasked(value)):
            continue  # "上次你问我在哪家医院", "you asked which hospital I work at": a question's gap, no value
        if attr.id == "works_at" and polarity > 0 and value and is_site(value, lang):
            continue  # "我在天府软件园上班": a site one works at (work_site), never the employer
        if attr.id in PLACE_ATTRS and attr.id != "works_at" and value and is_tool(value, lang):
            continue  # "moved to Asana", "搬到飞书": a tool the team works with, no home or school
        if attr.id == "lives_in" and polarity > 0 and value and is_site(value, lang) and _AT_WORK.search(text):
            continue  # "我在天府软件园区上班", "I work in the Shard building": where the work is, no home
        if attr.id == "works_at" and polarity < 0 and value and is_generic_place(value, lang):
            continue  # "我没在公司上班", "I don't work at an office": a kind of place, no employer ended
        if attr.id == "works_at" and polarity < 0 and value and is_pastime(value, lang):
            continue  # "quit 5-a-side", "我离开了公司篮球队": a pastime stopped, no employer ended
        if (attr.id == "works_at" or attr.id in PLACE_ATTRS) and lang == "zh" and is_activity(value):
            continue  # "我每天都在vape", "最近在work out": 在 before what one is doing, no employer and no place
        if attr.id in PLACE_ATTRS and _WHEN_ALONE.fullmatch(value):
            continue  # "moved out in May": when, not where
        if value and attr.single and pointed_value(value, lang):
            continue  # "还在同一家公司", "still at the same company": the value held before, pointed at
        if cue.value_class and not of_class(value, cue.value_class, lang):
            continue
        if attr.pref:
            ceased = bool(lex.markers[lang]["cessation"].search(text.casefold()))
            return _pref_hits(attr, cue, groups, value, polarity, lang, who, owner, ceased, subject)
        obj = ""
        if attr.key_group == "species":
            obj = lex.canon(groups.get("obj", ""), lang) or Lexicon._fold(groups.get("obj", ""), lang)
        elif attr.key_group == "rel":
            obj = person_label(Lexicon._fold(groups.get("obj", ""), lang))  # "flatmate" is "roommate"
            if obj.replace(" ", "_") in lex.many and value:  # "我有个同事叫阿彬": one key per colleague, by name
                obj = f"{obj}:{Lexicon._fold(value, lang)}"
        elif attr.keyed:
            named = _value(groups.get("obj", ""), lang) if attr.kind == Kind.TODO else ""
            if not (value or named):
                continue
            obj = attr.key_object(canon_object(named or value, lang))  # "milk" intolerance: of dairy
            kind = lex.name_in(value, lang) or lex.name_in(_MODEL_NUMBER.sub("", value), lang)  # "Mazda3" is a Mazda
            if attr.key_group == "objects" and kind is not None:
                obj = kind[0]  # "比亚迪汉", "a Honda Civic": the user's car, whatever its model
        aliases: tuple[str, ...] = ()
        if attr.values and value:
            canonical = lex.canon(value, lang)
            if canonical:
                aliases = (canonical, *lex.names.get(canonical, ()))
                form_hint = canonical
                value = lex.shown[lang].get(canonical, canonical)
        if not aliases and attr.id in _ORG_ATTRS and value:
            aliases = names_of(value)  # "腾讯" and "Tencent": one employer (pipeline.org_names)
        if not aliases and attr.single and value and _LATIN_NAME.fullmatch(value):
            aliases = (value.casefold(),)  # "Berlin" said inside Chinese is still Berlin
            if attr.id in _NAMED_ATTRS and " " in value:  # "Mei Ling" is the partner "Mei" named before
                aliases += (value.split()[0].casefold(),)
        elif not aliases and attr.id in ("lives_in", "from") and value and _HAN_NAME.fullmatch(value):
            aliases = (value,)  # "爱丁堡": the resolver looks it up among city names; "潍坊人" restates 山东潍坊
        elif not aliases and attr.id == "partner" and value and _HAN_NAME.fullmatch(value):
            aliases = (value,)  # "阿哲": a partner named again, whatever word the relation was said with
        elif not aliases and attr.id == "pet" and value and (_HAN_NAME.fullmatch(value)
                                                              or _LATIN_NAME.fullmatch(value)):
            aliases = (value.casefold(),)  # "布偶猫叫年糕" / "那只布偶叫年糕": one pet named again, whatever its kind
        shown = f"{city}的{value}" if city else value  # "北京的字节跳动": the employer, and where the work is
        render_groups = {"v": shown, "obj": groups.get("obj", "").strip(), "d": _value(groups.get("d", ""), lang),
                         "when": groups.get("when", "").strip(), "job": _value(groups.get("job", ""), lang),
                         "rel": groups.get("rel", "").strip(), "n": groups.get("n", "")}
        if cue.detail:
            form = ""
        elif polarity < 0:  # a negative cue with a form of its own says how it ended ("passed IELTS")
            form = cue.mode if cue.mode and value and f"{lang}_{cue.mode}" in attr.render \
                else negation_form(attr.render, cue.mode, bool(value), m.group(0), text, lang)
        elif not value:  # "we got married": the bond's own form without a name, else the plain one
            form = f"{cue.mode}_novalue" if cue.mode and f"{lang}_{cue.mode}_novalue" in attr.render else "novalue"
        else:
            form = cue.mode or (form_hint if f"{lang}_{form_hint}" in attr.render else "")
            if not form and render_groups["rel"] and f"{lang}_rel" in attr.render:
                form = "rel"  # "my boyfriend Tom": the relation as the user said it
            if form == "with_job" and not render_groups["job"]:
                form = ""  # "在供电局干了快三十年了": the job group matched nothing, so no "…，做" left hanging
        description, claim = _render(attr, form, lang, who, **render_groups)
        detail = ""
        if cue.detail:
            detail = render_groups["d"]
            description, claim = _render(attr, "novalue" if not value else "", lang, who, **render_groups)
            description = f"{description}，{detail}" if lang == "zh" else f"{description}, {detail}"
            claim = f"{claim}，{detail}" if lang == "zh" else f"{claim}, {detail}"
        key = f"fact:{owner}{attr.id}" + (f":{obj}" if obj else "")
        if attr.kind == Kind.TODO:  # keyed by its head noun: "my first marathon" and "the marathon" are one
            key = f"todo:{owner}{(obj.split() or [''])[-1] if lang == 'en' else obj or attr.id}"
        switch = attr.switches and not subject and polarity > 0 \
            and lex.markers[lang]["switch"].search(text.casefold()) is not None  # "改学 Korean": the others end
        old_raw = _value(groups.get("old", ""), lang) if attr.keyed else ""
        ended = attr.key_object(canon_object(old_raw, lang))  # "从A换成B": A ends
        ends = (f"fact:{owner}{attr.id}:{ended}",) if old_raw else ()
        return SlotHit(attr, subject, value, obj, polarity, key, claim, detail, aliases=aliases,
                       conditional=cue.if_known, switch=switch, ends=ends, plain=form == "neg_plain",
                       default=cue.if_unknown)
    return None


def _pref_hits(attr: Attribute, cue: Cue, groups: dict[str, str], value: str, polarity: int, lang: str,
               who: str, owner: str, ceased: bool, subject: str = "") -> list[SlotHit] | None:
    """Likes and dislikes of known objects (drinks, foods): one hit per object, a switch gives two."""
    lex = lexicon()
    named = lex.name_in(value, lang) if value else None
    if named is None or lex.category.get(named[0]) != attr.objects:
        return None
    parent, word = named
    own = lex.surface[lang_of(word)].get(word)  # a kind that is an object of its own
    oid = parent if own == parent else own or word  # "pork" = "猪肉": one key in either language
    shown = plain_value(value, lang) if len(value) <= 30 else word  # "coffee completely": "coffee"
    if lang == "en" and has_han(shown) and oid in lex.shown["en"]:  # "I quit 咖啡": "no longer drinks coffee"
        shown = lex.shown["en"][oid]
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
            if word != parent:  # "改喝美式": the other kinds of coffee end too ("喝拿铁"), coffee itself stays
                ends += tuple(f"pref:{owner}{k}" for k in lex.kinds.get(parent, ()) if k != word)
    elif polarity < 0 and oid == parent:  # giving coffee up ends the lattes too
        ends = tuple(f"pref:{owner}{k}" for k in lex.kinds.get(parent, ()))
    form = ("switch_from" if old_shown else "switch") if cue.switch \
        else cue.mode if cue.mode and f"{lang}_{cue.mode}" in attr.render \
        else ("" if polarity > 0 else "neg" if ceased or cue.pol < 0 else "neg_plain")  # "fell off the wagon": as said
    _, claim = _render(attr, form, lang, who, v=shown, old=old_shown)
    hits.append(SlotHit(attr, subject, shown, oid, polarity, f"pref:{owner}{oid}", claim, ends=ends,
                        switch=cue.switch))  # another person's like is said of them ("用户的男朋友不喝咖啡")
    return hits
