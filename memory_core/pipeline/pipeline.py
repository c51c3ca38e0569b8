"""The write pipeline: one turn in, a batch of store ops out (seed 001 §8.12)."""

from __future__ import annotations

import dataclasses
import logging
import re
from collections import Counter
from collections.abc import Mapping

from memory_core.model import Actor, MemoryItem, Turn
from memory_core.pipeline.all_ended import all_ended_ops
from memory_core.pipeline.antecedent import named_turn
from memory_core.pipeline.arrival import arrived_home
from memory_core.pipeline.aside import without_asides
from memory_core.pipeline.bond_begun import bond_kept
from memory_core.pipeline.bond_met import bond_met
from memory_core.pipeline.cessation import STATEMENT_PREFIXES, keys_about
from memory_core.pipeline.colleague_left import colleague_left_ops
from memory_core.pipeline.common_owned import without_common_things
from memory_core.pipeline.correction import corrected
from memory_core.pipeline.count_change import count_changed
from memory_core.pipeline.diet_break import DIET_KEY, diet_broken, foods_ruled_out
from memory_core.pipeline.diet_cause import with_cause
from memory_core.pipeline.diet_end import ended_diets
from memory_core.pipeline.drink_now import drink_said_now
from memory_core.pipeline.dropped_subject import restored
from memory_core.pipeline.drug_group import same_use
from memory_core.pipeline.drug_switch import MEDICATION
from memory_core.pipeline.echo import MAX_ECHO_WORDS
from memory_core.pipeline.edit_guard import guarded_edits
from memory_core.pipeline.ending_hits import ending_clauses, without_ending_hits
from memory_core.pipeline.examples import examples_ended
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.filler import without_filler
from memory_core.pipeline.found_pet import found_ops
from memory_core.pipeline.frequency_change import frequency_changed
from memory_core.pipeline.gist import topic
from memory_core.pipeline.held_change import own_key, qualifier_of
from memory_core.pipeline.home_role import home_role_begun, home_role_ended
from memory_core.pipeline.household import household_moves, same_housemate
from memory_core.pipeline.housemate_gone import LIVES_WITH, housemate_turn
from memory_core.pipeline.inline_correction import inline_corrected
from memory_core.pipeline.job_event import leave_before_start
from memory_core.pipeline.job_role import with_new_role
from memory_core.pipeline.kin_across import kin_across
from memory_core.pipeline.kind_resumed import kind_resumed
from memory_core.pipeline.late_correction import corrected_late
from memory_core.pipeline.late_detail import settle_late_details
from memory_core.pipeline.late_order import chain_late, settle_late_words
from memory_core.pipeline.late_replay import LateReplay, ReadOnce
from memory_core.pipeline.late_restated import restated_late
from memory_core.pipeline.left_value import left_kept
from memory_core.pipeline.masked_whole import without_unreadable
from memory_core.pipeline.meaning_hit import MeaningHits
from memory_core.pipeline.members import kept_members
from memory_core.pipeline.mishap import without_mishaps
from memory_core.pipeline.mood import without_moods
from memory_core.pipeline.moved_to_org import moved_to_org
from memory_core.pipeline.named_across import named_across
from memory_core.pipeline.named_again import named_again_ops
from memory_core.pipeline.named_kin import kin_named_turn, theirs_alone, without_misread
from memory_core.pipeline.named_later import named_later
from memory_core.pipeline.named_other import as_theirs, stranger_turn
from memory_core.pipeline.new_home import moved_in
from memory_core.pipeline.no_longer_at import SLOTS as PLACE_SLOTS
from memory_core.pipeline.no_longer_at import no_longer_at
from memory_core.pipeline.old_thing_gone import without_old_thing_gone
from memory_core.pipeline.one_off_meal import without_one_off_breaks, without_one_off_meals
from memory_core.pipeline.one_time import without_one_time
from memory_core.pipeline.others_stance import others_stance
from memory_core.pipeline.own_partner import named_partner_first
from memory_core.pipeline.own_words import speaker_qualifier
from memory_core.pipeline.owned_end import owned_end_ops
from memory_core.pipeline.owned_new import acquired, kept_models, with_models
from memory_core.pipeline.part_swap import part_swap_ops
from memory_core.pipeline.partner_antecedent import partner_turn
from memory_core.pipeline.pastime_switch import HELD_PREFIXES, other_kind, replaced_routines
from memory_core.pipeline.people import about_others_only, job_gone, partner_gone, settle_people
from memory_core.pipeline.pet_another import with_held_kind
from memory_core.pipeline.plain_text import reading_text
from memory_core.pipeline.plan_done import carried_out
from memory_core.pipeline.plan_end import plan_end_ops, todo_done_ops
from memory_core.pipeline.plan_kept import plan_kept, plan_told_ops
from memory_core.pipeline.rank_title import rank_with_title
from memory_core.pipeline.resolve import BatchDeduper, KeyConflictResolver
from memory_core.pipeline.restate import RESTATE_PREFIXES, restated_keys
from memory_core.pipeline.restated_add import restated_adds
from memory_core.pipeline.restated_turn import as_first_said
from memory_core.pipeline.returned_to import returned_to
from memory_core.pipeline.role_carried import carry_role
from memory_core.pipeline.same_object import joined_objects
from memory_core.pipeline.same_work import OCCUPATION, same_work, with_earlier_sources
from memory_core.pipeline.score import HeuristicValueScorer
from memory_core.pipeline.shared_home import shared_home_left
from memory_core.pipeline.shift_change import shift_gist_ended, without_shift_as_home
from memory_core.pipeline.small_talk import new_words, says_nothing_new
from memory_core.pipeline.sole_speaker import as_sole_speaker, with_unnamed_twins
from memory_core.pipeline.speaker_subject import as_speakers
from memory_core.pipeline.still_held import still_held_ops
from memory_core.pipeline.stop_again import stop_again
from memory_core.pipeline.study_ended import study_gone
from memory_core.pipeline.successor_history import with_change_history
from memory_core.pipeline.switch_undone import REPLACED_PREFIXES, switch_undone
from memory_core.pipeline.themes import LexiconClassifier
from memory_core.pipeline.then_value import held_before_ops, in_turn_order
from memory_core.pipeline.trip_end import trip_end_ops
from memory_core.pipeline.trust import RoleTrustFilter
from memory_core.pipeline.types import (
    DEFAULT_CONFIDENCE,
    Candidate,
    Classifier,
    ConflictResolver,
    Deduper,
    Extractor,
    KeyLookup,
    TrustFilter,
    ValueScorer,
)
from memory_core.pipeline.whole_correction import whole_correction
from memory_core.pipeline.work_city import employer_over_city
from memory_core.pipeline.work_or_study import one_of_work_or_study
from memory_core.pipeline.written_script import in_users_script
from memory_core.store.write_ops import EndOp, HitOp, Op, UpdateOp
from memory_core.text.han_forms import simplified

