"""A change said as FROM -> TO, put as the plain statement of what holds now (issue 13).

People say a change by naming both ends: "left Google for Meta", "swapped my Galaxy for an iPhone", "moved
from Boston to Denver", "从字节跳槽到腾讯了", "小米换成了华为", "奶茶改喝绿茶了", "现在的男朋友是小宋". The slot
rules read the plain statement of the new value ("I work at Meta now", "我在腾讯上班了") and supersede the old
one under the same key; what they miss is the two-ended form, whose lead ("从百度", "left Amazon for") hides
the statement. ``restated(text)`` rewrites each two-ended change of the user's own into that plain statement,
before the turn is split into clauses:

- the class of the values picks the statement (a move, 搬, is of the home whatever its ends are called: a dorm,
  an estate, a district the place lexicon does not know, in either language around it: "我们搬家了 from Cheras to
  Puchong"): a drug, both ends named so by their names or their class's ending (``drug_switch.is_drug``), the
  medication taken now ("switched me from metformin to Jardiance" -> "I take Jardiance now instead of
  metformin", "医生让我从二甲双胍换成了恩格列净" -> "我把二甲双胍换成了恩格列净"), a city a home ("I moved to
  B", "我搬到B了"), a device or a car the thing used ("I switched to B", "我现在用B"), a drink or food a switch of
  taste ("I switched from A to B", "我把A换成了B": a like is keyed by its object, the old one superseded by the
  new), any other name an employer ("I work at B now", "我在B上班了");
- only the user's own change in the past: what goes before it in its clause may be the speaker, a time or an
  adverb ("Finally", "上个月", "工作也"), or for a drug the doctor who changed it, never another person ("my
  brother", "我哥"), a plan or a question ("thinking of", "我在考虑", "if"); a journey ("flew from Boston to
  Denver", "从成都飞到深圳") has no change verb and is left alone, and so is a schedule ("from 9 to 5").

The source of the idea: the slot lexicon's cues (``data/slots.yaml``) already read each plain statement; this
module only says the two-ended forms in their words.
"""

from __future__ import annotations

import re

from memory_core.pipeline.drug_switch import is_drug
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.slots import read_clause
from memory_core.pipeline.subject_chain import AWAY, USER, en_subject, zh_subject
from memory_core.pipeline.value_class import is_org, is_place
from memory_core.text.script import has_han

__all__ = ["restated"]

_I = re.IGNORECASE
# what may go before the change in its clause: the speaker, a time, an adverb (English)
_EN_LEAD = re.compile(
    r"(?:(?:i|we|i've|we've|i\s+have|we\s+have|have|just|finally|recently|also|then|and|so|already|actually|"
    r"(?:last|this)\s+(?:week|month|year|spring|summer|fall|autumn|winter)|in\s+(?:january|february|march|april|"
    r"may|june|july|august|september|october|november|december)|big\s+(?:news|year|month))\s*)*", _I)
_EN_VALUE_END = (r"(?=\s*(?:[,.;:!?—–)]|$|\s(?:now|last|this|because|since|and|but|so|after|a\s+(?:few|couple)|"
                 r"two|three|weeks?|months?|ago|yesterday|today|recently|finally|back|in\s+(?:the|january|february|"
                 r"march|april|may|june|july|august|september|october|november|december)|way|which|for\s+good)\b))")
_ART = r"(?:(?:my|the|our|a|an)\s+)?"
_VALUE = r"[\w+&'-]+(?:\s+[\w+&'-]+){0,3}?"
_EN_FORMS = (
    re.compile(rf"\b(?P<verb>left|quit)\s+{_ART}(?P<old>{_VALUE})\s+(?:for|to\s+join)\s+{_ART}"
               rf"(?P<new>{_VALUE}){_EN_VALUE_END}", _I),
    re.compile(rf"\b(?P<verb>swapped|traded|exchanged)\s+(?:in\s+)?{_ART}(?P<old>{_VALUE})\s+(?:in\s+|out\s+)?for\s+"
               rf"{_ART}(?P<new>{_VALUE}){_EN_VALUE_END}", _I),
    re.compile(rf"\b(?P<verb>switched|changed|jumped|moved|went|gone|upgraded)\s+(?P<me>me\s+)?(?:over\s+)?from\s+{_ART}"
               rf"(?P<old>{_VALUE})\s+to\s+{_ART}(?P<new>{_VALUE}){_EN_VALUE_END}", _I),
)
# what may go before the change in its clause (Chinese): the speaker, a time, an adverb, the thing changed
_ZH_LEAD = re.compile(r"(?:我们?|已经|终于|也|都|刚刚?|最近|后来|前几天|前段时间|上周|上个?月|这个?月|去年|今年|年初|"
                      r"年底|工作|手机|\d{1,2}月份?|[一二三四五六七八九十]{1,2}月份?)*")
