"""The write pipeline: extract -> classify -> trust -> dedupe -> value score -> conflict -> ops.

``WritePipeline().plan(turn, store)`` is the entry point; the stages live in
their own modules and can be replaced one by one (see ``WritePipeline``).
"""

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
