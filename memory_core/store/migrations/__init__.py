"""Alembic migrations of the SQL store (run with ``memory_core.store.migrate.upgrade``)."""