_ZH_STOP = r"[^，,。.！!？?；;：:\s]"
_ZH_FORMS = (
    # 从A跳槽到B, 从A搬到B, 从A换到了B
    re.compile(rf"从\s*(?P<old>{_ZH_STOP}{{1,12}}?)\s*(?P<verb>跳槽|跳|换|转|调|搬家?)(?:到|去|进)了?\s*"
               rf"(?P<new>{_ZH_STOP}{{1,12}}?)\s*(?=了|[，,。.！!；;\s]|$)"),
    # (把)A换成了B: a device changed
    re.compile(rf"(?:把)?\s*(?P<old>{_ZH_STOP}{{1,10}}?)\s*(?P<verb>换成|换为|改成)了?\s*"
               rf"(?P<new>{_ZH_STOP}{{1,12}}?)\s*(?=了|[，,。.！!；;\s]|$)"),
    # A改喝B: a drink or food changed
    re.compile(rf"(?P<old>{_ZH_STOP}{{1,8}}?)(?:也|都|就)?改(?P<verb>喝|吃|抽)了?(?P<new>{_ZH_STOP}{{1,8}}?)"
               rf"(?=了|[，,。.！!；;\s]|$)"),
)
# "现在的男朋友是小宋": the partner now, said with 现在的 where the cue reads "我男朋友是"
_ZH_NOW_PARTNER = re.compile(r"(?:^|(?<=[，,。！!；;]))\s*(?:我)?(?:现在|目前|如今)的(?P<rel>男朋友|女朋友|男友|女友|"
                             r"老公|老婆)(?=是|叫)")
# a move said in Chinese with its two ends in English ("我们搬家了 from Cheras to Puchong", "搬家了，from A to B")
_ZH_MIXED_MOVE = re.compile(r"(?P<verb>搬家了?|搬了家|搬走了)[，,\s]*from\s+"
                            r"(?P<old>[A-Za-z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})\s+to\s+(?P<new>[A-Za-z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}?)(?=\s*(?:[,.;!?，。！？、]|$|\s+"
                            r"(?:now|last|this|because|and|but|so|[a-z]+\b)|[\u4e00-\u9fff]))")
# a drug changed from one to another (从A换成了B): read only when one end is a drug, the medication now
_ZH_DRUG_FORM = re.compile(rf"从\s*(?P<old>{_ZH_STOP}{{1,12}}?)\s*(?P<verb>换成|改成|换为|改为|换到|改用|改吃)了?\s*"
                           rf"(?P<new>{_ZH_STOP}{{1,12}}?)\s*(?=了|[，,。.！!；;\s]|$)")
# who may change the user's drug, before the change in its clause ("the doctor switched me from …", "医生让我从…")
_CARER = {
    "en": re.compile(r"(?:(?:the|my|our)\s+)?(?:doctor|doc|gp|endo(?:crinologist)?|cardiologist|psychiatrist|"
                     r"specialist|nurse(?:\s+practitioner)?|dr\.?\s+[a-z]+)(?:\s+(?:just|finally|has|have|also))*", _I),
    "zh": re.compile(r"(?:医生|大夫|主治医生|主治|医院|[\u4e00-\u9fff]医生)(?:也|就)?"
                     r"(?:让我|给我|帮我|叫我|要我|把我)?"),
}
# where a move is within one home, or of a thing: a floor, a room ("从一楼搬到三楼", "从卧室搬到客厅")
_NO_HOME = re.compile(r"^[一二两三四五六七八九十\d]+(?:楼|层)$|卧室|客厅|房间|阳台|书房|厨房|隔壁|对面|楼上|楼下")
_ZH_JOB = re.compile(r"工作|公司|单位|东家|上班")
_ZH_SENTENCE = re.compile(r"[，,。！!；;：:]")
_EN_SENTENCE = re.compile(r"[,.;:!?—–]")


