"""A plan the user said comes true in a turn that names no value: the value is the plan's (issue 13).

"I'm moving to Denver next month" is kept as the turn's event and changes no
home (``plans.is_plan``); "got an offer from Meta, haven't decided" changes no
employer. People then tell the step as done without naming the value again,
because the listener knows it: "moved in last week!", "finally made the move",
"已经搬过去了", "搬完家了", "took the job", "accepted the offer", "offer接了",
"brought him home" after "planning to adopt a dog", "把猫接回家了" after "打算养只猫",
"finally quit!" after "might quit my job" or "want to quit coffee", 终于戒掉了 after 想戒咖啡但戒不掉
(a bare quit is of the job or habit weighed last).
Read alone, such a turn states nothing a slot reads, and the old home or
employer stays current. ``carried_out`` takes the value from the user's own
latest plan of that act still standing (an active event said before the turn
and after the value now held), says it as done ("I moved to Denver.", "我入职
阿里了。") and reads that with the pipeline's own extractor, so the new value is
found and checked exactly as a statement of it would be; the candidate keeps the
turn's words as its evidence. A done turn that names the value itself ("accepted
Meta's offer", "签了阿里的offer", "a rescue beagle named Max") needs no plan.

This is the bridging reference of discourse ("definite reference to an
antecedent event", Clark 1975; Poesio and Vieira 1998): "the move" and "the
offer" take their content from the event the conversation introduced. Only the
user's own plans count: another person's ("my sister is moving to Boston"), a
conditional ("if I moved to Tokyo"), a question and a
turn that is itself a plan, a question or a hypothetical add nothing.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from memory_core.model import MemoryItem, Turn
from memory_core.pipeline.clauses import APOSTROPHES, detect_lang
from memory_core.pipeline.lease_move import done_cue, leased_place
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.subject_chain import en_subject, zh_subject
from memory_core.pipeline.types import Candidate
from memory_core.store.lookup import KeyLookup

__all__ = ["PLAN_REACH", "carried_out", "done_acts", "planned_value"]

#: A plan older than this is no longer what a bare "moved in" or "took the job" refers to.
PLAN_REACH = timedelta(days=400)

_ORG = r"(?P<v>[A-Z][\w&.'-]*(?:\s+(?:[A-Z][\w&.'-]*|&))*)"
_ORG_NAMED = r"(?P<v>[A-Z][\w&.-]*(?:\s+(?:[A-Z][\w&.-]*|&))*)"  # "Meta's offer": the name without its 's
_PLACE = r"(?P<v>[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*)"
_ZH_NAME = r"(?P<v>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z ]{0,9}?)"


@dataclass(frozen=True, slots=True)
class _Act:
    """One act a plan names and a later turn says is done: the slot it fills, how the done turn says it (per
    language), how the plan names its value, how the value is said as done, and how a done turn may name the
    value itself ("accepted Meta's offer", "签了阿里的offer"), with or without a plan before it."""

    attr: str
    done: dict[str, re.Pattern[str]]
    plan: dict[str, tuple[re.Pattern[str], ...]]
    said: dict[str, str]
    named: dict[str, tuple[re.Pattern[str], ...]]
    pol: int = 1  # the polarity of the statement the act makes: a job quit ends the employer


_ACTS = {
    "move": _Act(
        "lives_in",
        {"en": re.compile(
            r"\b(?:moved\s+in\b(?!\s+(?:together|with))|(?:made|did)\s+the\s+(?:big\s+)?move\b"
            r"|(?:i|we)(?:'ve|\s+have)?\s+(?:finally\s+|officially\s+|just\s+|all\s+)?moved\b(?=\s*(?:$|[.!,~;]"
            r"|\s(?:last|this|yesterday|today|on|a\s+(?:week|month|few)|two|three|over\s+the)\b))"
            r"|^(?:(?:so|well|oh|and)\s+)?(?:finally\s+|officially\s+|just\s+|all\s+)moved\b(?!\s+(?:on|to|into|out))"
            r"|(?:all|finally|fully)\s+settled\s+in\b(?!\s+[A-Z])|moving\s+day\s+(?:is\s+)?(?:done|over)"
            r"|\bthe\s+move\s+(?:is|was)\s+(?:done|over|finished|complete)|\bwe've\s+moved\b)",
            re.IGNORECASE),
         "zh": re.compile(r"搬(?:过去|过来|进去|进来|好|完|进新家|进新房子?)了|搬(?:好|完)?家了|(?:已经|终于|总算)搬了"
                          r"|住进(?:了)?新(?:家|房)|搬家(?:搞定|完成|结束)了|搬(?:家)?(?:的事)?(?:终于)?搞定了")},
        {"en": (re.compile(r"(?i:\b(?:mov(?:e|ing)|relocat(?:e|ing))\s+(?:back\s+|over\s+|out\s+)?to)\s+" + _PLACE),),
         "zh": (re.compile(r"搬(?:去|到|回|往)\s*" + r"(?P<v>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z ]{0,9}?)"
                           r"(?=$|了|去|住|啦|吧|[，,。！!~ ]|定居|生活|发展|工作)"),)},
        {"en": "I moved to {v}.", "zh": "我搬到{v}了。"},
        {"en": (), "zh": ()}),
    "job": _Act(
        "works_at",
        {"en": re.compile(
            r"\b(?:took|accepted|signed|said\s+yes\s+to|taking|accepting|signing)\s+(?:the|their|that|[\w&.-]+'s)\s+"
            r"(?:[\w&.'-]+\s+)?(?:job\s+)?(?:offer|job|position|role)\b", re.IGNORECASE),
         "zh": re.compile(r"offer\s*(?:已经|也)?(?:接|签)(?:了|好了|下了)|(?<!收)(?:接|签)(?!到)(?:了|受了|受|下了?)?"
                          r"(?:[^，,。！!]{0,8}?的)?\s*offer", re.IGNORECASE)},
        {"en": (re.compile(r"(?i:\boffer\s+(?:from|at|with))\s+" + _ORG),
                re.compile(_ORG + r"\s+(?i:(?:made|gave|sent|extended|offered)\s+me\s+(?:an?\s+)?(?:job\s+)?offer"
                                  r"|offered\s+me\s+(?:a|the)\s+(?:job|position|role))")),
         "zh": (re.compile(r"(?:拿到|收到|接到|有)了?" + _ZH_NAME + r"的\s*(?:offer|录用通知)", re.IGNORECASE),
                re.compile(r"^" + _ZH_NAME + r"(?:给我发了|给了我|给我|发了)\s*(?:个|一个)?\s*offer", re.IGNORECASE))},
        {"en": "I joined {v}.", "zh": "我入职{v}了。"},
        {"en": (re.compile(r"(?i:\b(?:took|accepted|signed|taking|accepting|signing)\s+(?:the\s+)?)" + _ORG_NAMED
                           + r"(?i:(?:'s)?\s+(?:job\s+)?(?:offer|job|position|role))\b"),),
         "zh": (re.compile(r"(?<!收)(?:接|签)(?!到)(?:了|受了|受|下了?)?" + _ZH_NAME + r"的\s*offer",
                           re.IGNORECASE),)}),
}


@functools.cache
def _acts() -> dict[str, _Act]:
    """The acts, a pet's adoption included: its patterns are written over the lexicon's species names; a move's
    plan and done cues include a home leased in a place (``lease_move``)."""
    en, zh = lexicon().classes["en"]["SPECIES"], lexicon().classes["zh"]["SPECIES"]
    pet = _Act(
        "pet",
        {"en": re.compile(r"\b(?:brought|took)\s+(?:him|her|them|the\s+(?:pup|puppy|kitten|dog|cat))\s+home\b"
                          r"(?!\s+from\s+(?:the\s+)?(?:hospital|vet|groomer|school|daycare|nursery))"
                          r"|\b(?:adopted|rescued)\s+(?:him|her|them)\b|\b(?:adopted|rescued)\s+(?:a|an)\s+(?:[\w-]+\s+)?"
                          rf"(?:{en})\b", re.IGNORECASE),
         "zh": re.compile(r"(?:(?:接|领|抱|带)回(?:家|来)了|(?:接|领|抱|带)(?:到)?家了)(?=$|[，,。！!~]|啦|呀)"
                          rf"|(?:领养|收养)了(?:一只|只)?(?:{zh})?")},
        {"en": (re.compile(r"(?i:\b(?:adopt(?:ing)?|get(?:ting)?|rescu(?:e|ing)|buy(?:ing)?)\s+(?:a|an)\s+"
                           rf"(?:[\w-]+\s+)?)(?P<v>{en})\b", re.IGNORECASE),),
         "zh": (re.compile(rf"(?:养|领养|收养|抱养|买)(?:一)?(?:只|条|个)?(?P<v>{zh})"),)},
        {"en": "I have a {v}.", "zh": "我养了一只{v}。"},
        {"en": (re.compile(rf"\b(?:a|an)\s+(?:[\w-]+\s+)?(?P<v>{en})\b", re.IGNORECASE),),
         "zh": (re.compile(rf"(?:一)?(?:只|条)(?P<v>{zh})"),)})
    move = _ACTS["move"]
    # a home leased or found in a place is a move planned there ("signed a lease in Swords", "签了滨江的房子"), and
    # "we're in!", 入住了 say it done (``lease_move``, data/lease_move.yaml)
    move = replace(move, done={lang: re.compile(f"(?:{move.done[lang].pattern})|(?:{done_cue(lang).pattern})",
                                                re.IGNORECASE) for lang in ("en", "zh")})
    return {**_ACTS, "move": move, "pet": pet, "quit": _QUIT, "habit": _HABIT}


#: A job quit said bare ("finally quit!", "终于辞了") after the user said they might quit it ("might quit my job",
#: 在考虑要不要辞职): the employer ends, as "I quit my job" ends it.
_QUIT = _Act(
    "works_at",
    {"en": re.compile(r"\bquit\b(?=\s*(?:$|[.!,~;]"
                      r"|\s(?:today|yesterday|this\s+morning|last\s+week|on\s+\w+day|at\s+last)\b))", re.IGNORECASE),
     "zh": re.compile(r"(?<![戒])辞了(?=$|[，,。！!~]|啦)")},
    {"en": (re.compile(r"(?i:\b(?P<v>(?:quit(?:ting)?|leav(?:e|ing))\s+(?:my\s+)?(?:job|work)|resign(?:ing)?\b"
                       r"|hand(?:ing)?\s+in\s+my\s+notice))"),),
     "zh": (re.compile(r"(?P<v>辞职|裸辞|辞掉工作|离职)"),)},
    {"en": "I quit my job.", "zh": "我辞职了。"},
    {"en": (), "zh": ()},
    pol=-1)
#: A habit given up said bare ("finally quit!", "终于戒掉了", 戒成功了) after the user said they meant or tried to give
#: it up ("want to quit coffee but can't", 想戒咖啡但戒不掉, 打算戒烟): the habit ends, whatever slot holds it ("*").
_HABIT = _Act(
    "*",
    {"en": re.compile(r"\bquit\b(?=\s*(?:$|[.!,~;]"
                      r"|\s(?:today|yesterday|last\s+week|for\s+good|at\s+last|cold\s+turkey)\b))"
                      r"|\bkicked\s+the\s+habit\b", re.IGNORECASE),
     "zh": re.compile(r"(?<![要想])戒(?:掉了|了|成功了|成了|下来了)(?=$|[，,。！!~]|啦|一)")},
    {"en": (re.compile(r"(?i:\b(?:quit(?:ting)?|giv(?:e|ing)\s+up|stop(?:ping)?|cut(?:ting)?\s+out)\s+)"
                       r"(?!my\s+job|work|the\s+job|(?:my|the|this)\s+(?:diet|plan|gym))(?P<v>[a-z][a-z ]{1,20}?)"
                       r"(?=\s*(?:$|[.,!;]|\s+(?:but|and|for|soon|next|this|again|completely|altogether)\b))"),),
     "zh": (re.compile(r"戒(?:掉)?(?P<v>[\u4e00-\u9fff]{1,4}?)(?=$|[，,。！!]|但|了|吧|啊)"),)},
    {"en": "I quit {v}.", "zh": "我戒{v}了。"},
    {"en": (), "zh": ()},
    pol=-1)


#: A pet's name said with its coming home ("a beagle named Max", "叫团子"), and how it is said after the pet.
_PET_NAME = {"en": (re.compile(r"\b(?:named|called)\s+(?P<n>[A-Z][a-z]+)|\b(?:his|her|its)\s+name\s+is\s+"
                               r"(?P<m>[A-Z][a-z]+)"), " named {n}"),
             "zh": (re.compile(r"(?:名字)?叫(?P<n>[\u4e00-\u9fff]{1,3}?)(?=$|[，,。！!~]|哦|呢|啦)"), "，叫{n}")}


# a sentence with its end mark, and the clause breaks inside one
_SENTENCE = re.compile(r"[^.!?。！？;；\n]+[.!?。！？]*")
_CLAUSE = re.compile(r"[，,]\s*|\s+(?:but|and\s+then|so)\s+", re.IGNORECASE)
_CONDITION = re.compile(r"^(?:(?:and|but|so|then)\s+)?(?:if|what\s+if|suppose|imagine|unless|in\s+case)\b"
                        r"|^(?:如果|要是|假如|假设|万一|等)", re.IGNORECASE)


def _clauses(text: str) -> list[tuple[str, str]]:
    """(clause, lang) of ``text``'s statements: questions and conditionals left out."""
    out = []
    for sentence in _SENTENCE.findall(text.translate(APOSTROPHES)):
        if sentence.rstrip().endswith(("?", "？")):
            continue
        for clause in _CLAUSE.split(sentence.strip(" .!。！")):
            if clause.strip() and not _CONDITION.search(clause.strip()):
                out.append((clause.strip(), detect_lang(clause)))
    return out


