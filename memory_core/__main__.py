"""``python -m memory_core`` runs the ``gulfstream`` CLI."""

from memory_core.cli import main

main()
