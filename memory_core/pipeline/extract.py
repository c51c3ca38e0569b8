"""The mechanical (no-LLM) extractor: one event per turn plus rule-based first-person statements.

``MechanicalExtractor.extract(turn)`` returns:

- one EVENT candidate per turn: ``"<speaker>: <text>"`` (with an image
  caption as ``[shares a photo: …]``), valid from the turn's own timestamp,
  keyed by a fingerprint of speaker and text so that an identical turn only
  raises the hit count of the first;
- for turns whose role is "user" only, facts, preferences and standing
  instructions found by the rules in ``memory_core.pipeline.rules``, clause by
  clause (``memory_core.pipeline.clauses`` splits them). Assistant, tool and
  system text never becomes a user fact (DESIGN invariant 6).

When the turn names a speaker other than a role ("Caroline"), descriptions use that name as their subject and
keys end in ``@<speaker>``, so two people in one conversation never supersede each other's preferences.
"""

from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import replace
from datetime import timedelta

from memory_core.model import Kind, Turn
from memory_core.pipeline.adopted_named import adoption_filled
from memory_core.pipeline.allergens import allergy_named_back
from memory_core.pipeline.alone_ended import cohabit_change
from memory_core.pipeline.birth_said import birth_said
from memory_core.pipeline.business_named import business_named
from memory_core.pipeline.cant_without import need_elided
from memory_core.pipeline.cessation import resumption_scope, topicalised
from memory_core.pipeline.chat_aside import without_chat_asides
from memory_core.pipeline.clause_change import (
    NO_CHANGE,
    Change,
    carrier,
    change_of,
    drinking_key,
    give_change,
    used_to_dislike,
    with_switch,
)
from memory_core.pipeline.clauses import APOSTROPHES, detect_lang, split_clauses
from memory_core.pipeline.doctor_said import own_dose, own_report
from memory_core.pipeline.drug_dose import with_dose
from memory_core.pipeline.drug_stop import own_stop
from memory_core.pipeline.drug_switch import drug_switched
from memory_core.pipeline.elided_object import elided, filled
from memory_core.pipeline.emphatic import plain_emphatic
from memory_core.pipeline.example_likes import example_like, example_likes
from memory_core.pipeline.examples import named_examples
from memory_core.pipeline.forced_stop import plain_forced
from memory_core.pipeline.from_to import restated
from memory_core.pipeline.gist import gist_clause
from memory_core.pipeline.habit_plain import plain_habit
from memory_core.pipeline.job_event import offer_taken
from memory_core.pipeline.labelled import labelled
from memory_core.pipeline.lease_move import lease_said
from memory_core.pipeline.lost_pet import lost_change
from memory_core.pipeline.moved_there import there_named
from memory_core.pipeline.musing import without_musing
from memory_core.pipeline.named_later import NAMING
from memory_core.pipeline.named_next import name_joined
from memory_core.pipeline.naming_verb import naming_said
from memory_core.pipeline.numbers import with_numbers
from memory_core.pipeline.orders import order_to_assistant
from memory_core.pipeline.own_words import keep_clause, mention, own_words
from memory_core.pipeline.paused import open_pause, said_for_now
from memory_core.pipeline.people import person_statement
from memory_core.pipeline.plain_text import emoji_only, reading_text
from memory_core.pipeline.plans import life_plan
from memory_core.pipeline.prescribed import own_prescription
from memory_core.pipeline.quoted import unquoted
from memory_core.pipeline.reason_named import with_reason
from memory_core.pipeline.role_activity import role_hits
from memory_core.pipeline.rules import match_clause, render
from memory_core.pipeline.said_again import said_again
from memory_core.pipeline.said_when import dated
from memory_core.pipeline.shift_beside_job import without_shift_beside_job
from memory_core.pipeline.side_by_side import members_apart
from memory_core.pipeline.slot_candidate import slot_candidate, theirs_covered
from memory_core.pipeline.slot_lexicon import PLACE_ATTRS
from memory_core.pipeline.slot_meaning import SlotMeaning
from memory_core.pipeline.slots import TEMPORARY_DAYS, SlotHit, canon_object, lexicon, read_clause
from memory_core.pipeline.small_talk import is_small_talk
from memory_core.pipeline.stay_length import stay_days
from memory_core.pipeline.stay_put import temporary_mark
from memory_core.pipeline.switch import held_provider, kind_alone, provider_named, switch_change, switch_in
from memory_core.pipeline.switch_named import replaced_named
from memory_core.pipeline.symptom_over import healed_change
from memory_core.pipeline.taken_instead import taken_instead
from memory_core.pipeline.terse import terse_filled
from memory_core.pipeline.thing_first import own_quit
from memory_core.pipeline.trip_end import says_trip_over
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.value_class import is_generic_place
from memory_core.pipeline.walked_pet import walked_pet
from memory_core.validation import MAX_TEXT_CHARS, ROLES

