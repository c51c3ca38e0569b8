"""Whose a clause that dropped its subject is: the subject of the clause before it (issue 13 §2).

"My friend Anna got a dog and moved to Berlin", "我姐姐结婚了，然后搬到了上海",
"我爸高血压，每天吃氨氯地平": the later clause has no subject of its own and
continues the one named before it, in English (coordination) as in Chinese (a
topic chain across "，"). It is the speaker's only when the last clause of the
turn that named a subject named the speaker, or when none did.

``en_subject`` / ``zh_subject`` read the subject a clause opens on:

- ``USER`` ("") for the speaker ("I …", "my job …", "我…");
- the words naming another person as a clause opens on them ("my friend
  Anna", "姐姐"): a dropped-subject clause put after them is read as theirs
  and keyed under them by the slot engine (``slots.read_clause``);
- ``AWAY`` for a person the lexicon cannot key ("she", "Lisa", "他", "小王好像…"),
  or one met or heard from by name with no subject ("Ran into Sarah yesterday",
  "跟小王聊了会儿"): a clause continuing them is no statement of the speaker's
  and is left out;
- None when the clause opens on no subject (it continues the one before).

``en_owned`` reads the clauses English says of the speaker with no word for them at all: "the new place in
Peckham is great" (the speaker's new home), "first day at Spotify today!", "vegan life is over lol".
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slots import lexicon
from memory_core.pipeline.third_person import EN_LEAD, ZH_LEAD
from memory_core.shipped_yaml import load_shipped
from memory_core.text.zh_pos import pos_cut

__all__ = ["AWAY", "USER", "en_owned", "en_subject", "my_put_back", "zh_other_opens", "zh_subject"]

#: The speaker.
USER = ""
#: Another person named in a way no key can hold ("she", "Lisa", "他").
AWAY = "\0away"

# time and discourse words a clause may open on before its subject ("Yesterday my sister …", "So Anna …")
_EN_OPENER = re.compile(
    r"^(?:(?:yesterday|today|tonight|recently|lately|anyway|so|and|but|oh|well|also|then|guess\s+what|"
    r"(?:last|this|next)\s+(?:week|weekend|month|year|night|morning|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday)|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|big\s+news|"
    r"(?:a\s+(?:few|couple\s+of)|two|three)\s+(?:days|weeks|months|years)\s+ago)\b[\s,:;!.\-–—]*)+",
    re.IGNORECASE)
_EN_SELF = re.compile(r"^(?:i|i'm|i've|i'd|i'll|im|me|my|we|we're|we've|our)\b", re.IGNORECASE)
_EN_PRONOUN = re.compile(r"^(?:he|she|they|he's|she's|they're|his|her|their)\b", re.IGNORECASE)
# a person named by a capitalised name, then a verb of their own ("Lisa just moved …", "Tom got …")
_EN_NAMED = re.compile(
    r"^(?P<name>[A-Z][a-z]+)(?:\s+[A-Z][a-z]+)?\s+(?:(?:just|also|finally|recently|now|already)\s+)*"
    r"(?:is|was|has|had|got|gets|said|says|told|went|left|quit|lost|won|met|sold|made|became|bought|found|took|"
    r"gave|began|\w+ed)\b")
# a person met or heard from by name, with no subject ("Ran into Sarah yesterday", "Haven't heard from Jake in
# ages"): the clauses after it without a subject are that person's news
_EN_MET = re.compile(
    r"^(?:(?:just|finally|also|so)\s+)*(?:(?:ran|bumped)\s+into|caught\s+up\s+with|heard\s+from|met\s+up\s+with|"
    r"(?:haven't|have\s+not|hadn't)\s+(?:heard\s+from|seen|talked\s+to|spoken\s+to)|chatted\s+with)\s+"
    r"(?:(?:my\s+)?old\s+[a-z]+\s+)?(?-i:[A-Z][a-z]+)\b", re.IGNORECASE)
# capitalised openers that are no person's name
_EN_NOT_NAME = frozenset(re.findall(r"[a-z]+", """
    today yesterday tomorrow tonight work life school everything nothing something someone everyone nobody
    anyone this that there it the a an last next then so and but also just finally recently anyway dinner
    lunch breakfast traffic weather class practice"""))

# the speaker's, said with no word for them: a new home ("the new flat in Leith"), a first day at a new employer
# ("first week at Grab done") or in a city ("first week in Portland"), a way of eating now or over ("so pescatarian
# now", "veggie life is over"); never "my friend's new place"
_EN_OWNED = re.compile(r"^(?:(?:and|so|oh|well)\s+)?(?:the\s+)?(?:(?:new|current)\s+)+(?:flat|apartment|house|place|"
                       r"home|condo|studio|loft|townhouse)\b|^(?:(?:and|so)\s+)?first\s+(?:day|week|month|shift)\s+"
                       r"(?:at|with)\s|^(?:so\s+)?(?:vegetarian|veggie|vegan|pescatarian|pescetarian)\s+now\b"
                       # the first days in a city ("first week in Portland"): the speaker's, whether a move or a trip
                       r"|^(?:(?:and|so|our|my)\s+)?(?:first|1st)\s+(?:night|day|week|weekend|month)\s+(?:here\s+)?in\s+"
                       r"(?-i:[A-Z])"
                       # a count of days without smoking ("day 30 without a cigarette", "3 months smoke-free")
                       r"|^(?:(?:and|so|now|officially)\s+)*(?:day\s+\d+|(?:\d+|one|two|three|four|five|six|a)\s+(?:days?|weeks?|"
                       r"months?|years?))\s+(?:now\s+)?(?:without\s+(?:a\s+(?:single\s+)?)?(?:cigarettes?|cigs?|smokes?)|"
                       r"smoke[-\s]free|off\s+(?:the\s+)?(?:cigarettes|cigs|smokes))\b"
                       r"|\b(?:vegetarian|veggie|vegan|pescatarian|pescetarian|keto|plant-based)\s+(?:life|lifestyle|days|"
                       r"phase|era|streak|journey)\s+(?:is|are|'s|'re|has\s+been|have\s+been)\s+(?:officially\s+)?"
                       r"(?:over|done|finished|dead)\b", re.IGNORECASE)

_ZH_PERSON = re.compile(r"^(?:他|她|它)(?:们)?(?!的?(?:名字)?叫)")
# another person's words of their own life, told by the speaker: the one who says it, then 说 and 他/她 ("我老乡阿强说他
# 在东莞进厂了", "阿杰跟我说他要去上海", "我同学告诉我她怀孕了"); never the speaker's own words ("我说他…" is what the
# speaker said of him, which is no statement of the speaker's either, but is left to the rules that read it)
_ZH_REPORTED = re.compile(r"^(?!我(?:跟|和|对)?[他她]?说)[^，,。！？!?]{1,10}?"
                          r"(?:说|讲|告诉我|跟我说|和我说|对我说)[过了]?[，,：:\s]*(?:他|她)(?!们?的?我)")


# the second character of a 小/老/阿 name: none that makes a common word (小时, 老板, 阿姨)
_ZH_PREFIXED_NAME = r"(?![时是姨板师婆公家区孩心学些点号猫狗人朋伙姑舅叔婶宝大实])[\u4e00-\u9fff]"


@functools.lru_cache(maxsize=1)
def _zh_other_opener() -> re.Pattern[str]:
    """The openers of ``data/zh_person_openers.yaml`` as one pattern: a named person's relative ("刘洋他妹妹"), a
    role named by 叫/姓, a 小/老 name and a verb of that person's own life, or a doubled name (乐乐) that is no common
    doubled word."""
    data = load_shipped("data", "zh_person_openers.yaml")
    intro = data["introduced"]
    before = "|".join(sorted(map(re.escape, intro["before"]), key=len, reverse=True))
    roles = "|".join(sorted(map(re.escape, intro["roles"]), key=len, reverse=True))
    verbs = "|".join(sorted(map(re.escape, data["name_verbs"]), key=len, reverse=True))
    common = "|".join(sorted(map(re.escape, data["not_doubled_names"]), key=len, reverse=True))
    kin = "|".join(sorted(map(re.escape, data["relative_of"]["relatives"]), key=len, reverse=True))
    return re.compile(rf"^(?:[\u4e00-\u9fff]{{2,3}}?|[A-Z][A-Za-z]+)(?:的|他|她)(?:{kin})"
                      rf"|^(?:(?:{before})的?)?(?:[\u4e00-\u9fff]{{0,3}}?)(?:{roles})(?:也|就)?(?:叫|姓)(?!什么|啥)"
                      rf"|^[小老阿]{_ZH_PREFIXED_NAME}(?:好像|似乎|据说|听说|也|还|已经|最近|刚刚?)*(?:{verbs})"
                      rf"|^(?!{common})(?P<d>[\u4e00-\u9fff])(?P=d)(?!的|们|[，,。！!？?]|$)")


def zh_other_opens(clause: str) -> bool:
    """True when a Chinese ``clause`` with no 我 opens on another person ("新的数学老师姓陈", "大的叫乐乐",
    "小芳交了男朋友", "安安钢琴不学了"): the clauses after it that drop their subject are that person's.
    The openers are data (``memory_core/data/zh_person_openers.yaml``).

    Raises:
        OSError / yaml.YAMLError: the shipped data file is missing or does not parse (a packaging fault).
    """
    text = ZH_LEAD.sub("", clause.strip())
    return "我" not in text and _zh_other_opener().match(text) is not None


@functools.lru_cache(maxsize=1)
def _zh_named() -> re.Pattern[str]:
    """A clause opening on a person's name and a verb of theirs ("小王好像搬去深圳了", "王明现在在华为上班", "小敏说她
    在找工作"), or one
    with no subject meeting or hearing from a person by name ("跟小王聊了会儿", "昨天碰到老同学李娜"): a 小/老/阿
    name whose second character makes no common word (小时, 老板, 阿姨), or a common surname (the lexicon's SURNAME
    word class, never a word of its NOTNAME class: 周末, 马上) and one or two characters more; the name a clause
    opens on is the group ``opens``."""
    zh = lexicon().classes["zh"]
    name = (rf"(?:[小老阿]{_ZH_PREFIXED_NAME}"
            rf"|(?!{zh['NOTNAME']})(?:{zh['SURNAME']})(?:(?![在住是去搬跳换做当刚已也还都就又和跟的说家们会要不没很最])"
            r"[\u4e00-\u9fff]){1,2}?)")
    return re.compile(rf"^(?P<opens>{name})(?=(?:好像|似乎|貌似|据说|听说|也|还|都|已经|刚刚?|最近|现在|目前|今年|去年|"
                      r"上个?月)*(?:在|住|搬|去了|跳槽|换了|上班|当|考上|入职|加入|结婚|离职|辞职|回了|回到"
                      # what the one named says of their own life ("小敏说她也想来深圳"): their words, not the speaker's
                      r"|(?:说|告诉我|跟我说|和我说)(?=[他她])))"
                      rf"|^[^，,。]{{0,6}}?(?:碰到|遇到|遇见|碰见|撞见|见到|联系上?)了?(?:老同学|老同事|老朋友|前同事)?{name}"
                      r"(?=[，,。！!\s]|$|了|聊|说|吃|一起)"
                      rf"|^[^，,。]{{0,6}}?(?:跟|和){name}(?=[^，,。]{{0,3}}?(?:聊|吃饭|通电话|打电话|视频|见面|联系))")


def _zh_thing_first(text: str) -> bool:
    """True when jieba reads the clause's first word as a word of the dictionary that names no person ("韩语实在
    学不进去": 韩语 is a language, not a 韩 of the surnames), so a surname-looking start is no name."""
    if text[:1] in "小老阿":  # 小王, 老周: their own list of common words keeps them apart (``_zh_named``)
        return False
    first = next((p for p in pos_cut(text[:8]) if p.word.strip()), None)
    if first is None or len(first.word) < 2 or not text.startswith(first.word):
        return False
    return not first.flag.startswith("nr") and first.flag not in ("x", "eng")  # a person's name, or no word