__all__ = ["WritePipeline", "existing_items", "settle_weak"]

log = logging.getLogger(__name__)


class WritePipeline:
    """Plans the ops that one turn makes to its user's memory.

    Stages run in order, each a replaceable object::

        extract -> classify -> trust -> dedupe -> value score -> resolve (dedupe
        against the store + conflict check) -> [Op]

    The defaults are mechanical: rule-based extraction in English and
    Chinese, the keyword theme lexicon, role-based trust, key-based dedupe
    and supersede. Planning reads the store only through
    ``find_by_key(user_id, key)`` and writes nothing; the caller applies the
    ops with ``MemoryStore.apply`` in one transaction, with the turn id as
    the idempotency key.

    Where an LLM plugs in:

    - ``extractor``: an LLM extractor returns the same ``Candidate`` objects
      (description in the user's language, a canonical ``key`` and
      ``polarity`` so the resolver can dedupe and supersede); it may wrap
      ``MechanicalExtractor`` to keep the verbatim event.
    - ``classifier``: an LLM may set theme and kind; the lexicon fills only
      what is left empty, so chaining them is safe.
    - ``resolver``: seed 000's curation agent (create / update / merge /
      delete / hit) can replace ``KeyConflictResolver`` and return ``Op``
      lists built from its tool calls, given the same existing items.

    The trust filter stays mechanical whatever the other stages are: it is
    what keeps tool and web text from becoming a rule (DESIGN invariant 6),
    so it must not depend on a model's judgement.

    Args:
        extractor, classifier, trust_filter, deduper, scorer, resolver: the
            stages; None picks the mechanical default.
        plans_locally: planning makes no network or model calls, so several
            turns may be planned and applied inside one open transaction
            (``Memory.apply_pending``). None: True when every stage is a
            mechanical default.
        meaning: with an embedder, makes an add that restates an active item
            in other words or the other language a hit on it
            (``meaning_hit.MeaningHits``); None: keys and shared words alone.

    Attributes:
        echo_counts: ``Counter`` of assistant turns whose raw turn was not kept as an echo of the user
            ("dropped"), here and in ``Memory.apply_pending`` (``echo.without_echo``).
    """

    def __init__(
        self,
        extractor: Extractor | None = None,
        classifier: Classifier | None = None,
        trust_filter: TrustFilter | None = None,
        deduper: Deduper | None = None,
        scorer: ValueScorer | None = None,
        resolver: ConflictResolver | None = None,
        plans_locally: bool | None = None,
        meaning: MeaningHits | None = None,
    ) -> None:
        self.extractor: Extractor = extractor or MechanicalExtractor()
        self.classifier: Classifier = classifier or LexiconClassifier()
        self.trust_filter: TrustFilter = trust_filter or RoleTrustFilter()
        self.deduper: Deduper = deduper or BatchDeduper()
        self.scorer: ValueScorer = scorer or HeuristicValueScorer()
        self.resolver: ConflictResolver = resolver or KeyConflictResolver()
        self.meaning = meaning
        self.echo_counts: Counter[str] = Counter()
        self.late_replay = LateReplay(self.plan)
        stages = (extractor, classifier, trust_filter, deduper, scorer, resolver)
        self.plans_locally = all(stage is None for stage in stages) if plans_locally is None \
            else plans_locally

    def candidates(self, turn: Turn) -> list[Candidate]:
        """Run the stages that need no store: extract, classify, trust, dedupe, score.

        Traditional Chinese is read as its simplified form (``han_forms.simplified``): every stage sees
        "又开始喝珍奶了" for "又開始喝珍奶了"; ``plan`` writes what it stores back in the user's script."""
        if (read := simplified(turn.text)) != turn.text:
            turn = dataclasses.replace(turn, text=read)
        cands = ended_diets(turn, self.extractor.extract(turn))  # "the keto thing is over", 减肥失败了
        cands = acquired(turn, with_models(turn, cands), self.extractor.extract)  # "Got a new phone, an iPhone 16"
        cands = with_cause(turn, cands)  # "gluten-free because of celiac disease"
        cands = with_new_role(turn, cands)  # "joined X as head of data", "quit … starting at Shopify"
        cands = without_moods(cands)  # "有点紧张", "so tired": a moment, kept by the turn's event
        cands = without_common_things(cands)  # "我有手机", "I have a laptop": what nearly everyone has
        cands = without_filler(cands)  # "whatever, I'm fine", "不是啦": a reply to the assistant, no fact
        cands = without_unreadable(cands)  # "I'm sober": "User [health]" as every surface shows it
        cands = without_asides(cands)  # "我老是说错哈哈", "…但我不会去的": nothing lasting about the user
        cands = without_one_time(cands)  # "也想养一只柯基", "出了一万五令吉": a wish, a price, one occasion
        cands = one_of_work_or_study(turn.text, cands)  # "I started at Google": an employer, not a school
        cands = moved_to_org(cands)  # "my brother Tom moved to Meta": his employer, not his home
        cands = employer_over_city(cands)  # "我在上海工作，在阿里做产品经理": 阿里 is the employer, not 上海
        cands = leave_before_start(cands)  # "Started at Grab this week, left ByteDance": Grab is current
        cands = left_kept(cands)  # "left DBS, now at Grab": DBS is Grab's history, not a value dropped
        cands = without_shift_as_home(cands)  # "moved to days": a shift, no home called "days"
        cands = named_partner_first(cands)  # "脱单了！新男朋友叫Kevin": the name, not "有对象了", holds the slot
        cands = joined_objects(cands)  # "我乳糖不耐受，喝牛奶就拉肚子": one intolerance
        cands = restored(turn, cands, self.extractor.extract)  # "我有哮喘。换季的时候容易发作": the asthma's
        cands = in_turn_order(turn, cands, self.extractor.extract)  # "I lived in Berlin, then moved to Munich"
        cands = moved_in(turn, cands, self.extractor.extract)  # "第一晚在杭州的新公寓", "搬进了苏州的新房子"
        cands = arrived_home(turn, cands, self.extractor.extract)  # "到北京了，住…租的一居室", "finally here in Denver"
        cands = drink_said_now(turn, cands, self.extractor.extract)  # "现在每天早上一杯拿铁": 喝 put back
        cands = kind_resumed(turn, cands)  # "a latte every morning now" ends "doesn't drink coffee"
        cands = as_speakers(turn, cands)  # whatever rule made it, a named user's statement is keyed to them
        cands = self.classifier.classify(turn, cands)
        cands = self.trust_filter.filter(turn, cands)
        cands = self.deduper.dedupe(turn, cands)
        return self.scorer.score(turn, cands)

    def plan(self, turn: Turn, store: KeyLookup, candidates: list[Candidate] | None = None) -> list[Op]:
        """Return the ops ``turn`` makes to its user's memory, in apply order.

        Args:
            turn: a stored turn (validated ids, text and timestamp).
            store: read for the user's active items with each candidate key.
            candidates: ``self.candidates(turn)`` when the caller has them already.

        Returns:
            A list of ``AddOp`` / ``HitOp`` / ``EndOp`` (possibly empty), each
            carrying ``turn.turn_id``.

        Raises:
            EmptyText, TextTooLong, InvalidField: a candidate could not become an item.
            StoreError: the store failed while reading.
        """
        rows = _Rows(store, turn.user_id)
        if (theirs := as_sole_speaker(turn, lambda: rows.get(RESTATE_PREFIXES))) is not turn:
            turn, candidates = theirs, None  # "I moved to Wuhan" via add: Wei's, when Wei is the user's one name
        if (first := as_first_said(turn, store)) is not turn:  # "i work at ball aerospace!": as first written
            turn, candidates = first, None
        written = turn.text  # what an edit of an item may take words from (``edit_guard``)
        cands = self.candidates(turn) if candidates is None else candidates
        # the stages below read what the extractor read (traditional Chinese as simplified: ``reading_text``)
        if (plain := reading_text(turn.text)) != turn.text:
            turn = dataclasses.replace(turn, text=plain)
        cands = self._taken_up(turn, store, cands)
        cands = carried_out(turn, store, cands, self.candidates)  # "moved in last week!" after a move planned
        cands = inline_corrected(turn, cands)  # "green. Wait no, I meant blue": the right value before it is stored
        whole = whole_correction(turn, cands, rows.get)  # "oops I meant I take the subway to work"
        cands = whole if whole is not None else corrected(turn, cands, rows.get, store)  # "Boulder not Denver"
        if turn.role == "assistant":
            cands = _without_echo(turn, cands, rows, self.echo_counts)
        _statements_about(turn, cands, rows)
        cands = others_stance(turn, cands, lambda: rows.get(RESTATE_PREFIXES))  # "Tom doesn't like horror movies"
        cands = without_old_thing_gone(cands)  # "My old iPhone 12 finally gave up": why it was replaced
        cands = without_mishaps(turn.text, cands)  # "笑死，我又迟到了": one morning, no fact
        _restatements(turn, cands, rows)
        with_unnamed_twins(turn, cands, lambda: rows.get(RESTATE_PREFIXES))  # "started at KPMG" (Priya) ends add's job
        about_others_only(turn, cands)
        theirs_alone(turn, store, cands)  # "Dave's running the Boston marathon": no detail of the user's running
        cands = _switched(cands, rows)
        no_longer_at(turn, cands, rows.get)  # "I'm no longer at Google", "我已经不在谷歌了"
        returned_to(turn, cands, rows.get(PLACE_SLOTS),  # "还是回美团了", "went back to Acme": an earlier value again
                    lambda key: store.superseded_by_key(turn.user_id, key))
        # "还是做门诊药房" after "辞职了": still a pharmacist
        restated_title = same_work(turn, cands, rows.get((OCCUPATION,)),
                                   lambda key: store.superseded_by_key(turn.user_id, key))
        cands = stop_again(turn, cands, rows.get, self.extractor.extract)  # "算了还是戒了" after "烟又抽上了"
        cands = frequency_changed(turn, cands, rows.get)  # "理疗改成一周一次" after "每周二和周五去理疗"
        cands = count_changed(turn, cands, rows.get)  # "羊卖了一百一十只，留了九十来只" after "有两百多只羊"
        cands = with_held_kind(turn, cands, rows.get, self.extractor.extract)  # "又抱了一只回来，叫来福": a cat
        _categories_ended(cands, rows)
        carry_role(cands, rows.get)  # "现在在阿里上班" keeps "，做后端开发" said with the old employer
        kin_across(cands, rows.get)  # "my sister moved to Shenzhen" ends "用户的妹妹住在北京"
        named_across(cands, rows.get)  # "Kevin搬到深圳了" ends "User's friend Kevin lives in Hangzhou"
        household_moves(cands, rows.get)  # "我妈搬来跟我们住了" ends "用户的妈住在成都"
        same_housemate(cands, rows.get)  # "室友搬走了" ends "I live with my roommate"
        shared_home_left(turn.text, cands, rows.get)  # "搬家了，现在自己在通州租了个一居室" ends "跟同事合租"
        cands = without_one_off_meals(cands, turn.text)  # "国庆…吃了好多火锅": one meal, not a like
        cands = without_one_off_breaks(cands, turn.text)  # "cheat day today, had a burger": the diet holds
        diet_broken(cands, turn.text, lambda: rows.get((DIET_KEY,)))  # "最近开始吃鱼了" ends 吃素
        foods_ruled_out(cands, lambda: rows.get(("pref:", "gist:")))  # "went vegan" ends "loves steak", "eats steak"
        shift_gist_ended(cands, lambda: rows.get(("gist:",)))  # "moved to days" ends "works nights at a warehouse"
        partner_gone(cands, rows.get)
        cands = bond_kept(cands, rows.get)  # "I'm seeing someone now" never replaces "my girlfriend is Maya"
        cands = bond_met(turn, cands, store)  # "我们在一起了" after "认识了一个男生，叫周航": 周航 is the partner
        job_gone(cands, turn.text)  # "我爸退休了": his occupation ends with his job
        study_gone(cands, rows.get)  # "dropped out of UCL" ends "User is in the second year of their studies"
        home_role_ended(cands, rows.get)  # "下个月去阿里上班" ends "用户的职业是全职妈妈"
        plan_kept(cands, rows.get)  # "现在住杭州" ends "用户计划下个月搬去杭州": the plan came true
        home_role_begun(cands, rows.get, turn.text)  # "I'm a stay-at-home dad now" ends "User works at Google"
        rank_with_title(cands, rows.get)  # "promoted to senior" after "junior developer": "senior developer"
        keys = list(dict.fromkeys([*(c.key for c in cands if c.key),
                                   *(k for c in cands for k in (*c.ends, *c.probes, *c.reverses))]))
        held = [c for c in cands if c.held_before]  # the value before the turn's change: history, never current
        keys += [c.held_before for c in held if c.held_before not in keys]
        existing = existing_items(store, turn.user_id, keys)
        cands = [c for c in cands if not c.held_before]
        ops = self.resolver.resolve(turn, settle_people(settle_weak(cands, existing), existing), existing)
        ops = held_before_ops(turn, ops, held, existing)
        ops = with_earlier_sources(ops, restated_title)  # "我是药剂师" holds again: its turn is no outdated one
        ops = kept_members(turn, ops, existing, cands, Actor.PIPELINE)  # "cancelled Netflix": Spotify stays
        ops = all_ended_ops(turn, ops, rows.get, RESTATE_PREFIXES)  # "cancelled all my streaming subscriptions"
        ops = owned_end_ops(turn, ops, rows.get)  # "Sold the Civic", "车卖了", "my bike got stolen"
        ops = switch_undone(turn, ops, cands, rows.get(REPLACED_PREFIXES),  # "back on coffee" ends "green tea instead"
                            lambda key: store.superseded_by_key(turn.user_id, key),
                            lambda keys: store.find_by_keys(turn.user_id, keys))
        ops = colleague_left_ops(turn, ops, rows.get)  # "Dev left for Stripe" ends "User's cofounder Dev is CTO"
        ops = found_ops(turn, ops, rows.get, store)  # "豆豆找到了！" after "豆豆走丢了": the pet is back
        ops = still_held_ops(turn, ops, rows.get)  # "Still driving my Corolla", "还是开那辆卡罗拉": a hit
        ops = kept_models(turn, ops, rows.get)  # "upgraded to a Pixel 9" is no new detail of the Galaxy S22
        ops = part_swap_ops(turn, ops, rows.get)  # "upgraded to the 4090, sold the 4070 super": one part of a setup
        ops = settle_late_details(turn, ops, existing)  # "我的猫6岁了" of 03-06 arriving after "10岁" of 03-10
        once = ReadOnce(store)  # the late stages read the user's events once
        ops = corrected_late(turn, ops, once)  # "I live in York" arriving after its later "Leeds, not York"
        ops = settle_late_words(turn, ops, store)  # "I'm still at Google" said before "joined Meta", arriving after
        ops = self.late_replay.settle(turn, ops, once)  # "learning Japanese" arriving after "改学韩语了"
        ops = restated_late(turn, ops, store)  # "I work at Lincoln Middle" (Feb) after its March saying ended
        ops = chain_late(turn, ops, store) + trip_end_ops(turn, store) + plan_end_ops(turn, store) \
            + todo_done_ops(turn, store)
        ops = _ended_once(plan_told_ops(turn, ops, store))  # "婚期推迟到十月了": the May plan's turn is history
        ops = self.meaning.settle(turn, ops, store) if self.meaning is not None else ops  # in other words
        ops = restated_adds(turn, ops, rows.get, store)  # "还是一直在听爵士乐" after "I'm into jazz": no second item
        ops = named_again_ops(turn, ops, rows.get, store)  # "回北京了", "给 Emma 订了个 omakase": the value named again
        if any(isinstance(op, HitOp) for op in ops) and ending_clauses(turn.text):  # "粤语学不下去了": no restatement
            said = {i.id: i.description for items in existing.values() for i in items}
            said.update((row[0], row[2]) for row in rows.get(RESTATE_PREFIXES))
            ops = without_ending_hits(turn, ops, said)
        ops = in_users_script(ops, written)  # what is stored reads as the user wrote it: "用戶又開始喝珍奶了"
        ops = with_change_history(ops, _ended_items(turn, ops, existing, rows, store))  # Deloitte in Shopify's history
        if not any(isinstance(op, UpdateOp) and op.new_description is not None for op in ops):
            return ops
        olds = {i.id: i.description for items in existing.values() for i in items}
        olds.update((row[0], row[2]) for row in rows.get(RESTATE_PREFIXES))
        return guarded_edits(written, ops, olds, turn.speaker.strip())  # no text spliced from nowhere


    def _taken_up(self, turn: Turn, store: KeyLookup, cands: list[Candidate]) -> list[Candidate]:
        """Add what a turn opening on "he"/"she" says of the person the user spoke of before
        (``antecedent.named_turn``: "He switched careers, he's a lawyer now" after "my husband is a teacher"),
        or opening on the name of a person the user named before (``named_kin.kin_named_turn``: "Jing moved
        back to Beijing" after "my sister Jing lives in Shanghai"), or on "she"/"he" after a partner announced
        without a name (``partner_antecedent.partner_turn``: "她叫Lily" after "有女朋友了", the name kept in the
        partner slot), or else on a name nothing else holds, kept as that person's own fact (``named_other``:
        "Jason is a chef" -> "Jason works as a chef").

        Only when the turn itself says nothing of another person; the added candidates keep the turn's own words
        as their evidence.
        """
        if any("/" in c.key for c in cands if c.key and not c.is_event):
            return cands
        if (moved := housemate_turn(turn, store)) is not None:  # "he moved out": the one the user lives with
            said, key = moved
            gone = [dataclasses.replace(c, key=key or c.key, evidence=turn.text) for c in self.candidates(said)
                    if c.key.startswith(LIVES_WITH) and c.polarity < 0 and not c.is_event]
            if gone:  # of nobody the pronoun can mean: no end, and no restatement of a move in
                return [*cands, *gone[:1]] if key else [c for c in cands if not c.restate_only]
        named = named_turn(turn, store) or kin_named_turn(turn, store)
        partner = partner_turn(turn, store) if named is None else None  # "有女朋友了" … "她叫Lily"
        named = named or partner
        have = {c.key for c in cands}
        if named is None:
            stranger = stranger_turn(turn, store)
            if stranger is None:
                return cands
            theirs = [as_theirs(c, stranger[1]) for c in self.candidates(stranger[0]) if not c.is_event]
            found = [c for c in theirs if c is not None and c.key not in have]
        else:
            found = [c for c in self.candidates(named) if not c.is_event and c.key not in have
                     and ("/" in c.key or (partner is not None and c.key.split("@")[0] == "fact:partner"))]
        for cand in found:
            cand.evidence = turn.text
        return [*without_misread(cands, found, turn.speaker), *found]


