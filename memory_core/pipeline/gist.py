"""Gist statements: what users say about themselves that no slot names, kept in their own words.

The slot lexicon (``slot_lexicon``) keys the attributes it knows. The long
tail ("I'm left-handed", "我每天用 Notion 记笔记", "I support Arsenal") is kept
as the user's own clause turned to the third person (``third_person``), so
no content word is lost and the item stays searchable by what was said.

Such an item is keyed by one of its *topic terms* (``gist:<term>``) and a
later turn looks it up by all of its own terms (``Topic.probes``): one read
by key, no scan of the user's memory. Two statements are about the same
thing (``same_topic``) when they share a strong term (a name, a number, a
Latin word inside Chinese, a thing the lexicon knows in either language:
"lactose" = "乳糖") or most of the older one's terms (English: stemmed words;
Chinese: character bigrams, which survive jieba cutting a word differently).

Terms: English words through the index's tokenizer (Snowball stems, no
stopwords), minus words every statement has ("have", "really"); Chinese
bigrams of Han runs; numbers with Chinese numerals read as digits
("十月三号" = "10月3号", ``normalize_numbers``).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from memory_core.pipeline.compound_names import compound_spans
from memory_core.pipeline.episode_words import holiday_spent
from memory_core.pipeline.simile import simile_state, without_vehicles
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.synonym_terms import person_forms, phrases_in, synonyms
from memory_core.pipeline.term_forms import acronyms_of, said_with_verb, split_verbs
from memory_core.pipeline.third_person import EN_LEAD, ZH_LEAD, third_person
from memory_core.pipeline.valueless import valueless_clause
from memory_core.shipped_yaml import load_shipped
from memory_core.text.phrasal import join_phrasal
from memory_core.text.script import HAN_RUN, has_han, lang_of
from memory_core.text.synonyms import synonym_groups
from memory_core.text.tokenize import tokenize

__all__ = [
    "MAX_GIST_CHARS",
    "Topic",
    "generic_terms",
    "gist_clause",
    "lasting",
    "led_to",
    "normalize_numbers",
    "person_forms",
    "same_thing_named",
    "same_topic",
    "third_person",
    "topic",
    "without_aside",
    "word_overlap",
    "worth_a_look",
]

#: A gist item grows by added details up to this many characters; beyond it a new statement is a new item.
MAX_GIST_CHARS = 320
#: Share of the older statement's terms a new one must hold to restate it (overlap coefficient, 0..1).
RESTATE_OVERLAP = 0.6

_ZH_DIGIT = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_NUMBER = re.compile(r"[零一二两三四五六七八九十]{1,3}(?=[月号日岁年个天点周门次万千百块元])")
_EN_NUMBER = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
              "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12"}
# words every self-statement has: they say nothing about what the statement is about
_GENERIC_EN = frozenset({
    "have", "has", "had", "get", "got", "make", "made", "do", "did", "use", "used", "take", "took", "go",
    "went", "like", "love", "want", "need", "think", "know", "say", "said", "tell", "told", "rememb",
    "remind", "realli", "actual", "just", "still", "alway", "usual", "pretty", "total", "big", "small",
    "lot", "thing", "stuff", "way", "time", "day", "kind", "sort", "bit", "much", "mani", "good", "great",
    "nice", "best", "first", "sure", "name", "call",
    "com", "net", "org",  # a web name's suffix ("Trip.com", "Booking.com") names no one thing
    # Chinese internet slang typed in Latin letters ("冰美式yyds", "xswl"; stemmed too): a reaction, never a name
    "yyds", "yyd", "xswl", "awsl", "hhh", "hhhh", "nb", "emo", "orz", "plz", "omg", "lol", "lmao", "ok", "okay"})
_GENERIC_ZH_CHARS = frozenset("我你他她它们的了是在有和就都也还很又再吧呢啊哦嘛呀么这那个一只么说过着给让把被对")
_EN_SELF = re.compile(r"^(?:i|i'm|i've|my|i\s+am)\b", re.IGNORECASE)
# an English clause about the moment, the past or a plan: an episode, not a lasting statement
_EN_NOT_LASTING = re.compile(
    r"^(?:i|we)\s+(?:\w+\s+)?(?:was|were|did|went|got|had|made|saw|said|told|took|came|found|gave|thought|felt|met|"
    r"bought|sold|lent|paid|left|ran|won|lost|just|will|would|'ll|'d|might|may|could|should|can't\s+wait|hope|guess|bet|mean|"
    r"wonder|agree|believe|think|feel|know|see|wanted|want|plan|planned|"
    # a view of someone or something said by its verb ("I say she's a menace", "I reckon it'll rain"), never a
    # habit said by it ("I say grace before every meal")
    r"say(?=\s+(?:he|she|it|they|that|this|we|you|there|his|her|their)\b)|reckon|suppose|swear)\b"
    # "I'll drive to Bremerton every day", "we'll see": a plan said with the contraction, as "I will" is
    r"|^(?:i|we)'ll\b"
    r"|^(?:i|we)\s+(?:\w+\s+)?\w+ed\b|^i(?:'m|\s+am)\s+(?:so\s+|really\s+|very\s+)?(?:glad|happy|sorry|excited|"
    r"thrilled|proud|grateful|thankful|sure|not\s+sure|curious|tired|going|gonna|about|thinking|trying|hoping|"
    r"planning|looking|feeling|off|back|here|ready|done|in|on|at|with)\b|^i(?:'m|\s+am)\s+(?!"
    r"(?:learning|studying|training|preparing|practi[cs]ing|saving|writing|building|renovating|raising)\b)\w+ing\b"
    r"|^i(?:'m|\s+am)\s+(?:a|an)\s+(?:bit|little|lot|mix|kind|sort|huge|big|total)\s+(?:of|fan)\b"
    r"|^i(?:'m|\s+am)\s+(?:a\s+)?(?:bit|little)\b|\b(?:it|that|this|them|so)\W*$"
    r"|\b(?:you|your|yesterday|tonight|today|last\s+(?:night|week|weekend|month|year)|ago)\b",
    re.IGNORECASE)
# an English clause about the past or a day: its words are an episode's, not a lasting statement's
_EN_EPISODE = re.compile(
    r"^(?:i|we)\s+(?:\w+\s+)?(?:was|were|did|went|got|had|made|saw|said|told|took|came|found|gave|met|sold|lent|"
    r"paid|\w+ed)\b"
    r"|\b(?:yesterday|tonight|today|last\s+(?:night|week|weekend|month|year)|ago|in\s+(?:january|february|march|"
    r"april|may|june|july|august|september|october|november|december))\b", re.IGNORECASE)
# a habit stopped or taken up again, said in the past ("I stopped drinking", "I gave up smoking, it's been a month",
# "I started drinking again"): the state it leaves holds now, no episode
_EN_HABIT_TURNED = re.compile(r"^(?:i|we)\s+(?:(?:finally|just|recently|completely|totally)\s+)?(?:stopped|gave\s+up|"
                              r"quit|kicked|started|began)\s+(?!by\b|to\b)\w+ing\b(?!\s+(?:at|to|for|the|my)\b)"
                              # "a month ago" says when ("I quit drinking a month ago"), "a beer" what
                              r"(?!\s+(?:a|an)\s+(?!(?:few\s+|couple\s+(?:of\s+)?)?(?:days?|weeks?|months?|years?)\s+ago\b))",
                              re.IGNORECASE)
# a field of study, said in the past but holding for good ("I majored in chemE", "I did my degree in nursing")
_EN_STUDIED = re.compile(r"^(?:i|we)\s+(?:\w+\s+)?(?:majored|minored|double[\s-]majored|did\s+(?:my|a)\s+"
                         r"(?:degree|major|masters?|phd|undergrad|bachelor'?s))\s+in\s+\w", re.IGNORECASE)
_ZH_NOT_LASTING = re.compile(r"昨天|前天|今天|今晚|刚才|那天|上周|上次|去年|前几天|刚刚|你|[吗呢？?]$|"
                             r"打算|想要|准备去|要去")
_TERM_SPLIT = re.compile(r"[\s\-–—/]+")


# openers that say a statement is said again: "Like I said, …", "As you know, …", "我之前说过的，…"
_EN_ASIDE = re.compile(r"^(?:(?:as|like)\s+i\s+(?:said|mentioned|told\s+you)(?:\s+before)?|as\s+you\s+know|"
                       r"just\s+so\s+you\s+(?:know|remember)|for\s+the\s+record|(?:just\s+)?(?:a\s+)?reminder)"
                       r"\b[\s,:;!.\-–—]*", re.IGNORECASE)
_ZH_ASIDE = re.compile(r"^(?:正如|就像|像)?我(?:之前|刚才|上次|早就)?(?:说过|说的|提过|讲过|跟你说过)(?:的)?(?:那样)?"
                       r"[，,：:\s]*")


def without_aside(clause: str, lang: str) -> str:
    """``clause`` without an opener that only says it is said again ("Like I said, I live in Leeds" ->
    "I live in Leeds"; "我说过的" -> ""): the opener holds "I" and a verb but states nothing."""
    return (_ZH_ASIDE if lang == "zh" else _EN_ASIDE).sub("", clause.strip(), count=1)


def normalize_numbers(text: str) -> str:
    """Return ``text`` with Chinese numerals before a unit as digits ("十月三号" -> "10月3号", "二十三岁" -> "23岁")."""
    def one(m: re.Match[str]) -> str:
        s = m.group(0)
        if "十" not in s:
            return "".join(str(_ZH_DIGIT[c]) for c in s) if all(c in _ZH_DIGIT for c in s) else s
        tens, _, units = s.partition("十")
        if any(c not in _ZH_DIGIT for c in tens + units):
            return s
        return str((_ZH_DIGIT[tens] if tens else 1) * 10 + (_ZH_DIGIT[units] if units else 0))
    return _ZH_NUMBER.sub(one, text)


_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'&.-]*[A-Za-z0-9]|[A-Za-z]")


@functools.lru_cache(maxsize=65536)
def _word_terms(bare: str) -> tuple[frozenset[str], str]:
    """(topic terms, known object id or "") of one lower-case Latin word (cached: words repeat)."""
    lex = lexicon()
    single, _ = synonyms()
    pieces = [p for part in _TERM_SPLIT.split(bare) for p in tokenize(part)]
    if not pieces:  # a stopword names nothing
        return frozenset(), ""
    oid = lex.canon(bare, "en") or (lex.name_in(bare, "en") or ("", ""))[0]
    return frozenset(single.get(t, t) for t in pieces if t not in _GENERIC_EN), oid


@functools.lru_cache(maxsize=1)
def _known_en_words() -> frozenset[str]:
    """Every English word of the lexicon's objects and of the synonym groups (lower case)."""
    lex = lexicon()
    words = {w for table in (lex.surface["en"], lex.kind_of["en"]) for name in table for w in name.split()}
    words.update(w for group in synonym_groups() for m in group if not has_han(m) for w in m.casefold().split())
    return frozenset(words)


