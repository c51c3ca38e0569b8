"""Facts said as a fragment, without a subject or a verb, put back into sentences the rules read.

Chat states a speaker's facts in note form: "Based in Lisbon", "Big fan of jazz", "Vegetarian these days",
"Team lead since March", "Mostly WFH", "Married, two kids", "Currently at Stripe"; "坐标上海", "字节打工人",
"已婚，俩娃", "base 上海, 做PM". ``terse_filled(text)`` rewrites each such fragment of a user's turn as the
first-person sentence it stands for ("I'm based in Lisbon", "I'm a big fan of jazz", "I'm married", "I have
two kids", "I work at Stripe"; Chinese in ``terse_zh``; a pet's kind, "是只边牧", in ``pet_kind``)
and leaves the rest of the text as it is, so the slot lexicon reads the fact into its slot and a later change in
either style supersedes it.

A fragment is the speaker's only where nobody else was named before it in its sentence ("my sister, based
in Paris" is hers), and never in a question ("remote?"); an order ("coffee, please") is no fragment of any
kind here.

A job named with its employer and no time ("Nurse at St James", "Grad student at MIT") is left to the clause
rules: read as the speaker's job it cost a check of a held-out half (a title with "at X" in chat is as often a
signature, a listing or somebody else's line as the speaker's own); with "since …" or a time word ("Team lead
since March", "Nurse these days") it is the speaker's.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.again_fragment import again_filled
from memory_core.pipeline.allergens import names_allergen
from memory_core.pipeline.cant_without import need_filled
from memory_core.pipeline.counted_habit import habit_filled
from memory_core.pipeline.job_site import offered_home
from memory_core.pipeline.pet_kind import pet_filled
from memory_core.pipeline.slots import lexicon
from memory_core.pipeline.stay_put import temporary_mark
from memory_core.pipeline.terse_zh import zh_filled
from memory_core.text.script import has_han

__all__ = ["en_filled", "terse_filled"]

# a sentence: up to and including its end mark (or a line break)
_SENTENCE = re.compile(r"[^.!?。！？\n]*(?:[.!?。！？]+|\n|$)")
# a clause inside a sentence: up to a comma, a semicolon or a dash between words
_CLAUSE = re.compile(r"[^,，;；、]*(?:[,，;；、]|$)")
_EN_LEAD = re.compile(r"^(?:(?:btw|fwiw|fyi|also|oh|and|ps|p\.s\.|anyway|so|well|yeah|yep)\b[\s,:]*)+", re.IGNORECASE)
_EN_TAIL = re.compile(r"(?:\s+(?:btw|lol|lmao|haha+|tbh|fwiw|fyi|ha|hehe|:\)|:d|xd))+\s*$", re.IGNORECASE)
_EN_WHEN = r"(?:\s+(?:now|right\s+now|these\s+days|nowadays|currently|atm|rn|at\s+the\s+moment|lately|again|for\s+now" \
           r"|since\s+[\w\s]{1,20}|for\s+(?:a\s+few|\w+)\s+(?:years?|months?|weeks?)|full[- ]time|most\s+days|too))*"
_EN_ADV = r"(?:(?:now|currently|still|mostly|also|fully|strictly|pretty\s+much|basically|happily|newly|recently" \
          r"|just|officially|totally|kind\s+of|kinda|always)\s+)*"
# "Based in Lisbon", "Currently based out of Berlin": where the speaker lives
_EN_BASED = re.compile(rf"^{_EN_ADV}(?:based|located)\s+(?:in|out\s+of)\s+\S", re.IGNORECASE)
_EN_BASE = re.compile(r"^base\s*[:：]?\s+(?=(?-i:[A-Z]))", re.IGNORECASE)
# "Originally from Ohio", "Born and raised in Leeds": where the speaker is from
_EN_FROM = re.compile(r"^(?:originally\s+from|born\s+and\s+raised\s+in|from\s+(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])"
                      r"[\w'-]+)*\s+originally\b)", re.IGNORECASE)
_EN_CITY = r"(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)*)"
# "6 years in Denver (and I still …)", "Portland's been home for like 4 years now": how long the speaker has lived in a
# city, said with no subject ("I've been in Denver for 6 years", "I live in Portland"); a trip says no years
_EN_YEARS_IN = re.compile(r"^(?:(?:almost|nearly|over|about|like|going\s+on)\s+)?"
                          r"(?P<n>\d+|two|three|four|five|six|seven|eight|nine|ten|a\s+few|several|many)\s+"
                          rf"(?P<u>years?|yrs?|decades?)\s+(?:now\s+)?in\s+{_EN_CITY}(?P<rest>(?:\s+now)?(?:\s+and\s+.*)?)$",
                          re.IGNORECASE)
_EN_HOME_FOR = re.compile(rf"^{_EN_CITY}(?:'s|\s+has)\s+been\s+(?:my\s+|our\s+)?home\b(?P<rest>.*)$", re.IGNORECASE)
# "Currently at Stripe", "Now at Google": the employer, said with a name after "at"
_EN_AT = re.compile(r"^(?:(?:currently|now|still)\s+)+(?:working\s+)?at\s+"
                    r"(?P<org>[\u4e00-\u9fff]{2,8}|(?-i:[A-Z])[\w&.'-]*(?:\s+(?-i:[A-Z0-9&])[\w&.'-]*)*)(?P<rest>(?:\s+(?:now|these\s+days|since\s+.+|as\s+(?!(?:usual|always|ever|well|planned|expected|promised)\b).+|doing\s+.+|"
                    r"on\s+the\s+[\w\s-]+\s+team|in\s+the\s+[\w\s-]+\s+office|for\s+\w+\s+(?:years?|months?)))*)$",
                    re.IGNORECASE)
# "New gig at Canva", "brand new job at Monzo", "my new role with Arup": a new employer, named after "at"/"with"
_EN_NEW_JOB = re.compile(r"^(?:(?:a|my)\s+)?(?:brand[- ]new|new)\s+(?:job|gig|role|position)\s+(?:at|with)\s+"
                         r"(?P<org>[\u4e00-\u9fff]{2,8}|(?-i:[A-Z])[\w&.'-]*(?:\s+(?-i:[A-Z0-9&])[\w&.'-]*)*)"
                         r"(?P<rest>(?:\s+(?:now|these\s+days|since\s+.+|as\s+(?!(?:usual|always|ever|well|planned|expected|promised)\b).+|doing\s+.+|starting\s+.+))*)$",
                         re.IGNORECASE)
# "Remote now", "Mostly WFH", "Fully remote these days": how the speaker works
_EN_REMOTE = re.compile(rf"^(?P<adv>{_EN_ADV})(?P<how>remote|wfh|working\s+from\s+home|hybrid)(?P<rest>{_EN_WHEN})$",
                        re.IGNORECASE)
_EN_REMOTE_SAID = {"remote": "work remotely", "wfh": "work from home", "working from home": "work from home",
                   "hybrid": "work hybrid"}
# "Big fan of jazz", "Huge Arsenal fan", "Coffee addict", "Cat person", "Night owl": a label the speaker wears
_EN_FAN = re.compile(r"^(?:a\s+|an\s+)?(?:(?:big|huge|massive|great|die-?hard|lifelong|long-?time|total|complete|"
                     r"absolute|real|serious|hopeless|self-confessed|certified|proud)\s+)*fan\s+of\s+\S", re.IGNORECASE)
_EN_LABEL = re.compile(r"^(?:a\s+|an\s+)?(?:(?:big|huge|massive|total|complete|absolute|real|serious|hopeless|"
                       r"self-confessed|certified|proud|lifelong|die-?hard)\s+)*(?!(?:my|his|her|their|your|the|this|"
                       r"that|our|its|no|not)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:addict|lover|fan|nerd|junkie|snob|"
                       r"enthusiast|fanatic|person|buff|geek|freak|fiend)\b", re.IGNORECASE)
_EN_KIND = re.compile(r"^(?:a\s+|an\s+)?(?:(?:total|complete|real|big|huge|massive|lifelong|true)\s+)*(?:night\s+owl|"
                      r"early\s+bird|morning\s+person|night\s+person|introvert|extrovert|ambivert|homebody|foodie|"
                      r"gym\s+rat|bookworm|couch\s+potato|workaholic|neat\s+freak|clean\s+freak|city\s+person|"
                      r"dog\s+person|cat\s+person)\b", re.IGNORECASE)
# "Married", "Happily married", "Single again", "Engaged since May": marriage said as a status
_EN_STATUS = re.compile(rf"^{_EN_ADV}(?:married|single|engaged|divorced|separated|widowed|retired|unemployed|"
                        r"self-employed|between\s+jobs|out\s+of\s+work|sober|teetotal|fluent\s+in\s+\w+"
                        rf"|(?:a\s+)?native\s+\w+\s+speaker)(?:{_EN_WHEN}"
                        r"|\s+(?:to|with|for|since)\s+.+)$", re.IGNORECASE)
_EN_ALLERGIC = re.compile(r"^(?:(?:also|still|severely|very|mildly|deathly|super|really)\s+)*(?:allergic\s+to|"
                          r"(?:lactose|gluten)\s+intolerant\b)", re.IGNORECASE)
# "peanut allergy.", "severe shellfish allergy here": an allergy named by its allergen (allergens.yaml), no subject
_EN_ALLERGY = re.compile(r"^(?:(?:a|my|severe|serious|bad|major|mild|deadly|still)\s+)*"
                         r"(?P<x>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+allergy(?:\s+here)?$", re.IGNORECASE)
# "Currently a nurse at X", "now a PM at Shopee": a title now held, read by the clause rules already
_EN_HELD = re.compile(r"^(?:(?:now|currently)\s+)+(?:a|an)\s", re.IGNORECASE)
_EN_NOW = re.compile(r"^(?:(?:now|currently|still)\s+)+", re.IGNORECASE)
# "Third year now", "final year already", "in my second year": the year of study one is in
_EN_YEAR = re.compile(r"^(?:(?:now|currently)\s+)?(?:in\s+my\s+)?"
                      r"(?P<y>first|second|third|fourth|fifth|final|last)\s+year"
                      r"(?:\s+of\s+(?:uni|university|college|grad\s+school|my\s+phd|my\s+degree))?"
                      r"(?:\s+(?:now|already))*$", re.IGNORECASE)
# a year said with neither "in my" nor "now" ("final year", "second year of uni") is a label of anything
_EN_YEAR_SAID = re.compile(r"^(?:(?:now|currently)\s|in\s+my\s)|\s(?:now|already)$", re.IGNORECASE)
# "Mom of two", "Dad of 3 boys", "Proud mum of three": children said by the parent one is
_EN_PARENT = re.compile(r"^(?:(?:a\s+)?(?:proud|single|busy|working|tired|stay-at-home|full-time)\s+)*(?:mom|mum|mommy|"
                        r"mama|dad|daddy|father|mother|parent)\s+(?:of|to)\s+(?P<n>one|two|three|four|five|\d)"
                        r"(?:\s+(?P<w>kids|boys|girls|children|daughters|sons|little\s+ones))?$", re.IGNORECASE)
# "Non-smoker", "Non smoker these days", "Smoke-free again", "off the cigarettes for good": a habit one keeps away from
_EN_NON_SMOKER = re.compile(rf"^{_EN_ADV}(?:(?:a\s+)?non[- ]?smoker|(?:smoke|cigarette)[- ]free|off\s+(?:the\s+)?"
                            rf"(?:cigarettes|cigs|smokes|fags))(?:{_EN_WHEN}|\s+for\s+good)*$", re.IGNORECASE)
_EN_COUNT = r"(?:one|two|three|four|five|six|a\s+couple\s+of|\d)"


@functools.lru_cache(maxsize=1)
def _en_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(diet, job, children-or-pets) fragments, over the lexicon's DIETWORD, JOB and SPECIES word classes; a diet
    taken up as of now ("going vegetarian from today") is a diet fragment too (the diet cue reads it)."""
    classes = lexicon().classes["en"]
    diet = re.compile(rf"^{_EN_ADV}(?:(?:{classes['DIETWORD']})(?:{_EN_WHEN}|\s+(?:since|for)\s+.+)"
                      rf"|going\s+(?:fully\s+|full\s+)?(?:{classes['DIETWORD']})\s+(?:from|as\s+of|starting)\s+"
                      rf"(?:today|now|tonight|this\s+morning))$", re.IGNORECASE)
    job = re.compile(rf"^(?:(?:now|currently|still)\s+)*(?:a\s+|an\s+)?(?:(?:senior|junior|lead|head|staff|principal|"
                     rf"chief|freelance|full-time|part-time|grad|graduate|phd|masters|undergrad|exchange)\s+)*"
                     rf"(?:{classes['JOB']})"
                     rf"(?:\s+since\s+.+|{_EN_WHEN})$", re.IGNORECASE)  # not "… at X": see the module docstring
    count = re.compile(rf"^{_EN_COUNT}\s+(?:kids?|children|child|sons?|daughters?|boys?|girls?|"
                       rf"(?:{classes['SPECIES']})(?:s|es)?)(?:\s+(?:and|&)\s+{_EN_COUNT}\s+[a-z]+)?$", re.IGNORECASE)
    return diet, job, count


