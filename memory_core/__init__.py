"""Gulfstream's pure core: memory items, stores, the write pipeline, recall and context.

Imports neither Celery nor Redis; everything here runs in one process.
"""

__version__ = "0.1.0"