def en_subject(clause: str) -> str | None:
    """The subject an English ``clause`` opens on: ``USER``, another person's words ("my friend Anna"),
    ``AWAY`` or None (see the module docstring)."""
    text = _EN_OPENER.sub("", EN_LEAD.sub("", clause.strip()))
    other = lexicon().others["en"].match(text)
    if other is not None:
        head = text[:other.end()].strip().rstrip(",").strip()
        if head.endswith("'s"):  # "my dad's knee is bad": the clauses after it that drop their subject are his;
            if lexicon().others["en"].match("my " + text[other.end():]):  # "my brother's wife …": hers, no key
                return AWAY
            head = head[:-2]
        return _subject_lead("en").sub("", head)  # "meanwhile my sister": "my sister"
    if _EN_SELF.match(text):
        return USER
    if _EN_PRONOUN.match(text):
        return AWAY
    named = _EN_NAMED.match(text)
    if named is not None and _en_body_part().fullmatch(named.group("name")):
        return USER  # "Wrist is flaring up again, had to stop climbing": the speaker's wrist, and the stop theirs
    if (named is not None and named.group("name").casefold() not in _EN_NOT_NAME) or _EN_MET.match(text):
        return AWAY
    return None


@functools.lru_cache(maxsize=2)
def _subject_lead(lang: str) -> re.Pattern[str]:
    """The connectives and times a clause may open on before the person it speaks of ("meanwhile my sister",
    "上个月我妹"): the ``SUBJLEAD`` word class of the slot lexicon, repeated, at the start."""
    return re.compile(rf"^(?:{lexicon().classes[lang]['SUBJLEAD']})*", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _en_body_part() -> re.Pattern[str]:
    """A part of the body said bare at a clause's opening ("Wrist", "Knee", "Back"): the speaker's own, no name
    (the ``BODYPART`` word class of the slot lexicon)."""
    return re.compile(lexicon().classes["en"]["BODYPART"], re.IGNORECASE)


# a relation word and a capitalised name opening a clause, "my" left out ("boyfriend Omar is Jordanian", "Wife Anna
# works at Stripe"): the relation words are the slot lexicon's (``others``), tried with "my" put back
_EN_BARE_KIN = re.compile(r"^(?P<lead>(?i:(?:and|but|so|oh|also)\s+)?)"
                          r"(?=[A-Za-z]+(?:[\s-]+[a-z]+)?\s+[A-Z][a-z]+\s+[a-z'])")


@functools.lru_cache(maxsize=1)
def _en_spouse_said_bare() -> re.Pattern[str]:
    """A clause opening on the speaker's spouse said with "the" or bare, as chat says them ("the missus", "the other
    half", "Hubby's name is Dev"): ``spouse_said_bare`` of ``data/relations.yaml``; group ``w`` is the word."""
    words = load_shipped("data", "relations.yaml")["spouse_said_bare"]
    alt = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"^(?P<lead>(?:(?:and|but|so|oh|also)\s+)?)(?:the\s+)?(?P<w>(?:{alt})\b)", re.IGNORECASE)