@functools.cache
def _other(lang: str) -> re.Pattern[str]:
    """Another person named before the act ("I think my sister is moving", "我妹妹下个月要搬")."""
    rel = lexicon().classes[lang]["REL"]
    if lang == "en":
        return re.compile(rf"\b(?:(?:my|his|her|their|our)\s+(?:{rel})\b|he|she|they)\b", re.IGNORECASE)
    return re.compile(rf"[他她]|我的?(?:{rel})")


def _own(clause: str, lang: str, upto: int) -> bool:
    said = en_subject(clause) if lang == "en" else zh_subject(clause)
    return not said and not _other(lang).search(clause[:upto])


def done_acts(turn: Turn) -> list[tuple[str, str]]:
    """The acts (``"move"``, ``"job"``) ``turn``, a user's own statement, says are done, each with the value the
    turn names for it ("accepted Meta's offer" -> ``("job", "Meta")``) or "" ("moved in last week!").

    A clause counts when it is the user's own (no other person opens it or comes before the act), is no
    question or conditional and states no plan, hypothetical or question by the lexicon's markers.
    Returns one pair per act, in a fixed order; [] for other turns.
    """
    if turn.role != "user":
        return []
    found: dict[str, str] = {}
    clauses = _clauses(turn.text)
    for at, (clause, lang) in enumerate(clauses):
        said = [(name, act, m) for name, act in _acts().items() if (m := act.done[lang].search(clause))]
        if not said:  # most clauses: the act words first, the markers (three searches) only then
            continue
        marks = lexicon().markers[lang]
        folded = clause.casefold()
        if any(name in marks and marks[name].search(folded) for name in ("plan", "hypothetical", "question")):
            continue
        for name, act, m in said:
            if not found.get(name) and _own(clause, lang, m.start()):
                named = next((n.group("v").strip() for where in (clause, turn.text)  # "…, a rescue beagle"
                              for n in (p.search(where) for p in act.named[lang]) if n), "")
                if name == "habit" and not named:  # "烟我戒了", "Cigarettes, quit for good": the turn's own thing
                    named = _own_thing(clause, m.start()) or _fronted(clauses[:at])
                found[name] = named
    return [(name, found[name]) for name in _acts() if name in found]


