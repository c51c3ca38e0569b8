"""Facts about other people that a statement of the user's own changes (issue 13 §2).

``person_statement``: "my new neighbour is a retired pilot", "我男朋友是写代码的": a
lasting clause about another person that no slot reads is kept in the user's
words under that person (``fact:neighbour/about:<anchor>``), so the person
exists as an item a later turn can name ("his name is Tom", "他叫Marcus":
``restate.named_later``) and recall can find.

``partner_gone``: "Sarah and I broke up", "我们离婚了" ends the user's partner
slot; the facts said of the partner as a person ("my girlfriend works at
Ruijin", keyed ``fact:girlfriend/works_at``) described the current partner and
end with it, so "User's girlfriend works at Ruijin" no longer reads as true
next to "User is single". The words that name a partner are data
(``partner_relations`` in ``memory_core/data/slots.yaml``).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Mapping

from memory_core.model import Kind, MemoryItem, Turn
from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.gist import gist_clause, topic
from memory_core.pipeline.held_change import own_key
from memory_core.pipeline.org_names import names_of
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.subject_chain import AWAY, en_subject, zh_subject
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.value_class import is_place
from memory_core.shipped_yaml import load_shipped
from memory_core.text.relations import person_label

__all__ = ["about_others_only", "job_gone", "partner_gone", "partner_prefixes", "person_statement", "settle_people"]

#: Longest clause kept as a statement about another person (characters).
MAX_PERSON_CHARS = 120
# how a clause opens on the user's relation, given back as the user's ("my new neighbour" -> "User's new neighbour")
_EN_MY = re.compile(r"^(?:(?:and|but|so|also|oh|well)\s+)?my\s+", re.IGNORECASE)
_ZH_MY = re.compile(r"^(?:而且|但是|不过|还有)?我的?")
# a clause that says what the person is: a copula after the person's words (and their name, if given)
_DESCRIBED = {"en": re.compile(r"^[\w' -]{0,30}?\b(?:is|'s|was)\s+(?:a|an|the|from|into|really|very|super|so|"
                               r"quite|pretty|such|also|still|retired|now)\b", re.IGNORECASE),
              "zh": re.compile(r"^[^，,。是]{0,8}?(?<!还|就|可|但|总|要|于|或|正|倒|老)是(?!不是)")}
# a clause that says where the person still or now is ("老婆还在杭州", "男朋友现在在深圳"): their place, when it names
# a place (as English "is still in", "is now in"; a bare "我妈在上海" may be a visit)
_ZH_PLACED = re.compile(r"^[^，,。在]{1,8}?(?:也|都)?(?:还|仍|仍然|依然|一直|现在|目前)+在"
                        r"(?P<p>[^，,。！!？?\s]{2,8}?)"
                        r"(?:啊|呀|那边|这边)?$")
# a clause that tells what someone said, or a past act ("说 I should move", "sent the photos", "把照片发来了"): no
# lasting statement of the person's, whatever words of habit it holds
_REPORTED = {"en": re.compile(r"\b(?:says?|said|told|tells|thinks?|thought|wants?|wanted|keeps\s+(?:saying|telling))\b"
                              r"|\b\w+ed\b(?<!\bused)", re.IGNORECASE),
             "zh": re.compile(r"说|觉得|认为|让我|叫我|劝|想要?|打算|把[^，,。]{1,12}?了|[过完]了?$|(?<!不)了$")}
# "在阿里", "在 Shopee": the organisation the person is at, said with no verb (where one works, never a visit)
_ZH_AT_ORG = re.compile(r"^[^，,。在]{0,8}?(?:也|都|还|现在|目前)?在\s*"
                        r"(?P<o>[A-Za-z][\w&.-]{1,20}|[\u4e00-\u9fff]{2,6})\s*(?:上班|工作)?$")


@functools.lru_cache(maxsize=1)
def _lasting_cues() -> dict[str, re.Pattern[str]]:
    """The cues of ``data/others_lasting.yaml`` by language, one pattern each."""
    data = load_shipped("data", "others_lasting.yaml")
    return {lang: re.compile("|".join(f"(?:{p})" for p in data[lang]), re.IGNORECASE) for lang in ("en", "zh")}


def _lasting_of_other(rest: str, lang: str) -> bool:
    """True when ``rest`` (a clause after "my"/"我" and the person's words) says a lasting habit, ability or place of
    the person with no copula ("老公每天早上必须来一杯手冲", "同事 Amy 只喝 matcha latte", "男朋友一点辣都吃不了",
    "哥一家都在广州", "老公在阿里", "coworker Priya actually lives here in Lisbon"), and tells no speech or past act."""
    if _REPORTED[lang].search(rest):
        return False
    if lang == "zh" and (org := _ZH_AT_ORG.match(rest)) is not None and names_of(org.group("o")):
        return True
    return bool(_lasting_cues()[lang].search(rest))


def person_statement(turn: Turn, clause: str, lang: str, rel: str, user: str, qualifier: str,
                     slot_read: bool = False) -> Candidate | None:
    """The fact candidate of a lasting ``clause`` about the user's ``rel`` that no slot reads, else None.

    "my new neighbour is a retired pilot" -> "User's new neighbour is a retired pilot", keyed
    ``fact:neighbour/about:<anchor>`` (plus the speaker ``qualifier``): another person's key, so it
    never touches the user's own slots nor is read as the user's restatement. Said with no copula, a habit, an
    ability or a place that lasts is kept too ("我室友在字节", "我老公每天早上必须来一杯手冲", "my coworker Priya
    actually lives here in Lisbon": ``_lasting_of_other``, cues in ``data/others_lasting.yaml``); a bare "我妈在
    上海" is not (where the person is today may be a visit). None for a clause that is no lasting statement (an
    episode, a plan: ``gist.gist_clause``; speech reported) or names nothing but the person. ``slot_read``: a
    weak cue of the slot lexicon read the clause as that person's slot ("我姐在巴黎"), which is lasting enough.
    """
    text = clause.strip().rstrip("。.!！~～ ")
    opener = (_ZH_MY if lang == "zh" else _EN_MY).match(text)
    rest = text[opener.end():] if opener is not None else ""
    placed = _ZH_PLACED.match(rest) if lang == "zh" else None
    placed = placed if placed is not None and is_place(placed.group("p"), lang) else None
    lasting = opener is not None and (slot_read or _lasting_of_other(rest, lang))
    # "老婆还在杭州", "男朋友一点辣都吃不了": the relative opens the turn with 我 left out, which the splitter put back
    said = text in turn.text or ((placed is not None or lasting) and rest in turn.text)
    if len(text) > MAX_PERSON_CHARS or not gist_clause(text, lang) or not said:
        return None  # too long, no lasting statement, or a clause continuing the person, not opening on them
    if opener is None or not (_DESCRIBED[lang].search(rest) or placed or lasting):
        return None  # only a person described ("… is a retired pilot", "…是写代码的") or a lasting habit or place
    if lang == "zh":  # "我兄弟阿强…他住在我隔壁": the 我 after the person is the user
        rest = re.sub(r"(?<![和跟与同])我(?!们)", user, rest)
    description = f"{user}的{rest}" if lang == "zh" else f"{user}'s {rest}"
    found = topic(description, lang, user)
    person = topic(rel, lang, user).terms
    if not found.terms - person:
        return None
    label = rel.casefold().replace(" ", "_")
    anchor = next((t for t in sorted(found.terms - person - found.numbers, key=lambda t: (-len(t), t))), "")
    claim = description[len(user):].lstrip("'s").lstrip("的").strip()
    return Candidate(
        kind=Kind.FACT, description=description, theme="relationships", key=f"fact:{label}/about:{anchor}{qualifier}",
        polarity=1, confidence=0.6, valid_from=turn.timestamp, speaker=turn.speaker.strip() or turn.role, lang=lang,
        claim=claim, evidence=claim, probes=(f"fact:family:{label}{qualifier}",),
        notes=[f"statement about the user's {rel}, in the user's words"])


def settle_people(cands: list[Candidate], existing: Mapping[str, list[MemoryItem]]) -> list[Candidate]:
    """Drop a statement about a relative the user has an item for already ("我有个儿子" … "我儿子今年五岁了"):
    the turn's mention adds it to that item as a detail instead of a second item about the same person.
    Only an item of a person counts (``fact:family:``, ``fact:partner``, another's ``…/…``): the user's own item
    on the thing the statement names ("用户不再喝咖啡" beside "我老公每天早上必须来一杯手冲") is no item about that
    person."""
    def known(cand: Candidate) -> bool:
        return "/about:" in cand.key and any(i.active for k in cand.probes if _of_a_person(k)
                                             for i in existing.get(k, ()))
    return [c for c in cands if not known(c)]


def _of_a_person(key: str) -> bool:
    """True when ``key`` is of a person of the user's ("fact:partner", "fact:family:…", another's "…/…")."""
    return key.startswith(("fact:partner", "fact:family:")) or "/" in key


def partner_prefixes() -> tuple[str, ...]:
    """Key prefixes of facts and likes said of the user's partner as a person ("fact:girlfriend/", "pref:老公/"):
    a slot's key names the partner by the one-person label ("老公" -> "husband", ``person_label``), a statement
    kept in the user's words by the word said, so both prefixes of each name."""
    labels = {form for rel in lexicon().partners for form in (rel.casefold().replace(" ", "_"), person_label(rel))}
    return tuple(f"{kind}:{label}/" for kind in ("fact", "pref") for label in sorted(labels))


def partner_gone(cands: list[Candidate], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]]) -> None:
    """Add to a breakup's ``ends`` the keys of the user's facts about the partner as a person.

    A candidate is a breakup when its key is the user's partner slot (``fact:partner``, with the
    speaker's qualifier if any) and its polarity is negative. The keys are read from the user's
    active statements (``rows(prefixes)`` -> ``(id, key, description)`` rows, one light read only
    when the turn holds a breakup); the resolver ends their positive items, superseded by the breakup.
    """
    gone = [c for c in cands if not c.is_event and c.polarity < 0 and c.key.split("@", 1)[0] == "fact:partner"]
    if not gone:
        return
    found = rows(partner_prefixes())
    for cand in gone:
        _, at, name = cand.key.partition("@")
        qualifier = f"@{name}" if at else ""
        keys = [key for _, key, _ in found if own_key(key, qualifier)]
        cand.ends = tuple(dict.fromkeys((*cand.ends, *keys)))