def _ended_once(ops: list[Op]) -> list[Op]:
    """``ops`` with each item ended once: the first ``EndOp`` of an item stands ("the move is done" ends the
    plan both as a to-do done and as the plan the new home fulfils; a second end of it would be refused)."""
    seen: set[str] = set()
    out: list[Op] = []
    for op in ops:
        if isinstance(op, EndOp):
            if op.item_id in seen:
                continue
            seen.add(op.item_id)
        out.append(op)
    return out


def _ended_items(turn: Turn, ops: list[Op], existing: Mapping[str, list[MemoryItem]], rows: _Rows,
                 store: KeyLookup) -> dict[str, MemoryItem]:
    """The items ``ops`` supersede by another, by id: from ``existing``, else read by their keys."""
    ids = {op.item_id for op in ops if isinstance(op, EndOp) and op.by_id}
    found = {i.id: i for items in existing.values() for i in items if i.id in ids}
    keys = {row[1] for row in rows.get(RESTATE_PREFIXES) if row[0] in ids and row[0] not in found}
    if keys:
        found.update((i.id, i) for items in store.find_by_keys(turn.user_id, keys).values() for i in items
                     if i.id in ids)
    return found


class _Rows:
    """The user's active statements as ``(id, key, description)`` rows, read once per turn on first use."""

    def __init__(self, store: KeyLookup, user_id: str) -> None:
        self.store, self.user_id = store, user_id
        self._rows: list[tuple[str, str, str]] | None = None

    def get(self, prefixes: tuple[str, ...]) -> list[tuple[str, str, str]]:
        if self._rows is None:
            self._rows = self.store.active_by_prefix(self.user_id, RESTATE_PREFIXES)
        return [r for r in self._rows if r[1].startswith(prefixes)]


