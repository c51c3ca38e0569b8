"""The memory editor page: plain HTML and a small script, served by the shim, behind the API key.

``/editor/login`` asks for an API key and trades it for an HttpOnly,
SameSite=Strict session cookie holding the key (``POST /editor/session``);
``/editor`` and its assets need that cookie. The page's script then calls
the same ``/v1`` API as any backend, with the cookie and the
``X-Gulfstream-Editor: 1`` header (see ``deps``).

Theme labels come from ``memory_core.pipeline.themes`` (one source for the
pipeline and the page): the page gets every theme's English and Chinese
label and titles each column in the language shown, grouping an item by the
slug its theme names (``taste`` and ``品味`` are one column).
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from api_shim.http.deps import COOKIE, services
from api_shim.http.errors import ApiError, JsonResponse
from api_shim.http.json_keys import JsonRoute
from api_shim.http.services import Services
from memory_core.pipeline.themes import THEMES, theme_label

__all__ = ["STATIC", "router"]

STATIC = Path(__file__).resolve().parent / "static"
_ASSETS = {"editor.js": "text/javascript", "editor.css": "text/css"}
_THEME_LABELS = html.escape(json.dumps({slug: {lang: theme_label(slug, lang) for lang in ("en", "zh")}
                                        for slug in THEMES}, ensure_ascii=False), quote=True)

router = APIRouter(prefix="/editor", include_in_schema=False, route_class=JsonRoute)

Svc = Annotated[Services, Depends(services)]


class _Login(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: str = Field(min_length=1, max_length=200)


def _signed_in(request: Request, svc: Services) -> bool:
    text = request.cookies.get(COOKIE)
    return text is not None and svc.keys.authenticate(text) is not None


@router.get("")
def editor_page(request: Request, svc: Svc) -> Response:
    """The editor, or a redirect to the login page."""
    if not _signed_in(request, svc):
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"/editor/login{query}", status_code=303)
    page = (STATIC / "editor.html").read_text(encoding="utf-8")
    page = page.replace("{{POLL_MS}}", str(int(svc.settings.http_editor_poll_ms)))
    page = page.replace("{{THEME_LABELS}}", _THEME_LABELS)
    return HTMLResponse(page, headers={"Cache-Control": "no-store"})


@router.get("/login")
def login_page() -> Response:
    """The login form (no data on it)."""
    return FileResponse(STATIC / "login.html", media_type="text/html")


@router.post("/session")
def sign_in(body: _Login, svc: Svc) -> Response:
    """Check the key and set the session cookie."""
    key = svc.keys.authenticate(body.key)
    if key is None:
        raise ApiError(401, "unauthorized", "the API key is unknown, malformed or revoked")
    reply = JsonResponse({"tenant": key.tenant, "key_id": key.key_id})
    reply.set_cookie(COOKIE, body.key.strip(), httponly=True, samesite="strict", path="/",
                     secure=svc.settings.http_cookie_secure, max_age=12 * 3600)
    return reply


@router.post("/logout")
def sign_out() -> Response:
    """Drop the session cookie."""
    reply = JsonResponse({"signed_out": True})
    reply.delete_cookie(COOKIE, path="/")
    return reply


@router.get("/assets/{name}")
def asset(name: str, request: Request, svc: Svc) -> Any:
    """The editor's script and style sheet (signed in only)."""
    if name not in _ASSETS:
        raise ApiError(404, "not_found", f"no editor asset {name!r}")
    if not _signed_in(request, svc):
        raise ApiError(401, "unauthorized", "sign in at /editor/login first")
    return FileResponse(STATIC / name, media_type=_ASSETS[name], headers={"Cache-Control": "no-cache"})
