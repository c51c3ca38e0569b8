"""Whether a statement speaks OF the thing an item names, or only mentions it in passing (trial 15, finding 1).

A detail revises an item (README "Memory items": "an added detail … revises it"): "Miso turned three",
"The marathon is Chicago, on October 12", "我儿子今年五岁了", "我是在华为松山湖那边". The thing the item names
(Miso, the marathon, 儿子, 华为) is what the sentence speaks of: its subject, or the description after a copula
("I'm in the Zurich office", "我是招行深圳分行的"). A sentence that shares a word with the item in another role
adds nothing to it: "We subscribe to Netflix for the kids" (the kids are who it is for), "Ran the Denver half
marathon today!" (Denver names the race), "Took the kids to the zoo", "周末带孩子们去公园", "周末跟Paul去看了冰球比赛"
(the kids, Paul: whom one acts on or goes with). Such a sentence is its own item or turn, never text of the item:
otherwise one fact collects every turn that mentions the kids or the city, and its count, its successor and its
deletion drag them along.

The part of a sentence that speaks of something (its *head*) is read without a parser: English, the words before
the first verb (a subject left out: the sentence opens on its verb, "Ran …", "Took …"; a pronoun subject: only the
description after a copula or "have"); Chinese, the words (jieba.posseg) before the first verb other than a copula
(是, 叫, 有, 姓) or a preposition of company (跟, 陪, 给, 带, 替, 帮). Both stop at a preposition of purpose or company
("for", "with", 为).

A sentence also speaks of the thing when it gives the thing's age, the thing its owner: "Celebrated Pixel's 4th
birthday", "给豆豆过了三岁生日" (issue 13, pass 16). Three more say the item again (``passing_mention``: a hit),
though no detail of it unless the sentence also speaks of it, since what they tell is as often an episode:
- the item's count with its thing: "带两个孩子太累了", "Raising three kids is tough";
- the user paired with the thing, the user first: "Me and Tom just celebrated 8 years", as "Tom and I" names
  Tom ("Me and Tom went to a hockey game" adds nothing to the husband);
- where the user is, in a clause of the user's own (a pronoun or no subject): "at" with nothing but the item's
  thing, "Got promoted at Atlassian", "Celebrated 4 years at Shopify" ("Gave a talk at Stripe yesterday" adds
  nothing to the employer); not "at the Denver Zoo", which names another place.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.episode_words import befell
from memory_core.pipeline.gist import RESTATE_OVERLAP, Topic, lasting, topic, word_overlap
from memory_core.pipeline.names_new_one import new_name
from memory_core.pipeline.their_episode import joint_outing, one_days_episode
from memory_core.text.script import has_han, lang_of
from memory_core.text.synonyms import synonym_groups
from memory_core.text.zh_pos import pos_cut

__all__ = ["ENTITY_KEYS", "adds_detail", "bare_place", "company_only", "detail_of_thing", "head_of", "of_entity",
           "passing_mention",
           "says_count", "speaks_of"]

#: Slot keys whose value is a person, an animal, a place or an organisation of the user's.
ENTITY_KEYS = ("fact:lives_in", "fact:works_at", "fact:school", "fact:partner", "fact:family", "fact:children",
               "fact:pet")
#: Synonym groups (``gist.topic``'s ``syn:`` terms) of family members and pets.
_KIN_AND_PETS = frozenset(f"syn:{w}" for w in (
    "child", "husband", "wife", "mother", "father", "daughter", "son", "brother", "sister", "grandmother",
    "grandfather", "boyfriend", "girlfriend", "dog", "cat"))

def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_CLAUSE = re.compile(r"[,，。.;；!！?？:：—\n]+")
_EN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'’&-]*|\d+\S*")
_EN_LEAD = _words(
    "oh ok okay btw fyi ps so and also well anyway anyways just lol haha but then plus update actually "
    "honestly yeah yes finally officially"
)
_EN_PRONOUN = _words(
    "i we i'm we're i've we've i'd we'd she he they you she's he's they're it it's"
)
_EN_SELF = _words("i we i'm we're i've we've i'd we'd")
_EN_COPULA = _words(
    "am 'm is are 're was were 's be been have has had 've got"
)
_EN_VERB = _words(
    "is are was were 's has have had will would can could does do did turned turns got gets started "
    "starts became becomes ran took made went saw came bought brought met found left told gave won lost "
    "ate drove flew sold began caught kept felt paid put read sent spent taught thought wrote sang swam "
    "fell grew held heard knew let meant rode said sat slept stood threw wore woke loves love likes like "
    "hates hate needs need wants want"
)
_EN_STOP = _words(
    "for with to from near around about since because while when after before"
)
# a clause taking the thing up by a pronoun, to name, describe or age it ("叫它大橘", "她是一只布偶", "它两个月大",
# "his name is Biscuit", "she's a beagle mix", "he turned 4")
_TAKEN_UP = re.compile(r"^(?:(?:用户|User)[：:]\s*)?(?:叫(?:它|他|她)|(?:它|他|她)(?:叫|是|今年|已经|才|都)|"
                       r"(?:它|他|她)[0-9一二两三四五六七八九十]|"
                       r"(?:his|her|its)\s+name\b|(?:he|she|it)(?:'s|\s+is|\s+turned|\s+turns)\b|"
                       r"(?:named|called)\s+(?:him|her|it)\b)", re.IGNORECASE)
_ZH_COPULA = frozenset(["是", "叫", "有", "姓", "在"])
_ZH_COMPANY = frozenset(["跟", "陪", "给", "带", "替", "帮", "为", "同", "和"])


def _en_words(clause: str, subject: str) -> list[str]:
    """The clause's words, folded, its leading fillers dropped, the user's subject word read as "i"."""
    words = [w.casefold().replace("’", "'") for w in _EN_WORD.findall(clause)]
    while words and words[0] in _EN_LEAD:
        words.pop(0)
    if words and subject and words[0] == subject.casefold():  # "User is in Melbourne": third person
        words[0] = "i"
    return words


def _en_head(clause: str, subject: str) -> str:
    words = _en_words(clause, subject)
    if not words:
        return ""
    first = words[0]
    if first in _EN_PRONOUN:  # "I'm in the Zurich office": the description after the copula speaks of it
        rest = words[1:]
        if first.endswith(("'m", "'re", "'s", "'ve")):
            rest = [first[first.index("'"):], *rest]
        if not rest or rest[0] not in _EN_COPULA:
            return ""
        said = rest[1:]
        if said and (said[0].endswith("ing") or said[0] in ("gonna", "going")):
            return ""  # "we're taking the kids to Disney": an act
        return " ".join(_until_stop(said))
    if first.endswith(("ed", "ing")) or first in _EN_VERB:
        return ""  # the subject left out: "Ran the Denver half marathon", "Took the kids to the zoo"
    head: list[str] = []
    for at, word in enumerate(words):
        if word in _EN_VERB or word in _EN_STOP or (head and word.endswith("ed")):
            after = words[at + 1] if at + 1 < len(words) else ""
            if word in _EN_COPULA and (after.endswith("ing") or after in ("gonna", "going")):
                return ""  # "Kids are taking it okay": what they are doing now, no lasting detail
            break
        head.append(word)
    return " ".join(head)


def _until_stop(words: list[str]) -> list[str]:
    out: list[str] = []
    for word in words:
        if word in _EN_STOP:
            break
        out.append(word)
    return out


def _zh_head(clause: str) -> str:
    head: list[str] = []
    for piece in pos_cut(clause):
        word = piece.word.strip()
        if not word:
            continue
        if word in _ZH_COMPANY and (piece.flag.startswith("p") or word in ("跟", "陪", "带", "替", "帮")):
            break  # "周末带孩子们去公园", "跟Paul去看了冰球比赛": whom one acts with
        if piece.flag.startswith("v") and word not in _ZH_COPULA:
            break
        head.append(word)
    return "".join(head)


@functools.lru_cache(maxsize=4096)
def head_of(clause: str, lang: str, subject: str = "") -> str:
    """The words of one clause that name what it speaks of (see the module docstring); "" for none.

    Args:
        clause: one clause, no sentence punctuation inside; lang: "en" or "zh".
        subject: the user's subject word in a third-person clause ("User"), read as "I".
    """
    return _zh_head(clause) if lang == "zh" else _en_head(clause, subject)


_AT = re.compile(r"\bat\s+((?:(?!(?:as|for|with|to|from|since|because|when|while|after|before|and|but|today|"
                 r"tonight|yesterday|now|lately|recently|last|this|next|again|still|too|already|finally|so)\b)"
                 r"[\w'&.-]+\s*){1,4})", re.IGNORECASE)


def _own_place(clause: str, old: Topic, subject: str) -> bool:
    """True when an English ``clause`` of the user's own (a pronoun or no subject) says the user is "at" the
    item's thing and nothing else: "Celebrated 4 years at Shopify", "I got my promotion at Atlassian"; not "at the
    Denver Zoo" (another place in the city), nor "Tom got promoted at Stripe" (another person's)."""
    words = _en_words(clause, subject)
    if not words or not (words[0] in _EN_SELF or words[0].endswith(("ed", "ing")) or words[0] in _EN_VERB):
        return False
    for place in _AT.findall(clause):
        terms = topic(place, "en").terms
        if terms and terms <= old.terms | old.strong:
            return True
    return False