#: What the user's own job carries, ended with it when the job is lost and no new one is said in the same turn
#: ("被裁了", "got laid off", "lost my job"): the title and the work arrangement (remote, hybrid) were that job's,
#: stated as a slot or in the user's own words (``gist:``, the slots' ``covers``).
_OWN_JOB_KEYS = ("fact:occupation", "gist:occupation", "fact:work_mode", "gist:work_mode")
# a new job said beside the leaving, read or not as a slot ("辞职考进了税务局，现在算是公务员了", "quit and joined a
# startup", "left Google, now a freelance designer"): the old title may carry over or be replaced by the new words
_NEW_JOB = re.compile(r"\b(?:joined|joining|new\s+(?:job|gig|role|position)|start(?:ed|ing)\s+(?:at|a\s+new|as)|"
                      r"hired\s+(?:at|by|as)|landed|got\s+(?:a|an)\s+(?:job|offer)|now\s+(?:a|an|work|working|at)|"
                      r"went\s+freelance|became)\b"
                      r"|考进|考上|入职|加入|跳槽|去了[^，,。！!]{1,8}?(?:上班|工作)|现在(?:算是|是|做|当)|新工作|新东家|"
                      r"转行|改行|当上|做起了", re.IGNORECASE)


def _employer_left(cand: Candidate, plain: str, text: str) -> bool:
    """True when a negative ``fact:works_at`` candidate names the employer left ("User no longer works at Google")
    and the turn (``text``) says no job word with it ("I left my Walmart job", "瑞幸的兼职辞了": that job and its
    title end; the ``job_word`` markers of ``data/slots.yaml``)."""
    from memory_core.pipeline.quit_unheld import quit_value

    if not quit_value(dataclasses.replace(cand, key=plain)):
        return False
    return not any(lexicon().markers[lang]["job_word"].search(text.casefold()) for lang in ("en", "zh"))


