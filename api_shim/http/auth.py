"""API keys, tenants and per-key rate limits.

A key belongs to one tenant. Its text is ``gs_<key_id>_<secret>``: the
``key_id`` (12 hex characters) is public and names the row of the
``api_keys`` table (migration ``0003``); only the SHA-256 of the secret is
stored, compared in constant time. The secret is 32 random bytes, so a plain
hash is enough (no password stretching needed) and keeps a lookup cheap.

Tenancy: every user id a request names is namespaced inside the key's tenant
before it reaches the pipeline: user ``alice`` of tenant ``acme`` is stored
as ``acme:alice``. Tenant ids have no ``:``, so no user id of one tenant can
spell another tenant's namespace: a request can only ever reach its own
tenant's users, and another tenant's user simply does not exist for it (404).

Rate limits: a token bucket per key, ``rate_per_s`` tokens a second up to
``burst``, kept in each shim process (with N shim processes a key can make
up to N times its rate). An empty bucket answers 429 with ``Retry-After``.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import cast

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from memory_core.errors import InvalidField, StoreError
from memory_core.store.sql_schema import ApiKeyRow
from memory_core.validation import MAX_ID_CHARS

log = logging.getLogger(__name__)

__all__ = [
    "MAX_TENANT_CHARS",
    "MAX_USER_ID_CHARS",
    "ApiKey",
    "KeyStore",
    "RateLimiter",
    "api_keys_table",
    "check_tenant",
    "namespaced",
    "parse_key",
]

MAX_TENANT_CHARS = 32
MAX_USER_ID_CHARS = MAX_ID_CHARS - MAX_TENANT_CHARS - 1
"""A user id over HTTP: 95 characters, so that ``<tenant>:<user>`` fits the store's 128."""

_TENANT_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,31}$")
_KEY_RE = re.compile(r"^gs_([0-9a-f]{12})_([A-Za-z0-9_-]{20,64})$")

api_keys_table = cast(sa.Table, ApiKeyRow.__table__)  # one definition, beside the other tables


def check_tenant(tenant: object) -> str:
    """Return ``tenant`` if it is a valid tenant id (1..32 of ``a-z 0-9 -``, not starting with ``-``).

    Raises:
        InvalidField: anything else.
    """
    if not isinstance(tenant, str) or not _TENANT_RE.match(tenant):
        raise InvalidField(f"tenant must be 1 to {MAX_TENANT_CHARS} characters of a-z, 0-9 and '-'; "
                           f"got {tenant!r}")
    return tenant


def namespaced(tenant: str, user_id: str) -> str:
    """Return the stored id of ``user_id`` inside ``tenant``: ``"<tenant>:<user_id>"``."""
    return f"{tenant}:{user_id}"


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def parse_key(text: str) -> tuple[str, str] | None:
    """Split a key's text into (key_id, secret); None when it is not shaped like a key."""
    found = _KEY_RE.match(text.strip())
    return (found.group(1), found.group(2)) if found else None


@dataclass(slots=True, frozen=True)
class ApiKey:
    """One API key (never its secret).

    Attributes:
        key_id: the public part of the key.
        tenant: the tenant it acts for.
        name: a label ("chat-backend-eu").
        rate_per_s: sustained requests per second allowed.
        burst: requests allowed at once.
        created_at / revoked_at: UTC; ``revoked_at`` None while the key works.
    """

    key_id: str
    tenant: str
    name: str
    rate_per_s: float
    burst: int
    created_at: datetime
    revoked_at: datetime | None = None


