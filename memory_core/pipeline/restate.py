"""Plans for statements in the user's own words: hit, revise with a detail, or add (issue 13 §3).

A candidate carrying a ``topic`` (``memory_core.pipeline.own_words``) is
compared with the user's active items found under its ``probes``:

- it says again what an item says (``gist.same_topic``: most of the item's
  terms, or every strong term of it): ``HitOp`` on that item;
- it says it again, or speaks of the same named thing, and adds a number or
  a name the item lacks ("Miso turned three", "CPA 还剩税法和审计"): the item
  is revised to hold the detail (``UpdateOp``: the old text stays in its
  history) and hit;
- otherwise a gist statement is added (``AddOp``); a mention adds nothing.

Items the same turn already changed are left to that change. A statement
of the opposite polarity is never a restatement.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime

from memory_core.model import Kind, MemoryItem, Status, Turn
from memory_core.pipeline.attr_value import new_attribute_value
from memory_core.pipeline.cessation import end_opposite, item_polarity
from memory_core.pipeline.changed_value import changed_number, ended_by_stance, one_more
from memory_core.pipeline.changed_value import with_statement as _with
from memory_core.pipeline.detail_mood import NOT_SAID, mood_of
from memory_core.pipeline.detail_role import adds_detail as _detail
from memory_core.pipeline.detail_role import company_only, detail_of_thing, passing_mention
from memory_core.pipeline.drug_switch import names_other_drug
from memory_core.pipeline.first_said import off_first
from memory_core.pipeline.gist import (
    MAX_GIST_CHARS,
    RESTATE_OVERLAP,
    Topic,
    generic_terms,
    led_to,
    same_topic,
    topic,
    word_overlap,
)
from memory_core.pipeline.held_change import own_key
from memory_core.pipeline.life_change import change_kind, names_others_kin
from memory_core.pipeline.mention_detail import detail_of
from memory_core.pipeline.named_role import common_word_of_name, name_elsewhere, other_full_name, when_only
from memory_core.pipeline.other_value import other_value
from memory_core.pipeline.own_words import CHANGE as _CHANGE
from memory_core.pipeline.own_words import items_subject as _subject
from memory_core.pipeline.own_words import stance_of
from memory_core.pipeline.paused import paused
from memory_core.pipeline.place_names import same_place
from memory_core.pipeline.said_across import said_across
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.their_view import opens_on_other, their_view, view_roles
from memory_core.pipeline.types import Candidate
from memory_core.store.write_ops import AddOp, EndOp, HitOp, Op, UpdateOp
from memory_core.text.script import has_han, lang_of

__all__ = ["RESTATE_PREFIXES", "drop_restated", "plan_own_words", "restated_keys",
           "revision_of", "twin_of"]

#: Key prefixes of the user's statements a later turn may say again (one light read per turn that states something).
RESTATE_PREFIXES = ("gist:", "pref:", "fact:", "todo:")
#: At most this many earlier statements' keys are added to one candidate's probes.
MAX_RESTATED = 24
#: A strong term held by more of the user's statements than this names no one thing of them.
MAX_HOLDERS = 2

#: A new value of a lasting thing ("a new job as a nurse", 新工作, 跳槽): a change, never a detail of the old value.
_NEW_VALUE = re.compile(r"\bnew\s+(?:job|role|position|gig|employer|company|flat|apartment|house|home|place|school)\b"
                        r"|新工作|新公司|新家|跳槽|换工作", re.IGNORECASE)
_SENTENCES = re.compile(r"[.!?。！？；;]\s*\S")
# a change of where a thing is had, not of the thing ("冰美式yyds，今天换了家店也还行", "switched to a new café")
_WHERE_CHANGED = re.compile(r"换了?(?:一|个)?[家间个](?:新的?)?(?:店|咖啡店|奶茶店|馆子|餐厅|地方|门店)?|"
                            r"\b(?:switched|changed|swapped)\s+(?:to\s+)?(?:a\s+)?(?:different|new|another|other)\s+"
                            r"(?:shop|store|caf[eé]|coffee\s+shop|place|spot|location|branch|gym)\b", re.IGNORECASE)
#: Keys of the user's items of another person (a partner, family, children): a sentence of that person is theirs.
_PERSON_KEYS = ("fact:partner", "fact:family", "fact:children")
_PIECE = re.compile(r"[,，;；]|\b(?:and|but|so)\b")


def _item_topic(item: MemoryItem, speaker: str) -> Topic:
    """The topic of an item's text, its subject no term."""
    lang = lang_of(item.description)
    return topic(item.description, lang, _subject(speaker, lang))