_ORDINAL = r"(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)"
_ZH_NUMERAL = "0-9一二两三四五六七八九十"


_AGE_OWNER = (re.compile(rf"\b([a-z][\w-]*)'s\s+{_ORDINAL}\s+birthday\b"),  # "Pixel's 4th birthday"
              re.compile(rf"\b{_ORDINAL}\s+birthday\s+(?:to|for)\s+([a-z][\w-]*)"),  # "3rd birthday to Miso"
              re.compile(rf"([a-z][\w-]*|[\u4e00-\u9fff]{{1,3}})(?:的|过了?)?\s*[{_ZH_NUMERAL}]+\s*岁"))  # "豆豆三岁"
_ITS_AGE = re.compile(rf"\b(?:his|her|its)\s+{_ORDINAL}\s+birthday\b")


def _aged(clause: str, shared: frozenset[str]) -> bool:
    """True when ``clause`` gives the age of a thing it names by a shared word, the thing the age's owner:
    "Celebrated Pixel's 4th birthday", "Happy 3rd birthday to Miso", "Threw Lucky a party for his 5th birthday",
    "给豆豆过了三岁生日", "给Lucky过了4岁生日"; not "Took the kids to Emma's 5th birthday party" (Emma's age)."""
    folded = clause.casefold()
    for owner in _AGE_OWNER:
        for word in owner.findall(folded):
            if topic(word, lang_of(word)).terms & shared:
                return True
    return bool(_ITS_AGE.search(folded)) and bool(topic(clause, "en").terms & shared)


