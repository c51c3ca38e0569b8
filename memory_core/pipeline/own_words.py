"""Candidates in the user's own words: gist statements, slot items that keep their clause, mentions.

- ``own_words``: a first-person clause no slot or rule reads ("I'm
  left-handed", "我每天用 Notion 记笔记") becomes a fact in the user's words,
  third person, keyed ``gist:<anchor>`` (``memory_core.pipeline.gist``).
- ``keep_clause``: a slot item whose template would drop content words of
  the clause ("I'm training for my first marathon" -> "has first marathon")
  keeps the clause instead; its key, polarity and value stay the slot's.
- ``mention``: the whole user turn as a restate-only candidate: when it
  says again what an item says ("penicillin allergy, I can't take it") the
  item gets a hit, and when it adds a number or a name ("Miso turned three")
  the item is revised; it never makes an item of its own.
"""

from __future__ import annotations

import functools
import re

from memory_core.model import Kind, Turn
from memory_core.pipeline.cessation import ZH_VERB_ACTIVITY
from memory_core.pipeline.gist import Topic, lasting, person_forms, third_person, topic, worth_a_look
from memory_core.pipeline.objectless import objectless
from memory_core.pipeline.pastime_group import names_pastime_group
from memory_core.pipeline.rules import EN_CLAUSE_END, ZH_CLAUSE_END
from memory_core.pipeline.rules import EN_CUT as _EN_CUT
from memory_core.pipeline.said_before_plan import before_plan
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.slots import SlotHit
from memory_core.pipeline.small_talk import is_small_talk
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped
from memory_core.text.abbreviations import not_after_short_form
from memory_core.text.script import has_han, lang_of
from memory_core.text.synonyms import synonym_groups
from memory_core.validation import ROLES

__all__ = ["attribute_words", "keep_clause", "mention", "own_words", "plan_part", "polarity_of", "probe_keys",
           "speaker_qualifier", "stance_of"]

#: Longest clause kept as an item's text instead of a slot template (characters).
MAX_CLAUSE_CHARS = 160
#: Where a known object's statement lives, by the object's lexicon category.
_SLOT_OF_CATEGORY = {"allergen": "fact:allergy:{}", "drink": "pref:{}", "food": "pref:{}", "habit": "pref:{}",
                     "species": "fact:pet:{}", "language": "fact:language:{}", "diet": "fact:diet",
                     "possession": "fact:owns:{}", "channel": "fact:contact"}
# an object pronoun: a clause naming nothing else speaks of a thing said in another clause
_BARE_PRONOUN = re.compile(r"\b(?:it|them)\b", re.IGNORECASE)
# "it" that stands for no thing: how long since ("I quit drinking, it's been two weeks now")
_EMPTY_IT = re.compile(r"\bit(?:'s|\s+is|\s+has|'d|\s+had)\s+been\b", re.IGNORECASE)
# a sentence ends at its mark; a dot inside a name ("Trip.com", "Node.js", "3.5": a lower-case letter or a digit
# right after it) or after a title ends none
_SENTENCE = re.compile(r"(?:(?<=[!?。！？；;])|(?<=\.)(?![a-z0-9]))" + not_after_short_form() + r"\s*|\n+")
# a statement that something changed or ended, though it holds no negation ("I cancelled …", "换了台 …")
CHANGE = re.compile(r"\b(?:no\s+longer|any\s*more|no\s+more|instead\s+of|gave\s+up|given\s+up|quit|stopped|"
                    r"cancell?ed|unsubscribed|switched|swapped|replaced|sold|ditched|dropped|got\s+rid\s+of|"
                    r"gave\s+away)\b|不再|戒|换了|换成|改[喝吃用玩骑坐开]|退订|"
                    r"送给|卖了|放弃|取消|不(?:让|许|准)[^，,。]{0,3}?[吃喝抽碰]|不能再|"
                    # a card, a membership or a class given back or dropped ("健身卡退了", "日语课不上了")
                    r"(?:卡|会员|课|班)[^，,。]{0,4}?(?:退(?:掉)?了|不上了|不续(?:费|订)?了)|"
                    r"不(?:[打玩去喝吃用].{0,3}|(?:喜欢|爱|听|看|练|弹|学)[^，,。]{0,6})了",
                    re.IGNORECASE)