@functools.lru_cache(maxsize=65536)
def _own_statement(key: str, description: str, qualifier: str, speaker: str) -> Topic | None:
    """The topic of a row's statement when it is the speaker's own (``restated_keys``), else None.

    Cached: every turn that states something reads the user's statements again, and most are unchanged.
    """
    if not own_key(key, qualifier) or "/" in key:
        return None
    lang = lang_of(description)
    return topic(description, lang, _subject(speaker, lang))


def restated_keys(found: Topic, rows: Iterable[tuple[str, str, str]], qualifier: str,
                  speaker: str = "") -> tuple[list[str], list[str]]:
    """Keys of the rows ``(id, key, description)`` of the speaker's own statements ``found`` is about (``same_topic``).

    Whatever key an earlier statement was filed under (a slot's, another
    anchor's), a restatement finds it by what it says: "Radiohead is still my
    favourite band" finds ``pref:favourite:band``, "旺财是只柯基" finds the
    ``fact:pet:dog`` item naming 旺财. A row of another person (``fact:sister/...``)
    or of another speaker (a key ending in another ``@qualifier``) is left out.

    Returns:
        (keys, alike): the keys to read, and those of the statements picked by ``found.lead`` alone,
        the word a sentence opens on ("考研目标定了" picks the one statement naming 考研), which the
        planner takes as about the same thing.
    """
    # a statement sharing no term with ``found`` (nor holding its lead) counts for nothing below: left out at once
    wanted = found.terms | {found.lead} if found.lead else found.terms
    mine: list[tuple[str, Topic]] = []
    for _, key, description in rows:
        old = _own_statement(key, description, qualifier, speaker)
        if old is not None and not (wanted.isdisjoint(old.terms) and found.terms.isdisjoint(old.strong)):
            mine.append((key, old))
    held = Counter(t for _, old in mine for t in old.strong & found.terms)
    leads = [key for key, old in mine if led_to(found, old)]
    alike = list(dict.fromkeys(leads)) if len(leads) <= MAX_HOLDERS else []
    out: list[str] = list(alike)
    for key, old in mine:
        if key in out or not same_topic(found, old)[0]:
            continue
        # most words shared, or a name shared with one or two statements; one said in many (a friend's) names none
        if word_overlap(found, old) >= RESTATE_OVERLAP or any(held[t] <= MAX_HOLDERS for t in old.strong & found.terms):
            out.append(key)
            if len(out) >= MAX_RESTATED:
                break
    return out, alike


