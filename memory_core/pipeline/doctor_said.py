"""What a doctor told the user about the user is the user's own statement: "doctor says I have …", 医生说我….

People report a diagnosis, a drug or a restriction through the one who gave it: "doctor says I have high blood
pressure", "my GP told me I've got asthma", "Doc says I can't have grapefruit anymore", "doctor ran tests and
says I'm lactose intolerant", "blood tests show I'm anemic", 医生说我血压高,
大夫说我有点贫血. The slot cues expect the clause to open on the user ("I have …", 我有…), so the reporting verb in
front hides the fact and nothing is stored. ``own_report`` takes the medical reporter off when what follows
opens on the user (I, I'm, I've, my / 我), so the clause reads as the statement it reports; a body measure
said high with no one named ("大夫说对腰不好血压也高", "医生说血糖偏高") is the user's, and gets 我
before it. A report about someone else ("the doctor says my dad has …" keeps "my dad", "医生说我妈血压高"
keeps 我妈) stays another person's clause, and a report that opens on no one ("the doctor says it's nothing")
is left as written.

A dose the doctor changed is the dose the user takes now: "doc upped my Euthyrox to 75 mcg", "my GP cut my
metformin down to 500 mg", "医生把我的优甲乐加到100微克了" say "I take Euthyrox 75 mcg now", "我现在吃优甲乐100微克"
(``own_dose``), so the new dose replaces the one the user's item holds. Another person's drug ("my mom's
Euthyrox") and a question ("should I ask the doc to up my dose?") are left as said.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.text.script import has_han

__all__ = ["own_dose", "own_report"]

# who reports a medical finding or rule, with its verb of saying ("my GP told me", "the doc said that")
_EN_REPORTER = re.compile(
    r"(?<![\w'])(?:(?:my|the|our|her|his)\s+)?(?:new\s+|family\s+)?"
    r"(?:doctor|doc|gp|dr\.?\s+[A-Z][\w-]*|specialist|cardiologist|dermatologist|neurologist|allergist|"
    r"physician|dietitian|dietician|nutritionist|nurse|dentist|physio|therapist"
    # … or the test that found it ("blood tests show I'm anemic", "the results confirmed I have celiac")
    r"|(?:blood\s+)?tests?|(?:test\s+)?results?|bloodwork|blood\s+work|scans?|x-?rays?|mri|biopsy|allergy\s+test)\s+"
    # what the reporter did first, in the same breath ("doctor ran tests and says I'm …", "doc looked at it and said")
    r"(?:(?:(?!(?:i|i'm|my|he|she|they)\b)[\w'-]+\s+){1,5}?and\s+)?"
    r"(?:says|said|say|thinks|reckons|confirmed|confirm|found|show|shows|showed|tells\s+me|told\s+me|has\s+told\s+me|"
    r"just\s+told\s+me)\s*[,:]?\s+"
    r"(?:that\s+)?(?=(?:i|i'm|i've|i'd|im)\b|my\s+(?:blood|cholesterol|sugar|heart|liver|kidneys?|thyroid|iron|"
    r"vitamin|bmi|weight|back|knees?|lungs?|bones?|eyes?|skin|stomach|gut|test|tests|results?|levels?|"
    r"an(?:a)?emia|asthma|diabetes|eczema|rash|migraines?|condition)\b)",
    re.IGNORECASE)
# 医生说我…, 大夫告诉我…, 医生诊断我…: the reporter and its verb, before 我 (not 我妈, 我爸: another person)
_ZH_REPORTER = re.compile(
    r"(?:医生|大夫|医师|专家|主治医生|家庭医生|营养师|牙医)(?:跟我|和我|对我)?(?:说|讲|告诉我|诊断|确诊|判断|认为)(?:了)?"
    r"[，,：:]?(?=我(?![妈爸们姐妹哥弟儿女老家外奶爷婆公朋同室]))")


# a measure of the user's body said high in a doctor's report with no one named ("大夫说对腰不好血压也高", "医生说血糖
#偏高"): the user's own; the measure gets its subject, in a clause of its own ("…，我血压也高")
_ZH_MEASURE = re.compile(
    r"(?P<rep>(?:医生|大夫|医师)(?:跟我|和我|对我)?(?:说|讲|告诉我)(?:了)?)(?P<mid>[^。！!？?]*?)"
    r"(?P<m>(?:血压|血糖|血脂)(?:一直|有点|有些|偏|比较|很|太|也|还|又)*(?:高|超标))(?![的人])")
_ZH_OTHER = re.compile(r"[他她它]|[妈爸哥姐弟妹爷奶婆公姥儿女叔舅姨姑]|朋友|同事|病人|患者|[A-Za-z]")


def _own_measure(text: str) -> str:
    """``text`` with the user put before a body measure a doctor's report says is high, when the report names no one
    else ("大夫说对腰不好血压也高" -> "大夫说对腰不好，我血压也高"); else ``text``."""
    m = _ZH_MEASURE.search(text)
    if m is None:
        return text
    last = re.split(r"[，,、；;]", m.group("mid"))[-1]
    if _ZH_OTHER.search(m.group("mid")) or re.search(r"[我俺咱]", last):
        return text  # another person's ("医生说我爸腰不好，血压也高"), or the user's said already ("医生说我血压高")
    lead = "，" if last else ""
    return text[:m.start("m")] + lead + "我" + text[m.start("m"):]


# a finding said as "it's …" by the one who examined the user ("ENT says it's tinnitus", "the physio reckons it's
# tendonitis"): the user has it, when it names a condition (the lexicon's CONDITION class, or a medical word's ending)
_EN_EXAMINER = (r"(?<![\w'])(?<!'s\s)(?<!’s\s)(?<!\bher\s)(?<!\bhis\s)(?<!\btheir\s)"
                r"(?:(?:my|the|our)\s+)?(?:new\s+|family\s+)?(?:doctor|doc|gp|ent|ent\s+(?:doctor|guy|consultant)|"
                r"consultant|specialist|audiologist|surgeon|orthopa?edist|orthopa?edic\s+surgeon|rheumatologist|"
                r"gastro(?:enterologist)?|dermatologist|neurologist|cardiologist|allergist|physio(?:therapist)?|"
                r"chiropractor|optician|optometrist|dentist|hospital|clinic|a&e|er|scan|mri|x-ray|tests?|bloods)")
_EN_ENDINGS = r"[a-z]{3,}(?:itis|osis|algia|emia|aemia|pathy|oma)|tinnitus|vertigo|sciatica|gout|shingles"
# … and in Chinese, a finding said with 是 after a visit, by the doctor or with no one named
# ("去医院看了，说是腰椎间盘突出", "医生说是半月板损伤"): said as found ("我查出来是…"), when the turn speaks of a
# visit or a doctor
_ZH_VISIT = re.compile(r"医院|医生|大夫|门诊|诊所|检查|拍了?片|核磁|ct|CT|b超|B超|看了|挂号|复查")
_ZH_FINDING_END = r"(?:炎|病|症|癌|结节|囊肿|息肉|综合征|结石|骨折|损伤|突出|撕裂|劳损|积液|增生|骨刺|耳鸣|脱出|膨出)"
_ZH_FOUND = re.compile(r"(?:(?:医生|大夫|医师|专家|主任)(?:跟我|和我|对我)?|(?:^|(?<=[，,。！!\s])))"
                       r"(?:看了|检查完|查完)?"
                       r"(?:说|讲|诊断|判断)(?:了)?(?:是|为)(?=[\u4e00-\u9fff]{1,8}?" + _ZH_FINDING_END + ")")


@functools.lru_cache(maxsize=1)
def _en_found() -> re.Pattern[str]:
    """The examiner and "says it's" before a condition (group ``rep``), over the lexicon's CONDITION class."""
    condition = lexicon().classes["en"]["CONDITION"]
    return re.compile(
        rf"(?P<rep>{_EN_EXAMINER}\s+(?:says|said|thinks|reckons|confirmed|found|showed|shows|came\s+back\s+(?:with|as))"
        r"\s*[,:]?\s+(?:that\s+)?(?:it(?:'s|\s+is|\s+was|\s+might\s+be)\s+)?(?:(?:probably|likely|definitely|just|only|"
        r"mild|a\s+touch\s+of)\s+)*)(?=(?:a\s+|an\s+)?(?:" + condition + "|" + _EN_ENDINGS + r")\b)", re.IGNORECASE)