class KeyStore:
    """Creates, looks up and revokes API keys in the ``api_keys`` table.

    Args:
        engine: an engine on the memory database (migrated to ``0003`` or later).
        cache_ttl_s: how long a lookup (found or not) is reused, in seconds; a
            revoked key stops working within this time.
    """

    def __init__(self, engine: Engine, cache_ttl_s: float = 10.0) -> None:
        self.engine = engine
        self.cache_ttl_s = cache_ttl_s
        self._cache: dict[str, tuple[float, tuple[ApiKey, str] | None]] = {}
        self._lock = threading.Lock()

    def create(self, tenant: str, name: str = "", *, rate_per_s: float = 50.0, burst: int = 100) -> tuple[str, ApiKey]:
        """Create a key; return (its full text, shown only this once; the key).

        Raises:
            InvalidField: a bad tenant or limits.
        """
        tenant = check_tenant(tenant)
        if not rate_per_s > 0 or burst < 1:
            raise InvalidField("rate_per_s must be above 0 and burst at least 1")
        key_id, secret = secrets.token_hex(6), secrets.token_urlsafe(32)
        key = ApiKey(key_id, tenant, name, float(rate_per_s), int(burst), datetime.now(UTC))
        with self.engine.begin() as conn:
            conn.execute(sa.insert(api_keys_table).values(
                key_id=key_id, tenant=tenant, name=name, secret_sha256=_digest(secret), rate_per_s=key.rate_per_s,
                burst=key.burst, created_at=key.created_at))
        return f"gs_{key_id}_{secret}", key

    def revoke(self, key_id: str) -> bool:
        """Revoke a key; return False when no such live key exists."""
        t = api_keys_table
        with self.engine.begin() as conn:
            done = conn.execute(sa.update(t).where(t.c.key_id == key_id, t.c.revoked_at.is_(None))
                                .values(revoked_at=datetime.now(UTC)))
        with self._lock:
            self._cache.pop(key_id, None)
        return bool(done.rowcount)

    def list(self, tenant: str | None = None) -> list[ApiKey]:
        """Return keys (live and revoked), oldest first, of one tenant or all."""
        t = api_keys_table
        query = sa.select(t).order_by(t.c.created_at)
        if tenant is not None:
            query = query.where(t.c.tenant == tenant)
        with self.engine.connect() as conn:
            return [self._key(row) for row in conn.execute(query)]

    @staticmethod
    def _key(row: sa.Row[object]) -> ApiKey:
        m = row._mapping
        return ApiKey(m["key_id"], m["tenant"], m["name"], m["rate_per_s"], m["burst"], m["created_at"],
                      m["revoked_at"])

    def is_cached(self, text: str) -> bool:
        """True when ``authenticate(text)`` would answer from the cache, without the database."""
        parsed = parse_key(text)
        if parsed is None:
            return True
        with self._lock:
            cached = self._cache.get(parsed[0])
        return cached is not None and time.monotonic() - cached[0] <= self.cache_ttl_s

    def authenticate(self, text: str) -> ApiKey | None:
        """Return the live key whose full text is ``text``; None for anything else.

        A key is read from the database at most once per ``cache_ttl_s``; while
        the database is unreachable the last lookup of the key stands.

        Raises:
            StoreError: the database is unreachable and the key was never looked up.
        """
        parsed = parse_key(text)
        if parsed is None:
            return None
        key_id, secret = parsed
        now = time.monotonic()
        with self._lock:
            cached = self._cache.get(key_id)
        if cached is None or now - cached[0] > self.cache_ttl_s:
            t = api_keys_table
            try:
                with self.engine.connect() as conn:
                    row = conn.execute(sa.select(t).where(t.c.key_id == key_id)).first()
            except sa.exc.SQLAlchemyError as exc:
                if cached is None:
                    raise StoreError(f"cannot read API keys: {exc}") from exc
                # the database is down: keep trusting the last lookup (asked again next time)
                log.warning("API key lookup failed, using the last one seen for %s: %s", key_id, exc)
            else:
                found = None if row is None or row.revoked_at is not None else (self._key(row), row.secret_sha256)
                cached = (now, found)
                with self._lock:
                    if len(self._cache) > 10_000:
                        self._cache.clear()
                    self._cache[key_id] = cached
        if cached[1] is None:
            return None
        key, digest = cached[1]
        return key if hmac.compare_digest(digest, _digest(secret)) else None


class RateLimiter:
    """Token buckets per key id, in this process."""

    def __init__(self) -> None:
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: ApiKey) -> float:
        """Take one token for ``key``; return 0.0, or the seconds to wait when the bucket is empty."""
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get(key.key_id, (float(key.burst), now))
            tokens = min(float(key.burst), tokens + (now - last) * key.rate_per_s)
            if tokens >= 1.0:
                self._buckets[key.key_id] = (tokens - 1.0, now)
                return 0.0
            self._buckets[key.key_id] = (tokens, now)
            return (1.0 - tokens) / key.rate_per_s