def plan_own_words(turn: Turn, cand: Candidate, existing: Mapping[str, list[MemoryItem]], touched: set[str],
                   actor: str, new_item: Callable[[Turn, Candidate], MemoryItem],
                   stated: Sequence[Candidate] = ()) -> list[Op]:
    """Return the ops of one own-words candidate (see the module docstring); ``touched`` gains the item it uses.

    Args:
        turn: the source turn.
        cand: a candidate with ``topic`` set.
        existing: the user's active items by key (its probes among them).
        touched: ids of items this turn has already added, hit or changed.
        actor: recorded on revisions.
        new_item: builds the item of a candidate (``KeyConflictResolver.new_item``).
        stated: the turn's own statements, for a mention: what of it is a detail (``mention_detail.detail_of``).
    """
    assert cand.topic is not None
    seen: dict[str, MemoryItem] = {}
    for key in dict.fromkeys((cand.key, *cand.probes) if cand.key else cand.probes):
        for item in _live(existing.get(key, ()), turn):
            seen.setdefault(item.id, item)
    speaker = cand.speaker if cand.speaker and cand.speaker not in ("user", "assistant") else ""
    best: tuple[int, MemoryItem, Topic] | None = None
    ended: list[MemoryItem] = []
    succeeded, made = False, cand
    changed = bool(_CHANGE.search(_WHERE_CHANGED.sub(" ", cand.description)))
    renewed = bool(_NEW_VALUE.search(cand.description))  # neither a hit nor a detail; the slot reading ends the old
    # a mention opening on another person ("我妹妹的健身卡退了", "my sister cancelled her gym membership") ends
    # nothing of the user's own (``people.about_others_only`` leaves it unable to revise)
    theirs_too = cand.may_revise or not cand.restate_only
    held_off = paused(cand.description)  # "no running for 6 weeks": the habit holds, the pause is no detail of it
    for item in seen.values():
        if held_off or item.id in touched or _names_a_sibling(str(item.key or ""), cand.topic):
            continue
        if said_across(cand, item):  # "I quit drinking" after 我戒酒了: said again, in the other language
            touched.add(item.id)
            return [HitOp(item.id, turn_id=turn.turn_id)]
        old = _item_topic(item, speaker)
        if changed and old.terms == cand.topic.terms and old.numbers == cand.topic.numbers \
                and stance_of(item.description) == cand.polarity:
            touched.add(item.id)  # a change said again in the same words (a conversation replayed under another
            return [HitOp(item.id, turn_id=turn.turn_id)]  # session): a hit, never its own successor
        if other_value(item.description, cand.description, turn.text, cand.topic, old, _subject(speaker, cand.lang)):
            continue  # "my email is ben.k@…" beside "User is Ben"; a PIN beside a card number
        same, restated = same_topic(cand.topic, old)
        same = same or item.key in cand.alike
        held_in = lang_of(item.description)
        if same and off_first(cand.topic, item.description, held_in, _subject(speaker, held_in)):
            same = False  # a word of a detail alone: "…for 3 weeks to see dad" is no statement of "中文还不太好；…week"
        if not same and changed and _changed_piece_names(cand, old):
            if str(item.key or "").startswith("gist:") and not turn.timestamp < _said_at(item) and theirs_too:
                ended.append(item)  # "羽毛球我现在不打了" ends "每天晚上都打羽毛球"
            continue
        if not same or renewed or (cand.reverses and (item_polarity(item) if cand.reverse_polarity > 0
                                                      else _stance(item.description)) != cand.reverse_polarity):
            continue  # a cessation ("I used to play guitar") or a resumption ("resubscribed" after "cancelled")
            # restates nothing it ends: ``end_opposite`` below
        # a mention (``restate_only``) ends nothing by its polarity: only a statement of the other polarity does
        if changed or (not cand.restate_only and stance_of(item.description) != cand.polarity):
            if ended_by_stance(str(item.key or ""), cand.description, item.description) \
                    and not turn.timestamp < _said_at(item) and theirs_too \
                    and (not str(item.key).startswith("fact:language:") or _changed_piece_names(cand, old)):
                ended.append(item)  # "I cancelled my WoW subscription" ends "plays World of Warcraft"; a language,
                # only by the piece that names it ("韩语我不学了，专心学日语" leaves 日语)
            continue
        if (changed_number(cand.description, item.description)
                or new_attribute_value(cand.description, item.description)) and not cand.restate_only \
                and str(item.key or "").startswith("gist:") and not turn.timestamp < _said_at(item):
            ended.append(item)  # "been going to bed at 11 lately", "my bias is now Wonbin": the new value, the old
            continue  # one in history
        if not cand.restate_only and one_more(cand.description, cand.topic, old):
            continue  # "I also subscribe to Spotify now" beside "subscribes to Netflix": an item of its own
        if passing_mention(cand.description, cand.topic, old, str(item.key or ""), cand.lang,
                           _subject(speaker, cand.lang)):
            continue  # "Took the kids to the zoo", "Ran the Denver half marathon": a passing mention of the thing
        if company_only(item.description, cand.topic, old):
            continue  # "小米湿疹好严重" beside "练琴了，弹给小米听": of whom the act is for, not of the act
        if _other_thing(cand, item, old, stated, speaker):
            continue  # "move down to Tacoma" beside the truck Tacoma; "Amara thinks it might be coeliac"
        if change := _changes_item(cand, (1, item, old), stated, speaker):
            if change == "ends" and not turn.timestamp < _said_at(item) and theirs_too:
                ended.append(item)  # "bubble tea 店的工作辞了", "Mochi 去世了": the change is the item's successor
                if cand.restate_only and not cand.key and not succeeded:  # the successor holds the item's slot
                    succeeded, made = True, dataclasses.replace(cand, key=str(item.key or ""))
            continue  # "他叫 Kevin，也是 UofT 的", "Tasha's parents flying in": no restatement nor detail of it
        rank = 2 if restated else 1
        if best is None or rank > best[0]:
            best = (rank, item, old)
    slot_record = False
    if best is not None and (mood := _mood(cand, best, stated, speaker)):
        if mood != NOT_SAID and not turn.timestamp < _said_at(best[1]) and theirs_too:
            ended.append(best[1])  # "中介不干了", "coffee is back": the change is the item's successor, not its text
            # a slot statement of the turn ending what the item names ("gave Werner my two weeks": no longer works at
            # Werner) is the change's record: the turn's whole text is no second one (new-user trial 34)
            succeeded = True
            slot_record = _slot_ended(best[1], stated)
            if cand.restate_only and not cand.key:  # the successor holds the slot the item held
                made = dataclasses.replace(cand, key=str(best[1].key or ""))
        best = None  # "if I fail Analysis again…": the item is not said again
    ops = _end(turn, cand, ended, touched, actor)
    if cand.reverses and not held_off:  # a cessation or a reversal said in other words ends the other polarity's items
        skip = touched | ({best[1].id} if best is not None else set())
        extra = end_opposite(turn, cand.reverses, cand.reverse_polarity, existing, skip, actor, _reason(cand),
                             said=cand.description)
        touched.update(op.item_id for op in extra)
        ops.extend(extra)
    if best is not None:
        rank, item, old = best
        touched.add(item.id)
        ops.append(HitOp(item.id, turn_id=turn.turn_id))
        said = _detail_text(cand, best, stated, speaker)
        grown = _with(item.description, said, cand.lang)  # a new number of what it measures replaces the old
        new = cand.topic if said == cand.description else topic(said, cand.lang, _subject(speaker, cand.lang))
        renumber = bool(said) and changed_number(said, item.description)  # a new dose, count or amount of it
        if cand.may_revise and said and (renumber or _detail(new, old, said, cand.lang)) \
                and len(grown) <= MAX_GIST_CHARS \
                and grown != item.description \
                and not turn.timestamp < _said_at(item) \
                and not (cand.restate_only and lexicon().markers[cand.lang]["another"].search(said.casefold())) \
                and detail_of_thing(said, new, old, str(item.key or ""), cand.lang, _subject(speaker, cand.lang)) \
                and not names_other_drug(said, str(item.key or "")) \
                and not their_view(said, _subject(speaker, cand.lang), view_roles()) \
                and not _others_news(said, item, old, cand.lang, speaker):  # "added Jardiance" is no metformin
            # detail; "Cody says the college there is good", "男朋友也养猫": another person's view or news is theirs
            reason = f"补充细节：{said}" if cand.lang == "zh" else f"added detail: {said}"
            if renumber:  # "doc upped my Euthyrox to 75 mcg": a new value, no hit
                ops = [op for op in ops if not (isinstance(op, HitOp) and op.item_id == item.id)]
                reason = f"数值变更：{said}" if cand.lang == "zh" else f"changed value: {said}"
            ops.append(UpdateOp(item.id, reason, new_description=grown, actor=actor, turn_id=turn.turn_id,
                                at=turn.timestamp))
        return ops
    if cand.restate_only and not succeeded and not (cand.successor and any(isinstance(op, EndOp) for op in ops)):
        return ops
    if slot_record:
        return ops
    item = new_item(turn, made)  # a carrier that ended something is the change's record: the ended items name it
    touched.add(item.id)
    return [AddOp(item), *(_by(op, item.id) for op in ops)]