def _without_echo(turn: Turn, cands: list[Candidate], rows: _Rows, counts: Counter[str]) -> list[Candidate]:
    """Drop the event of an assistant turn that states nothing new ("好的，没问题！Mochi is a cute name.").

    Its words beyond pleasantries and praise (``small_talk.new_words``) are all the user's own:
    their name, or words of their statements (one light read, ``KeyLookup.active_by_prefix``), or else
    words of what they said (their events: one more read, only for a short turn with words left over).
    A turn with a recommendation, a fact or a plan has words of its own and keeps its event.
    """
    if not any(c.is_event for c in cands):
        return cands
    words = new_words(turn.text)
    if len(words) > MAX_ECHO_WORDS:
        return cands
    known = " ".join([turn.user_id, *(description for _, _, description in rows.get(RESTATE_PREFIXES))]) \
        if words else ""
    if words and not says_nothing_new(words, known):  # "Got it, cashews then.": the user's own words, not stored
        own = f"{turn.speaker.strip() or turn.role}: "  # as a statement; the assistant's own events are not theirs
        known = " ".join([known, *(text for _, _, text in rows.store.active_by_prefix(turn.user_id, ("event:",))
                                   if not text.startswith(own))])
    if not says_nothing_new(words, known):
        return cands
    counts["dropped"] += 1
    log.info("assistant turn %s of %s says nothing new; its raw turn is not kept", turn.turn_id, turn.user_id)
    return [c for c in cands if not c.is_event]


