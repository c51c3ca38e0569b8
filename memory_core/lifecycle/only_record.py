"""Raw turns that are the only record of something named: decay keeps them (``fading``).

The write path turns most statements into memory items; the raw turn (an
event) is then evidence beside them, and it may fade. When no active memory
item was derived from a user's turn ("最近在吃二甲双胍，医生说每天两次" said in a
form the extractor missed, "Lunch with my sister Mei on Friday"), the raw
turn is the only record of what it says, and an event fades in about ten
active days: archived, it leaves recall nothing for "二甲双胍" or "Mei" at all
(seed 001 §8.18: forgetting must not lose what still matters).

Not every such turn is worth keeping ("ok", "watched a film tonight"): a raw
turn is kept when it *names* something a later question asks by name —

- a health or other sensitive value (a medication, a condition, a code: the
  write path's detector, ``sensitive_detect``), on turns the write path put
  in the sensitive theme;
- a person: a relation word ("my sister", 我姐姐, 我妈, 同事, 医生), or a name: an
  English capitalised word that does not open a sentence ("with Dana", "in
  Porto");
- a date or a day: a calendar date, a month with a day, a weekday
  ("June 3", "3月5号", "周五", "on Friday").

- a statement of the speaker's own (``stated_things``): a first-person
  clause the slot engine reads, or one stating something lasting in the
  user's words ("I'm on Verizon", "I still sleep with a teddy bear",
  "我每天早上都要喝一杯 latte"), when the write path kept no item of it (a phrasing it
  missed): it does not fade like small talk. A turn whose item was
  superseded is no only record (its history holds the value) and fades,
  unless it also says a household value or news no active item holds
  ("…同老公同两个仔一齐住。大仔8岁，细仔5岁" after the home moved: the sons'
  ages are in no history).

Bounded: per named thing, only the latest ``EVIDENCE_TURNS`` such turns are
kept (a sister mentioned every day keeps her two latest mentions, not a
year of them), so the active set grows with the distinct things named, not
with the days.

And any such statement (not small talk, not a question) is kept until its
month has a summary: an episode of one user turn has no summary of its own
(``summaries.summarised``), so until then the raw turn is the only thing
recall can find of it ("跳槽了！新公司是启明星能源" said in passing, a job change
the write path missed). Bounded by a month of turns.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from datetime import UTC
from functools import lru_cache

from memory_core.decay import base_time
from memory_core.lifecycle.circle_values import circle_values
from memory_core.lifecycle.habit_frame import unframed
from memory_core.lifecycle.topic_turns import EVIDENCE_TURNS
from memory_core.model import Kind, MemoryItem, Status, Trust
from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.gist import gist_clause, topic
from memory_core.pipeline.news import news_words
from memory_core.pipeline.regional_words import standard_words
from memory_core.pipeline.sensitive import SENSITIVE_THEME
from memory_core.pipeline.sensitive_detect import detect
from memory_core.pipeline.slots import read_clause
from memory_core.pipeline.small_talk import is_small_talk
from memory_core.pipeline.switch import held_provider
from memory_core.text.han_forms import simplified

__all__ = ["named_things", "only_records", "stated_records", "stated_things"]

_RELATIONS_EN = re.compile(
    r"\b(?:mom|mum|mother|dad|father|parents?|sister|brother|sibling|son|daughter|kids?|child(?:ren)?|baby|"
    r"wife|husband|partner|boyfriend|girlfriend|fianc[ée]e?|grand(?:ma|pa|mother|father|son|daughter)|"
    r"aunt|uncle|cousin|niece|nephew|in-laws?|friend|colleague|coworker|co-worker|boss|manager|neighbou?r|"
    r"roommate|flatmate|doctor|dentist|therapist|teacher|coach|landlord|classmate)s?\b", re.IGNORECASE)
_RELATIONS_ZH = re.compile(
    r"妈妈|母亲|老妈|爸爸|父亲|老爸|父母|爸妈|姐姐|哥哥|弟弟|妹妹|儿子|女儿|孩子|宝宝|老婆|老公|妻子|丈夫|男朋友|女朋友|"
    r"对象|爷爷|奶奶|外公|外婆|姥姥|姥爷|叔叔|阿姨|舅舅|姑姑|表[哥姐弟妹]|堂[哥姐弟妹]|侄[子女]|外甥女?|朋友|同事|"
    r"老板|领导|上司|邻居|室友|医生|大夫|牙医|老师|教练|房东|同学|"
    # the everyday possessive forms: 我妈, 咱爸, 我姐 ("我妈改主意了", "我哥下个月结婚"), not 我妈妈 (read above)
    r"(?:我|咱|俺)[妈爸哥姐弟妹](?![妈爸哥姐弟妹])")
_NAME_EN = re.compile(r"(?<![.!?。！？]\s)(?<!^)\b([A-Z][a-z]{2,})\b")
_NOT_NAMES = frozenset({
    "I", "Im", "Ive", "The", "This", "That", "These", "Those", "There", "Then", "What", "When", "Where", "Which",
    "Who", "Why", "How", "And", "But", "Also", "Just", "Yes", "Yeah", "Okay", "Haha", "Thanks", "Thank", "Hello",
    "Good", "Nice", "Sure", "Well", "Today", "Tonight", "Tomorrow", "Yesterday", "English", "Chinese", "Monday",
    "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "January", "February", "March", "April",
    "May", "June", "July", "August", "September", "October", "November", "December"})
_MONTHS_EN = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
              r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_DATE = re.compile(
    r"\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b|"
    r"\b" + _MONTHS_EN + r"\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTHS_EN + r"\b|"
    r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|"
    r"[0-9一二三四五六七八九十]{1,3}月[0-9一二三四五六七八九十]{1,3}[日号]|"
    r"(?:周|星期|礼拜)[一二三四五六日天]", re.IGNORECASE)


_ASKED = ("?", "？")


@lru_cache(maxsize=8192)
def named_things(text: str, sensitive: bool = False) -> frozenset[str]:
    """The things ``text`` names (module docstring), as keys ``"<class>:<normalised value>"``.

    Args:
        text: a raw turn's text (its "speaker: " prefix is harmless).
        sensitive: True for a turn the write path put in the sensitive theme (its values are read too).

    Returns:
        e.g. ``{"person:sister", "name:Dana", "date:friday", "sensitive:health:二甲双胍"}``; empty for chit-chat.
    """
    body = text.split(":", 1)[1] if ":" in text[:40] else text
    found = {f"person:{m.group(0).casefold().rstrip('s')}" for m in _RELATIONS_EN.finditer(body)}
    found |= {f"person:{m.group(0)}" for m in _RELATIONS_ZH.finditer(body)}
    found |= {f"name:{m.group(1)}" for m in _NAME_EN.finditer(body.strip()) if m.group(1) not in _NOT_NAMES}
    found |= {f"date:{' '.join(m.group(0).casefold().split())}" for m in _DATE.finditer(body)}
    if sensitive:
        found |= {f"sensitive:{f.category}:{f.value.casefold()}" for f in detect(body)}
    return frozenset(found)


@lru_cache(maxsize=8192)
def stated_things(text: str) -> frozenset[str]:
    """The statements of the speaker ``text`` makes, as keys ``"statement:<slot key or topic anchor>"``.

    A clause of the speaker's own (not another person's, not a question, plan or report) that the slot engine
    reads (``slots.read_clause``: the key of each hit), or that states something lasting in the first person
    (``gist.gist_clause``: the anchor of its topic terms), also when it opens on a recurring time before its
    subject ("夏天俺在松花江边给人修渔船", "On weekends I coach the under-12s": ``habit_frame.unframed``). Empty for
    small talk ("Nice weather today", "Watched a film tonight") and for questions to the assistant.

    Also the lasting values said of the user's household (``circle_values``: "大仔8岁，细仔5岁", "we named her
    Chai", keys ``"value:<family>:<words>"``) and a line of news (``news.news_words``: "笔试过了", "passed my
    driving test", key ``"value:news:<words>"``), which name no first-person slot yet stay true. Traditional and
    regional Chinese are read as their simplified Mandarin form ("大仔8歲" as "大仔8岁").
    """
    body = standard_words(simplified(text.split(":", 1)[1] if ":" in text[:40] else text))  # 俺是…: 我是…
    found: set[str] = set(circle_values(body))
    if said_news := news_words(body):
        found.add(f"value:news:{said_news}")
    for clause, lang in split_clauses(body.strip()):
        bare = unframed(clause, lang)  # "夏天我在江边修渔船", "In summer I fix boats": the frame said each time
        for said in dict.fromkeys((clause, bare)):
            statements = _clause_statements(said, lang)
            if statements:
                found |= statements
                break
    return frozenset(found)


def _clause_statements(clause: str, lang: str) -> set[str]:
    """The ``stated_things`` keys of one clause: its own slot hits' keys, else its topic anchor when it states
    something lasting in the first person (or a provider held); empty for none."""
    reading = read_clause(clause, lang)
    own = {f"statement:{hit.key}" for hit in reading.hits if not hit.subject}
    if own:
        return own
    if not (reading.skip or reading.subject or reading.temporary) \
            and ((gist_clause(clause, lang) and not _zh_episode(clause, lang)) or held_provider(clause, lang)) \
            and (anchor := topic(clause, lang).anchor):
        return {f"statement:{anchor}"}
    return set()


# a Chinese clause telling a thing done (a verb's perfective 了: "晚上看了部电影", "周末去爬山了") with no word of a
# habit or a state that holds ("一直", "每天", "到现在还"): an episode of the day, not a statement that lasts
_ZH_DONE = re.compile(r"[\u4e00-\u9fff]了")
_ZH_HOLDS = re.compile(r"一直|每天|天天|经常|总是|平时|现在|还在|还是|都会|从来|向来")


def _zh_episode(clause: str, lang: str) -> bool:
    """True for a Chinese clause telling a thing done that day (``_ZH_DONE`` without ``_ZH_HOLDS``)."""
    return lang == "zh" and bool(_ZH_DONE.search(clause)) and not _ZH_HOLDS.search(clause)


def _uncovered(things: Iterable[str], said: str, keys: Collection[str] = ()) -> set[str]:
    """The names of ``things`` that ``said`` (the active memory items' texts) does not hold ("name:Sarah" in a
    turn whose item is "User lives in Hackney"), and the slot statements whose slot no item derived from the
    turn holds (``keys``: "statement:fact:lives_in" in "到深圳了，在南山租了个单间，月租三千二", whose only item is
    "用户的房租是三千二"): what the write path missed beside what it read. Persons, dates and statements of a
    topic are left to the items derived from the turn. A household value or a line of news
    (``"value:…"``) is missed when ``said`` does not hold its words."""
    plain = simplified(said).casefold()
    return {t for t in things if (t.startswith("name:") and t[5:] not in said)
            or (t.startswith("value:") and not _held(t.split(":", 2)[2], plain))
            or (t.startswith(_SLOT_STATEMENTS) and _ANY_SLOT not in keys and t.removeprefix("statement:") not in keys)}


# what a household value or news says beyond its frame: its numbers, or the name after its naming word
_VALUE_WORDS = re.compile(r"\d+|[一二三四五六七八九十两]+(?=岁|个|只|条)|"
                          r"(?:named|called|nicknamed|name\s+is|叫|是).*?([^\s叫是]+)$")


def _held(words: str, said: str) -> bool:
    """True when ``said`` (active items' texts, simplified, casefolded) holds what ``words`` (a household value or
    news, as ``stated_things`` keys it) says: each of its numbers or its name ("大仔8岁" in "用户的大仔8岁";
    "we named her chai" in "user has a dog named chai"), else the words themselves."""
    values = [m.group(1) or m.group(0) for m in _VALUE_WORDS.finditer(words)]
    return all(v in said for v in values) if values else words in said


#: A statement of a slot the slot engine read (``stated_things`` of a ``read_clause`` hit): "statement:fact:…".
_SLOT_STATEMENTS = ("statement:fact:", "statement:pref:")
#: In ``_turn_keys``: an item derived from the turn carries no slot key (added by hand, an import), so which
#: slots the turn's items hold cannot be told: none of its slot statements counts as missed.
_ANY_SLOT = "*"


def _turn_keys(memories: Iterable[MemoryItem]) -> dict[str, set[str]]:
    """``{turn id: slot keys of the active memory items derived from it}`` (``_ANY_SLOT`` for an item with none)."""
    keys: dict[str, set[str]] = {}
    for item in memories:
        for turn_id in item.source:
            keys.setdefault(turn_id, set()).add(item.key or _ANY_SLOT)
    return keys


def _user_statement(item: MemoryItem) -> bool:
    """A user's raw turn that is not a question (a question to the assistant records nothing about the user)."""
    return item.kind == Kind.EVENT and item.trust == Trust.USER and len(item.source) == 1 \
        and item.speaker.casefold() not in ("assistant", "system") and not item.description.rstrip().endswith(_ASKED)


