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

Recall (``Memory.recall``) shows an item of theme ``sensitive`` with its values in
clear when the query names their kind, masked when it finds the item by a clause
holding none (``recall_shown``), else not (``may_show``: a locker code does not show the
user's card number; 密码 alone asks for a password, 银行卡密码 for a PIN); one
filtering on that theme shows them all. A question about food, eating, cooking, meals,
restaurants, recipes or drinks sees the user's food allergies and food
restrictions (``diet_shown``; an allergen's category: food, drug, environment), and no other health
detail. The question side (``may_show``, ``diet_shown``, ``unasked``…) is in
``sensitive_query`` and re-exported here. Raw turns are items too (kind
``event``, the turn's text): one holding a secret is flagged, masked or
dropped like any other item.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

from memory_core.model import Turn
from memory_core.pipeline.echo import echo_findings
from memory_core.pipeline.sensitive_detect import CATEGORIES, Finding, detect, mask
from memory_core.pipeline.sensitive_policy import POLICIES, SENSITIVE_THEME, Policy, check_policy, parse_tenant_policies
from memory_core.pipeline.sensitive_query import (
    asked_categories,
    asks_for_item,
    asks_for_sensitive,
    base_words,
    diet_shown,
    masked_unless_asked,
    may_show,
    pin_preferred,
    unasked,
)
from memory_core.pipeline.sensitive_reworded import put_right, restated
from memory_core.pipeline.sensitive_thing import tie_to_thing
from memory_core.store.write_ops import AddOp, EndOp, MergeOp, Op, UpdateOp

__all__ = [
    "CATEGORIES",
    "POLICIES",
    "SENSITIVE_THEME",
    "Finding",
    "Policy",
    "SensitiveGuard",
    "asked_categories",
    "asks_for_item",
    "asks_for_sensitive",
    "base_words",
    "detect",
    "diet_shown",
    "is_sensitive",
    "mask",
    "masked_unless_asked",
    "may_show",
    "parse_tenant_policies",
    "pin_preferred",
    "unasked",
]

log = logging.getLogger(__name__)


def is_sensitive(text: str) -> bool:
    """True when ``detect(text)`` finds anything."""
    return bool(detect(text))


def _norm(value: str) -> str:
    return re.sub(r"[\s-]", "", value).casefold()


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
        self.default: Policy = check_policy(default)
        self.by_tenant = dict(by_tenant or {})
        self.counts: Counter[str] = Counter()

    def policy_for(self, user_id: str) -> Policy:
        """The policy of ``user_id`` (its tenant's, else the default)."""
        tenant, sep, _ = user_id.partition(":")
        return self.by_tenant.get(tenant, self.default) if sep else self.default

    def guard(self, turn: Turn, ops: list[Op], prior: Turn | None = None) -> list[Op]:
        """Return ``ops`` with the policy applied to every op that writes text.

        An op whose text holds a sensitive value is dropped when the turn is not
        the user's or the value is not in the turn's own text; otherwise it is
        kept with theme ``sensitive``, masked, or dropped as the policy says.
        An ``EndOp`` superseding in favour of a dropped item is dropped with it.
        ``prior``: the user turn an assistant ``turn`` answers; a value of it the
        op repeats, in either language, is a sensitive value of the op
        (``echo.echo_findings``: "Noted, no peanuts!" after "我对花生过敏").
        """
        policy = self.policy_for(turn.user_id)
        own: str | None = None  # the turn's own words, normalised when an op first holds a finding
        dropped: set[str] = set()
        out: list[Op] = []
        said = detect(turn.text)
        for op in ops:
            text = _op_text(op)
            findings = _with_said(text, detect(text), said) if text else []
            if text and prior is not None:
                findings = _without_overlaps([*findings, *echo_findings(text, prior)])
            if not findings:
                if isinstance(op, EndOp) and op.by_id in dropped:
                    continue
                out.append(op)
                continue
            if own is None:
                own = _norm(turn.text) if turn.role == "user" else ""
            if not own or any(_norm(f.value) not in own and not restated(f, said, turn.text)
                              and not put_right(f, turn.text, text) for f in findings):
                self._drop(op, dropped, "refused_not_users_words", turn)
                continue
            if policy == "drop":
                self._drop(op, dropped, "dropped", turn)
                continue
            op = tie_to_thing(op, text, findings, said)  # "用户的密码是 X" of a bank card: 用户的银行卡密码是 X
            findings = detect(_op_text(op)) or findings
            out.append(_masked(op, findings) if policy == "mask" else _flagged(op))
            self.counts["masked" if policy == "mask" else "kept"] += 1
        return out

    def _drop(self, op: Op, dropped: set[str], why: str, turn: Turn) -> None:
        if isinstance(op, AddOp):
            dropped.add(op.item.id)
        self.counts[why] += 1
        log.info("sensitive data: %s an op of turn %s of %s", why.replace("_", " "), turn.turn_id, turn.user_id)


def _with_said(text: str, findings: list[Finding], said: list[Finding]) -> list[Finding]:
    """``findings`` and the values of the turn's own ``said`` findings that ``text`` repeats where its own
    words no longer name their kind ("Ann's email one is Mail#2025" from "…password is …, and my email one
    is Mail#2025"): they are as sensitive in the item as in the turn."""
    out = list(findings)
    for f in said:
        start = text.find(f.value)
        if start >= 0 and not any(g.start < start + len(f.value) and start < g.end for g in out):
            out.append(Finding(f.category, start, start + len(f.value), f.value, f.thing))
    return sorted(out, key=lambda f: f.start)


def _without_overlaps(findings: list[Finding]) -> list[Finding]:
    """``findings`` in text order, a finding overlapping an earlier one left out."""
    out: list[Finding] = []
    for f in sorted(findings, key=lambda f: (f.start, -f.end)):
        if not out or f.start >= out[-1].end:
            out.append(f)
    return out


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
        for rev in op.item.history:  # the create revision says the theme the item is written with
            if rev.new_theme:
                rev.new_theme = SENSITIVE_THEME
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