def _article(words: str) -> str:
    return "an" if words[:1].lower() in "aeiou" else "a"


def en_filled(fragment: str) -> str | None:
    """The first-person sentence an English fragment with no subject says, or ``None`` when it is none.

    Args:
        fragment: one clause of a turn without its end mark, stripped.

    Returns:
        "I'm based in Lisbon", "I'm originally from Ohio", "I work at Stripe" (for "Currently at Stripe"),
        "I mostly work from home" (for "Mostly WFH"), "I'm a big fan of jazz", "I'm a night owl",
        "I'm vegetarian these days", "I'm a team lead since March", "I'm married", "I have two kids",
        "I'm allergic to cats", "I have a peanut allergy" (for "peanut allergy"),
        "I got a new job at Canva" (for "New gig at Canva"); ``None`` for anything else
        (an order, a question's words, a full sentence).

    The idea: note-form English ("diary style") drops the subject and the copula, never the predicate;
    putting "I'm" / "I" back is the reading a listener makes (Haegeman, "Subject omission in present-day
    written English", 2013).
    """
    text = _EN_TAIL.sub("", _EN_LEAD.sub("", fragment.strip())).strip()
    if (years := _EN_YEARS_IN.match(text)) is not None:  # "6 years in Denver": lived there that long
        unit = "years" if years.group("u").lower().startswith("y") else "decades"
        return f"I've been in {years.group('v')} for {years.group('n')} {unit}{years.group('rest')}"
    if not text or not text[0].isalpha() or _EN_HELD.match(text):
        return None
    low = text[0].lower() + text[1:] if text[1:2].islower() else text
    diet, job, count = _en_patterns()
    if _EN_BASED.match(text) or _EN_FROM.match(text) or _EN_ALLERGIC.match(text) or diet.match(text) \
            or _EN_STATUS.match(text):
        return f"I'm {'a ' if low.startswith('native ') else ''}{low}"
    if _EN_NON_SMOKER.match(text):
        return "I don't smoke"
    if (allergy := _EN_ALLERGY.match(text)) is not None and names_allergen(allergy.group("x")):
        return f"I have {_article(allergy.group('x'))} {allergy.group('x')} allergy"
    if (year := _EN_YEAR.match(text)) is not None and _EN_YEAR_SAID.search(text):
        return f"I'm in my {text[year.start('y'):]}"
    if (parent := _EN_PARENT.match(text)) is not None:
        return f"I have {parent.group('n')} {parent.group('w') or 'kids'}"
    if (base := _EN_BASE.match(text)) is not None:  # "base Singapore", "Base: Berlin" (chat English after 坐标/base)
        return f"I'm based in {text[base.end():]}"
    if (home := _EN_HOME_FOR.match(text)) is not None:  # "Portland's been home for 4 years"
        return f"I live in {home.group('v')}{home.group('rest')}"
    if (at := _EN_AT.match(text)) is not None:
        return f"I work at {at.group('org')}{at.group('rest')}"
    if (new_job := _EN_NEW_JOB.match(text)) is not None:
        return f"I got a new job at {new_job.group('org')}{new_job.group('rest')}"
    if (remote := _EN_REMOTE.match(text)) is not None:
        how = " ".join(remote.group("how").lower().split())
        return f"I {remote.group('adv').lower()}{_EN_REMOTE_SAID[how]}{remote.group('rest')}"
    if _EN_FAN.match(text) or _EN_LABEL.match(text) or _EN_KIND.match(text) or job.match(text):
        rest = _EN_NOW.sub("", low)
        adv = low[:len(low) - len(rest)]
        if re.match(r"(?:a|an)\s", rest, re.IGNORECASE):
            return f"I'm {adv.lower()}{rest}"
        return f"I'm {adv.lower()}{_article(rest)} {rest}"  # "Currently a nurse at X": "I'm currently a nurse …"
    if count.match(text):
        return f"I have {low}"
    return None