def _device(value: str, lang: str) -> str:
    """The thing the use cue reads ``value`` as ("phone", "car" …), or ""."""
    said = read_clause(f"我用{value}" if lang == "zh" else f"I use {value}", lang)
    return next((hit.obj for hit in said.hits if hit.attr.id == "owns"), "")


def _category(value: str, lang: str) -> str:
    """The lexicon's category of ``value`` ("drink", "possession" …); "possession" for a device the use cue
    reads ("华为", "Pixel"); "" for none."""
    lex = lexicon()
    named = lex.name_in(value, lang)
    category = lex.category.get(named[0], "") if named else ""
    return "possession" if category != "possession" and _device(value, lang) else category


def _kind(old: str, new: str, lang: str) -> str:
    """What the two values of a change are: "drug", "place", "object", "taste", "org" or "" (none of them)."""
    if is_drug(old, lang) and is_drug(new, lang):
        return "drug"
    new_class, old_class = _category(new, lang), _category(old, lang)
    if "possession" in (new_class, old_class) and not {new_class, old_class} & {"drink"}:
        return "object"
    if {new_class, old_class} & {"drink", "food"}:
        return "taste"
    if is_place(new, lang) and is_place(old, lang):
        return "place"
    if is_org(new, lang) and is_org(old, lang) and not is_place(new, lang) \
            and (lang == "zh" or (new[:1].isupper() and old[:1].isupper())):
        return "org"
    return ""


# where a sentence ends: the clauses of one sentence before a change may name whose it is
# ("我哥，上个月从南京搬到了成都")
_SENTENCE_END = re.compile(r"[。！!？?；;\n]|(?<=[A-Za-z0-9)])\.(?=\s|$)")