def job_gone(cands: list[Candidate], text: str = "") -> None:
    """Add to the end of a job what described that job.

    Another person's job ("我爸退休了", "my mom retired": ``fact:<rel>/works_at`` said negatively) ends that
    person's occupation (``fact:<rel>/occupation``, same speaker qualifier): a retired father is no longer an
    accountant. The user's own job said to end ("被裁了", "got laid off", "lost my job": ``fact:works_at``
    negative) ends the user's title and work arrangement (``_OWN_JOB_KEYS``) unless the turn (``text``) names a
    new job ("left Google, joined Meta as a PM", "辞职考进了税务局": the title may carry over, and the new job's
    words say so), or the quit names the employer left and no job ("I left Google", "从华西离职了"): leaving an
    employer is not leaving a profession, and a pharmacist who leaves one hospital is still a pharmacist ("I quit
    nursing", "我不当老师了" end the profession itself, by the occupation's own cues; "I left my Walmart job" the
    job named, title and all).
    """
    new_job = bool(_NEW_JOB.search(text)) or any(not c.is_event and c.polarity > 0
                                                  and c.key.partition("@")[0] == "fact:works_at" for c in cands)
    for cand in cands:
        plain, at, qualifier = cand.key.partition("@")
        if cand.is_event or cand.polarity >= 0 or not plain.endswith("works_at"):
            continue
        suffix = f"@{qualifier}" if at else ""
        if "/" in plain and plain.endswith("/works_at"):
            ends: tuple[str, ...] = (plain[: -len("works_at")] + "occupation" + suffix,)
        elif plain == "fact:works_at" and not new_job and not _employer_left(cand, plain, text):
            ends = tuple(key + suffix for key in _OWN_JOB_KEYS)
        else:
            continue
        cand.ends = tuple(dict.fromkeys((*cand.ends, *ends)))