def planned_value(text: str, act: str) -> str:
    """The value the user's own plan ``text`` names for ``act`` ("I'm moving to Denver next month" -> "Denver",
    "拿到了阿里的offer，还在纠结" -> "阿里"; a home leased there, "signed a lease in Swords" -> "Swords"); "" when it
    names none or is not the user's own.

    Raises:
        KeyError: ``act`` is not one of ``done_acts``'s names.
    """
    rule = _acts()[act]
    for clause, lang in _clauses(text):
        for pattern in rule.plan[lang]:
            m = pattern.search(clause)
            if m and (_own(clause, lang, m.start()) or "me" in m.group(0).casefold().split()
                      or "给我" in m.group(0) or "给了我" in m.group(0)) \
                    and (act != "habit" or _WEIGHED[lang].search(clause)):
                return m.group("v").strip()
    return leased_place(text)[0] if act == "move" else ""  # "signed a lease in Swords": a move planned there


#: A habit's plan is one the user weighs or means to carry out ("want to quit coffee", "trying to", 想戒, 打算戒烟,
#: 戒不掉): a stop said as done ("Decided to stop eating meat, going vegetarian from today") is no plan a later bare
#: "戒了" can take its thing from.
_WEIGHED = {"en": re.compile(r"\b(?:want|wanna|wants|trying|try|tried|thinking|considering|consider|might|may|plan|"
                             r"planning|going\s+to|gonna|should|need\s+to|hope|hoping|attempt\w*|wish|will|i'll|"
                             r"can't|cannot|struggling)\b", re.IGNORECASE),
             "zh": re.compile(r"想|打算|准备|考虑|计划|试着|尝试|争取|努力|要戒|戒不|该戒")}