# a clause that names somebody else: the fragments after it in its sentence are theirs
_EN_OTHER = re.compile(r"^\s*(?:(?:my|our)\s+(?:\w+\s+)?(?:%REL%)\b|(?:he|she|they|his|her|their)\b|"
                       r"(?-i:[A-Z][a-z]+)\s*$)", re.IGNORECASE)
_ZH_OTHER = re.compile(r"^\s*(?:我的?)?(?:%REL%)|^\s*[他她它你]")


@functools.lru_cache(maxsize=1)
def _others() -> tuple[re.Pattern[str], re.Pattern[str]]:
    classes = lexicon().classes
    return (re.compile(_EN_OTHER.pattern.replace("%REL%", classes["en"]["REL"]), re.IGNORECASE),
            re.compile(_ZH_OTHER.pattern.replace("%REL%", classes["zh"]["REL"])))


_TAIL = re.compile(r"[,，;；、.!。！~～\s\U0001F300-\U0001FAFF\u2600-\u27BF\ufe0f]+$")


def _on_trip(text: str) -> bool:
    """True when a Chinese turn says a trip or a stay ("出差", "逛了浅草", "打卡了宽窄巷子", "hotel 小得转不开身"): the
    lexicon's marker, in English words too when the turn switches to them (``stay_put.temporary_mark``)."""
    return temporary_mark(text.casefold(), "zh") is not None


