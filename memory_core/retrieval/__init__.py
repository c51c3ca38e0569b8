"""Mechanical recall: tokenizers (English and Chinese), BM25 and per-user recall.

Modules:

- ``tokenize``: text to index terms, for English, Chinese and mixed text;
- ``bm25``: a BM25 (Okapi) index scored through an inverted index;
- ``recall``: per-user recall with filters, recency and hit weighting, and an
  index cache keyed by the store's memory version.
"""