def _person_continued(text: str, begin: int, lang: str) -> str | None:
    """Whose a clause at ``begin`` is when it drops its subject: the words naming the person the nearest clause
    before it in its sentence opens on ("我哥，上个月从南京搬到了成都" -> "哥", "my brother quit, then moved from
    Leeds to York" -> "my brother"), ``AWAY`` for a person no key holds ("他", "Lisa"), None when that clause is
    the speaker's or there is none (as ``subject_chain`` reads a dropped subject)."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, begin)]
    sentence = text[ends[-1] if ends else 0:begin]
    cut = _ZH_SENTENCE if lang == "zh" else _EN_SENTENCE
    subject = zh_subject if lang == "zh" else en_subject
    for clause in reversed(cut.split(sentence)):
        if clause.strip() and (who := subject(clause)) is not None:
            return None if who == USER else who
    return None


def _theirs(said: str, person: str, lang: str) -> str:
    """The plain statement ``said`` of the speaker's ("我搬到成都了", "I work at Meta now") said of ``person``
    instead ("我哥搬到成都了", "my brother works at Meta now")."""
    if lang == "zh":
        return "我" + person + said.removeprefix("我") if said.startswith("我") else said
    return re.sub(r"^I\s+(work|take)\b", rf"{person} \1s", said) if re.match(r"I\s+(?:work|take)\b", said) \
        else re.sub(r"^I\b", person, said)


def _own_lead(text: str, start: int, lang: str, carer: bool = False) -> int:
    """Where the clause of a change at ``start`` begins, past its spaces, when what goes before the change is
    the speaker, a time or an adverb only (or, when ``carer``, a doctor who made it: "the doctor", "医生让我");
    -1 when it is anything else (another person, a plan, a condition)."""
    cut = _ZH_SENTENCE if lang == "zh" else _EN_SENTENCE
    bounds = [m.end() for m in cut.finditer(text, 0, start)]
    begin = bounds[-1] if bounds else 0
    lead = text[begin:start]
    pattern = _ZH_LEAD if lang == "zh" else _EN_LEAD
    said = lead.strip()
    if pattern.fullmatch(said) is None:
        before = pattern.match(said)  # a time or an adverb may go before the doctor ("上个月医生给我")
        at = before.end() if before is not None else 0
        by_carer = _CARER[lang].match(said, at) if carer else None
        if by_carer is None or pattern.fullmatch(said[by_carer.end():].strip()) is None:
            return -1
    return begin + len(lead) - len(lead.lstrip())


def _en_statement(verb: str, old: str, new: str, kind: str, article: str) -> str:
    if kind == "drug" and verb.casefold() in ("switched", "changed", "moved", "went", "gone"):
        return f"I take {new} now instead of {old}"
    if kind == "place" and verb.casefold() in ("left", "moved", "switched", "changed"):
        return f"I moved to {new}"
    if kind == "object":
        return f"I switched to {article}{new}"
    if kind == "taste":
        return f"I switched from {old} to {new}"
    if kind == "org" and verb.casefold() in ("left", "quit", "jumped"):  # "switched from Chrome to Firefox": a tool
        return f"I work at {new} now"
    return ""


def _zh_statement(verb: str, old: str, new: str, kind: str, job: bool) -> str:
    if kind == "drug":
        return f"我把{old}换成了{new}" if verb in ("换成", "改成", "换为", "改为", "换到", "改用", "改吃", "换") else ""
    if verb in ("喝", "吃", "抽"):
        named = kind == "taste" and _category(old, "zh") in ("drink", "food", "habit")  # "我最近改喝…": no old
        return f"我把{old}换成了{new}" if named else ""  # the switch ends the old, naming the new
    if kind == "place" and verb.startswith("搬"):
        return f"我搬到{new}了"
    if kind == "object":  # "小米换成了华为": the phone is a Huawei phone
        phone = any((lexicon().name_in(f"{v}手机", "zh") or ("",))[0] == "phone" for v in (old, new)) \
            and not re.search(r"手机|[A-Za-z]", new)
        return f"我现在用{new}手机" if phone else f"我现在用{new}"
    if kind == "org" and (verb in ("跳槽", "跳") or (job and verb in ("换", "转", "调"))):
        return f"我在{new}上班了"
    return ""


def _rewrite(text: str, lang: str) -> str:
    forms = (_ZH_DRUG_FORM, *_ZH_FORMS, _ZH_MIXED_MOVE) if lang == "zh" else _EN_FORMS
    for form in forms:
        pos = 0
        while (m := form.search(text, pos)) is not None:
            pos = m.end()
            old, new, verb = m.group("old").strip(), m.group("new").strip(), m.group("verb")
            old = re.sub(r"^把\s*", "", old) if lang == "zh" else old
            if lang == "zh" and old.endswith("的工作"):
                old = old[:-3]
            kind = _kind(old, new, lang)
            drug_only = form is _ZH_DRUG_FORM or bool(m.groupdict().get("me"))  # "switched me from": a drug only
            if drug_only and kind != "drug":
                continue
            lead = _own_lead(text, m.start(), lang, carer=kind == "drug")
            person = _person_continued(text, lead, lang) if lead > 0 else None
            if lead < 0 or person == AWAY:
                continue  # "他上个月从北京搬到了上海": no key holds him
            if lang == "zh" and verb.startswith("搬") and kind != "drug" and not _NO_HOME.search(new):
                kind = "place"  # "从 Freimann 搬到 Garching", "从长安区搬到曲江": a move is of the home, whatever
                # else its ends' names say (长安 is also a car)
            if lang == "zh":
                said = _zh_statement(verb, old, new, kind, _ZH_JOB.search(text, max(lead - 6, 0), m.end()) is not None)
            else:
                art = re.search(r"\b(?:for|to)\s+(an?\s+)" + re.escape(new), m.group(0), _I)
                said = _en_statement(verb, old, new, kind, art.group(1) if art else "")
            if not said:
                continue
            said = _theirs(said, person, lang) if person else said  # "我哥，上个月从南京搬到了成都": his move
            if said.endswith("了") and text[m.end():m.end() + 1] == "了":
                said = said[:-1]
            head = text[:lead]
            text = head + said + text[m.end():]
            pos = len(head) + len(said)
    return text


def restated(text: str) -> str:
    """``text`` with each two-ended change of the user's own said as the plain statement of the new value.

    Args:
        text: one turn's text, as the extractor reads it (any language, mixed included).

    Returns:
        The text with, for each change found (see the module docstring), the change's words replaced by the
        statement of the new value ("left Amazon for Dell" -> "I work at Dell now", "从上海搬到苏州了" ->
        "我搬到苏州了"); the text unchanged when it says none. Never raises on any string.
    """
    if not text:
        return text
    out = text
    if has_han(out):
        out = _ZH_NOW_PARTNER.sub(lambda m: "我" + m.group("rel"), out)
        out = _rewrite(out, "zh")
    if re.search(r"(?i)\b(?:for|from)\b", out):
        out = _rewrite(out, "en")
    return out