def only_records(active: Sequence[MemoryItem], derived: Iterable[str] = (), summed_to: str | None = None,
                 now_month: str | None = None) -> set[str]:
    """Ids of the raw turns decay keeps as the only record of something named (module docstring).

    A user's raw turn (not a question) from which no active memory item (fact, preference,
    todo, procedure) was derived, that names a person, a date or a sensitive
    value, or states something of the speaker (``stated_things``); per named thing, the latest
    ``EVIDENCE_TURNS`` of them.

    Args:
        active: the user's active items.
        derived: more turn ids a memory item was derived from (a superseded value's: its history holds the
            turn's value, the raw turn of an old value is not its only record).
        summed_to: the last month ("YYYY-MM") with a month summary ("" for none yet); a statement of a later
            month is kept whatever it names (with "", only one of ``now_month`` or later: a user whose months
            are not summed up, items added without turns, keeps no more). None: no summaries are written
            (keep by the things named only).
        now_month: the run's month ("YYYY-MM"); None: no month is the current one.

    A raw turn some active item was derived from is that item's evidence; it is kept only for a name it holds
    that no active item's text holds (a partner named beside the home the write path read).

    Cost: one pass over the active items; ``named_things`` and ``stated_things`` are cached per text.
    """
    memories = [i for i in active if i.kind not in (Kind.EVENT, Kind.SUMMARY) and i.status == Status.ACTIVE]
    live = {t for i in memories for t in i.source}
    said = " ".join(i.description for i in memories)
    keys = _turn_keys(memories)
    gone = set(derived) - live
    by_thing: dict[str, list[MemoryItem]] = {}
    kept: set[str] = set()
    for event in active:
        if not _user_statement(event):
            continue
        if event.source[0] in gone:  # its only items were superseded: their history holds what they said
            for thing in _values_beside(event, said):
                by_thing.setdefault(thing, []).append(event)
            continue
        things = set(named_things(event.description, event.theme == SENSITIVE_THEME))
        if event.source[0] in live:  # evidence of an item: only what no active item stands for is its own record
            things = _uncovered(things | stated_things(event.description), said, keys.get(event.source[0], ()))
        else:
            things |= stated_things(event.description)
            month = base_time(event).astimezone(UTC).strftime("%Y-%m")
            if summed_to is not None and (month >= (now_month or "~") or (summed_to and month > summed_to)) \
                    and not is_small_talk(event.description.split(":", 1)[-1]):
                kept.add(event.id)  # its month not summed up yet: the raw turn is all there is of it
        for thing in things:
            by_thing.setdefault(thing, []).append(event)
    return kept | _latest(by_thing)