def _restatements(turn: Turn, cands: list[Candidate], rows: _Rows) -> None:
    """Add to each statement's ``probes`` the keys of the user's statements it is about, whatever their keys.

    One light read of the user's statements (``KeyLookup.active_by_prefix``) per turn that states
    something; the statements chosen are then read by key with the rest (``restate.restated_keys``).
    """
    saying = [c for c in cands if c.topic is not None or (c.key.startswith(("pref:", "fact:")) and not c.is_event)]
    if not saying:
        return
    found = rows.get(RESTATE_PREFIXES)
    if not found:
        return
    name = turn.speaker.strip()
    qualifier = speaker_qualifier(name)
    speaker = name if qualifier else ""
    for cand in saying:
        if cand.topic is None:  # a slot statement: its twins under other keys ("不吃香菜" / "hates cilantro")
            subject = speaker or ("用户" if cand.lang == "zh" else "User")
            cand.alike = tuple(restated_keys(topic(cand.description, cand.lang, subject), found, qualifier,
                                             speaker)[0])
            cand.probes = tuple(dict.fromkeys((*cand.probes, *cand.alike)))
            continue
        keys, alike = restated_keys(cand.topic, found, qualifier, speaker)
        if cand.restate_only:  # "her name is Biscuit" names the dog adopted last week
            alike.extend(named_later(cand.description, found, qualifier, speaker))
        cand.probes = tuple(dict.fromkeys((*cand.probes, *keys, *alike)))
        cand.alike = tuple(alike)


