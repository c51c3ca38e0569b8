"""The sensitive-data policies (``keep``, ``mask``, ``drop``) and their per-tenant overrides.

Apart from ``pipeline.sensitive`` (the guard that applies them, with the
detector behind it) so a ``Memory`` checks its settings when it is built
without loading the write path's rules: a command that only reads a store
never needs them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

__all__ = ["POLICIES", "SENSITIVE_THEME", "Policy", "check_policy", "parse_tenant_policies"]

#: The theme of an item holding a sensitive value (written so by ``keep``; the read surfaces gate it on the query).
SENSITIVE_THEME = "sensitive"

Policy = Literal["keep", "mask", "drop"]
POLICIES: tuple[Policy, ...] = ("keep", "mask", "drop")


def check_policy(policy: str) -> Policy:
    """``policy`` when it is one of ``POLICIES``.

    Raises:
        ValueError: any other value.
    """
    if policy not in POLICIES:
        raise ValueError(f"unknown sensitive-data policy {policy!r}; one of {POLICIES}")
    return policy  # type: ignore[return-value]


def parse_tenant_policies(spec: str | Mapping[str, str]) -> dict[str, Policy]:
    """Parse ``"acme=drop,beta=mask"`` (or a mapping) into ``{tenant: policy}``.

    Raises:
        ValueError: an entry is not ``tenant=policy`` or names an unknown policy.
    """
    pairs: Iterable[tuple[str, str]]
    if isinstance(spec, Mapping):
        pairs = spec.items()
    else:
        pairs = []
        for entry in filter(None, (e.strip() for e in spec.split(","))):
            tenant, sep, policy = entry.partition("=")
            if not sep:
                raise ValueError(f"expected tenant=policy, got {entry!r}")
            pairs.append((tenant.strip(), policy.strip()))
    out: dict[str, Policy] = {}
    for tenant, policy in pairs:
        if policy not in POLICIES:
            raise ValueError(f"unknown sensitive-data policy {policy!r} for {tenant!r}; one of {POLICIES}")
        out[tenant] = policy  # type: ignore[assignment]
    return out