__all__ = ["MechanicalExtractor", "detect_lang", "event_key", "is_small_talk", "split_clauses"]

log = logging.getLogger(__name__)
#: Confidence of the event of a temporary stay (0..1): recall weighs it below the lasting fact it did not replace.
STAY_CONFIDENCE = 0.5
_PUNCT = re.compile(r"[\W_]+")


def event_key(speaker: str, text: str) -> str:
    """Return ``"event:<16 hex>"``: a fingerprint of speaker and text.

    Case, spacing and punctuation are ignored, so "Hi!" and "hi" share a key.
    A text with no letters or digits at all (emoji, symbols) is kept as it is
    in the fingerprint, so "👍" and "❤️" stay two events.
    """
    canon = _PUNCT.sub(" ", f"{speaker}\0{text}".casefold()).split()
    if not _PUNCT.sub(" ", text.casefold()).split():
        canon.append(text.strip())
    return "event:" + hashlib.blake2b(" ".join(canon).encode(), digest_size=8).hexdigest()



class MechanicalExtractor:
    """Extractor stage without an LLM: the event of the turn plus rule-based statements.

    Args:
        event_roles: roles whose turns become event candidates (system
            prompts are not memories, so "system" is left out by default).
        statement_roles: roles whose first-person statements become facts and
            preferences; only "user" by default, and "tool" is never allowed.
        meaning: reads by meaning the slot of a clause no cue or rule reads
            (``slot_meaning``); None (no embedder): the rules alone.
    """

    def __init__(self, event_roles: tuple[str, ...] = ("user", "assistant", "tool"),
                 statement_roles: tuple[str, ...] = ("user",), meaning: SlotMeaning | None = None) -> None:
        self.event_roles = event_roles
        self.statement_roles = tuple(r for r in statement_roles if r != "tool")
        self.meaning = meaning

    def extract(self, turn: Turn) -> list[Candidate]:
        """Return the event candidate of ``turn`` followed by its statement candidates.

        An assistant turn that is small talk ("Sure!", "好的，没问题") leaves no
        event: it is kept as a turn (the episodic record) but is not a memory;
        nor does a turn of emoji alone ("👍", "😂😂", ``plain_text.emoji_only``).
        Statements are read from ``plain_text.reading_text`` (full-width folded, emoji
        read or left out); the event keeps the text as written. A user turn
        stating a temporary state (a trip, a hotel, "this week", 出差) gets an
        event valid for ``TEMPORARY_DAYS``, or for the length it says (``stay_length``:
        "for the month", "住一个月"), and changes no lasting slot.
        """
        out: list[Candidate] = []
        event = None
        if turn.role in self.event_roles and not (turn.role == "assistant" and is_small_talk(turn.text)) \
                and not emoji_only(turn.text):  # "👍", "😂😂": a reaction, nothing to remember
            event = self.event(turn)
            out.append(event)
        if turn.role in self.statement_roles:
            plain = reading_text(turn.text)  # "Ｉ ｌｉｖｅ ｉｎ Ｔｏｋｙｏ", "I love 🍣": the event keeps the text
            statements, temporary, stay = self.read(turn if plain == turn.text else replace(turn, text=plain))
            out.extend(statements)
            if temporary and says_trip_over(turn.text):  # "出差回来了": the stay is over, the turn is no stay
                temporary = stay = False
            if temporary and event is not None and event.valid_from is not None:
                days = stay_days(turn.text, event.lang) or TEMPORARY_DAYS  # "for the month": its length said
                event.valid_until = event.valid_from + timedelta(days=days)
                event.notes.append(f"temporary state: valid for {days} days, changes no lasting fact")
                if stay:  # "staying at a hotel in Madrid": not evidence of where the user lives
                    event.confidence = STAY_CONFIDENCE
        return out

    def event(self, turn: Turn) -> Candidate:
        """Return the verbatim EVENT candidate of ``turn`` (description at most MAX_TEXT_CHARS)."""
        speaker = turn.speaker.strip() or turn.role
        text = turn.text.strip()
        caption = str((turn.meta or {}).get("image_caption") or "").strip()
        lang = detect_lang(text or caption)
        body = text
        if caption:
            photo = f"[分享了一张照片：{caption}]" if lang == "zh" else f"[shares a photo: {caption}]"
            body = f"{text} {photo}" if text else photo
        description = f"{speaker}: {body}"[:MAX_TEXT_CHARS]
        return Candidate(
            kind=Kind.EVENT, description=description, key=event_key(speaker, f"{text}\0{caption}"),
            confidence=1.0, valid_from=turn.timestamp, speaker=speaker, lang=lang, claim=body, evidence=body,
        )

    def statements(self, turn: Turn) -> list[Candidate]:
        """Return fact, preference and instruction candidates from the first-person clauses of ``turn``
        (not the turn's restate-only mention)."""
        return [c for c in self.read(turn)[0] if not c.restate_only]

    def read(self, turn: Turn) -> tuple[list[Candidate], bool, bool]:
        """Return (statement candidates of ``turn``, whether it states a temporary state, whether a stay).

        A stay is a temporary state that names a place the user is staying,
        working or studying at ("住在国贸附近的酒店"): a place slot held back.

        Each clause is read by the slot engine (``slots.read_clause``) first; a
        clause it finds nothing in falls back to the general rules (likes,
        name, birthday, hometown, "I'm a …"). A question, hypothetical, plan,
        reported speech or past-tense clause changes nothing; only a standing
        instruction ("from now on …") may still be read from it; nor does a sentence
        musing on a supposition or question before it (``musing.without_musing``). An
        adoption said without its animal and named after ("我领养了！她叫麻糬 🐶") is read
        with the animal put back (``adopted_named.adoption_filled``).
        """
        # "Based in Lisbon", "坐标上海", "我是吃素的", "had to stop running", "2026 goal: run a marathon"
        # "coffee? gave it up": "I quit coffee"; "moved there": "moved to Austin"
        # "no sesame, I'm allergic": "I'm allergic to sesame"; "signed a lease in Swords": "I'm moving to Swords"
        text = own_stop(own_prescription(own_dose(own_report(plain_forced(plain_emphatic(offer_taken(there_named(
            terse_filled(labelled(unquoted(own_quit(allergy_named_back(lease_said(
                without_chat_asides(adoption_filled(without_musing(turn.text)))))))))))))))))  # "我领养了！她叫麻糬 🐶"
        if text != turn.text:  # "that song 'I live in Paris'": a quoted statement is nobody's fact
            turn = replace(turn, text=text)
        name = turn.speaker.strip()
        named = bool(name) and name.casefold() not in ROLES
        qualifier = "@" + "_".join(_PUNCT.sub(" ", name.casefold()).split()) if named else ""
        out: list[Candidate] = []
        temporary = stay = planned = False
        folded_turn = turn.text.translate(APOSTROPHES).casefold()
        turn_lang = detect_lang(turn.text)
        trip_mark = temporary_mark(folded_turn, turn_lang)
        trip = trip_mark is not None
        before: tuple[str, str, list[SlotHit]] = ("", "", [])  # the clause before, its language and slot hits
        # "…kitten, named her Miso", "当姥爷了！外孙女…叫朵朵", "营业执照拿到了，名字叫“乌云的蒙古包”": the name as
        # the cue reads it
        named_text = name_joined(naming_said(birth_said(business_named(turn.text))))
        clauses = list(split_clauses(restated(named_text)))  # "left A for B": "I work at B"
        pending: Change = NO_CHANGE  # a switch said of the kind alone, carried by the clause naming the new value
        open_at = -1  # where the candidates of a stop said for now begin ("stopped climbing for now")
        for at, (clause, lang) in enumerate(clauses):
            open_at = said_for_now(out, open_at)
            if before[0] and before[1] == lang and elided(clause, lang):  # "I love jazz, I listen every evening"
                clause = filled(clause, lang, _liked(*before))
            if need_elided(clause, lang):  # "每天一杯奶茶，不喝活不下去": the need says again the habit before it
                continue
            if order_to_assistant(clause, lang):  # "don't lecture me", "别跟我讲大道理": how to reply, no fact
                continue
            subject = name if named else ("用户" if lang == "zh" else "User")
            thing = topicalised(clause) if lang == "zh" else ""
            if thing:  # "香菜我现在挺爱吃的" is read as "我香菜现在挺爱吃的": the subject first, the object kept
                clause = "我" + thing + clause[len(thing) + 1:]
            said_in_trip = trip_mark is not None and not _before_trip(clause, folded_turn, trip_mark.start())
            # a lasting move said after a stay ("我妈住院了，上个月我们搬去了长沙") is no part of the stay
            reading = read_clause(clause, lang, subject, (temporary or said_in_trip) and not _lasting(clause),
                                  context=turn.text)
            if _HEDGE.search(clause):  # "I practically live at the gym", "我基本上住在健身房了": no home, as said
                reading.hits = [h for h in reading.hits
                                if not (h.attr.id in PLACE_ATTRS and is_generic_place(h.value, lang))]
            if not (reading.hits or reading.subject or reading.skip or reading.temporary):
                reading.hits = role_hits(clause, lang, subject, turn.text)  # "从米哈游下班出来": works at 米哈游
            held_before = temporary
            temporary = temporary or reading.temporary
            planned = planned or reading.skip == "plan"
            said_before = before[0] if before[1] == lang else ""
            before = (clause, lang, reading.hits)
            stay = stay or reading.stay
            change = change_of(clause, lang, reading.skip, reading.subject, thing, qualifier)
            change = with_switch(change, cohabit_change(clause, lang, qualifier, reading.skip, reading.subject))
            change = with_switch(change, lost_change(clause, lang, reading.skip, reading.subject, turn.text, qualifier))
            change = with_switch(change, healed_change(clause, lang, reading.skip, reading.subject, qualifier))
            change, pending = with_switch(change, pending), NO_CHANGE
            if change[1] < 0 and change[0] and open_pause(clause):  # "stopped climbing for now", "游泳先停了"
                reading.temporary, temporary = False, held_before  # a stop, said as open: no trip
                open_at = len(out)
            if change[1] and not (reading.hits or reading.subject or reading.skip) \
                    and (plain := plain_habit(clause, lang, thing, change[1], turn.text)):  # "酒又喝上了", "咖啡我戒了"
                reading = read_clause(plain, lang, subject, context=turn.text)
            first = len(out)
            if reading.hits:
                out.extend(keep_clause(slot_candidate(turn, hit, lang, subject, qualifier), own, hit)
                           for hit, own in members_apart(reading.hits, clause, lang))
                drug_switched(out[first:], reading.hits, turn.text, clause, lang, qualifier)
                for cand in out[first:]:  # "Gave up fly fishing. Took up woodworking instead": fishing only
                    if cand.switch_of:
                        cand.switch_named = replaced_named(clause, said_before, lang, turn.text)
                for drug in reading.hits:  # "I also started lisinopril 10mg": the dose stays with its drug
                    for cand in out[first:]:
                        if drug.attr.id == "medication" and not drug.subject and cand.key == drug.key + qualifier:
                            with_dose(cand, clause, drug.value, lang)
                if not reading.temporary:  # "We moved to Austin last week": valid from then
                    dated(out[first:], clause, turn.timestamp)
                give_change(out[first:], change)
                out.extend(example_likes(turn, clause, lang, reading.hits, subject, qualifier))
                if change[1] > 0 and not any(life_plan(h.key) for h in reading.hits) \
                        and (resumed := resumption_scope(clause, lang)):  # "pushed the wedding back": no "again"
                    said_again(out[first:], subject, lang, clause, resumed)
                if all(hit.conditional for hit in reading.hits) and reading.subject:  # "我室友在字节": theirs
                    said = person_statement(turn, clause, lang, reading.subject, subject, qualifier, slot_read=True)
                    if said is not None:  # kept in the user's words under that person, never the user's topic
                        said.instead_of = out[first].key
                        said.key = theirs_covered(reading.hits[0]) + qualifier or said.key  # their next value ends it
                        out.append(said)
                elif all(hit.conditional for hit in reading.hits):  # the cue's class and context say its topic
                    said = own_words(turn, clause, lang, subject, qualifier)  # kept if no slot was stated before
                    if said is not None:
                        said.instead_of = out[first].key
                        said.key = f"gist:{reading.hits[0].attr.id}{qualifier}"  # the slot's next value ends it
                        out.append(said)
                continue
            if reading.subject and not reading.skip and not reading.temporary:  # "my neighbour is a retired pilot"
                person = person_statement(turn, clause, lang, reading.subject, subject, qualifier)
                if person is not None:
                    out.append(person)
            if reading.subject or (reading.temporary and not reading.skip):
                continue  # another person's clause, or a trip: no rule of the user's own applies
            if change[0] and reading.skip:  # "I used to play guitar": a past habit, which ends the present one
                said = own_words(turn, clause, lang, subject, qualifier) \
                    if lang == "en" and not used_to_dislike(clause) else None
                out.append(said or carrier(turn, clause, lang, change, subject, qualifier))
                give_change(out[-1:], change)
                continue
            hit = match_clause(clause, lang, allow_rules=True)
            if self.meaning is not None and not reading.skip and (hit is None or hit.rule.slot == "is"):
                found = self.meaning.read(clause, lang, subject)
                if found is not None:  # a slot no cue lists, read by meaning
                    cand = slot_candidate(turn, found, lang, subject, qualifier)
                    cand.notes.append("read by meaning")
                    out.append(cand)
                    continue
            said = None
            switched = with_reason(switch_in(clause, lang), turn.text, clause, lang) if not reading.skip else None
            if switched is not None:  # "I switched to T-Mobile": said in the past, it states what holds now
                change = with_switch(change, switch_change(switched, lang, qualifier))
                if kind_alone(switched, clauses, at):  # "降压药换了，现在吃缬沙坦": no item of its own
                    pending = change
                    continue
            if (hit is None or hit.rule.slot == "is") and not reading.skip:
                if (gist_clause(clause, lang) or (switched is not None and switched.new)
                        or held_provider(clause, lang) or (change[0] and provider_named(clause))) \
                        and (lang == "en" or "我" in turn.text or change[0]  # not a request
                                                  or _ZH_STATED.search(clause)
                                                  or lexicon().markers[lang]["resumed"].search(clause)):
                    said = own_words(turn, clause, lang, subject, qualifier)
                elif hit is not None:  # "I think I'm an expert hiker now": the statement inside, as said
                    said = own_words(turn, f"我是{hit.obj}" if lang == "zh" else f"I'm {hit.obj}", lang, subject,
                                     qualifier)
            if said is not None:
                out.append(said)
                give_change([said], change)
                if drinking := drinking_key(clause, lang, qualifier):  # "I quit drinking": 戒酒's key, as said
                    said.key, said.kind = drinking, Kind.PREFERENCE
                if change[1] < 0 and switched is None and not taken_instead(clause, lang):
                    said.polarity = -1  # "终于把Apple Music退订了": an end, whatever words it is said in
                continue
            if hit is None or (reading.skip and hit.rule.slot != "rule"):
                if change[0]:
                    out.append(carrier(turn, clause, lang, change, subject, qualifier))
                continue
            rule = hit.rule
            if rule.slot == "name" and named and hit.obj.casefold() == name.casefold():
                continue  # "我叫Mia" said by Mia: the speaker's name is already on every item
            description, claim = render(hit, subject, lang)
            single = rule.single_valued
            if rule.slot == "pref":
                category = (hit.extra or {}).get("c", "")
                known = lexicon().name_in(hit.obj, lang) if category else None
                if category and not known:  # "my favourite band is …": one favourite of a kind at a time
                    key, single = "pref:favourite:" + canon_object(category, lang), True
                elif known:  # "my favourite drink is a flat white": a like of flat whites (a coffee)
                    key = "pref:" + (known[0] if canon_object(known[1], lang) == known[0] else known[1])
                else:
                    key = "pref:" + canon_object(hit.obj, lang)
            elif rule.single_valued:
                key = "fact:" + rule.slot
            elif rule.slot == "rule":
                key = "rule:" + canon_object(hit.obj, lang)
            else:
                key = f"fact:{rule.slot}:{canon_object(hit.obj, lang)}"
            out.append(Candidate(
                kind=rule.kind, description=description, theme=rule.theme, key=key + qualifier,
                polarity=rule.polarity, confidence=rule.confidence, valid_from=turn.timestamp,
                speaker=name or turn.role, lang=lang, claim=claim, single_valued=single,
                evidence=claim,
            ))
            give_change(out[-1:], change)  # "为了省钱我不喝柠檬水了": the like it ends, whatever words said it
            if rule.slot == "pref" and rule.polarity > 0 and not single and hit.obj in description:
                like = out[-1]
                out.extend(example_like(like, hit.obj, example, lang, qualifier)
                           for example in named_examples(turn.text, hit.obj, lang))
        said_for_now(out, open_at)
        if trip and not any(c.key.startswith(("fact:lives_in", "fact:works_at", "fact:school")) for c in out):
            temporary = True
        if not temporary and not planned and not any(c.key.startswith("fact:pet") for c in out):
            out.extend(self._walked_pet(turn, name if named else "", qualifier))  # "遛完 Mochi 回来累瘫，柴犬…"
        said = mention(turn, name if named else "", qualifier)
        if said is not None and (temporary or (planned and not NAMING.search(turn.text))):
            said.may_revise = False  # a trip or a plan says nothing lasting to add to what it restates; a name does
        out = without_shift_beside_job(_fold_switches(out)) + ([said] if said is not None else [])
        if not temporary:  # a number or code held: read on the whole turn, one per thing
            out = with_numbers(turn, out, name if named else "", qualifier)
        return out, temporary, stay

    def _walked_pet(self, turn: Turn, name: str, qualifier: str) -> list[Candidate]:
        """The pet a walk implies (``walked_pet``), read by the pet cues as the statement it implies."""
        lang = "en" if detect_lang(turn.text) == "en" else "zh"
        subject = name or ("用户" if lang == "zh" else "User")
        implied = walked_pet(turn.text, lang)
        if not implied:
            return []
        return [slot_candidate(turn, hit, lang, subject, qualifier)
                for hit in read_clause(implied, lang, subject, context=turn.text).hits
                if hit.attr.id == "pet" and not hit.subject and hit.polarity > 0]


