"""Fuzzing every operation of the OpenAPI schema against the running shim: never a 5xx.

Schemathesis generates valid and invalid requests (wrong types, missing and
extra fields, oversized strings, odd path ids) from the served schema and
sends them, with a valid key, to the app in front of real workers. Every
answer must be below 500, and every 4xx a JSON error with a code and a
message. Examples per operation are bounded so the suite stays fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import schemathesis
from _http_stack import Stack
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

OPENAPI = Path(__file__).resolve().parents[2] / "api_shim" / "http" / "openapi.json"
# The committed schema, which test_api proves is the one the app serves.
schema = schemathesis.openapi.from_path(str(OPENAPI))


@pytest.fixture(scope="session")
def fuzz_key(stack: Stack) -> str:
    """A key with limits high enough that fuzzing is never rate limited."""
    return stack.key("fuzz", rate_per_s=100_000, burst=100_000, name="fuzz")


def errors_are_json(ctx: Any, response: Any, case: Any) -> None:
    """Every 4xx is ``{"error": {"status", "code", "message"}}`` with the response's status."""
    if 400 <= response.status_code < 500:
        body = response.json()
        error = body["error"]
        assert error["status"] == response.status_code, body
        assert error["code"] and error["message"], body


@schema.parametrize()
@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_server_error(case: Any, stack: Stack, fuzz_key: str) -> None:
    response = case.call(base_url=stack.base_url, headers={"Authorization": f"Bearer {fuzz_key}"}, timeout=30)
    case.validate_response(response, checks=[not_a_server_error, errors_are_json])
