"""The write pipeline: extract -> classify -> trust -> dedupe -> value score -> conflict -> ops.

``WritePipeline().plan(turn, store)`` is the entry point; the stages live in
their own modules and can be replaced one by one (see ``WritePipeline``).

The names below load on first use (PEP 562): importing one rule module
(``memory_core.pipeline.sensitive`` for the read surfaces' masking) does not
import every rule of the write path, so a command that only reads a store
starts without them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from memory_core.pipeline.extract import MechanicalExtractor, detect_lang, event_key, split_clauses
    from memory_core.pipeline.pipeline import WritePipeline
    from memory_core.pipeline.resolve import BatchDeduper, KeyConflictResolver
    from memory_core.pipeline.score import HeuristicValueScorer
    from memory_core.pipeline.themes import THEMES, LexiconClassifier, classify_theme, theme_label, theme_slug
    from memory_core.pipeline.trust import RoleTrustFilter, is_rule_like
    from memory_core.pipeline.types import (
        Candidate,
        Classifier,
        ConflictResolver,
        Deduper,
        Extractor,
        KeyLookup,
        TrustFilter,
        ValueScorer,
    )

#: Each public name and the module that defines it.
_HOMES = {
    **dict.fromkeys(("MechanicalExtractor", "detect_lang", "event_key", "split_clauses"), "extract"),
    "WritePipeline": "pipeline",
    **dict.fromkeys(("BatchDeduper", "KeyConflictResolver"), "resolve"),
    "HeuristicValueScorer": "score",
    **dict.fromkeys(("THEMES", "LexiconClassifier", "classify_theme", "theme_label", "theme_slug"), "themes"),
    **dict.fromkeys(("RoleTrustFilter", "is_rule_like"), "trust"),
    **dict.fromkeys(("Candidate", "Classifier", "ConflictResolver", "Deduper", "Extractor", "KeyLookup",
                     "TrustFilter", "ValueScorer"), "types"),
}

__all__ = [
    "THEMES",
    "BatchDeduper",
    "Candidate",
    "Classifier",
    "ConflictResolver",
    "Deduper",
    "Extractor",
    "HeuristicValueScorer",
    "KeyConflictResolver",
    "KeyLookup",
    "LexiconClassifier",
    "MechanicalExtractor",
    "RoleTrustFilter",
    "TrustFilter",
    "ValueScorer",
    "WritePipeline",
    "classify_theme",
    "detect_lang",
    "event_key",
    "is_rule_like",
    "split_clauses",
    "theme_label",
    "theme_slug",
]


def __getattr__(name: str) -> object:
    """A public name of the package, imported from its module on first use.

    Raises:
        AttributeError: not one of ``__all__`` (so ``from memory_core.pipeline import <submodule>`` still
            imports the submodule).
    """
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
