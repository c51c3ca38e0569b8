"""The self-check of ``SqlStore``: connectivity, schema revision, a damaged file, and every item's fields.

``SqlSelfCheck`` holds it; ``sql.SqlStore`` mixes it in and provides the
transaction and row helpers it relies on. A SQLite file is read whole first
(``PRAGMA quick_check``): a damaged one is never repaired. Repairs commit one
user at a time.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from sqlalchemy import text, update
from sqlalchemy.engine import URL, Connection

from memory_core.errors import StoreDamaged, StoreError, StoreLocked
from memory_core.model import MemoryItem, Revision
from memory_core.store.base import SelfCheckReport
from memory_core.store.migrate import current_revision, head_revision
from memory_core.store.seed_format import repair_item
from memory_core.store.sql_queries import _F_ALL, _U, _Fetch
from memory_core.store.sqlite_faults import damaged_store, locked_store

__all__: list[str] = []  # internal to memory_core.store.sql


class SqlSelfCheck:
    """``self_check`` on the SQL store's tables (see ``sql.SqlStore``)."""

    if TYPE_CHECKING:
        is_sqlite: bool
        url: URL
        _busy_timeout_s: float
        _next_version: Any

        def _tx(self, write: bool = False) -> AbstractContextManager[Connection]: ...

        def _counted(self, fault: StoreError) -> StoreError: ...

        def users(self, prefix: str = "") -> list[str]: ...

        def _write_items(self, conn: Connection, user_id: str, items: Iterable[MemoryItem],
                         before: dict[str, list[Revision]], version: int | None = None) -> None: ...

        @staticmethod
        def _fetch(conn: Connection, user_id: str, stmts: _Fetch = _F_ALL, *, with_history: bool = True,
                   **params: Any) -> dict[str, MemoryItem]: ...

    def self_check(self, repair: bool = True) -> SelfCheckReport:
        """Check connectivity, schema revision and every item's fields; repair what can be.

        A SQLite file is first read whole (``PRAGMA quick_check``): a damaged one is never repaired.

        Returns:
            A ``SelfCheckReport``: FAIL for an unreachable database, a schema not
            at head or unrepairable items; WARN when repairs were made.

        Raises:
            StoreDamaged: the SQLite file is damaged; nothing was written to it.
            StoreLocked: another process held the write lock past the busy timeout; the message says which
                repairs (each user's whole, or none) were kept.
        """
        report = SelfCheckReport()
        try:
            with self._tx() as conn:
                conn.execute(text("SELECT 1"))
                at = current_revision(conn)
                found = [str(row[0]) for row in conn.execute(text("PRAGMA quick_check(5)"))] if self.is_sqlite \
                    else ["ok"]
        except StoreDamaged:
            raise
        except StoreError as exc:
            report.issues.append(f"database unreachable: {exc}")
            return report.finish()
        if found != ["ok"]:
            raise self._counted(damaged_store(self.url.database, "; ".join(found)))
        head = head_revision()
        if at != head:
            report.issues.append(f"schema is at revision {at}, the code expects {head}: run the migrations")
            return report.finish()
        try:
            self._check_items(report, repair)
        except StoreLocked:  # each user's repairs commit whole: say which were kept
            outcome = (f"the check stopped there: the repairs of {len(report.repaired)} item(s) before it were "
                       "kept, nothing else was changed") if report.repaired else \
                "the check stopped before repairing anything; nothing was changed"
            raise locked_store(self.url.database, self._busy_timeout_s, outcome) from None
        return report.finish()

    def _check_items(self, report: SelfCheckReport, repair: bool) -> None:
        """Check (and with ``repair``, repair) every user's items, one transaction per user, into ``report``."""
        for user_id in self.users():
            with self._tx(write=repair) as conn:
                items = self._fetch(conn, user_id)
                fixed_items = []
                for item in items.values():
                    before = list(item.history)
                    fixed, issues = repair_item(item)
                    label = f"{user_id}/{item.id}"
                    report.issues += [f"{label}: {msg}" for msg in issues]
                    if fixed and repair:
                        report.repaired += [f"{label}: {msg}" for msg in fixed]
                        fixed_items.append((item, before))
                    elif fixed:
                        report.issues += [f"{label}: {msg} (not repaired)" for msg in fixed]
                    report.item_count += not issues
                if fixed_items:
                    version = conn.execute(update(_U).where(_U.c.user_id == user_id)
                                           .values(memory_version=self._next_version)
                                           .returning(_U.c.memory_version)).scalar()
                    self._write_items(conn, user_id, [i for i, _ in fixed_items],
                                      {i.id: b for i, b in fixed_items}, version)