def _paired(said: str, new: Topic, old: Topic, subject: str) -> bool:
    """True when the first English clause of ``said`` opens on the user paired with the item's thing: "Me and Tom
    just celebrated 8 years", "me and Pixel go running". It names the thing as "Tom and I" does (a hit), but what
    the pair did is theirs, an episode as often as a detail: "Me and Tom went to a hockey game" adds nothing."""
    first = next((c for c in _CLAUSE.split(said) if c.strip()), "")
    words = _en_words(first, subject)
    if len(words) < 3 or words[0] not in ("i", "me", "we") or words[1] != "and":
        return False
    shared = (new.terms & (old.terms | old.strong)) - new.numbers - old.numbers
    pair = []
    for word in words[2:]:
        if word in _EN_VERB or word in _EN_STOP or word.endswith("ed"):
            break
        pair.append(word)
    return bool(pair) and bool(topic(" ".join(pair), "en", subject).terms & shared)


def says_count(said: str, new: Topic, old: Topic, lang: str) -> bool:
    """True when ``said`` gives the item's own count with the thing it counts: "带两个孩子太累了", "养三个孩子",
    "Raising three kids is tough" beside "has two / three kids". The count and the thing said together say the
    item again; "Took the kids to the zoo" names no count, "a 3-year anniversary" counts no thing of the item."""
    shared = (new.terms & (old.terms | old.strong)) - new.numbers - old.numbers
    if not new.numbers & old.numbers or not shared:
        return False
    if lang == "zh" or has_han(said):
        after = re.findall(rf"(?:[{_ZH_NUMERAL}]+[个只条位名头]?|俩|仨)(.{{1,3}})", said)
        return any(topic(piece, "zh").terms & shared for piece in after)
    after = re.findall(r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+([a-z'-]+)(?:\s+([a-z'-]+))?",
                       said.casefold())  # the thing, or one word before it: "two kids", "two little kids"
    return any(topic(word, "en").terms & shared for pair in after for word in pair if word)


