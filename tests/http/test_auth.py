"""API keys (hashed, revocable, per tenant), rate limits, and the committed OpenAPI schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sqlalchemy as sa

from api_shim.http.app import openapi_json
from api_shim.http.auth import ApiKey, KeyStore, RateLimiter, check_tenant, namespaced, parse_key
from memory_core.errors import InvalidField

OPENAPI = Path(__file__).resolve().parents[2] / "api_shim" / "http" / "openapi.json"


def test_committed_openapi_is_the_apps() -> None:
    assert openapi_json() == OPENAPI.read_text(encoding="utf-8"), \
        "regenerate it: python -m api_shim.http openapi > api_shim/http/openapi.json"
    paths = json.loads(OPENAPI.read_text(encoding="utf-8"))["paths"]
    # the versioned API, Mem0's server shape beside it, and the probes
    assert all(p.startswith(("/v1/", "/mem0/")) or p in ("/healthz", "/readyz") for p in paths)


def test_keys_are_stored_hashed_scoped_and_revocable(worker_db_url: str) -> None:
    engine = sa.create_engine(worker_db_url)
    keys = KeyStore(engine, cache_ttl_s=60)
    try:
        text, key = keys.create("acme", "backend", rate_per_s=5, burst=7)
        key_id, secret = parse_key(text) or ("", "")
        assert key_id == key.key_id and (key.tenant, key.rate_per_s, key.burst) == ("acme", 5.0, 7)
        with engine.connect() as conn:
            row = conn.execute(sa.text("SELECT * FROM api_keys")).one()._mapping
        assert secret not in json.dumps({k: str(v) for k, v in row.items()})  # only the hash is kept
        assert keys.authenticate(text) == key
        assert keys.authenticate(text[:-1] + ("A" if text[-1] != "A" else "B")) is None
        assert keys.authenticate("gs_" + "0" * 12 + "_" + secret) is None
        assert keys.authenticate("not a key") is None
        assert keys.revoke(key.key_id) and not keys.revoke(key.key_id)
        assert keys.authenticate(text) is None  # revoking drops this process's cache entry
        assert [k.revoked_at is not None for k in keys.list("acme")] == [True]
        assert keys.list("globex") == []
    finally:
        engine.dispose()


@pytest.mark.parametrize("tenant", ["", "Acme", "a:b", "-x", "a" * 33, "ten ant", 5])
def test_bad_tenant_ids_are_refused(tenant: object) -> None:
    with pytest.raises(InvalidField):
        check_tenant(tenant)


def test_namespacing_cannot_reach_another_tenant() -> None:
    assert namespaced("acme", "alice") == "acme:alice"
    assert namespaced("globex", "acme:alice") != namespaced("acme", "alice")


def test_token_bucket_allows_burst_then_refills() -> None:
    from datetime import UTC, datetime

    key = ApiKey("k1", "acme", "", rate_per_s=1000.0, burst=3, created_at=datetime.now(UTC))
    slow = ApiKey("k2", "acme", "", rate_per_s=0.01, burst=2, created_at=datetime.now(UTC))
    limiter = RateLimiter()
    assert [limiter.take(slow) for _ in range(2)] == [0.0, 0.0]
    assert limiter.take(slow) > 50  # about 100 s to the next token
    assert all(limiter.take(key) == 0.0 for _ in range(3))


def test_an_unreachable_database_keeps_the_last_lookup_and_refuses_unknown_keys(worker_db_url: str) -> None:
    from memory_core.errors import StoreError

    engine = sa.create_engine(worker_db_url)
    keys = KeyStore(engine, cache_ttl_s=0.0)  # every request asks the database
    try:
        text, key = keys.create("acme", "backend")
        other, _ = keys.create("acme", "never-seen")
        assert keys.authenticate(text) == key
        keys.engine = sa.create_engine("postgresql+psycopg://nobody@127.0.0.1:1/none",
                                       connect_args={"connect_timeout": 2})  # the database goes away
        assert keys.authenticate(text) == key  # the last lookup stands
        with pytest.raises(StoreError, match="cannot read API keys"):  # 503 over HTTP, not 500
            keys.authenticate(other)
        keys.engine.dispose()
    finally:
        engine.dispose()