def _found(text: str) -> str:
    """``text`` with a finding said as "it's …" (English) or "说是…" after a visit (Chinese) said as the user's own
    ("ENT says it's tinnitus" -> "I have tinnitus"; "去医院看了，说是腰椎间盘突出" -> "去医院看了，我查出来是
    腰椎间盘突出")."""
    text = _en_found().sub("I have ", text)
    if _ZH_VISIT.search(text):
        text = _ZH_FOUND.sub(_zh_own_finding, text)
    return text


def _zh_own_finding(m: re.Match[str]) -> str:
    """"我查出来是" for a finding of the user's; the finding as said when its sentence names another person first
    ("我妈去医院看了，说是腰椎间盘突出": hers)."""
    sentence = re.split(r"[。！!？?\n]", m.string[:m.start()])[-1]
    return m.group(0) if _ZH_OTHER.search(sentence) else "我查出来是"


def own_report(text: str) -> str:
    """``text`` with a medical reporter taken off a report about the user ("doctor says I have high blood pressure"
    -> "I have high blood pressure"; "医生说我血压高" -> "我血压高").

    Units: characters in, characters out; ``text`` itself when it reports nothing about the user. Never raises.
    Source: a doctor's finding or rule about the user, passed on by the user, is what the user holds now
    (reported speech from another person is otherwise no statement of the user's; ``memory_core.pipeline.rules``).
    """
    text = _found(text)
    out = _EN_REPORTER.sub("", text) if "doc" in text.casefold() or _EN_REPORTER.search(text) else text
    if has_han(out):
        out = _ZH_REPORTER.sub("", _own_measure(out))
    return out