def speaks_of(said: str, new: Topic, old: Topic, lang: str, subject: str = "") -> bool:
    """True when ``said`` (topic ``new``) speaks of the thing the item of topic ``old`` names, so it may be a
    detail of it; False when every term it shares with the item sits outside what its clauses speak of.

    A statement sharing no term with the item (picked by its lead, or a name said with a copula) is left to the
    caller's other tests: True.

    Args:
        said: the statement, third person or the user's words; one or more clauses.
        new, old: topics (``gist.topic``) of ``said`` and of the item's text.
        lang: "en" or "zh" (a clause holding Chinese is read as Chinese).
        subject: the user's subject word, no term of a topic.
    """
    shared = (new.terms & (old.terms | old.strong)) - new.numbers - old.numbers
    if not shared:
        return True
    held = old.terms | old.strong
    # an item naming no one ("User has a dog": its strong terms are its kind's) is named by "her name is Biscuit"
    named = any(":" not in t for t in old.strong - old.numbers)
    other = False  # a clause named another one ("her name is Priya"): the pronouns after it speak of that one
    for clause in _CLAUSE.split(said):
        if not clause.strip():
            continue
        if named and new_name(clause, held):
            other = True  # "I met someone, her name is Priya", "got a puppy named Mochi": no clause of the item's
            continue
        if _TAKEN_UP.search(clause.strip()):
            if other:
                continue  # "she's an ER doctor at Denver Health": of the one just named
            return True  # "叫它大橘", "she's a beagle mix", "他今年三岁": the thing named, described, aged
        clang = lang_of(clause)
        if _aged(clause, shared):
            return True  # "Celebrated Pixel's 4th birthday", "给豆豆过了三岁生日": see the module docstring
        head = head_of(clause.strip(), clang, subject)
        if head and shared & topic(head, clang if clang == "zh" else lang, subject).terms:
            return True
    return False


# another person the sentence speaks of ("朋友阿杰刚领养了一只边牧", "my neighbour walked …"): that person's act,
# judged by the rules for other people, not read as a passing mention of the user's own thing
_OTHER_HEAD = re.compile(r"^(?:(?:我的?|my|our)\s*)?(?:好?朋友|好友|同事|邻居|室友|闺蜜|哥们|同学|老板|领导|"
                         r"[我他她]?[妈爸]|姐姐|妹妹|哥哥|弟弟|friends?\b|neighbou?rs?\b|colleagues?\b|co-?workers?\b|room-?mates?\b|"
                         r"flatmates?\b|sisters?\b|brothers?\b|mom\b|mum\b|dad\b|boss\b|cousins?\b)", re.IGNORECASE)


def _about_another(said: str, lang: str, subject: str) -> bool:
    """True when the first clause of ``said`` speaks of another person (its head names a friend, a neighbour …)."""
    said = said.strip()
    if subject and said.startswith(subject) and said[len(subject):len(subject) + 1] in ("：", ":"):
        said = said[len(subject) + 1:]  # "用户：朋友阿杰…": the user's words quoted
    first = next((c.strip() for c in _CLAUSE.split(said) if c.strip()), "")
    clang = lang_of(first)
    return bool(_OTHER_HEAD.match(head_of(first, clang, subject) if clang == "en" else first))


def of_entity(key: str, new: Topic, old: Topic) -> bool:
    """True when an item (``key``, topic ``old``) holds a person, an animal, a place or an organisation of the
    user's that a statement (topic ``new``) names: a home, an employer, a school, a partner, family, a pet
    (``ENTITY_KEYS``), or a statement in the user's own words that shares only a word for family or a pet with it
    ("我有两个孩子"). Such things turn up in every episode of the user's life; a trait, a habit or a like ("I'm
    left-handed", "bed at 2am", "阿森纳球迷") is said again with its thing as the object, and is not one."""
    if key.startswith(ENTITY_KEYS):
        return True
    shared = (new.terms & old.terms) - new.numbers - old.numbers
    return key.startswith("gist:") and bool(shared) and shared <= _kin_terms()


@functools.lru_cache(maxsize=1)
def _kin_terms() -> frozenset[str]:
    """The topic terms of every word for family or a pet (``_KIN_AND_PETS``' groups), in both languages."""
    out: set[str] = set(_KIN_AND_PETS)
    for group in synonym_groups():
        if f"syn:{group[0]}" in _KIN_AND_PETS:
            for word in group:
                out.update(topic(word, lang_of(word)).terms)
    return frozenset(out - {"朋友"})  # of 男朋友, 女朋友: a friend is no family


