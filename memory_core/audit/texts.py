"""``data/check_texts.yaml`` compiled once per process: the carried-value sentences and the speaker labels."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from memory_core.shipped_yaml import load_shipped

__all__ = ["CarriedSlot", "carried_slots", "speaker_labels"]


@dataclass(frozen=True, slots=True)
class CarriedSlot:
    """One single-valued slot and the sentences of a stored text that state its value.

    Attributes:
        slot: the slot key without a speaker qualifier ("fact:occupation").
        said: the compiled sentences (case-insensitive), each with the value as group ``v``.
    """

    slot: str
    said: tuple[re.Pattern[str], ...]


@functools.lru_cache(maxsize=1)
def carried_slots() -> tuple[CarriedSlot, ...]:
    """The ``carried`` entries of ``data/check_texts.yaml``, ``%TITLE%`` expanded per language."""
    data = load_shipped("data", "check_texts.yaml")
    out = []
    for entry in data["carried"]:
        said = [re.compile(p.replace("%TITLE%", entry["title"][lang].strip()), re.IGNORECASE)
                for lang in ("en", "zh") for p in entry["said"][lang]]
        out.append(CarriedSlot(str(entry["slot"]), tuple(said)))
    return tuple(out)


@functools.lru_cache(maxsize=1)
def speaker_labels() -> tuple[str, ...]:
    """The role labels a turn is written with ("用户", "user", "assistant"), casefolded."""
    return tuple(str(label).casefold() for label in load_shipped("data", "check_texts.yaml")["speakers"])