def _liked(clause: str, lang: str, hits: list[SlotHit]) -> str:
    """The thing ``clause`` says the user likes or does ("I love jazz" -> "jazz"), as said; "" for none."""
    for hit in hits:
        if hit.attr.pref and hit.polarity > 0 and hit.value and not hit.subject:
            return hit.value
    found = match_clause(clause, lang, allow_rules=True) if not hits else None
    return found.obj if found is not None and found.rule.slot == "pref" and found.rule.polarity > 0 else ""


# A Chinese clause with 我 left out that says what holds ("最近在学吉他", "电脑密码是…"): it opens on an aspect or time
# word, on what the speaker has, a partner found ("有女朋友了", "交了个男朋友") or a switch done ("换成了B站大会员"); a
# request opens on its verb without 了 ("换成B站")
_ZH_STATED = re.compile(r"^我(?:的|最近|现在|目前|如今|正在|在|居家|远程|已经|一直|每天|天天|平时|刚刚?|今年|去年|"
                        r"这个月|上个月|这段时间)|"
                        # a habit said by how often, its subject dropped ("周末一般去跑步", "每周三晚上去打羽毛球"),
                        # never a one-off said by when ("周末跟Paul去看了冰球比赛")
                        r"^我(?:周末|下班后|晚上|早上|睡前)?(?:一般|通常|经常|常常?|每周|每晚|每个?周末|都会)|"
                        r"^我(?:终于)?(?:有了?|交了|谈了|找了)(?:一个|个)?(?:女朋友|男朋友|女友|男友|对象)|^我(?:换成|改成|换到|转到|改用|换用)了")