_INNER_NAME = re.compile(r"(?<=[a-z,;:] )[A-Z][a-z]|\d")


def worth_a_look(text: str) -> bool:
    """Cheap test before ``topic``: may ``text`` name a thing an item could be about?

    Chinese text, a capitalised word inside a sentence, a digit, or a word the
    lexicon or the synonym groups know ("penicillin", "marathon").
    """
    if has_han(text) or _INNER_NAME.search(text):
        return True
    known = _known_en_words()
    return any(w in known for w in _LATIN_WORD.findall(text.casefold()))


def _bigrams(text: str, skip: str) -> set[str]:
    out: set[str] = set()
    for run in HAN_RUN.findall(text.replace(skip, " ") if skip else text):
        chars = "".join(c for c in run if c not in _GENERIC_ZH_CHARS)
        out.update(chars[i:i + 2] for i in range(len(chars) - 1))
        if len(chars) == 1:
            out.add(chars)
    return out


@dataclass(frozen=True, slots=True)
class Topic:
    """What a statement is about, as terms.

    Attributes:
        terms: every topic term (stems, bigrams, ``obj:``/``syn:`` ids, numbers).
        strong: the terms that name one thing (names, numbers, Latin words in Chinese, known objects).
        numbers: the numbers said (digits), a detail when new.
        named: it names something for sure (a name inside a sentence, a known object, a synonym group, a
            name with a number): worth looking up. A capitalised first word alone may be any word.
        lead: the first term said, where a sentence puts what it speaks of ("Piano update: …",
            "考研目标定了", "猫毛我是真的过敏"); "" when none.
    """

    terms: frozenset[str]
    strong: frozenset[str]
    numbers: frozenset[str]
    named: bool = False
    lead: str = ""

    @property
    def anchor(self) -> str:
        """The term a new item is keyed by ("" when none): a known object, else a synonym group, else its
        longest strong term, else its longest term (a later mention of the same thing most likely names it)."""
        def order(t: str) -> tuple[int, int, str]:
            return (0 if t.startswith("obj:") else 1 if t.startswith("syn:") else 2 if t in self.strong else 3,
                    -len(t), t)
        pool = sorted(self.terms - self.numbers, key=order)
        return pool[0] if pool else ""

    def probes(self) -> list[str]:
        """``gist:`` keys an earlier statement about the same thing may be stored under."""
        return [f"gist:{t}" for t in sorted(self.terms - self.numbers)]