def _other_thing(cand: Candidate, item: MemoryItem, old: Topic, stated: Sequence[Candidate], speaker: str) -> bool:
    """True when what ``cand`` would say of ``item`` (topic ``old``) is of another thing or person, the shared word
    notwithstanding: another full name ("Jia Min" beside "Jia Hui"), a name in another role ("move down to
    Tacoma" beside the truck), the thing only as a time ("after my run", ``named_role``), or the view of the person
    the item names ("Amara thinks it might be coeliac" beside "User's girlfriend is Amara", ``their_view``): no hit,
    no detail (new-user trial 37)."""
    said = _detail_text(cand, (1, item, old), stated, speaker) or cand.description
    subject = _subject(speaker, cand.lang)
    new = cand.topic if said == cand.description or cand.topic is None else topic(said, cand.lang, subject)
    assert new is not None
    if other_full_name(said, item.description, new, old, subject) \
            or common_word_of_name(said, item.description, new, old, subject) \
            or name_elsewhere(said, item.description, new, old, str(item.key or ""), cand.lang, subject) \
            or when_only(said, new, old, cand.lang, subject):
        return True
    who = their_view(said, subject, sorted(t for t in (old.terms | old.strong) - old.numbers if ":" not in t))
    return bool(who) and bool(topic(who, lang_of(who), subject).terms & (old.terms | old.strong))