_DOSE_UNIT = r"\d+(?:\.\d+)?\s*(?:mcg|mg|µg|ug|iu|units?|ml)\b"
# "(my) doc(tor) upped / bumped / raised / cut my Euthyrox (dose) (up / down) to 75 mcg"
_EN_DOSE = re.compile(
    r"^(?:(?:so|and|oh|ok|well|update)[,:\s]+)*(?:(?:my|the)\s+)?(?:doctor|doc|gp|dr\.?\s+[A-Z][\w-]*|endo|"
    r"endocrinologist|cardiologist|psychiatrist|specialist|physician)\s+(?:just\s+|finally\s+)?"
    r"(?:upped|bumped|raised|increased|lowered|reduced|cut|dropped|changed|adjusted|moved|put)\s+"
    r"my\s+(?P<x>[A-Za-z][\w-]*)(?:\s+dose|\s+dosage)?\s+(?:up\s+|down\s+|back\s+)?(?:to|at)\s+"
    rf"(?P<n>{_DOSE_UNIT})", re.IGNORECASE)
# 医生把我的优甲乐加到100微克了, 医生给我优甲乐减到半片
_ZH_DOSE = re.compile(
    r"^(?:医生|大夫|医师)(?:把|给|将)(?:我的?)(?P<x>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:的?(?:剂量|药量|量))?"
    r"(?:加|增|减|降|调|改)(?:到|成|为)(?P<n>(?:\d+(?:\.\d+)?\s*(?:微克|毫克|mcg|mg|单位)|[一两二三四五六七八九十半]+[片粒颗]))")


def own_dose(clause: str) -> str:
    """``clause`` said as the dose the user takes now when it says a doctor changed the user's dose, else itself.

    Units: characters in, characters out. "doc upped my Euthyrox to 75 mcg" -> "I take Euthyrox 75 mcg now";
    "医生把我的优甲乐加到100微克了" -> "我现在吃优甲乐100微克". Never raises.
    """
    text = clause.strip()
    if "?" in text or "？" in text:
        return clause
    if (m := _EN_DOSE.match(text)) is not None:
        return f"I take {m.group('x')} {m.group('n')} now{text[m.end():]}"
    if (m := _ZH_DOSE.match(text)) is not None:
        return f"我现在吃{m.group('x')}{m.group('n')}{text[m.end():].lstrip('了')}"
    return clause