#: What comes before a bare stop in its clause and is not its thing ("我终于戒了", "I finally quit").
_NOT_THING = re.compile(r"^(?:(?:我们?|也|都|已经|早就|现在|终于|总算|彻底|就|so|and|i|we|finally|just|have|'ve|"
                        r"already|officially)\s*)*$", re.IGNORECASE)


# an English clause that is only a noun phrase, put before the stop it is the object of ("Energy drinks, I quit")
_EN_FRONTED = re.compile(r"^(?:the\s+|my\s+|all\s+the\s+)?(?P<t>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})$",
                         re.IGNORECASE)
_EN_NOT_FRONTED = re.compile(r"\b(?:so|well|anyway|yeah|yes|no|ok|okay|honestly|finally|guess|news|update|today|"
                             r"yesterday|lol|wow|hey|hi|hello|also|btw|and|but|then|i|we|it|that|this)\b",
                             re.IGNORECASE)


def _fronted(before: list[tuple[str, str]]) -> str:
    """The thing the clauses before a bare stop name as its object: a known drink, food or habit in any of them
    ("Cigarettes, quit for good"), or an English noun phrase standing alone just before it ("Energy drinks, I quit
    for good"); "" when they name none ("太难了，终于戒掉了", "So yeah, finally quit!")."""
    for clause, _ in reversed(before):
        if thing := _own_thing(clause, len(clause), True):
            return thing
    if before and before[-1][1] == "en" and (m := _EN_FRONTED.match(before[-1][0])) \
            and not _EN_NOT_FRONTED.search(m.group("t")):
        return m.group("t")
    return ""