#: a drug said by its kind, not its name ("医生把药换成了缬沙坦", "把降压药换成…", "changed my blood pressure meds to
#: losartan"): it names no drug a switch replaces
#: The key prefix of a hobby: a switch to one ends the routine of the pastime it replaces (``pastime_switch``).
HOBBY = "fact:hobby:"
_BARE_DRUG = re.compile(r"(?:药|片)$|\b(?:meds|medications?|medicines?|pills|drugs)$")


def _switched(cands: list[Candidate], rows: _Rows) -> list[Candidate]:
    """Add to a switch's ``ends`` the keys of the user's other values of its attribute ("改学 Korean" ends
    ``fact:language:japanese``): the resolver supersedes them by the new value, so its history names them.

    The turn's own negative statement of a value the switch ends ("日语放弃了，改学 Korean 了") is dropped:
    the switch says it, and is the successor of the old value.
    """
    switches = [c for c in cands if c.switch_of]
    if not switches:
        return cands
    ended: set[str] = set()
    for cand in switches:
        qualifier = qualifier_of(cand.key)
        others = [key for _, key, _ in rows.get((cand.switch_of,)) if key != cand.key and own_key(key, qualifier)]
        if cand.switch_of == MEDICATION:  # a new blood-pressure drug ends the old one, never the metformin; a
            # turn that names what it replaces ("Stopped the Jardiance … put me on Ozempic instead") ends that only
            own = cand.key[len(MEDICATION):]
            named = any(c.key.startswith(MEDICATION) and c.polarity < 0 for c in cands) \
                or any(k.startswith(MEDICATION) and not _BARE_DRUG.search(k[len(MEDICATION):].split("@")[0])
                       for k in cand.ends)  # "把药换成了缬沙坦", "把降压药换成…": a drug said by its kind names none
            others = [] if named else [key for key in others if same_use(own, key[len(MEDICATION):])]
        elif cand.switch_named:  # "Gave up fly fishing. Took up woodworking instead": what the stop names only
            others = [key for key in others if key[len(cand.switch_of):].split("@")[0] in cand.switch_named]
        if cand.switch_of == HOBBY:  # "Switched to cycling" ends "User's routine: run every morning" too
            new = cand.key[len(HOBBY):].split("@")[0]  # … and no hobby of another kind ("plays piano")
            others = [k for k in others if not other_kind(new, k[len(HOBBY):].split("@")[0])]
            others += replaced_routines(new, rows.get(HELD_PREFIXES), qualifier)
        cand.ends = tuple(dict.fromkeys((*cand.ends, *others)))
        ended.update(cand.ends)
    return [c for c in cands if c.switch_of or not (c.polarity < 0 and c.key in ended and not c.is_event)]


