"""Value-score stage: a cheap importance estimate for each candidate (seed 001 §8.12.5).

Importance is 0..1. Identity facts score high (a name or an allergy matters
in every later conversation), preferences and standing instructions next,
and events by what they say about the person (``personal``): a life event
or change scores high, a task or generic question for the assistant low.
Content from tools or agents is scaled down.
"""

from __future__ import annotations

from typing import ClassVar

from memory_core.model import Kind, Trust, Turn
from memory_core.pipeline.news import news
from memory_core.pipeline.personal import first_person, life_event, request
from memory_core.pipeline.small_talk import is_small_talk
from memory_core.pipeline.trust import is_injection
from memory_core.pipeline.types import Candidate
from memory_core.text.script import HAN

__all__ = ["HeuristicValueScorer"]



class HeuristicValueScorer:
    """Value scorer without an LLM.

    Args:
        min_importance: candidates scoring below this (0..1) are dropped; the
            default 0 keeps everything, since events are the recall evidence.
    """

    SLOT_IMPORTANCE: ClassVar[dict[str, float]] = {
        "name": 0.95, "allergy": 0.9, "birthday": 0.85, "lives_in": 0.85, "occupation": 0.85,
        "from": 0.8, "works_at": 0.8, "pet": 0.7, "is": 0.65,
    }
    TRUST_FACTOR: ClassVar[dict[str, float]] = {Trust.USER: 1.0, Trust.AGENT: 0.8, Trust.TOOL: 0.5}

    def __init__(self, min_importance: float = 0.0) -> None:
        self.min_importance = min_importance

    def score(self, turn: Turn, candidates: list[Candidate]) -> list[Candidate]:
        """Return the candidates at or above ``min_importance``, with ``importance`` set in place."""
        kept: list[Candidate] = []
        for cand in candidates:
            value = self.base(cand) * self.TRUST_FACTOR.get(cand.trust, 0.5)
            cand.importance = round(min(1.0, max(0.0, value)), 3)
            if cand.importance >= self.min_importance:
                kept.append(cand)
        return kept

    def base(self, cand: Candidate) -> float:
        """Return the importance before the trust factor (0..1)."""
        if cand.kind == Kind.EVENT:
            return self.event_value(cand)
        if cand.kind == Kind.PROCEDURE:
            return 0.85
        if cand.kind == Kind.PREFERENCE:
            return 0.65
        if cand.key.startswith("fact:"):
            slot = cand.key.split(":")[1].split("@")[0]
            return self.SLOT_IMPORTANCE.get(slot, 0.6)
        return cand.importance

    @staticmethod
    def event_value(cand: Candidate) -> float:
        """Score an event by what it says about the person (``personal``), 0..1.

        - a life event or change (surgery, moved, quit, 确诊, 搬家, 戒烟), or news about the user or their
          family (an outcome, a habit back: "it's a girl!!", "coffee is back", 拿到驾照了, ``news``): 0.8,
          +0.05 first person, +0.05 for length; such turns decay slowest (``decay.Decay.rate_of``: λ = 0.1/day ×
          ((1 − importance) / 0.5)³, seed 002 §4.2 with MemoryBank's importance-scaled retention, so an
          importance of 0.8 keeps strength above the 0.2 archive line for ~200 days of disuse, where a line
          of chat at ~0.3 falls below it within a day or two);
        - a task or generic question for the assistant ("explain X", "how do I …?", 帮我写…), or
          pleasantries: 0.1, fading first;
        - text that speaks to the model rather than of the person ("Ignore previous instructions …",
          忽略之前的指令, ``trust.is_injection``), such as a web page or tool result carrying planted orders:
          0.02, kept as the record of what was said and ranked below anything the person said;
        - any other statement: 0.2 base, up to +0.3 for length, +0.15 first person, +0.05 photo,
          +0.1 theme (a long account of the day ranks first among an episode's summary points).

        Length counts characters, a CJK character as three (it carries about
        a word); 200 such characters earn the full length bonus.
        """
        text = cand.evidence or cand.description
        cjk = len(HAN.findall(text))
        length = min(1.0, (len(text) + 2 * cjk) / 200)
        if is_injection(text):
            return 0.02
        mine = first_person(text)
        if life_event(text) or news(text):
            return 0.8 + 0.05 * mine + 0.05 * length
        if request(text) or is_small_talk(text.split(":", 1)[-1]):
            return 0.1
        value = 0.2 + 0.3 * length + 0.15 * mine
        if "[shares a photo:" in text or "[分享了一张照片" in text:
            value += 0.05
        if cand.theme and cand.theme != "moments":
            value += 0.1
        return value