def passing_mention(said: str, new: Topic, old: Topic, key: str, lang: str, subject: str = "") -> bool:
    """True when ``said`` (topic ``new``) only mentions the thing of an item (``key``, topic ``old``) in passing:
    the item holds an entity (``of_entity``), and ``said`` neither says the item again (``RESTATE_OVERLAP`` of the
    item's terms, and at least half of its own; its count with its thing, ``says_count``; the user paired with
    the thing; the user's own "at" the thing: see the module docstring) nor speaks of the thing (``speaks_of``).
    "周末带孩子们去公园" and "Took the kids to the zoo" beside "User has two kids"; not "我有两个孩子" said again,
    nor "Miso turned three" beside "User has a cat named Miso".

    Such a statement is no hit, no detail and no restatement of the item: it is its own item, or only its turn.
    """
    if not of_entity(key, new, old) or _about_another(said, lang, subject):
        return False
    base, own = old.terms - old.numbers, new.terms - new.numbers
    shared = base & own
    if word_overlap(new, old) >= RESTATE_OVERLAP and len(shared) * 2 >= len(own):
        return False
    if says_count(said, new, old, lang) or _paired(said, new, old, subject) \
            or any(_own_place(c.strip(), old, subject) for c in _CLAUSE.split(said) if c.isascii() and c.strip()):
        return False  # "带两个孩子太累了", "Me and Tom just celebrated", "Got promoted at Atlassian": named again
    return not speaks_of(said, new, old, lang, subject)


def detail_of_thing(said: str, new: Topic, old: Topic, key: str, lang: str, subject: str = "") -> bool:
    """True when ``said`` (topic ``new``) may be text of the item (``key``, topic ``old``): the item holds no entity
    (``of_entity``), or ``said`` speaks of it (``speaks_of``). "Ran the Denver half marathon today" is no text of
    "User lives in Denver"; "Miso turned three" is text of "User has a cat named Miso"."""
    if key.startswith(_PERSON_KEYS) and any(p.search(said) for p in _PERSONS_PLACE.values()):  # mixed text too
        return False  # "陈默 is still in Hangzhou": where the partner is, is the partner's own fact, not the bond's
    if key.startswith(_WORK_KEYS) and bare_place(said, subject):
        return False  # "阿伟跟我求婚了！在深圳湾": where a moment happened, no place of the employer's
    if key.startswith((*_PERSON_KEYS, "fact:pet")) and not new.numbers - old.numbers \
            and (one_days_episode(said) or joint_outing(said, subject)):
        return False  # "今天阿杰带我去吃火锅了", "我和阿杰去爬山了": an outing, not the partner's or the pet's own
    return not of_entity(key, new, old) or speaks_of(said, new, old, lang, subject)


# whom an act is for or with, in an item's text: "弹给小米听", "跟老李去", "陪乐乐", "with Tom" (not "for", "为":
# "studying for the GMAT" names what the act is for); 和 only before a Latin name ("周末和 Lily 去 Snoqualmie 徒步"),
# since before Han it opens names such as 和睦家
_COMPANY_BEFORE = {
    "zh": r"(?:给|跟|陪)\s*",
    "en": r"\bwith\s+(?:my\s+|our\s+|his\s+|her\s+)?",
}
_COMPANY_BEFORE_LATIN = r"(?:给|跟|陪|和)\s*"
_LATIN = re.compile(r"[a-z][a-z0-9'&.-]*")


def company_only(held: str, new: Topic, old: Topic) -> bool:
    """True when every term a statement (topic ``new``) shares with an item (text ``held``, topic ``old``) stands in
    the item's text only as whom its act is for or with (``_COMPANY_BEFORE``): "小米湿疹好严重" shares 小米 with
    "用户又开始练琴了，弹给小米听", "Tom got a new job" shares Tom with "walks the dog with Tom". The statement speaks
    of that one, not of the item: neither said again nor a detail of it. False when nothing is shared."""
    shared = (new.terms & (old.terms | old.strong)) - new.numbers - old.numbers
    if not shared:
        return False
    folded = held.casefold()
    for term in shared:
        if not term or term.startswith("syn:"):
            return False
        if term not in folded:  # a Latin word held by its stem ("lili" of "Lily"), after a Chinese word of company
            spots = [m.start() for m in _LATIN.finditer(folded) if term in topic(m.group(0), "en").terms]
            if has_han(term) or not has_han(held) or not spots \
                    or any(re.search(_COMPANY_BEFORE_LATIN + r"$", folded[:i]) is None for i in spots):
                return False
            continue
        before = _COMPANY_BEFORE["zh" if has_han(term) else "en"]
        spots = [m.start() for m in re.finditer(re.escape(term), folded)]
        if not has_han(term) and has_han(held) \
                and all(re.search(_COMPANY_BEFORE_LATIN + r"$", folded[:i]) for i in spots):
            continue  # a Latin name after a Chinese word of company: "和 Lily 去徒步"
        if any(re.search(before + r"$", folded[:i]) is None for i in spots):
            return False
    return True


