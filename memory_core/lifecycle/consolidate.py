"""Which active items say the same thing: step 2 of ``maintain`` (consolidation), as pairs to merge.

Active items that say the same thing are merged into one: same kind and
canonical slot key (a key of the user's own words, ``gist:<thing>``, names
a thing, not a slot: "Dana cancelled Netflix" and the "Dana pays for
Spotify" kept beside it share one, so they merge only when
``same_claim.distinct`` finds no difference), same kind and normalised text, or (with an embedder)
cosine similarity at or above a threshold between two items of one kind and
theme that ``same_claim.distinct`` finds no difference between (slot keys,
speakers, polarity, values: an embedder's cosine alone puts "lives in
Lisbon" beside "lives in Porto") (seed 000's merge, seed 001 §8.5:
consolidation). Events and summaries are records of distinct moments and are
never merged. Of a group, the item said last keeps its text (then the one
used most; of a semantic pair, the text holding the other's words and more,
``same_claim.fuller``); the others go into its history.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime

import numpy as np

from memory_core.model import Kind, MemoryItem
from memory_core.pipeline.same_claim import distinct

__all__ = ["Embedder", "merge_pairs", "norm_text"]

#: Texts in, one row per text out (any scale; rows are normalised here).
Embedder = Callable[[Sequence[str]], np.ndarray]
_NORM_RE = re.compile(r"[\W_]+")


def norm_text(text: str) -> str:
    """Casefolded text with runs of punctuation and spaces made one space (equal-text grouping)."""
    return _NORM_RE.sub(" ", text.casefold()).strip()


def _said(item: MemoryItem) -> datetime:
    return item.valid_from or item.created_at


def merge_pairs(active: Sequence[MemoryItem], embedder: Embedder | None = None,
                similarity: float = 0.92) -> list[tuple[MemoryItem, MemoryItem, str]]:
    """Return (keep, other, why) for every active item to merge into another (module docstring).

    Args:
        active: the user's active items (events and summaries are skipped).
        embedder: optional; adds pairs of close embeddings.
        similarity: cosine at or above which two same-kind, same-theme items are duplicates.
    """
    items = [i for i in active if i.kind not in (Kind.EVENT, Kind.SUMMARY)]
    groups: dict[tuple[str, ...], list[MemoryItem]] = {}
    for item in items:
        key: tuple[str, ...] = ("key", str(item.kind), item.key) if item.key \
            else ("text", str(item.kind), norm_text(item.description))
        groups.setdefault(key, []).append(item)
    pairs: list[tuple[MemoryItem, MemoryItem, str]] = []
    merged: set[str] = set()
    for key, group in groups.items():
        if len(group) < 2:
            continue
        keep, *others = sorted(group, key=lambda i: (_said(i), i.hit, i.id), reverse=True)
        why = "same slot key" if key[0] == "key" else "same text"
        if key[0] == "key" and str(key[2]).startswith("gist:"):  # an anchor, not a slot: its items may differ
            others = [o for o in others if not distinct(keep, o)]
        pairs += [(keep, other, why) for other in others]
        merged.update(o.id for o in others)
    if embedder is not None:
        pairs += _similar([i for i in items if i.id not in merged], embedder, similarity)
    return pairs


def _similar(items: list[MemoryItem], embedder: Embedder,
             similarity: float) -> list[tuple[MemoryItem, MemoryItem, str]]:
    """Pairs (keep, other) of same-kind, same-theme items whose embeddings are close."""
    if len(items) < 2:
        return []
    vectors = np.asarray(embedder([i.description for i in items]), dtype=np.float64)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    vectors = vectors / np.where(norms == 0, 1.0, norms)
    sims = vectors @ vectors.T
    pairs: list[tuple[MemoryItem, MemoryItem, str]] = []
    gone: set[int] = set()
    order = sorted(range(len(items)), key=lambda j: (_said(items[j]), items[j].hit), reverse=True)
    for a in order:
        if a in gone:
            continue
        for b in order:
            if b == a or b in gone or items[a].kind != items[b].kind or items[a].theme != items[b].theme:
                continue
            if sims[a, b] >= similarity and not distinct(items[a], items[b]):
                pairs.append((items[a], items[b], f"similar text (cosine {sims[a, b]:.2f})"))
                gone.add(b)
        gone.add(a)
    return pairs