def _others_news(said: str, item: MemoryItem, old: Topic, lang: str, speaker: str) -> bool:
    """True when ``said`` is another person's sentence ("男朋友也养猫，两只英短", "my girlfriend has dogs too": their
    pets, job, news; ``their_view.opens_on_other``) and ``item`` (topic ``old``) is the user's own, not of that person:
    no text of the item, though it may name the item's thing (a hit, as "朋友阿杰刚领养了一只 border collie" is)."""
    key = str(item.key or "")
    subject = _subject(speaker, lang)
    other = opens_on_other(said, subject)
    return bool(other) and "/" not in key and not key.startswith(_PERSON_KEYS) \
        and not topic(other, lang_of(other), subject).terms & (old.terms | old.strong)


def _mood(cand: Candidate, best: tuple[int, MemoryItem, Topic], stated: Sequence[Candidate], speaker: str) -> str:
    """What keeps ``cand`` from being a detail of the item it restates (``detail_mood.mood_of``), or ""."""
    subject = _subject(speaker, cand.lang)
    shared = best[2].terms | best[2].strong

    def names_item(clause: str) -> bool:
        said = topic(clause, cand.lang, subject)
        return bool((said.terms - said.numbers) & shared)

    return mood_of(_detail_text(cand, best, stated, speaker), cand.lang, subject, names_item)


def _changes_item(cand: Candidate, best: tuple[int, MemoryItem, Topic], stated: Sequence[Candidate],
                  speaker: str) -> str:
    """What keeps ``cand`` from restating the item of ``best`` (``life_change``): "ends" when what it would add says
    a change that ends the item (a move, a death, a job left), "other" when it says a new partner or speaks of
    someone else's relative; "" when it may restate it, or when the item itself says such a change."""
    said = _detail_text(cand, best, stated, speaker)
    if not said or change_kind(best[1].description):
        return ""
    if names_others_kin(said, _subject(speaker, cand.lang)):
        return "other"
    kind = change_kind(said)
    if kind == "ends":
        return kind
    # a turn announcing a new partner ("I have a girlfriend now!! 她叫 Ana，也是 McGill 的") restates no older item
    return "other" if kind or change_kind(cand.description) == "partner" else ""