def stated_records(active: Sequence[MemoryItem], derived: Iterable[str] = ()) -> set[str]:
    """Ids of the user's raw turns that are the only record of a statement of theirs: no active memory item was
    derived from the turn, none superseded holds it (``derived``), and it states something of the speaker
    (``stated_things``), or the items derived from it miss a slot it states (``_uncovered``); per statement, the
    latest ``EVIDENCE_TURNS`` of them.

    The subset of ``only_records`` that says who the user is: ``fading.ending_ops`` keeps these from the end
    of a stay's week too ("到北京了，住闺女家附近租的一居室，在朝阳区" read as a stay: the move is in no other record).
    """
    memories = [i for i in active if i.kind not in (Kind.EVENT, Kind.SUMMARY) and i.status == Status.ACTIVE]
    live = {t for i in memories for t in i.source}
    said = " ".join(i.description for i in memories)
    keys = _turn_keys(memories)
    gone = set(derived) - live
    by_thing: dict[str, list[MemoryItem]] = {}
    for event in active:
        if not _user_statement(event):
            continue
        if event.source[0] in gone:
            for thing in _values_beside(event, said):
                by_thing.setdefault(thing, []).append(event)
            continue
        things = stated_things(event.description)
        if event.source[0] in live:  # an item was derived from it: the slots it states that no such item holds
            things = frozenset(_uncovered(things, "", keys.get(event.source[0], ())))
        for thing in things:
            by_thing.setdefault(thing, []).append(event)
    return _latest(by_thing)


def _values_beside(event: MemoryItem, said: str) -> set[str]:
    """The household values and news of a turn whose only items were superseded that no active item holds:
    "我住在沙田，同老公同两个仔一齐住。大仔8岁，细仔5岁" once the home moved keeps the sons' ages, which the old
    home's history does not hold."""
    values = {t for t in stated_things(event.description) if t.startswith("value:")}
    return _uncovered(values, said) if values else set()


def _latest(by_thing: dict[str, list[MemoryItem]]) -> set[str]:
    """The ids of the latest ``EVIDENCE_TURNS`` events of each thing named (by the time said, then id)."""
    kept: set[str] = set()
    for events in by_thing.values():
        events.sort(key=lambda e: (base_time(e), e.id))
        kept.update(e.id for e in events[-EVIDENCE_TURNS:])
    return kept
