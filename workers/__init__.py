"""Celery shell: app, queues, thin tasks calling memory_core services."""
