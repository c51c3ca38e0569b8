"""Sensitive data on the write path, English and Chinese (seed 001 §8.12.2, §8.21.3, §8.24.1).

``detect(text)`` (``memory_core.pipeline.sensitive_detect``) finds secrets and
high-risk attributes with rules (regular expressions, context words and
checksums; no model):

(categories: secret, code, card, account, id, api_key, health; see that module).

A ``Finding`` gives the category and the span of the value (the number, the
password, the condition); ``mask`` replaces those spans.

``SensitiveGuard`` checks the ops a pipeline planned for one turn (the same
hook for the mechanical and the LLM pipelines) and applies the tenant's
``policy``:

- ``keep``: the item is written with theme ``sensitive`` (the default);
- ``mask``: the item is written with the values masked;
- ``drop``: the item is not written.

Whatever the policy, a sensitive value is written only in the user's own
words: the turn is the user's (role ``user``) and every value found in the
op's text occurs in the turn's text. An LLM's paraphrase or a tool's output
cannot create one (the op is dropped and counted).

Recall (``Memory.recall``) leaves items of theme ``sensitive`` out of the
results and the packed context unless the query names the kind of value the
item holds (``may_show``: a question about a locker code does not show the
user's card number) or filters on that theme. Raw turns are items too (kind
``event``, the turn's text): one holding a secret is flagged, masked or
dropped like any other item.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Literal

from memory_core.model import Turn
from memory_core.pipeline.sensitive_detect import (
    CATEGORIES,
    Finding,
    asked_categories,
    asks_for_sensitive,
    detect,
    mask,
)
from memory_core.store.write_ops import AddOp, EndOp, MergeOp, Op, UpdateOp

__all__ = [
    "CATEGORIES",
    "SENSITIVE_THEME",
    "Finding",
    "Policy",
    "SensitiveGuard",
    "asked_categories",
    "asks_for_item",
    "asks_for_sensitive",
    "detect",
    "is_sensitive",
    "mask",
    "masked_unless_asked",
    "may_show",
    "parse_tenant_policies",
]

log = logging.getLogger(__name__)

SENSITIVE_THEME = "sensitive"
Policy = Literal["keep", "mask", "drop"]
POLICIES: tuple[Policy, ...] = ("keep", "mask", "drop")


def is_sensitive(text: str) -> bool:
    """True when ``detect(text)`` finds anything."""
    return bool(detect(text))


def asks_for_item(query: str, description: str) -> bool:
    """True when ``query`` names one of the sensitive values of ``description`` ("my cancer treatment")."""
    q = query.casefold()
    return any(f.value.casefold() in q for f in detect(description) if f.category == "health")


def may_show(query: str, description: str, asked: set[str] | None = None) -> bool:
    """True when a recall for ``query`` may show the sensitive item ``description`` (seed 001 §8.24.1).

    Only when the query names the kind of value the item holds ("what is my locker code?" shows a
    code, not the user's card number), or names the item's health value itself.

    Args:
        asked: ``asked_categories(query)``, when the caller already has it.
    """
    asked = asked_categories(query) if asked is None else asked
    found = detect(description)
    return any(f.category in asked for f in found) or asks_for_item(query, description) \
        or (not found and bool(asked))  # a masked item (values gone): any sensitive question


# ── the guard on the write path ─────────────────────────────────────────


def masked_unless_asked(query: str, text: str, asked: set[str] | None = None) -> str:
    """``text`` with the sensitive values a recall for ``query`` did not ask for masked.

    For words that go with a recalled item into the context (its source turn's text, the value it
    superseded): a value is left as it is when the query names its kind (``asked_categories``) or,
    for a health value, names the value itself; every other one becomes ``[<category>]``.
    """
    found = detect(text)
    if not found:
        return text
    asked = asked_categories(query) if asked is None else asked
    q = query.casefold()
    hidden = [f for f in found
              if f.category not in asked and not (f.category == "health" and f.value.casefold() in q)]
    return mask(text, hidden) if hidden else text


def _norm(value: str) -> str:
    return re.sub(r"[\s-]", "", value).casefold()


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


class SensitiveGuard:
    """Applies the sensitive-data policy to the ops planned for one turn.

    Args:
        default: the policy of users without a tenant-specific one ("keep", "mask" or "drop").
        by_tenant: ``{tenant: policy}``; a user id ``"<tenant>:<user>"`` (the HTTP shim's
            namespacing) takes its tenant's policy.

    Attributes:
        counts: ``Counter`` of outcomes ("kept", "masked", "dropped", "refused_not_users_words").
    """

    def __init__(self, default: Policy = "keep", by_tenant: Mapping[str, Policy] | None = None) -> None:
        if default not in POLICIES:
            raise ValueError(f"unknown sensitive-data policy {default!r}; one of {POLICIES}")
        self.default: Policy = default
        self.by_tenant = dict(by_tenant or {})
        self.counts: Counter[str] = Counter()

    def policy_for(self, user_id: str) -> Policy:
        """The policy of ``user_id`` (its tenant's, else the default)."""
        tenant, sep, _ = user_id.partition(":")
        return self.by_tenant.get(tenant, self.default) if sep else self.default

    def guard(self, turn: Turn, ops: list[Op]) -> list[Op]:
        """Return ``ops`` with the policy applied to every op that writes text.

        An op whose text holds a sensitive value is dropped when the turn is not
        the user's or the value is not in the turn's own text; otherwise it is
        kept with theme ``sensitive``, masked, or dropped as the policy says.
        An ``EndOp`` superseding in favour of a dropped item is dropped with it.
        """
        policy = self.policy_for(turn.user_id)
        own = _norm(turn.text) if turn.role == "user" else ""
        dropped: set[str] = set()
        out: list[Op] = []
        for op in ops:
            text = _op_text(op)
            findings = detect(text) if text else []
            if not findings:
                if isinstance(op, EndOp) and op.by_id in dropped:
                    continue
                out.append(op)
                continue
            if not own or any(_norm(f.value) not in own for f in findings):
                self._drop(op, dropped, "refused_not_users_words", turn)
                continue
            if policy == "drop":
                self._drop(op, dropped, "dropped", turn)
                continue
            out.append(_masked(op, findings) if policy == "mask" else _flagged(op))
            self.counts["masked" if policy == "mask" else "kept"] += 1
        return out

    def _drop(self, op: Op, dropped: set[str], why: str, turn: Turn) -> None:
        if isinstance(op, AddOp):
            dropped.add(op.item.id)
        self.counts[why] += 1
        log.info("sensitive data: %s an op of turn %s of %s", why.replace("_", " "), turn.turn_id, turn.user_id)


def _op_text(op: Op) -> str:
    if isinstance(op, AddOp):
        return op.item.description
    if isinstance(op, UpdateOp):
        return op.new_description or ""
    if isinstance(op, MergeOp):
        return op.merged_description
    return ""


def _flagged(op: Op) -> Op:
    if isinstance(op, AddOp):
        op.item.theme = SENSITIVE_THEME
        return op
    if isinstance(op, UpdateOp):
        return replace(op, new_theme=SENSITIVE_THEME)
    if isinstance(op, MergeOp):
        return replace(op, merged_theme=SENSITIVE_THEME)
    return op


def _masked(op: Op, findings: Sequence[Finding]) -> Op:
    if isinstance(op, AddOp):
        op.item.description = mask(op.item.description, findings)
        if op.item.key:
            op.item.key = mask(op.item.key)
        for rev in op.item.history:
            if rev.new_description:
                rev.new_description = op.item.description
        return op
    if isinstance(op, UpdateOp) and op.new_description:
        return replace(op, new_description=mask(op.new_description, findings))
    if isinstance(op, MergeOp):
        return replace(op, merged_description=mask(op.merged_description, findings))
    return op
