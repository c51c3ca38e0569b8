"""The statuses of a dead letter (``workers.deadletter``).

Apart from the table code so ``gulfstream dlq`` names them in its options (and ``gulfstream --help`` mounts
it) without loading SQLAlchemy and the store schema.
"""

__all__ = ["STATUSES"]

#: A row's ``status``: dead (the curator gave up), retried (replayed by hand), dropped (kept for the record).
STATUSES = ("dead", "retried", "dropped")