def _categories_ended(cands: list[Candidate], rows: _Rows) -> None:
    """Add to a like's end ("I don't like spicy food anymore") the keys of the examples the like named as likes of
    their own ("Mia likes Sichuan hot pot (spicy food)", ``examples``): the category's end ends them too."""
    for cand in cands:
        if cand.polarity < 0 and cand.key.startswith("pref:") and not cand.is_event and cand.reverse_polarity <= 0:
            found = examples_ended(cand.key, rows.get(("pref:",)))
            if found:
                cand.reverses = tuple(dict.fromkeys((*cand.reverses, *found)))
                cand.reverse_polarity = -1


def _statements_about(turn: Turn, cands: list[Candidate], store: _Rows) -> None:
    """Add to a change's ``reverses`` the keys of the user's statements about its thing, whatever their words.

    Only when the turn says a change (rare): the store lists keys by prefix
    (``KeyLookup.active_by_prefix``, one light read without history); the
    statements chosen are then read by key with the rest.
    """
    changing = [c for c in cands if c.reverses and c.reverse_terms]
    if not changing:
        return
    rows = store.get(STATEMENT_PREFIXES)
    for cand in changing:
        qualifier = qualifier_of(cand.reverses[0])
        speaker = cand.speaker if cand.speaker not in ("user", "assistant") else ""
        cand.reverses = tuple(dict.fromkeys((*cand.reverses, *keys_about(cand.reverse_terms, rows, qualifier,
                                                                          speaker))))


