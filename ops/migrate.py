"""Bring the database named by ``GULFSTREAM_DATABASE_URL`` (or argv[1]) to the newest schema.

Used by ``ops/stack.sh`` and the compose ``migrate`` service; exits 0 when done.
"""

from __future__ import annotations

import os
import sys


def main() -> int:
    from memory_core.store.migrate import upgrade

    url = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("GULFSTREAM_DATABASE_URL", "")
    if not url:
        print("usage: migrate.py DATABASE_URL (or set GULFSTREAM_DATABASE_URL)", file=sys.stderr)
        return 2
    upgrade(url)
    print("database migrated to head")
    return 0


if __name__ == "__main__":
    sys.exit(main())
