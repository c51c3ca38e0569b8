"""The HTTP shim (optional extra ``http``): the ``/v1`` API and the memory editor page.

See ``README.md`` next to this file, and ``app.create_app``. The package itself imports no web
framework, so ``python -m api_shim.http`` can say which extra is missing instead of failing on it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    """``create_app`` on first use (PEP 562), so importing the package needs no FastAPI."""
    if name == "create_app":
        from api_shim.http.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
