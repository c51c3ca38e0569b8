"""A health reading the user reports (a doctor's or a checkup's finding) and its later change (issue 13).

A measure of the body holds one reading at a time: "The doctor said my blood pressure is a bit high",
体检查出来胆固醇偏高, "my blood sugar was 7.2 at the checkup", then later "blood pressure's back to normal
now", 血压已经正常了. Such a turn is often reported speech ("the doctor said …") or has no first-person
clause at all, which the slot engine reads as nobody's statement; ``readings_in`` reads the whole turn:

- English: "(my) <measure> is / was / came back / 's <state>", with a state of "high", "a bit high",
  "elevated", "low", "borderline", "normal", "back to normal", "under control", "down" or a number
  ("7.2", "140/90");
- Chinese: "<measure>(有点 / 偏 / 已经 …)<state>", with 高, 偏高, 低, 超标, 正常, 恢复正常, 降下来了 or a number.

Another person's measure ("my dad's blood pressure", 我妈的血压), a question and a hypothetical are no
reading of the user's. The statement's key is ``fact:measure:<measure>``, single-valued, so the next
reading supersedes the last; its text keeps the user's words of the reading, so the sensitive-data guard
(``sensitive``) handles it as any health value (an abnormal reading is kept under theme ``sensitive``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from memory_core.model import Kind, Turn
from memory_core.pipeline.types import Candidate

__all__ = ["Reading", "readings_in", "with_readings"]

_I = re.IGNORECASE
# a sentence ends on 。！？!? or on a full stop before a space (never inside "7.2" or "555.0134")
_SENTENCE = re.compile(r"(?<=[!?。！？])|(?<=\.)(?=\s|$)")

#: Each measure: its canonical id, its names in English and in Chinese.
_MEASURES: tuple[tuple[str, str, str], ...] = (
    ("blood_pressure", r"blood\s+pressure|bp", r"血压"),
    ("cholesterol", r"(?:ldl\s+|hdl\s+)?cholesterol(?:\s+levels?)?", r"胆固醇"),
    ("blood_sugar", r"blood\s+(?:sugar|glucose)(?:\s+levels?)?|glucose(?:\s+levels?)?|a1c|hba1c", r"血糖"),
    ("triglycerides", r"triglycerides", r"甘油三酯|血脂"),
    ("uric_acid", r"uric\s+acid(?:\s+levels?)?", r"尿酸"),
    ("heart_rate", r"(?:resting\s+)?heart\s+rate", r"心率"),
    ("liver", r"liver\s+(?:enzymes|function)", r"转氨酶|肝功能"),
    ("iron", r"iron(?:\s+levels?)?|ferritin|hemoglobin|haemoglobin", r"血红蛋白|铁蛋白"),
    ("vitamin_d", r"vitamin\s+d(?:\s+levels?)?", r"维生素D"),
)
_EN_MEASURE = "|".join(f"(?P<m_{mid}>{en})" for mid, en, _ in _MEASURES)
_ZH_MEASURE = "|".join(f"(?P<m_{mid}>{zh})" for mid, _, zh in _MEASURES)
_EN_STATE = (r"(?:back\s+(?:to\s+normal|down|in\s+(?:the\s+)?range)|normal\s+again|under\s+control|in\s+(?:the\s+)?"
             r"(?:normal\s+)?range|down\s+to\s+normal|(?:down|up)\s+to\s+\d{1,3}(?:\.\d{1,2})?(?:\s*/\s*\d{2,3})?)"
             r"|(?:(?:a\s+(?:bit|little)|slightly|quite|really|very|way|too|pretty|kind\s+of|a\s+touch)\s+)?"
             r"(?:high|higher|elevated|low|lower|borderline(?:\s+high)?|normal|fine|ok|okay|good|healthy|up|down|"
             r"through\s+the\s+roof|off\s+the\s+charts)"
             r"|\d{1,3}(?:\.\d{1,2})?(?:\s*/\s*\d{2,3})?(?:\s*(?:mmol/l|mg/dl|mmhg|%))?")
_EN = re.compile(r"(?:^|[,;:]\s*|\b(?:said|says|told\s+me|found|showed|shows)\s+(?:that\s+)?|\b(?:and|but|so|now)\s+"
                 r"|(?<=\s)(?=my\s))"
                 rf"(?P<own>my\s+|the\s+)?(?:{_EN_MEASURE})\s*(?P<verb>'s|\s+is|\s+was|\s+came\s+back|\s+came\s+out|"
                 rf"\s+has\s+(?:come|gone)|\s+went|\s+got|\s+are|\s+were)\s+(?:now\s+|still\s+|finally\s+|all\s+)?"
                 rf"(?P<state>{_EN_STATE})\b", _I)
_ZH_STATE = (r"(?:有点|有些|稍微|稍|略|偏|太|很|比较|挺|还是|又|都)?(?:偏高|偏低|超标|高|低|升高|异常)"
             r"|(?:已经|现在|终于|又|都|基本)?(?:恢复)?(?:正常|达标)|(?:已经|终于)?降(?:下来|回来|到正常)"
             r"|(?:是|有|为|到)?\d{1,3}(?:\.\d{1,2})?(?:/\d{2,3})?")
_ZH = re.compile(rf"(?P<own>我的?|^|[，,。；;！!\s]|(?:体检|检查|化验|复查|医生说|查出来?|测出来?)(?:了|的)?)"
                 rf"(?:{_ZH_MEASURE})(?:值|指标)?(?P<state>{_ZH_STATE})(?:了|啦)?")
_EN_OTHERS = re.compile(r"\b(?:my|our)\s+(?:[\w-]+\s+){0,2}?[\w-]+'s\s+$|\b(?:his|her|their|your)\s+$", _I)
_ZH_OTHERS = re.compile(r"(?:他|她|你|您|[^我\s，,。]{1,4}的)$")
_SKIP = re.compile(r"[?？]|\b(?:if|whether|what's|what\s+is|how's|how\s+is)\b|如果|要是|万一|是不是|吗|多少", _I)


@dataclass(frozen=True, slots=True)
class Reading:
    """A reading of a measure the user reports.

    Attributes:
        measure: the canonical measure ("blood_pressure", "cholesterol", ...).
        said: the reading in the user's words ("blood pressure is a bit high", "胆固醇偏高").
        state: the reading's value alone ("a bit high", "偏高", "7.2").
        lang: "en" or "zh".
    """

    measure: str
    said: str
    state: str
    lang: str


def readings_in(text: str) -> list[Reading]:
    """The readings ``text`` reports of the user's own measures, one per measure (the last said wins).

    Args:
        text: a user's turn, whole.

    Returns:
        ``Reading`` statements, possibly empty; none for a question, a hypothetical or another's measure.
    """
    found: dict[str, Reading] = {}
    for sentence in _SENTENCE.split(text):
        if not sentence.strip() or _SKIP.search(sentence):
            continue
        zh = bool(re.search(r"[\u4e00-\u9fff]", sentence))
        for m in (_ZH if zh else _EN).finditer(sentence):
            measure = next(name[2:] for name, said in m.groupdict().items() if name.startswith("m_") and said)
            if (_ZH_OTHERS if zh else _EN_OTHERS).search(sentence[:m.start(f"m_{measure}")]):
                continue
            said = sentence[m.start(f"m_{measure}"):m.end("state")].strip()
            if not zh:  # "blood pressure's back to normal": said back as "blood pressure is back to normal"
                said = re.sub(r"'s\b", " is", re.sub(r"\s+", " ", said), count=1)
            found[measure] = Reading(measure, said, m.group("state").strip(), "zh" if zh else "en")
    return list(found.values())


#: How much a reading is worth keeping (``Candidate.importance``): a health fact, as the slot engine's.
IMPORTANCE = 0.8


def with_readings(turn: Turn, cands: Sequence[Candidate], name: str, qualifier: str) -> list[Candidate]:
    """``cands`` with the statement of each reading ``turn`` reports (``readings_in``).

    A candidate of the turn holding a reading's words is dropped: the reading's statement says it, under
    a key whose next reading supersedes it.

    Args:
        turn: a user's turn.
        cands: the turn's statement candidates.
        name: the speaker's name when the turn names one, else "".
        qualifier: the key suffix of a named speaker ("@mia"), else "".
    """
    found = readings_in(turn.text)
    if not found:
        return list(cands)
    out = [c for c in cands if not any(r.said.casefold() in c.description.casefold() for r in found)]
    for r in found:
        who = name or ("用户" if r.lang == "zh" else "User")
        out.append(Candidate(
            kind=Kind.FACT, description=f"{who}的{r.said}" if r.lang == "zh" else f"{who}'s {r.said}",
            theme="health", key=f"fact:measure:{r.measure}{qualifier}", polarity=1, confidence=0.85,
            importance=IMPORTANCE, valid_from=turn.timestamp, speaker=name or turn.role, lang=r.lang,
            claim=r.state, single_valued=True, evidence=r.said, aliases=(r.state.casefold(),),
            notes=[f"reading: {r.measure}"]))
    return out
