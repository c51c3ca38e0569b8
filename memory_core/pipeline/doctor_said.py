"""What a doctor told the user about the user is the user's own statement: "doctor says I have …", 医生说我….

People report a diagnosis, a drug or a restriction through the one who gave it: "doctor says I have high blood
pressure", "my GP told me I've got asthma", "Doc says I can't have grapefruit anymore", 医生说我血压高,
大夫说我有点贫血. The slot cues expect the clause to open on the user ("I have …", 我有…), so the reporting verb in
front hides the fact and nothing is stored. ``own_report`` takes the medical reporter off when what follows
opens on the user (I, I'm, I've, my / 我), so the clause reads as the statement it reports. A report about someone
else ("the doctor says my dad has …" keeps "my dad", "医生说我妈血压高" keeps 我妈) stays another person's
clause, and a report that opens on no one ("the doctor says it's nothing") is left as written.
"""

from __future__ import annotations

import re

from memory_core.text.script import has_han

__all__ = ["own_report"]

# who reports a medical finding or rule, with its verb of saying ("my GP told me", "the doc said that")
_EN_REPORTER = re.compile(
    r"(?<![\w'])(?:(?:my|the|our|her|his)\s+)?(?:new\s+|family\s+)?"
    r"(?:doctor|doc|gp|dr\.?\s+[A-Z][\w-]*|specialist|cardiologist|dermatologist|neurologist|allergist|"
    r"physician|dietitian|dietician|nutritionist|nurse|dentist|physio|therapist)\s+"
    r"(?:says|said|thinks|reckons|confirmed|found|tells\s+me|told\s+me|has\s+told\s+me|just\s+told\s+me)\s*[,:]?\s+"
    r"(?:that\s+)?(?=(?:i|i'm|i've|i'd|im)\b|my\s+(?:blood|cholesterol|sugar|heart|liver|kidneys?|thyroid|iron|"
    r"vitamin|bmi|weight|back|knees?|lungs?|bones?|eyes?|skin|stomach|gut|test|tests|results?|levels?|"
    r"an(?:a)?emia|asthma|diabetes|eczema|rash|migraines?|condition)\b)",
    re.IGNORECASE)
# 医生说我…, 大夫告诉我…, 医生诊断我…: the reporter and its verb, before 我 (not 我妈, 我爸: another person)
_ZH_REPORTER = re.compile(
    r"(?:医生|大夫|医师|专家|主治医生|家庭医生|营养师|牙医)(?:跟我|和我|对我)?(?:说|讲|告诉我|诊断|确诊|判断|认为)(?:了)?"
    r"[，,：:]?(?=我(?![妈爸们姐妹哥弟儿女老家外奶爷婆公朋同室]))")


def own_report(text: str) -> str:
    """``text`` with a medical reporter taken off a report about the user ("doctor says I have high blood pressure"
    -> "I have high blood pressure"; "医生说我血压高" -> "我血压高").

    Units: characters in, characters out; ``text`` itself when it reports nothing about the user. Never raises.
    Source: a doctor's finding or rule about the user, passed on by the user, is what the user holds now
    (reported speech from another person is otherwise no statement of the user's; ``memory_core.pipeline.rules``).
    """
    out = _EN_REPORTER.sub("", text) if "doc" in text.casefold() or _EN_REPORTER.search(text) else text
    if has_han(out):
        out = _ZH_REPORTER.sub("", out)
    return out