def my_put_back(clause: str) -> str:
    """``clause`` with "my" put back before a relation word and a name it opens on, "my" left out as chat does
    ("boyfriend Omar is Jordanian" -> "my boyfriend Omar is Jordanian", new-user trial 37), so it is read as that
    person's and the clauses after it that drop their subject are theirs; ``clause`` itself otherwise (a relation
    word with no name after it: "partner says …" names no one). A spouse said with "the" or bare ("the missus",
    "Hubby's name is Dev") is the speaker's own, named or not."""
    text = clause.strip()
    if (spouse := _en_spouse_said_bare().match(text)) is not None:  # "The missus, Jo, teaches", "Hubby's name is Dev"
        return f"{spouse.group('lead')}my {text[spouse.start('w')].lower()}{text[spouse.start('w') + 1:]}"
    lead = _EN_BARE_KIN.match(text)
    if lead is None or text[lead.end():lead.end() + 3].casefold() == "my ":
        return clause
    put = f"{lead.group('lead')}my {text[lead.end()].lower()}{text[lead.end() + 1:]}"
    other = lexicon().others["en"].match(put)
    return put if other is not None and other.group("name") else clause


def en_owned(clause: str, who: str) -> bool:
    """True when ``clause`` is the speaker's though it has no word for them (``_EN_OWNED``), and the clause before
    it named no one else (``who``, the subject it continues: ``USER`` for the speaker)."""
    return who == USER and _EN_OWNED.search(clause.strip()) is not None