def _detail_text(cand: Candidate, best: tuple[int, MemoryItem, Topic], stated: Sequence[Candidate],
                 speaker: str) -> str:
    """What of ``cand`` would be joined to the item it restates (``best``): its whole text, or a mention's detail."""
    _, item, old = best
    if not cand.restate_only:
        return cand.description
    return detail_of(cand, old, str(item.key or ""), stated, _subject(speaker, cand.lang))


def drop_restated(ops: list[Op], mention_ops: list[Op], cand: Candidate, existing: Mapping[str, list[MemoryItem]],
                  speaker: str = "") -> list[Op]:
    """``ops`` without the items this turn added that only say again what its mention found stated already.

    "猫毛我是真的过敏" reads as a new allergy statement and, as a whole turn, restates
    "对猫毛过敏": the hit (or the revision) on the older item is the turn's record, the
    new item a duplicate. An added item is dropped when each of its topic terms is
    in the mention, it shares a term with the older item when that item is of a person (``_of_a_person``: the
    person named in passing is no restatement of the user's own statement), and it names nothing (no strong
    term) the older item lacks, or the older item was revised to hold the whole turn of one sentence; an
    item another op of the turn refers to (a supersede by it, its own end) is kept.

    Args:
        ops: the turn's ops so far (its statements'); mention_ops: the mention's (``plan_own_words``).
        cand: the mention (``restate_only``); existing: the items read for the turn; speaker: the user's name.
    """
    assert cand.topic is not None
    hit = next((op.item_id for op in mention_ops if isinstance(op, HitOp)), None)
    older = next((i for items in existing.values() for i in items if i.id == hit), None)
    if older is None:
        return ops
    old = _item_topic(older, speaker)
    # a one-sentence turn that revised the older item is one statement: the older item now holds it all
    grown = any(isinstance(op, UpdateOp) for op in mention_ops) and not _SENTENCES.search(cand.description)
    cited = {i for op in ops if not isinstance(op, AddOp)
             for i in (getattr(op, "item_id", None), getattr(op, "by_id", None)) if i}
    out: list[Op] = []
    for op in ops:
        if isinstance(op, AddOp) and op.item.kind != Kind.EVENT and op.item.id not in cited:
            said = _item_topic(op.item, speaker)
            if said.terms and said.terms <= cand.topic.terms and (grown or said.strong <= old.terms | old.strong) \
                    and (said.terms & (old.terms | old.strong) or not _of_a_person(str(older.key or ""))):
                continue  # a statement sharing no term with a person's item the mention hit ("been dipping" beside
                # the wife named in another clause: "Tasha found a can") says something else: it is kept
        out.append(op)
    return out


def _of_a_person(key: str) -> bool:
    """True when ``key`` is of a person of the user's ("fact:partner", "fact:family:…", another's "…/…")."""
    return key.startswith(("fact:partner", "fact:family:")) or "/" in key


# a dislike said without a negation ("hates cilantro", "讨厌香菜", "怕冷")
_DISLIKE = re.compile(r"\b(?:hates?|dislikes?|detests?|loathes?|can't\s+stand)\b|讨厌|受不了|怕|反感", re.IGNORECASE)


def _stance(text: str) -> int:
    return -1 if _DISLIKE.search(text) else stance_of(text)