# A hedge says how much a statement holds: with a generic place ("the gym", "公司") it is a way of speaking, no slot
_HEDGE = re.compile(r"\b(?:practically|basically|pretty\s+much|kind\s+of|kinda|sort\s+of|virtually|almost|nearly|"
                    r"more\s+or\s+less)\b|基本上|差不多|几乎|简直", re.IGNORECASE)


# A clause that states a lasting change even inside a turn about a trip ("I moved to Berlin; this week I'm in Rome").
def _lasting(clause: str) -> bool:
    """True when ``clause`` says a lasting home in either language (the ``lasting`` markers of slots.yaml)."""
    folded = clause.translate(APOSTROPHES).casefold()
    return any(marks["lasting"].search(folded) for marks in lexicon().markers.values() if "lasting" in marks)


def _before_trip(clause: str, folded_turn: str, trip_at: int) -> bool:
    """True when ``clause`` ends before the turn's first temporary marker ("我住济南，这周末想去青岛玩两天")."""
    core = clause.casefold().removeprefix("我").removeprefix("i ").strip()[:12]
    at = folded_turn.find(core) if core else -1
    return at >= 0 and at + len(core) <= trip_at


def _fold_switches(cands: list[Candidate]) -> list[Candidate]:
    """"I don't drink coffee any more, I switched to tea": one statement, the switch, which ends coffee.

    A negative preference of a turn whose key a switch of the same turn ends
    is dropped; the switch supersedes the old items under that key itself.
    """
    ended = {k for c in cands if c.ends for k in c.ends}
    if not ended:
        return cands
    return [c for c in cands if not (c.kind == Kind.PREFERENCE and c.polarity < 0 and c.key in ended)]