@functools.lru_cache(maxsize=1)
def _zh_named_relation() -> re.Pattern[str]:
    """A clause naming a person first, then saying who they are to the speaker, and nothing more ("阿杰是我男朋友",
    "小雨现在是我老婆了"): a relation of the lexicon's REL word class, group ``rel``."""
    rel = lexicon().classes["zh"]["REL"]
    return re.compile(rf"^[^，,。！!？?\s我你他她它这那]{{1,6}}?(?:现在|已经|也|就|终于|正式)*(?:是|成了)了?我的?"
                      rf"(?P<rel>{rel})(?:了|啦|呀|啊)?[\W]*$")


def zh_subject(clause: str) -> str | None:
    """The subject a Chinese ``clause`` opens on: ``USER``, a relative's word ("姐姐"), ``AWAY`` or None.

    A clause opening on a relative that names the speaker again later ("我妈说我…") is the speaker's.
    """
    text = ZH_LEAD.sub("", clause.strip())
    other = lexicon().others["zh"].match(text)
    if other is not None:
        return USER if "我" in text[other.end():] else other.group("rel") + (other.group("name") or "")
    if (named := _zh_named_relation().match(text)) is not None:
        return named.group("rel")  # "阿杰是我男朋友，在一家物流公司开叉车": the forklift is his
    if "我" in text:
        if _ZH_REPORTED.match(text) and "我" not in text[_ZH_REPORTED.match(text).end():]:  # type: ignore[union-attr]
            return AWAY  # "我老乡阿强说他在东莞进厂了": the one who said it speaks of their own life
        return USER
    named = _zh_named().match(text)
    if _ZH_PERSON.match(text) or (named is not None and not (named.group("opens") and _zh_thing_first(text))):
        return AWAY  # "他…", "小王好像搬去深圳了": the clauses after it without a subject are theirs
    return None