def without_name(text: str, name: str) -> str:
    """Return ``text`` with each mention of the speaker's ``name`` blanked (same length, spaces).

    A name is who speaks, never what is spoken of: a role word or honorific inside it ("王老师", "李医生",
    "张总", "Dr. Smith", "Coach Kim") names no topic, so the same statement gets the same terms whoever
    says it. A Latin name is matched as whole words, in any case; a Chinese one as written."""
    if not name:
        return text
    if name.isascii():
        if not any(c.isalpha() for c in name) or len(name) < 2:
            return text
        pattern = re.compile(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", re.IGNORECASE)
        return pattern.sub(lambda m: " " * len(m.group(0)), text)
    return text.replace(name, " " * len(name))


@functools.lru_cache(maxsize=16384)
def topic(text: str, lang: str, speaker: str = "") -> Topic:
    """Return the topic terms of ``text`` in ``lang`` ("en"/"zh"); ``speaker``'s own name is not a term."""
    lex = lexicon()
    skip = speaker.strip()
    # a phrasal verb is one term ("works out" is exercise, never the job's "work"; ``text.phrasal``)
    text = without_name(normalize_numbers(join_phrasal(text) if lang == "en" else text), skip)
    text = without_vehicles(text, lang)  # "累得像条狗", "eats like a bird": no dog, no bird
    folded = text.casefold()
    # every word of a name of several words is the speaker's ("Lin Yue usually gets up…": neither lin nor yue)
    name_words = {w.casefold() for w in _LATIN_WORD.findall(skip)}
    terms: set[str] = set()
    strong: set[str] = set()
    named = False
    numbers = set(re.findall(r"\d+", text))
    _, phrases = synonyms()
    todo = sorted(phrases_in(folded), reverse=True)  # the phrases the text holds, first listed last
    while todo:
        n = todo.pop()
        phrase, gid = phrases[n]
        if phrase in folded:
            terms.add(gid)
            strong.add(gid)
            if phrase.isascii():  # its words are the phrase's, not terms of their own ("early bird" is no bird)
                at = folded.index(phrase)
                text = text[:at] + " " * len(phrase) + text[at + len(phrase):]
                folded = text.casefold()
                todo = list(range(len(phrases) - 1, n, -1))  # the text changed: every later phrase is tried
    compounds = compound_spans(text.casefold())  # "flat whites": coffee, and "flat" no apartment
    unnamed = {span[2] for span in compounds}  # the compounds none of whose words names an object
    for m in _LATIN_WORD.finditer(text):
        word, bare = m.group(0), m.group(0).casefold()
        opening = not text[:m.start()].strip() or text[:m.start()].rstrip()[-1] in ".!?:;,—-\"'("
        if bare in _EN_NUMBER:
            numbers.add(_EN_NUMBER[bare])
        if bare.removesuffix("'s").removesuffix("'") in name_words:  # "User's bank PIN", "Lin Yue's cat"
            continue
        pieces, oid = _word_terms(bare)
        inside = [span for span in compounds if span[0] <= m.start() < span[1]]
        if inside:  # a word of a compound name keeps its own form, not its synonym group's
            pieces = frozenset(p for part in _TERM_SPLIT.split(bare) for p in tokenize(part) if p not in _GENERIC_EN)
            if oid:
                unnamed.discard(inside[0][2])
        terms.update(pieces)
        if oid:
            terms.add("obj:" + oid)
            strong.add("obj:" + oid)
        if (lang == "zh" or (word[0].isupper() and word not in ("I", "I'm", "I've", "I'd"))) and pieces:
            strong.update(pieces)  # a name, or a Latin word inside Chinese
            named = named or lang == "zh" or not opening
    for oid in sorted(unnamed):
        terms.add("obj:" + oid)
        strong.add("obj:" + oid)
    if lang == "zh" or HAN_RUN.search(text):  # a Chinese name inside English names its thing too ("no more 奶茶")
        for table in (lex.surface["zh"], lex.kind_of["zh"]):
            for word, oid in table.items():
                if len(word) > 1 and word in text:
                    terms.add("obj:" + oid)
                    strong.add("obj:" + oid)
    if lang == "zh":
        terms.update(_bigrams(text, skip))
        for oid in said_with_verb(text):  # "抽一包烟", "戒烟", "烟瘾": a one-character thing after its verb
            terms.add("obj:" + oid)
            strong.add("obj:" + oid)
        terms.update(split_verbs(text))  # "游三次泳" says 游泳
        for m in re.finditer(r"叫([\u3400-\u9fff]{2,4})", text):
            strong.add(m.group(1)[:2])
        # a word of three or more characters names one thing ("阿森纳", "环境工程", "周杰伦"); so does a number
        # with its unit (a time, a date, an age: "5点", "3月", "4岁")
        said = {w for w in tokenize(text.replace(skip, " ") if skip else text)
                if len(w) >= 3 and HAN_RUN.fullmatch(w) and not set(w) & _GENERIC_ZH_CHARS}
        said.update(f"{n}{unit}" for n, unit in re.findall(r"(\d+)([点号日月岁年])", text))
        terms.update(said)
        strong.update(said)
    acronyms = acronyms_of(text)  # "World of Warcraft" names what "WoW" names
    terms.update(acronyms)
    strong.update(acronyms)
    # a capitalised first word is a name only if the lexicon does not know it as an everyday word
    strong &= terms | {t for t in strong if t.startswith(("obj:", "syn:"))}
    lead = _lead(text, lang, skip)
    strong.update(t for t in terms if t.startswith("syn:"))
    named = named or any(t.startswith(("obj:", "syn:")) for t in strong) or bool(strong and numbers)
    return Topic(frozenset(terms), frozenset(strong), frozenset(numbers), named, lead)


_FIRST_PERSON_LEAD = re.compile(r"(?:i|i'm|i've|i'd|i'll|we|we're)\b|我(?!的)|我们", re.IGNORECASE)
# a word of time a sentence may open on ("Last day at …", "Next week I …", "Today …", "上周…", "今天是…"): it says
# when, not what the sentence speaks of, so it leads to no statement (a pet's "last week" is no job's "Last day")
_TIME_LEAD_EN = frozenset(("last", "next", "this", "past", "coming", "today", "tonight", "yesterday", "tomorrow",
                           "week", "weekend", "month", "year", "morning", "afternoon", "evening", "night", "ago",
                           "recently", "lately", "now", "earlier", "later", "soon", "finally", "monday", "tuesday",
                           "wednesday", "thursday", "friday", "saturday", "sunday"))
_TIME_LEAD_ZH = re.compile(r"^(?:今天|昨天|前天|明天|后天|今晚|昨晚|今早|上周|下周|这周|本周|上个?月|下个?月|"
                           r"这个?月|去年|今年|明年|前年|最近|刚才|刚刚|周[一二三四五六日末]|星期[一二三四五六日天])")
_LEAD_PIECE = re.compile(r"[A-Za-z][A-Za-z0-9'&.-]*|[\u3400-\u9fff]+")


@functools.lru_cache(maxsize=1)
def _aspect_leads() -> tuple[frozenset[str], re.Pattern[str]]:
    """The English words and a pattern of the Chinese words of ``data/aspect_leads.yaml``: a start or restart, or
    how often or at what time of day, said first, which names no thing a sentence speaks of."""
    raw = load_shipped("data", "aspect_leads.yaml") or {}
    zh = sorted((str(w) for part in ("zh", "often_zh") for w in raw.get(part) or ()), key=len, reverse=True)
    return frozenset(str(w).casefold() for part in ("en", "often_en") for w in raw.get(part) or ()), \
        re.compile("^(?:" + "|".join(map(re.escape, zh)) + ")+" if zh else "(?!)")


def _lead(text: str, lang: str, skip: str) -> str:
    """The first topic term of ``text``: a Latin word's stem, or the first bigram of a Han run (generic
    characters, the speaker's name, and a word of time or of a start said first left out: "又开始跑了" leads to
    no statement, "Started running again" leads to "run")."""
    aspect_en, aspect_zh = _aspect_leads()
    body = ZH_LEAD.sub("", EN_LEAD.sub("", text.strip()))
    if _FIRST_PERSON_LEAD.match(body):  # "I like tea", "我在准备考研": the speaker is what it speaks of
        return ""
    if skip:
        body = body.replace(skip, " ")
    for m in _LEAD_PIECE.finditer(body):
        piece = m.group(0)
        if has_han(piece):
            piece = aspect_zh.sub("", _TIME_LEAD_ZH.sub("", piece.lstrip("又")))
            chars = "".join(c for c in piece if c not in _GENERIC_ZH_CHARS)
            if len(chars) >= 2:
                return chars[:2]
            continue
        if piece.casefold() in _TIME_LEAD_EN or piece.casefold() in aspect_en:
            continue
        terms, _ = _word_terms(piece.casefold())
        if terms:
            return min(terms)
    return ""


_MONTHS = {m: str(n) for n, m in enumerate(("january", "february", "march", "april", "may", "june", "july",
                                            "august", "september", "october", "november", "december"), 1)}
_MONTH_NAME = re.compile(r"\b(" + "|".join(_MONTHS) + r"|" + "|".join(m[:3] for m in _MONTHS) + r")\b\.?",
                         re.IGNORECASE)


def date_numbers(text: str) -> tuple[str, ...]:
    """The numbers of ``text`` in order, an English month name read as its number ("March 3rd" -> ("3", "3"),
    "三月三号" -> ("3", "3")); a day said before its month ("3rd of March") keeps its order."""
    said = _MONTH_NAME.sub(lambda m: " " + _MONTHS[next(k for k in _MONTHS if k.startswith(m.group(1).casefold()))]
                           + " ", normalize_numbers(text))
    return tuple(str(int(n)) for n in re.findall(r"\d+", said))


def same_thing_named(values: tuple[str, ...] | list[str], text: str, generic: frozenset[str] = frozenset()) -> bool:
    """True when a value and ``text`` name one synonym group or known object (other than ``generic``, the
    attribute's own words), or the same date, in either language ("程序员" / "… is a software engineer",
    "March 3rd" / "3月3号")."""
    lang = lang_of(text)
    known = {t for t in topic(text, lang).strong if t.startswith(("syn:", "obj:"))} - generic
    dates = date_numbers(text)
    for value in (v for v in values if v.strip()):
        if known & topic(value, lang_of(value)).strong:
            return True
        if len(dates) >= 2 and date_numbers(value) == dates:
            return True
    return False


def word_overlap(new: Topic, old: Topic) -> float:
    """Overlap coefficient (0..1) of two statements' terms, numbers left out: shared / the smaller set."""
    base, said = old.terms - old.numbers, new.terms - new.numbers
    return len(base & said) / max(1, min(len(base), len(said)))


@functools.lru_cache(maxsize=1)
def _kind_words() -> frozenset[str]:
    """Synonym groups that name an attribute ("allergy", "过敏", "live"): shared, they name no one thing
    ("my sister lives in Rome" is not about the user's "lives in Paris")."""
    kinds = {t for attr in lexicon().attributes
             for t in topic(attr.id.replace("_", " "), "en").terms if t.startswith(("syn:", "obj:"))}
    # the groups the data names as generic ("孩子", "kids", "work"): shared, they join no two statements
    kinds.update("syn:" + str(g).casefold() for g in load_shipped("data", "generic_groups.yaml") or ())
    return frozenset(kinds)


def generic_terms() -> frozenset[str]:
    """The topic terms (``syn:``/``obj:`` ids) that name a kind of many things: an attribute's words ("live",
    "allergy") and the groups ``data/generic_groups.yaml`` lists ("孩子", "kids"). Shared alone, they make no two
    statements one.

    Raises:
        OSError / yaml.YAMLError: a shipped data file is missing or does not parse (a packaging fault).
    """
    return _kind_words()


def same_topic(new: Topic, old: Topic) -> tuple[bool, bool]:
    """Return (same thing, restated): whether ``new`` is about what ``old`` says, and whether it says it again.

    Same thing: ``new`` names a strong term of ``old`` (a name said without a
    capital or at a sentence's start, a Chinese name as its bigram: "旺财是只柯基"
    names the "旺财" of "有一只狗叫旺财"), or ``RESTATE_OVERLAP`` of ``old``'s terms
    are held by ``new``; not when each names a known object the other lacks (two allergens, two
    drinks), nor by a word naming a kind of many things ("allergic": "对虾也过敏" / "对花生过敏").
    Restated: ``RESTATE_OVERLAP`` of ``old``'s terms (or
    every strong term of a short ``old``) are in ``new``.
    """
    shared = new.terms & old.terms
    if not shared:
        return False, False
    named = old.strong - _kind_words()  # "住" names no one thing: "我妈妈住在北京" restates no "住在上海"
    restated = word_overlap(new, old) >= RESTATE_OVERLAP or (bool(named) and named <= new.terms)
    # each names a known thing the other does not ("allergic to shellfish" / "allergic to peanuts"): two things
    contrast = any(t.startswith("obj:") for t in new.strong - old.terms) \
        and any(t.startswith("obj:") for t in old.strong - new.terms)
    return restated or (bool(shared & old.strong - old.numbers - _kind_words()) and not contrast), restated


def led_to(new: Topic, old: Topic) -> bool:
    """True when ``new``'s lead (the word it opens on) picks ``old`` as the statement it speaks of.

    The lead must be among ``old``'s terms. A lead naming a kind of many things ("live", "job") picks no
    statement that lacks a name ``new`` says: "I live out in Squamish now" speaks of no "lives in Toronto".
    """
    if not new.lead or new.lead not in old.terms:
        return False
    kinds = _kind_words()
    return new.lead not in kinds or not new.strong - kinds - new.numbers - old.terms


def lasting(clause: str, lang: str) -> bool:
    """True when ``clause`` names no past episode nor day ("I was diagnosed … in May", "昨天…")."""
    if holiday_spent(clause, lang):  # "I spent Christmas in Singapore with Dana": an episode of the holiday
        return False
    if lang == "zh":
        return not _ZH_NOT_LASTING.search(clause)
    return not _EN_EPISODE.search(EN_LEAD.sub("", clause.strip()))


# a request to the assistant whose left-out subject was filled in as "I": the one asked acts on "me", which no
# statement of the speaker's own does ("(I) don't let me forget", "(I) never make me skip leg day")
_EN_ASKED = re.compile(r"^(?:i|we)\s+(?:(?:don't|do\s+not|never|always|please|just|pls)\s+)*"
                       r"(?:let|make|help|remind|tell|get|keep|wake|stop|push|nag)\s+me\b", re.IGNORECASE)
# a figure of speech whose subject is the speaker's heart, soul or mind, placed somewhere or given to someone
# ("my heart lives in Paris", "my soul belongs to the sea", "我的心还在巴黎"): where the speaker longs to be, no fact
_EN_STILL = r"(?:(?:still|always|really|truly|forever|will\s+always)\s+)*"
_EN_FIGURE = re.compile(r"^my\s+(?:heart|soul|mind|spirit|thoughts|head)\s+" + _EN_STILL + r"(?:lives?|belongs?|stays?|"
                        r"remains?|is|'s|be|was\s+left|resides?|goes\s+out)\s+" + _EN_STILL
                        + r"(?:in|to|with|at|back|somewhere|there|here)\b", re.IGNORECASE)
_ZH_FIGURE = re.compile(r"^我的(?:心(?![脏率情态理])|灵魂|魂|心思|思绪)(?:还|早就|早已|一直|永远|已经|也)*"
                        r"(?:留在|落在|飞到|飞回|在|属于|住在)")


def gist_clause(clause: str, lang: str) -> bool:
    """True when ``clause`` states something lasting about the speaker in the first person.

    English: it opens (after discourse words) on "I", "I'm", "I've" or "my",
    in the present, not a mood of the moment, a plan, or an episode ("I went",
    "I'm so glad", "I'm going to", "… yesterday"). Chinese: it opens on 我
    (not 我们), is 4–60 characters, and names no day of an episode (昨天,
    上周) nor a plan. Questions and hypotheticals are filtered before this;
    a request to the assistant ("don't let me forget") and a figure of speech
    whose subject is the speaker's heart or soul ("my heart lives in Paris",
    "我的心还在巴黎") state nothing either, nor does a bare change or stop whose thing is left out ("我戒不掉",
    "我跳槽了", "I quit": ``valueless_clause``), nor a feeling said by a simile ("我累得像条狗": ``simile_state``).
    """
    if holiday_spent(clause, lang):  # where a holiday was spent is its event ("春节是在新加坡过的")
        return False
    if lang == "zh":
        text = ZH_LEAD.sub("", clause.strip())
        return text.startswith("我") and not text.startswith("我们") and 4 <= len(text) <= 60 \
            and not _ZH_NOT_LASTING.search(text) and not _ZH_FIGURE.match(text) \
            and not valueless_clause(text, lang) and not simile_state(text, lang)
    text = EN_LEAD.sub("", clause.strip())
    words = text.split()
    return bool(_EN_SELF.match(text)) and 2 <= len(words) <= 30 \
        and (not _EN_NOT_LASTING.search(text) or bool(_EN_HABIT_TURNED.match(text)) or bool(_EN_STUDIED.match(text))) \
        and not _EN_ASKED.match(text) and not _EN_FIGURE.match(text) and not valueless_clause(text, lang) \
        and not simile_state(text, lang)
