"""A daily drink said as a habit of now with no verb: the drinking it says, read as said with one (issue 13).

Chat drops the verb of a habit: "Oat latte every morning now", "a coffee every morning these days",
"现在每天早上一杯拿铁", "最近每天一杯咖啡". Read as it stands, such a clause states nothing the slot lexicon reads
(no "drink", no 喝), so a stop of the thing said before ("I gave up coffee", "我把咖啡戒了") stays current while the
user drinks it every day again. ``drink_said_now`` puts the verb back ("I drink oat latte every morning now",
"我现在每天早上喝一杯拿铁"), reads that with the pipeline's own extractor, and lets ``kind_resumed`` judge the
kind against the stop, so the drink is found and checked exactly as a statement with the verb would be.

Kept narrow, since a habit read where none was said is worse than one missed:

- the clause names a drink the lexicon knows (a thing of ``DRINKS`` or one of its kinds: latte, 拿铁, 红酒),
  and before it only words of time, a count or a cup, or (English) one word that says the drink's kind ("oat");
  a subject, a person ("my husband …", "他 …"), a verb or any other word before it reads nothing;
- it says both a habit (every day / morning, 每天, 天天) and that it holds now (now, these days, lately, 现在,
  最近, 如今): a habit alone may be told of the past ("a latte every morning in college"), and "now" alone is a
  one-off ("a latte now, then the meeting");
- no negation, nor a drink without its essence (``kind_resumed``'s rule) in the clause;
- a turn that already has a candidate for the drink, or that is no user's, is returned as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from memory_core.model import Turn
from memory_core.pipeline.clauses import detect_lang
from memory_core.pipeline.kind_resumed import DRINKS, WITHOUT_ESSENCE, kind_resumed
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate

__all__ = ["drink_said_now"]

_CLAUSE = re.compile(r"[，,。.!！？?；;~～]+")
#: A habit, and the habit holding now, in each language.
_HABIT = {"en": re.compile(r"\b(?:every\s+(?:single\s+)?(?:day|morning|evening|night|afternoon)|each\s+(?:day|morning|"
                           r"night|evening)|daily|nightly)\b", re.IGNORECASE),
          "zh": re.compile(r"每天|每晚|天天|每个?(?:早上|晚上|下午)|每日")}
_NOW = {"en": re.compile(r"\b(?:now|these\s+days|nowadays|lately)\b", re.IGNORECASE),
        "zh": re.compile(r"现在|最近|如今|这阵子|这段时间")}
#: What may stand before the drink: time, a count, a cup, and in English one word of the drink's kind.
_BEFORE = {"en": re.compile(r"^(?:(?:now|these\s+days|nowadays|lately)\s+)?(?:(?:a|an|one|two|my)\s+)?"
                            r"(?:(?!(?:i|he|she|they|we|you|his|her|their|our|your|husband|wife|mom|dad|boyfriend|"
                            r"girlfriend|partner|friend|roommate|no|not|never)\b)[a-z-]+\s+)?$", re.IGNORECASE),
           "zh": re.compile(r"^(?:现在|最近|如今|这阵子|这段时间|每天|每晚|天天|每个?(?:早上|晚上|下午)|每日|早上|晚上|"
                            r"下午|上午|中午|饭后|睡前|都|也|就|还)*(?:[一两二三1-3]|半)?(?:大|小)?(?:杯|罐|瓶|听)?"
                            r"(?:冰|热|燕麦|生椰)?$")}
#: The count and cup before a drink in Chinese ("一杯冰", "一罐"), before which the verb is put back.
_CUP = re.compile(r"(?:[一两二三1-3]|半)?(?:大|小)?(?:杯|罐|瓶|听)?(?:冰|热|燕麦|生椰)?$")
_NOT = {"en": re.compile(r"\b(?:not|no|never|without|quit|stopped)\b|n't\b", re.IGNORECASE),
        "zh": re.compile(r"不|没|别|戒|停")}


def drink_said_now(turn: Turn, cands: list[Candidate], extract: Callable[[Turn], list[Candidate]]) -> list[Candidate]:
    """``cands`` and the daily drink a user's verbless clause says holds now, as ``kind_resumed`` reads it.

    Args:
        turn: the turn ``cands`` were read from; only a user's turn in English or Chinese is read.
        cands: the turn's candidates, as extracted.
        extract: the extractor, run on the clause with the verb put back ("I drink oat latte every morning now").

    Returns:
        ``cands`` unchanged when no clause passes the rule (module docstring) or a candidate already names the
        drink; else with the preference candidates of the statement added (a kind of a stopped thing gains the
        thing in ``reverses``, so the stop ends).
    """
    if turn.role != "user":
        return cands
    lang = detect_lang(turn.text)
    if lang not in _HABIT:
        return cands
    names = _drink_names(lang)
    for clause in _CLAUSE.split(turn.text):
        clause = clause.strip()
        if not (_HABIT[lang].search(clause) and _NOW[lang].search(clause)) or _NOT[lang].search(clause) \
                or WITHOUT_ESSENCE.search(clause):
            continue
        found = _drink_in(clause, lang, names)
        if found is None:
            continue
        start, name = found
        if any(c.key.split("@")[0].removeprefix("pref:").casefold() == name.casefold() for c in cands):
            return cands
        said = f"我{clause[:start]}喝{clause[start:]}" if lang == "zh" else f"I drink {clause[0].lower()}{clause[1:]}"
        read = [c for c in extract(replace(turn, text=said))
                if c.kind == "preference" and c.key.startswith("pref:") and c.polarity > 0]
        if not read:
            continue
        for cand in read:
            cand.claim = cand.evidence = cand.claim or cand.description
            cand.notes.append(f"a daily drink of now said without a verb: {clause}")
        return [*cands, *kind_resumed(replace(turn, text=said), read)]
    return cands


def _drink_names(lang: str) -> list[str]:
    """The names of the drinks of ``DRINKS`` and of their kinds in ``lang``, longest first."""
    lex = lexicon()
    said = [w for w, thing in (*lex.kind_of[lang].items(), *lex.surface[lang].items()) if thing in DRINKS]
    return sorted(set(said), key=len, reverse=True)


def _drink_in(clause: str, lang: str, names: list[str]) -> tuple[int, str] | None:
    """Where a drink of ``names`` stands in ``clause`` with only ``_BEFORE`` words before it (in Chinese, the
    count and cup taken in: the verb goes before them), and its name; None when no drink stands so."""
    folded = clause.casefold()
    for name in names:
        m = re.search(re.escape(name) if lang == "zh" else rf"\b{re.escape(name)}s?\b", folded)
        if m is None:
            continue
        before = clause[:m.start()].strip()
        if not _BEFORE[lang].match(before + (" " if lang == "en" and before else "")):
            return None
        if lang == "zh":
            return _CUP.search(clause[:m.start()]).start(), name  # type: ignore[union-attr]  # matches ""
        return m.start(), name
    return None