def twin_of(cand: Candidate, existing: Mapping[str, list[MemoryItem]], touched: set[str], turn: Turn,
            speaker: str = "") -> MemoryItem | None:
    """An active statement under another key that says what the slot candidate ``cand`` says, else None.

    "我不吃香菜" (``pref:香菜``) after "I hate cilantro" (``pref:cilantro``): both name one
    synonym group, both are dislikes. The candidate's ``alike`` keys (``WritePipeline.plan``) are
    looked at; a twin shares a known object or synonym group with it, or most of its words (the
    attribute's own word, "allergy", counts for neither: "对虾也过敏" is no twin of "对花生过敏"), with
    the same stance.
    """
    if not cand.alike or cand.ends or cand.reverses or _CHANGE.search(turn.text) or _CHANGE.search(cand.description):
        return None  # a change ("I switched from lattes to black coffee") is the change's to plan
    if "/" in cand.key:  # another person's fact
        return None
    said = topic(cand.description, cand.lang, _subject(speaker, cand.lang))
    stance = -1 if cand.polarity < 0 or _stance(cand.description) < 0 else 1
    head, _, attr = cand.key.partition("@")[0].partition(":")
    # what the attribute itself names is no shared thing ("allergic to peanuts" / "allergic to shellfish")
    generic = topic(attr.split(":")[0].replace("_", " "), "en").terms if head == "fact" else frozenset()
    for key in cand.alike:
        for item in _live(existing.get(key, ()), turn):
            if item.id in touched or item.key == cand.key or _sibling_objects(cand.key, str(item.key or "")) \
                    or _one_more_of(cand.key, str(item.key or "")) \
                    or names_other_drug(cand.description, str(item.key or "")):  # a second drug: its own item
                continue
            old = _item_topic(item, speaker)
            known = any(t.startswith(("obj:", "syn:")) for t in said.strong & old.strong - generic)
            # most words shared, the attribute's own word not counted ("对虾也过敏" / "对花生过敏": 过敏 only)
            worded = word_overlap(dataclasses.replace(said, terms=said.terms - generic),
                                  dataclasses.replace(old, terms=old.terms - generic)) >= RESTATE_OVERLAP
            if (known or worded) and same_topic(said, old)[0] and _stance(item.description) == stance:
                return item
    return None


def _one_more_of(key: str, other: str) -> bool:
    """True when one key is the other's slot with one more name after it (``fact:pet:cat:luna`` /
    ``fact:pet:cat``): a second pet of a species is no restatement of the first."""
    a, b = key.partition("@")[0], other.partition("@")[0]
    return a.startswith(f"{b}:") or b.startswith(f"{a}:")


def _sibling_objects(key: str, other: str) -> bool:
    """True when two slot keys of one attribute name two kinds of one thing ("pref:black tea" /
    "pref:green tea"): a word of the objects shared, and each a word the other lacks."""
    a, _, obj_a = key.partition("@")[0].rpartition(":")
    b, _, obj_b = other.partition("@")[0].rpartition(":")
    if a != b or obj_a == obj_b:
        return False
    parent = _kind_parent(obj_a)
    if parent and parent == _kind_parent(obj_b):  # "pref:红茶" / "pref:绿茶": two kinds of tea
        return True
    words_a, words_b = set(obj_a.split()), set(obj_b.split())
    return bool(words_a & words_b) and bool(words_a - words_b) and bool(words_b - words_a)


def _kind_parent(obj: str) -> str:
    """The known object ``obj`` is a kind of ("绿茶" -> "tea", "latte" -> "coffee"), else ""."""
    lex = lexicon()
    lang = lang_of(obj)
    return lex.kind_of[lang].get(lex._fold(obj, lang), "")


def _names_a_sibling(key: str, said: Topic) -> bool:
    """True when ``said`` names the head of a slot key's object of several words but not the whole of it:
    "I like black tea" holds "tea" and not "green" of ``pref:green tea``: another kind of the thing; or, for a
    like of a known kind (``pref:绿茶``), names the kind's parent (tea) without the kind itself (by any of its names:
    "猪肉" is the kind of ``pref:pork``)."""
    obj = key.partition("@")[0].rpartition(":")[2]
    words = obj.split()
    parent = _kind_parent(obj) if key.startswith("pref:") else ""
    if parent and f"obj:{parent}" in said.terms and f"obj:{obj}" not in said.terms:  # "我也喜欢喝红茶": not 绿茶
        own = topic(obj, lang_of(obj)).terms
        return not {t for t in own if not t.startswith(("obj:", "syn:"))} <= said.terms
    if len(words) < 2:
        return False
    terms = [topic(w, lang_of(w)).terms for w in words]  # as ``said`` reads them
    return bool(terms[-1]) and terms[-1] <= said.terms and not all(t <= said.terms for t in terms)