#: Slot keys whose value is a place of work or study: a bare place said in a turn is no detail of them.
_WORK_KEYS = ("fact:works_at", "fact:school", "fact:occupation")
# a clause that says only where the speaker is or was ("在深圳湾", "用户在海边", "at the beach", "User is in Tahoe"),
# no word of work, study or an office after it: the place of a moment (a proposal, a dinner, a trip)
_BARE_PLACE = {
    "zh": re.compile(r"^(?:我们?|咱们?)?(?:就|正|正好|刚|刚好|当时|那时|人)?在\s*(?![^，,。]*(?:总部|分公司|办公室|"
                     r"分部|园区|院区|科室|病区|校区|公司|单位|医院|学校|上班|工作|实习|读|念|学))[^\s，,。！!？?]{2,12}$"),
    "en": re.compile(r"^(?:(?:i|we)\s+(?:am|are|was|were)\s+|(?:i'm|we're)\s+|(?:is|was)\s+)?(?:right\s+|just\s+)?"
                     r"(?:at|in|on|by)\s+(?!.*\b(?:office|hq|headquarters|campus|branch|site|plant|department|team|"
                     r"ward|lab|school|class)\b)(?:the\s+)?[\w' -]{2,30}$", re.IGNORECASE),
}


def bare_place(said: str, subject: str = "") -> bool:
    """True when ``said`` (a sentence of the user's, third person or not) says only where the speaker is or was:
    "在深圳湾", "用户在深圳湾", "at the beach", "User is at Ocean Beach"; not "在深圳总部" (an office of the employer),
    "在华为上班", "User is in the Zurich office" (new-user trial 34: a proposal's place read as the employer's)."""
    text = said.strip().rstrip("。.!！~～ ")
    for head in (subject, "User", "用户"):
        if head and text.startswith(head):
            text = text[len(head):].lstrip("：: ,，")
            break
    return any(p.match(text) for p in _BARE_PLACE.values())


#: Slot keys whose value is another person of the user's life (a partner, family, children).
_PERSON_KEYS = ("fact:partner", "fact:family", "fact:children")
# where a person is, lives or moved to: "is still in Hangzhou", "lives in Leeds now", "moved to Denver", "还在杭州",
# "住在苏州", "搬到深圳了", "人在上海"
_PERSONS_PLACE = {
    "en": re.compile(r"(?i:\b(?:is|are|'s|was|lives?|living|stays?|staying|based|moved|moving|relocated)\s+"
                     r"(?:still\s+|now\s+|currently\s+|back\s+|also\s+)*(?:in|to|out\s+in)\s+)"
                     r"(?!(?:Grade|Year|Class|Form|High|Middle|Primary|Kindergarten|College|University|School|Love|"
                     r"Hospital)\b)"
                     r"(?:[A-Z]|[\u4e00-\u9fff])"),
    "zh": re.compile(r"(?:住在|待在|呆在|搬到|搬去|搬回|人在|还在|仍在|现在在|目前在|定居在?|常驻)"
                     r"(?!一起|身边|家里|家|这|那|公司|单位|上班|工作|忙|准备|考虑|学|读|上|念|医院|住院)"
                     r"[\u4e00-\u9fff]{2}"),
}


def adds_detail(new: Topic, old: Topic, text: str, lang: str) -> bool:
    """True when ``new`` adds to ``old``: a number or a strong term ``old`` lacks (a date, an age, a place,
    a name), or a lasting description of a thing ``old`` names ("Biscuit is a golden retriever",
    "旺财是只柯基": the name shared, words ``old`` lacks, said with a copula, no day of an episode)."""
    if befell(text, lang):  # "My Pixel 8 fell in the MRT and cracked": an episode of the thing, not a detail
        return False
    if new.numbers - old.numbers or new.strong - old.terms - old.strong:
        return True
    if not new.terms - old.terms - new.numbers or not lasting(text, lang):
        return False
    folded = text.casefold()
    for name in new.terms & old.strong - old.numbers:
        if name.startswith(("obj:", "syn:")):
            continue
        said = rf"\b{re.escape(name)}\w*(?:'s)?\s+(?:is|are)\b|\b{re.escape(name)}\w*'s\s+(?:a|an)\b" if lang == "en" \
            else rf"{re.escape(name)}(?:是|叫)"
        if re.search(said, folded):
            return True
    return False