def about_others_only(turn: Turn, cands: list[Candidate]) -> None:
    """A turn whose statements are all about other people ("我男朋友不喝咖啡") restates none of the user's own
    items: its mention's probes keep only keys of other people and of the user's relatives (``fact:family:``),
    so "User drinks coffee every day" is not revised with the boyfriend's dislike. A turn that states
    nothing a slot reads but opens on another person ("我老婆一口咖啡都不喝") may raise a hit on an item it
    speaks of, never add its words to it (``Candidate.may_revise``)."""
    stated = [c for c in cands if not c.is_event and not c.restate_only and c.key]
    if stated and not all("/" in c.key for c in stated):
        return
    if _of_someone_else(turn.text):  # "Tom's wife is pregnant!", "小王的老婆怀孕了": not the user's wife
        for cand in cands:
            if cand.restate_only:
                cand.probes, cand.alike, cand.may_revise = (), (), False
        return
    if not stated:
        rel = _opens_on_other(turn.text)
        if not rel and _others_animal(turn.text):  # "walked my neighbour's dog Rex": not the user's dog's detail
            for cand in cands:
                if cand.restate_only:
                    cand.may_revise = False
            return
        if rel:  # "我老婆一口咖啡都不喝": it may confirm an item, never add its words to one but that relative's
            for cand in cands:
                if cand.restate_only and not any(k.startswith(f"fact:family:{rel}") for k in (*cand.probes,
                                                                                           *cand.alike)):
                    cand.may_revise = False
        return
    for cand in cands:
        if cand.restate_only:
            cand.probes = tuple(k for k in cand.probes if "/" in k or k.startswith("fact:family:"))
            cand.alike = tuple(k for k in cand.alike if "/" in k or k.startswith("fact:family:"))


def _opens_on_other(text: str) -> str:
    """The relation ``text`` opens on ("my husband …" -> "husband", "老公…" -> "老公"); "" for the user."""
    first = next(iter(split_clauses(text)), None)
    if first is None:
        return ""
    clause, lang = first
    said = zh_subject(clause) if lang == "zh" else en_subject(clause)
    if not said or said == AWAY:
        return ""
    return said.casefold().split()[-1] if lang == "en" else said



def _of_someone_else(text: str) -> bool:
    """True when ``text`` opens on a relative of someone else's ("Tom's wife …", "my friend's husband …",
    "小王的老婆…", "我同事的女朋友…"): what it says is that person's, never the user's relative's."""
    lex = lexicon()
    en_rel, zh_rel = lex.classes["en"]["REL"], lex.classes["zh"]["REL"]
    opened = text.strip()
    en_other = rf"(?:(?!(?i:it|that|this|he|she|there|here|what|who|let|today)'s)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?" \
               rf"|(?i:my)\s+(?:{en_rel}))'s\s+(?:{en_rel})\b"
    zh_other = rf"(?:我的?(?:{zh_rel})|(?![我你他她])[\u4e00-\u9fffA-Za-z]{{1,6}}?)的(?:{zh_rel})"
    return bool(re.match(en_other, opened) or re.match(zh_other, opened))


def _others_animal(text: str) -> bool:
    """True when ``text`` speaks of another person's animal ("walked my neighbour's dog Rex", "帮邻居遛了一下他家的
    拉布拉多"): a mention of that animal is never a detail of the user's own pet."""
    lex = lexicon()
    en_rel, zh_rel = lex.classes["en"]["REL"], lex.classes["zh"]["REL"]
    en_kind, zh_kind = lex.classes["en"]["SPECIES"], lex.classes["zh"]["SPECIES"]
    return bool(re.search(rf"(?i:\b(?:{en_rel})'s\s+(?:[a-z]+\s+)?(?:{en_kind}))\b", text)
                or re.search(rf"(?:{zh_rel}|[他她])家?的(?:{zh_kind})", text))
