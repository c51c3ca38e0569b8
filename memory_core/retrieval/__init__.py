"""Mechanical recall: tokenizers (English and Chinese), BM25 and per-user recall.

Modules:

- ``tokenize``: the old path of ``memory_core.text.tokenize`` (text to index terms), kept for importers;
- ``bm25``: a BM25 (Okapi) index scored through an inverted index;
- ``recall``: per-user recall with filters, recency and hit weighting, and an
  index cache keyed by the store's memory version.
"""
