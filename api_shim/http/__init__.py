"""The HTTP shim (optional extra ``http``): the ``/v1`` API and the memory editor page.

See ``README.md`` next to this file, and ``app.create_app``.
"""

from __future__ import annotations

from api_shim.http.app import create_app

__all__ = ["create_app"]