_ZH_TOPIC = re.compile(r"^(?P<t>[\u4e00-\u9fff]{1,6}?)(?:我们?|也|都|已经|早就|现在|终于|总算|彻底|就)*$")


def _own_thing(clause: str, start: int, known_only: bool = False) -> str:
    """The thing a habit's stop puts before its verb in ``clause`` ("烟我戒了" -> "烟", "咖啡也戒掉了" -> "咖啡"), or ""
    for a bare stop ("终于戒掉了", "finally quit!"); with ``known_only``, only a drink, food or habit the lexicon
    knows ("Cigarettes" of "Cigarettes, quit for good", not "太难了" of "太难了，终于戒掉了")."""
    before = clause[:start].strip(" ，,")
    if not before or _NOT_THING.match(before):
        return ""
    topic = None if known_only else _ZH_TOPIC.match(before)
    if topic:
        return topic.group("t")
    named = lexicon().name_in(before, detect_lang(before))
    return named[1] if named else ""


def carried_out(turn: Turn, store: KeyLookup, cands: list[Candidate],
                read: Callable[[Turn], list[Candidate]]) -> list[Candidate]:
    """``cands`` plus the value a done turn takes from the user's standing plan ("moved in last week!" after
    "I'm moving to Denver next month" -> "User lives in Denver").

    Args:
        turn: a stored user turn.
        store: read for the user's active events and the act's slot (only when the turn says an act is done).
        cands: the turn's candidates so far; an act whose slot they fill already is left to them.
        read: the pipeline's store-free stages (``WritePipeline.candidates``), run on the value said as done.

    Returns:
        ``cands``, plus one candidate per act with a plan found: at most ``PLAN_REACH`` before the turn, after
        the slot's current value began, the latest such. The new candidates carry ``turn.text`` as evidence.

    Raises:
        StoreError: the store failed while reading.
    """
    acts = [(a, v) for a, v in done_acts(turn)
            if not any(_of_slot(c, _acts()[a].attr) for c in cands)]
    if not acts:
        return cands
    events = {key: text for _, key, text in store.active_by_prefix(turn.user_id, ("event:",))} \
        if any(not v for _, v in acts) else {}
    items = store.find_by_keys(turn.user_id, list(events)) if events else {}
    found: list[tuple[str, tuple[datetime, str]]] = []
    for act, named in acts:
        if act == "habit" and named:
            continue  # "烟我戒了", "Energy drinks, I quit": the turn's own thing, which its own reading states
        plan = (turn.timestamp, named) if named else _standing_plan(turn, store, act, events, items)
        if plan is not None:
            found.append((act, plan))
    quits = sorted(((plan[0], act) for act, plan in found if act in ("quit", "habit")), reverse=True)
    found = [(act, plan) for act, plan in found if act not in ("quit", "habit") or act == quits[0][1]]
    added: list[Candidate] = []
    for act, (_, value) in found:  # a bare "quit" is of the job or the habit the user weighed last
        rule = _acts()[act]
        lang = "zh" if "zh" in (detect_lang(turn.text), detect_lang(value)) else "en"
        said = replace(turn, text=rule.said[lang].format(v=value))
        if act == "pet" and (name := _PET_NAME[lang][0].search(turn.text)):
            said = replace(said, text=said.text[:-1] + _PET_NAME[lang][1].format(n=name.group("n") or name.group("m"))
                           + said.text[-1])
        for cand in read(said):
            if _of_slot(cand, rule.attr) and cand.polarity == rule.pol:
                cand.evidence = turn.text
                added.append(cand)
    return [*cands, *added]