def settle_weak(cands: list[Candidate], existing: Mapping[str, list[MemoryItem]]) -> list[Candidate]:
    """Keep a weak cue's candidate (``needs_existing``) only when the user has a statement of its slot.

    "These days I'm with Bosch" changes the employer of a user who named one
    before; said first, it is no employer, and the clause is kept in the
    user's own words instead (the candidate whose ``instead_of`` names it).
    A statement of the slot is an active item under its key, or an own-words
    item of the slot's topic it ends (``Candidate.ends``, ``gist:<attribute>``),
    or another statement of the same turn ("我住在无锡，在滨湖区": the second
    clause narrows the first). The same clause kept in the user's own words before (the item the candidate
    standing in for this one would write, word for word) is no statement of the slot: "我换工作了，现在在阿里巴巴"
    said again in a later session is a restatement of that item (a hit), never a change superseding it by
    its own value reworded. A default cue's candidate (``needs_absent``: the
    home read from "我在杭州工作") is kept only when neither is there.
    """
    if not any(c.needs_existing or c.instead_of or c.needs_absent for c in cands):
        return cands
    stated = {c.key for c in cands if c.key and not c.needs_absent} | {  # a default never replaces a stated value
        k for c in cands if c.needs_absent for k in (c.key,)
        if any(i.active and i.confidence > DEFAULT_CONFIDENCE for i in existing.get(k, ()))}  # another default may go
    cands = [c for c in cands if not (c.needs_absent and c.key in stated)]
    kept = {c.key for c in cands if c.key and not c.needs_existing and not c.restate_only}  # "住在无锡，在滨湖区"
    for cand in cands:
        if not cand.needs_existing:
            continue
        own = {c.description.strip().casefold() for c in cands if c.instead_of == cand.key}  # the clause as said
        if any(i.active and i.description.strip().casefold() not in own
               for k in (cand.key, *cand.ends) if k.startswith(("fact:", "gist:")) for i in existing.get(k, ())):
            kept.add(cand.key)
    return [c for c in cands if not (c.needs_existing and c.key not in kept) and not (c.instead_of
                                                                                     and c.instead_of in kept)]


def existing_items(store: KeyLookup, user_id: str, keys: list[str]) -> dict[str, list[MemoryItem]]:
    """Return the user's active items for each key, in one read (``KeyLookup.find_by_keys``).

    Raises:
        StoreError: the store failed while reading.
    """
    if not keys:
        return {}
    found: Mapping[str, list[MemoryItem]] = store.find_by_keys(user_id, keys)
    return {key: list(found.get(key, ())) for key in keys}
