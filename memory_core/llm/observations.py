"""LoCoMo's own observations as the extractor's output: a stand-in for an LLM extractor.

Each LoCoMo sample has, per session, ``observation[session_<n>_observation]
= {speaker: [[fact, dia_id(s)], ...]}``: third-person facts written by the
dataset's authors, each tied to the turn(s) that support it. The
``ObservationExtractor`` returns, for a turn whose id is such a ``dia_id``,
the facts tied to it, as FACT candidates; they then go through the normal
stages (classify, trust, dedupe, value score, key-based conflict resolution,
storage). A fact tied to several turns is returned at each of them under
one key, so it becomes one item whose sources are all those turns (the
second turn raises its hit). The verbatim event of each turn is kept beside
the facts, so one run holds both fact items and raw-turn items, and recall
can be measured for each with ``RecallFilters(kinds=...)``.

For the eval: ``observation_pipeline(data, user_for)`` takes the LoCoMo JSON
(the list of samples) and the same ``user_for(sample_id) -> user id`` given
to ``read_locomo``, and returns a ``WritePipeline`` to put in
``Memory.pipeline``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from memory_core.model import Kind, Turn
from memory_core.pipeline.extract import MechanicalExtractor, detect_lang
from memory_core.pipeline.pipeline import WritePipeline
from memory_core.pipeline.score import HeuristicValueScorer
from memory_core.pipeline.types import Candidate

__all__ = ["Observation", "ObservationExtractor", "locomo_observations", "observation_pipeline"]

_DIA = re.compile(r"D\d+:\d+")
_SESSION = re.compile(r"session_(\d+)_observation")
_NON_WORD = re.compile(r"[\W_]+")


@dataclass(slots=True, frozen=True)
class Observation:
    """One LoCoMo observation tied to one turn.

    Attributes:
        speaker: whom the fact is about ("Caroline").
        text: the fact, third person.
        dia_ids: every turn that supports it ("D1:3", ...), in the dataset's order.
    """

    speaker: str
    text: str
    dia_ids: tuple[str, ...]

    @property
    def key(self) -> str:
        """``obs:<16 hex>``: a fingerprint of speaker and text (case and punctuation ignored)."""
        canon = " ".join(_NON_WORD.sub(" ", f"{self.speaker}\0{self.text}".casefold()).split())
        return "obs:" + hashlib.blake2b(canon.encode(), digest_size=8).hexdigest()


def locomo_observations(data: object, user_for: Callable[[str], str]) -> dict[tuple[str, str], list[Observation]]:
    """Index the observations of LoCoMo samples by (user id, dia_id).

    Args:
        data: the parsed LoCoMo JSON: a list of samples (or one sample).
        user_for: ``sample_id -> user id``, the same function given to ``read_locomo``.

    Returns:
        {(user_id, dia_id): [Observation, ...]}; an observation with several
        dia_ids appears under each. Samples without observations add nothing;
        ids that are not "D<n>:<m>" are skipped.
    """
    samples = [data] if isinstance(data, dict) else data if isinstance(data, list) else []
    out: dict[tuple[str, str], list[Observation]] = {}
    for index, sample in enumerate(samples):
        if not isinstance(sample, dict):
            continue
        user_id = user_for(str(sample.get("sample_id", f"sample-{index}")))
        sessions = sample.get("observation") or {}
        for name in sorted(sessions, key=lambda s: int(m.group(1)) if (m := _SESSION.search(s)) else 0):
            by_speaker = sessions[name]
            if not isinstance(by_speaker, dict):
                continue
            for speaker, facts in by_speaker.items():
                for fact in facts if isinstance(facts, list) else []:
                    if not isinstance(fact, list | tuple) or len(fact) < 2 or not str(fact[0]).strip():
                        continue
                    dia_ids = tuple(dict.fromkeys(_DIA.findall(str(fact[1]))))
                    obs = Observation(str(speaker), str(fact[0]).strip(), dia_ids)
                    for dia_id in dia_ids:
                        out.setdefault((user_id, dia_id), []).append(obs)
    return out


class ObservationExtractor:
    """Extractor stage that returns the dataset's observations for a turn, plus its verbatim event.

    Args:
        observations: {(user id, turn id): [Observation]} from ``locomo_observations``.
        keep_events: also return the mechanical event candidate of every turn.

    Attributes:
        used: turns for which observations were returned (for reporting coverage).
    """

    def __init__(self, observations: Mapping[tuple[str, str], list[Observation]], keep_events: bool = True) -> None:
        self.observations = observations
        self.keep_events = keep_events
        self.used = 0
        self._events = MechanicalExtractor()

    def extract(self, turn: Turn) -> list[Candidate]:
        """Return the event candidate (if kept) and one FACT candidate per observation tied to ``turn``."""
        out = [self._events.event(turn)] if self.keep_events and turn.role in self._events.event_roles else []
        found = self.observations.get((turn.user_id, turn.turn_id), [])
        if found:
            self.used += 1
        for obs in found:
            out.append(Candidate(
                kind=Kind.FACT, description=obs.text, key=obs.key, confidence=1.0, importance=0.6,
                valid_from=turn.timestamp, speaker=obs.speaker, lang=detect_lang(obs.text), claim=obs.text,
                evidence=obs.text, notes=["LoCoMo observation"]))
        return out


class _KeepImportance(HeuristicValueScorer):
    """Scores events as usual and keeps an observation's fixed importance (times the trust factor)."""

    def base(self, cand: Candidate) -> float:
        return self.event_value(cand) if cand.kind == Kind.EVENT else cand.importance


def observation_pipeline(data: object, user_for: Callable[[str], str], keep_events: bool = True) -> WritePipeline:
    """Return a ``WritePipeline`` whose extractor is ``ObservationExtractor`` over ``data``.

    Args:
        data: the parsed LoCoMo JSON.
        user_for: ``sample_id -> user id`` as given to ``read_locomo``.
        keep_events: keep the raw-turn event items beside the fact items.

    Returns:
        The pipeline; its ``extractor.used`` counts turns that had observations.
    """
    return WritePipeline(extractor=ObservationExtractor(locomo_observations(data, user_for), keep_events),
                         scorer=_KeepImportance())