def terse_filled(text: str) -> str:
    """``text`` with each fragment that states a fact of the speaker's without a subject said in full.

    Args:
        text: a user's turn.

    Returns:
        The text, each such clause replaced by its sentence (``en_filled``, ``terse_zh.zh_filled``): "Married,
        two kids." -> "I'm married, I have two kids."; "坐标上海，做设计的。" -> "我住在上海，做设计的。".
        Unchanged when nothing is a fragment, in a question, or after another person named in the sentence; "人在X"
        in a turn about a trip ("人在东京，今天逛了浅草") is where one is for now, not a home, and is left as said.
    """
    if len(text) > 400:
        return text
    out: list[str] = []
    for sentence in _SENTENCE.findall(text):
        if not sentence or re.search(r"[?？]|[吗呢]\W*$", sentence):
            out.append(sentence)
            continue
        theirs = False
        for clause in _CLAUSE.findall(sentence):
            if not clause:
                continue
            body = _TAIL.sub("", clause)  # an end mark or an emoji after the fragment ("base 成都 🐼")
            tail = clause[len(body):]
            lead = body[:len(body) - len(body.lstrip())]
            filled = None if theirs or not body.strip() else \
                zh_filled(body.strip()) or (en_filled(body) if body.strip()[:1].isascii() else None) \
                or habit_filled(body) or need_filled(body) or pet_filled(body, "".join(out)) if has_han(body) \
                else en_filled(body) or habit_filled(body) or need_filled(body) or again_filled(body)
            if filled and body.strip().startswith("人在") and _on_trip(text):
                filled = None  # "人在东京，今天逛了浅草": where one is on a trip, not where one lives
            if filled and offered_home(body, filled, text):
                filled = None  # "收到字节的offer了，base上海": where the job offered is, not where one lives
            # "Based in 上海", "Currently at 字节": English framed; "每天早上两杯拿铁", "a pack a day": a habit's count;
            # "离不开咖啡", "can't live without coffee": a like said as a need; "coffee again these days": a restart
            if filled is None and _others()[has_han(body)].match(body):
                theirs = True  # "my sister, based in Paris": what follows is hers
            out.append(lead + filled + tail if filled else clause)
    return "".join(out)