_CHANGE = CHANGE
_NEGATIVE = re.compile(r"\b(?:not|no|never|don't|doesn't|can't|cannot|isn't|no\s+longer)\b"
                       r"|不(?!耐|错|少|过|久|仅|但|管|同|一样|太|好意思|然|如|用谢)|没(?!事|关系)|别(?!人)|戒",
                       re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _covers() -> tuple[tuple[str, frozenset[str]], ...]:
    """(attribute id, topic terms of its ``covers`` words) of the single-valued attributes; English words
    are read as ``topic`` reads them ("company" -> its stem), Chinese words and ``syn:`` groups as given."""
    out = []
    for attr in lexicon().attributes:
        terms: set[str] = set()
        for word in attr.covers:
            plain = word.isascii() and not word.startswith("syn:")
            terms.update(topic(word, "en").terms if plain else (word,))
        if attr.single and terms:
            out.append((attr.id, frozenset(terms)))
    return tuple(out)


@functools.lru_cache(maxsize=1)
def attribute_words() -> frozenset[str]:
    """Topic terms of the words naming a single-valued attribute ("job", "工作", "company", "男朋友"), not a value."""
    return frozenset(t for _, terms in _covers() for t in terms) | topic("job occupation", "en").terms


def covered_by(found: Topic) -> str:
    """The id of the single-valued attribute whose ``covers`` terms ``found`` holds ("works_at"), else ""."""
    return next((attr for attr, terms in _covers() if terms & found.terms), "")


def probe_keys(found: Topic, qualifier: str) -> tuple[str, ...]:
    """Keys a statement with topic ``found`` may restate: its ``gist:`` terms and the slots of known objects."""
    lex = lexicon()
    keys = list(found.probes())
    if (attr := covered_by(found)):
        keys[:0] = [f"gist:{attr}", f"fact:{attr}"]
    keys.extend(f"todo:{w}" for w in sorted(found.terms) if w.isascii() and w.isalpha())
    keys.extend(f"todo:{t[4:]}" for t in sorted(found.terms) if t.startswith("syn:"))
    for term in sorted(found.strong):
        if not term.startswith(("obj:", "syn:")) and term.isascii() and term.isalpha():
            # a name may be a pet's or a partner's ("Miso turned three")
            keys.extend(f"fact:pet:{oid}" for oid in lex.by_category.get("species", ()))
            keys.append("fact:partner")
        if term.startswith("obj:"):
            oid = term[4:]
            slot = _SLOT_OF_CATEGORY.get(lex.category.get(oid, ""))
            if slot:
                keys.append(slot.format(oid))
    return tuple(k + qualifier for k in dict.fromkeys(keys))


_PUNCT = re.compile(r"[\W_]+")


def speaker_qualifier(name: str) -> str:
    """The key suffix of a named speaker's items ("Mary Ann" -> "@mary_ann"); "" for a role or no name."""
    name = name.strip()
    if not name or name.casefold() in ROLES:
        return ""
    return "@" + "_".join(_PUNCT.sub(" ", name.casefold()).split())


@functools.lru_cache(maxsize=1024)
def items_subject(speaker: str, lang: str) -> str:
    """The subject of the user's items: the speaker's name, else (no name, or a role) "用户" / "User"."""
    return speaker if speaker_qualifier(speaker) else ("用户" if lang == "zh" else "User")


def polarity_of(text: str) -> int:
    """-1 when ``text`` holds a negation ("don't", "不", "never"), else +1."""
    return -1 if _NEGATIVE.search(text) else 1


@functools.lru_cache(maxsize=1)
def _negated_synonyms() -> re.Pattern[str]:
    """Synonym-group members whose words hold a negation ("don't drink alcohol", "滴酒不沾", "乳糖不耐受")."""
    members = sorted({f for group in synonym_groups() for m in group for f in person_forms(m) if _NEGATIVE.search(f)},
                     key=len, reverse=True)
    return re.compile("|".join(re.escape(m) for m in members) or "(?!)", re.IGNORECASE)


def stance_of(text: str) -> int:
    """The polarity of a statement, a negation inside a synonym-group member not counted.

    "I don't drink alcohol" and "I'm teetotal" say the same (+1 each: the
    group's member carries its own "not"); a change said of it ("I don't drink
    alcohol any more" is no member of any group) keeps the plain polarity.
    """
    text = _SOFTENED.sub(" ", text)  # "不那么讨厌了", "don't mind it now": a dislike negated is no negation
    if CHANGE.search(text):
        return polarity_of(text)
    return polarity_of(_negated_synonyms().sub(" ", text))


# a dislike said to hold no longer, or less ("不那么讨厌了", "没那么反感", "I don't hate it anymore", "don't mind it")
_SOFTENED = re.compile(r"(?:不|没)(?:那么|太|再|怎么)?(?:讨厌|反感|排斥)|\b(?:don't|do\s+not|doesn't|no\s+longer)\s+"
                       r"(?:hate|mind|dislike)\b|\bnot\s+(?:so|that|too)\s+bad\b", re.IGNORECASE)


# a short statement whose value is only a pointing word ("新公司在那边", "家就在这儿", "my office is over there")
_ONLY_POINTED = re.compile(r"^[^，,。]{0,8}?在(?:那边|这边|那儿|这儿|那里|这里|那头)[了呢呀啊哦]*[。！!]?$"
                           r"|^(?i:\s*(?:'s|is|are)?\s*(?:\w+\s+){0,3}?(?:is|are|'s)\s+(?:over\s+)?(?:there|here))[.!]?$")


# an activity stopped or resumed, said by its verb alone ("不游了", "又跑了"): said with the activity's name
# ("不游泳了"), so its item is keyed as the activity's other statements are and a later resumption ends it
_ZH_BARE_VERB = re.compile(r"(?P<head>不再?|又|重新|再)(?P<verb>[跑游骑滑爬])(?=了|起来|[，,。！!]|$)")


def _named_activity(clause: str) -> str:
    return _ZH_BARE_VERB.sub(lambda m: m.group("head") + ZH_VERB_ACTIVITY[m.group("verb")], clause)


@functools.lru_cache(maxsize=1)
def _en_objectless() -> re.Pattern[str]:
    """A claim that is only a verb needing an object, with adverbs or a modal (``data/objectless_en.yaml``)."""
    from memory_core.shipped_yaml import load_shipped

    data = load_shipped("data", "objectless_en.yaml")
    adverbs = "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in data["adverbs"])
    verbs = "|".join(re.escape(v) for v in data["verbs"])
    return re.compile(rf"^(?:(?:{adverbs})\s+)*(?:{verbs})s?(?:\s+(?:it|that|this))?[\s.!,]*$", re.IGNORECASE)


def own_words(turn: Turn, clause: str, lang: str, subject: str, qualifier: str) -> Candidate | None:
    """Return the fact candidate of a first-person ``clause`` no slot reads, in the user's words.

    Its key is ``gist:<anchor>`` plus the speaker ``qualifier`` (``gist:<attribute>`` when it speaks of
    a single-valued slot's topic, so that slot's next value ends it); its probes are
    the keys an earlier statement about the same thing may be under. None
    when the clause names nothing ("I can't take it").
    """
    if lang == "zh" and objectless(clause):  # "…华为手机，用了三年了": how long, of the thing named before
        return None
    description = third_person(_named_activity(clause) if lang == "zh" else clause, subject, lang)
    if lang == "en":  # the statement, not its aside: "… left-handed, so most scissors …", "… and our season …"
        description = _EN_CUT.split(description, maxsplit=1)[0].strip() or description
    found = topic(description, lang, subject)
    if not found.terms or (lang == "en" and _BARE_PRONOUN.search(_EMPTY_IT.sub("", clause)) and not found.strong):
        return None  # "I get hives when I eat them": what "them" is was said elsewhere
    if _ONLY_POINTED.search(description[len(subject):] if description.startswith(subject) else description):
        return None  # "新公司在那边", "the office is over there": where is said only by pointing
    claim = description[len(subject):].strip() if description.startswith(subject) else description
    if lang == "en" and _en_objectless().match(claim):
        return None  # "I only understand, can't speak": understands what was said in another clause
    covered = covered_by(found)
    if covered == "works_at" and names_pastime_group(clause, lang):
        covered = ""  # "离开了公司篮球队": the company's team is a pastime, no employer's statement
    return Candidate(
        kind=Kind.FACT, description=description,
        key=f"gist:{covered or found.anchor or 'statement'}{qualifier}",
        polarity=stance_of(clause), confidence=0.6, valid_from=turn.timestamp,
        speaker=turn.speaker.strip() or turn.role, lang=lang, claim=claim, evidence=claim,
        topic=found, probes=probe_keys(found, qualifier), notes=["statement in the user's own words"])


@functools.lru_cache(maxsize=1)
def _same_day() -> dict[str, re.Pattern[str]]:
    """The words at a statement's end that say it happened the day it is said (``data/time_said.yaml``)."""
    from memory_core.shipped_yaml import load_shipped

    words = load_shipped("data", "time_said.yaml")["same_day_tail"]
    return {lang: re.compile(rf"[\s,，]*(?:{'|'.join(words[lang])})[\s.!！。]*$", re.IGNORECASE)
            for lang in ("en", "zh")}


def without_same_day(description: str, lang: str) -> str:
    """``description`` without a closing word of the day it is said ("User quit dip today" -> "User quit dip",
    "quit smoking this morning" -> "quit smoking"): an item kept past that day would say "today" of another day,
    and its ``valid_from`` (the turn's time) already dates it. Unchanged when nothing but the word would be left.
    Only for a change (``clause_change.carrier``): "User is happy today" is a moment, never a lasting state.
    """
    cut = _same_day()["zh" if lang == "zh" else "en"].sub("", description)
    return cut if len(cut.split()) > 1 or (lang == "zh" and len(cut) > 3) else description


def keep_clause(cand: Candidate, clause: str, hit: SlotHit) -> Candidate:
    """Give a slot candidate of a value-keyed attribute its clause's text when the template drops content words.

    Only for multi-valued slots (an allergy, a goal, a family member: their
    items agree by polarity, not by text) stated positively and without a
    detail; single-valued slots keep their template, whose text their
    agreement check reads.
    """
    if cand.single_valued or cand.detail or cand.ends or hit.subject or hit.polarity < 0 \
            or cand.kind == Kind.PREFERENCE or len(clause) > MAX_CLAUSE_CHARS or not lasting(clause, cand.lang):
        return cand
    subject = cand.description[:-len(cand.claim)].strip() if cand.claim and cand.description.endswith(cand.claim) \
        else ""
    if not subject:
        return cand
    # the statement, not what follows it: "allergic to penicillin so if you ever suggest meds …", "对花生过敏所以别…"
    clause = ((EN_CLAUSE_END if cand.lang == "en" else ZH_CLAUSE_END).split(clause, maxsplit=1)[0]).strip() or clause
    if cand.kind == Kind.TODO:  # "招了个运营助理 叫小吴 我准备产假期间让她顶着": the plan, not the hiring before it
        clause = plan_part(clause, hit.value)
    own = third_person(clause, subject, cand.lang)
    if cand.lang == "en" and subject not in own:  # "Our daughter was born, …": as said it names no one the user is
        return cand
    said, kept = topic(own, cand.lang, subject), topic(cand.description, cand.lang, subject)
    lost = said.terms - kept.terms
    if not lost:
        return cand
    cand.description = own
    cand.claim = own[len(subject):].strip() if own.startswith(subject) else own
    cand.evidence = cand.claim
    return cand


@functools.cache
def _done_act() -> re.Pattern[str]:
    """An act told as done in a Chinese run (``done`` of ``data/done_before_plan.yaml``)."""
    return re.compile(load_shipped("data", "done_before_plan.yaml")["done"])


#: A space between two Chinese characters: where an unpunctuated Chinese turn parts.
_ZH_GAP = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")


def plan_part(clause: str, value: str) -> str:
    """``clause`` from the part that says the plan ``value`` (a Chinese run between spaces) when a part before it
    tells an act as done; else ``clause`` (``data/done_before_plan.yaml``).

    E.g. ``plan_part("招了个运营助理 叫小吴 我准备产假期间让她顶着", "产假期间让她顶着")`` is "我准备产假期间让她顶着";
    "周末 我准备考雅思" stays whole (nothing before the plan is done).
    """
    parts = _ZH_GAP.split(clause)
    at = next((n for n, part in enumerate(parts) if value and value[:4] in part), 0)
    if at and any(_done_act().search(part) for part in parts[:at]):
        return " ".join(parts[at:])
    return clause


def _one_label(pieces: tuple[str, ...], name: str) -> str:
    """The sentences of a turn said of the user, joined with the speaker's label at most once, at the opening.

    ``third_person`` quotes a sentence that names no "I" under the speaker's label ("用户：女儿在浦东花木买了房子");
    joined after another sentence, that label would stand inside the text ("我们搬家了 用户：女儿在…"), which is how
    a text spliced from two turns looks (``audit.spliced``), and a mention that becomes the record of a change is
    stored as written (trial 36, finding 1). The label is kept once, before the first sentence: "用户：我们搬家了
    女儿在浦东花木买了房子"; after a first sentence that opens on the user it is left out.
    """
    labels = {f"{who}{colon}" for who in ({name} if name else {"用户", "User"}) for colon in ("：", ":")}
    label = ""
    out: list[str] = []
    for piece in pieces:
        head = next((lab for lab in labels if piece.startswith(lab)), "")
        if head:
            label = label or head
            piece = piece[len(head):].strip()
        out.append(piece)
    if not label or not out:
        return " ".join(pieces)
    if not pieces[0].startswith(label) and any(out[0].startswith(who) for who in (name, "用户", "User") if who):
        return " ".join(out)  # "用户住在杨浦 女儿在浦东买了房子": the first sentence names the user already
    spaced = label if label.endswith("：") else label + " "
    return spaced + " ".join(out)


def mention(turn: Turn, name: str, qualifier: str) -> Candidate | None:
    """Return the restate-only candidate of a user turn's statements, or None when it states nothing.

    Questions, hypotheticals and pleasantries are left out (asking about a fact does not
    restate it); the text kept is the statements, third person. A turn that
    names no strong term (a name, a number, a known object, a synonym
    group) is not looked up: its restatements are read clause by clause.
    """
    kept: list[str] = []
    for sentence in _SENTENCE.split(turn.text.replace("\u2019", "'")):
        sentence = sentence.strip()
        if not sentence or is_small_talk(sentence):  # "Thanks!", "Good idea!": nothing said again
            continue
        lang = lang_of(sentence)
        said = before_plan(sentence, lang)  # "CPA 还剩两门，审计和税法，打算八月考": the statement before the plan
        if said is None:
            continue
        kept.append(said)
    if not kept:
        return None
    text = " ".join(kept)
    if len(text) > MAX_CLAUSE_CHARS:
        return None
    lang = lang_of(text)
    found = topic(text, lang, name)
    if not found.terms:
        return None
    # a named thing (or a change said of something) is also looked up by key; any statement is compared with
    # the user's statements by what they say (``restate.restated_keys``)
    looked_up = (worth_a_look(text) and found.named) or bool(_CHANGE.search(text))
    pieces = tuple(third_person(said, name or ("用户" if has_han(said) else "User"),
                                lang_of(said)) for said in kept)
    description = _one_label(pieces, name)
    return Candidate(
        kind=Kind.FACT, description=description, theme="moments", polarity=stance_of(text), confidence=0.5,
        valid_from=turn.timestamp, speaker=turn.speaker.strip() or turn.role, lang=lang, claim=description,
        evidence=description, topic=found, probes=probe_keys(found, qualifier) if looked_up else (),
        restate_only=True, pieces=pieces)