def revision_of(cand: Candidate, item: MemoryItem, speaker: str = "") -> str | None:
    """The text ``item`` takes when the slot candidate agreeing with it names more (a name, a number), else None.

    "我女儿叫朵朵" agrees with "有女儿" and names her: the item becomes the candidate's
    text when that holds all the item's terms, else the item's text with it after.
    """
    if said_across(cand, item):  # 我戒酒了 after "I quit drinking": the same stance, in the other language
        return None
    if has_han(cand.description) != has_han(item.description) \
            and (any(a in item.description.casefold() for a in cand.aliases)
                 or (cand.key.startswith("fact:lives_in") and same_place(cand.aliases, item.description))):
        return None  # "我在腾讯上班" after "works at Tencent": the value said in the other language, nothing more
    said = topic(cand.description, cand.lang, _subject(speaker, cand.lang))
    old = _item_topic(item, speaker)
    # the plain word of a kind the item already names ("a dog named Biscuit" after "a greyhound named Biscuit",
    # "狗" after "柯基": syn:dog beside obj:dog) is no new detail: a restatement, never a second text joined on
    named = {t for t in said.strong - old.terms - old.strong
             if not (t.startswith("syn:") and f"obj:{t[len('syn:'):]}" in old.terms)}
    if not (said.numbers - old.numbers or named):
        return None
    grown = cand.description if old.terms <= said.terms else _with(item.description, cand.description, cand.lang)
    return grown if len(grown) <= MAX_GIST_CHARS and grown != item.description else None  # same: no revision


def _slot_ended(item: MemoryItem, stated: Sequence[Candidate]) -> bool:
    """True when a slot statement of the turn (``stated``) takes ``item``'s place: a new value of a single-valued
    slot that ends the item's key or is of its theme ("User works at Panhandle Freight" beside "User drives long
    haul for Werner out of Tulsa", both of work), or a negative candidate
    with a value (one of its ``aliases``) the item's text names ("User no longer works at Werner" beside "User
    drives long haul for Werner out of Tulsa")."""
    text, key = item.description.casefold(), str(item.key or "")
    return any(c.key.startswith("fact:") and (
        (c.polarity > 0 and c.single_valued and (key in c.ends or c.theme == item.theme))  # the new employer
        or (c.polarity < 0 and any(a and len(a) > 1 and re.search(rf"(?<![\w]){re.escape(a.casefold())}(?![\w])",
                                                                   text) for a in c.aliases)))
        for c in stated)


def _end(turn: Turn, cand: Candidate, items: list[MemoryItem], touched: set[str], actor: str) -> list[Op]:
    """Supersede own-words items a statement negates or says changed (``by_id`` set once the successor exists)."""
    reason = _reason(cand)
    touched.update(i.id for i in items)
    return [EndOp(i.id, Status.SUPERSEDED, reason, actor, turn.turn_id, valid_until=turn.timestamp,
                  at=turn.timestamp) for i in items]


def _reason(cand: Candidate) -> str:
    return (f"被新的说法取代：{cand.description}" if cand.lang == "zh"
            else f"superseded by a newer statement: {cand.description}")


def _by(op: Op, item_id: str) -> Op:
    return dataclasses.replace(op, by_id=item_id) if isinstance(op, EndOp) else op


def _changed_piece_names(cand: Candidate, old: Topic) -> bool:
    """True when the part of ``cand`` saying something changed shares a term with ``old`` ("MacBook 送给我弟了")."""
    # a word of a kind of many things names no piece ("quit smoking for the kids" changes no "picks up the kids")
    return any(topic(p, cand.lang).terms & old.terms - generic_terms()
               for p in _PIECE.split(cand.description) if _CHANGE.search(p))


def _said_at(item: MemoryItem) -> datetime:
    return item.valid_from or item.created_at


def _live(items: Iterable[MemoryItem], turn: Turn) -> list[MemoryItem]:
    return [i for i in items if i.active and i.user_id == turn.user_id and i.kind != Kind.EVENT]