def _standing_plan(turn: Turn, store: KeyLookup, act: str, events: dict[str, str],
                   items: dict[str, list[MemoryItem]]) -> tuple[datetime, str] | None:
    """The time and value of the user's latest plan of ``act`` among ``events`` (key -> text; ``items`` their items):
    said at most ``PLAN_REACH`` before ``turn`` and after the slot's current value began; None when there is none."""
    rule = _acts()[act]
    slot_keys = list({key for _, key, _ in store.active_by_prefix(turn.user_id, (f"fact:{rule.attr}",))})
    held = [i for found in store.find_by_keys(turn.user_id, slot_keys).values() for i in found] if slot_keys else []
    since = max(((i.valid_from or i.created_at) for i in held), default=None)
    best: tuple[datetime, str] | None = None
    for key, text in events.items():
        for item in items.get(key, []):
            at = item.valid_from or item.created_at
            if not (turn.timestamp - PLAN_REACH <= at < turn.timestamp) or (since and at <= since):
                continue
            value = planned_value(_body(text, turn.speaker), act)
            if value and (best is None or at > best[0]):
                best = (at, value)
    return best


def _of_slot(cand: Candidate, attr: str) -> bool:
    """True when ``cand`` is a statement of slot ``attr`` ("fact:lives_in@dana", "fact:pet:dog"); ``attr`` "*" is any
    fact or preference."""
    key = cand.key.split("@")[0]
    if attr == "*":
        return not cand.is_event and key.startswith(("fact:", "pref:"))
    return not cand.is_event and (key == f"fact:{attr}" or key.startswith(f"fact:{attr}:"))


def _body(description: str, speaker: str) -> str:
    """An event's text without the speaker's name it opens on ("Dana: I'm moving …" -> "I'm moving …")."""
    for name in (speaker.strip(), "user"):
        if name and description.startswith(f"{name}: "):
            return description[len(name) + 2:]
    return description
