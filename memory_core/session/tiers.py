"""The context block by tier: working memory → short-term window → recalled items → summaries.

Seed 001 §8.5.1 packs context by priority (current goal and step first, then
recent observations, then relevant long-term memories, then history
summaries); seed 003 §2 has the three tiers share one window. One budget
(tokens, ``count_tokens``) is filled tier by tier in that order; inside a
tier the most useful lines go first (pending steps before done ones, the
newest turns, the best-scored items); a line that does not fit is left out
whole and smaller later lines may still fit (``truncated`` says so).

Every line says where it came from (working memory, a turn id and time, an
item's source turns and trust), and the block keeps ``context``'s framing:
one ``<memories>`` block under a header that calls it reference data, not
instructions, every field on one line with ``<``/``>`` neutralised, so no
turn, note or item can close the block or pose as an instruction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from memory_core.context import BLOCK_CLOSE, BLOCK_OPEN, count_tokens, header, item_line, neutralise
from memory_core.errors import InvalidField
from memory_core.local_time import local_clock
from memory_core.model import Kind
from memory_core.retrieval.provenance import ContextNote
from memory_core.retrieval.recall import RecallResult
from memory_core.session.short_term import SessionWindow
from memory_core.session.tool_turns import quoted_text, trust_label
from memory_core.session.working import WorkingMemory
from memory_core.validation import check_budget_tokens

__all__ = ["TIERS", "TieredContext", "build_tiered_context"]

TIERS = ("working", "session", "long_term", "summaries")
_HEADINGS = {
    "en": {"working": "## working memory (task in progress)", "session": "## this session",
           "long_term": "## long-term memories", "summaries": "## summaries of past conversations"},
    "zh": {"working": "## 工作记忆（进行中的任务）", "session": "## 本次会话",
           "long_term": "## 长期记忆", "summaries": "## 过往对话摘要"},
}
_WM = {
    "en": {"goal": "goal", "status": "status", "step": "step {n} [{state}]", "note": "note",
           "checkpoint": "last checkpoint", "src": "(source: working memory, updated {at})",
           "turn": "(source: turn {id}, {at}{trust})",
           "summary": "(source: turns up to #{seq} of this session, summarised)"},
    "zh": {"goal": "目标", "status": "状态", "step": "步骤 {n} [{state}]", "note": "备注",
           "checkpoint": "最近检查点", "src": "（来源：工作记忆，更新于 {at}）",
           "turn": "（来源：对话 {id}，{at}{trust}）", "summary": "（来源：本会话第 {seq} 轮及之前的摘要）"},
}
_TRUST_SEP = {"en": "; ", "zh": "；"}


@dataclass(slots=True)
class TieredContext:
    """A context block packed by tier.

    Attributes:
        text: the block ("" when nothing fits or there is nothing).
        tokens: ``count_tokens(text)``, never above the budget.
        truncated: True when some line was left out for the budget.
        lines: lines packed per tier (``TIERS``).
        item_ids: ids of the long-term items and summaries used, in block order.
    """

    text: str
    tokens: int
    truncated: bool
    lines: dict[str, int] = field(default_factory=dict)
    item_ids: list[str] = field(default_factory=list)


def _working_lines(wm: WorkingMemory | None, lang: str) -> list[tuple[int, str]]:
    """(position shown, line) in the order lines are packed: goal, pending steps, the other steps, notes, the
    last checkpoint; the block shows the steps that fit in plan order (step 1 before step 2)."""
    if wm is None:
        return []
    labels = _WM[lang]
    src = labels["src"].format(at=wm.updated_at.strftime("%Y-%m-%d %H:%M") if wm.updated_at else "?")
    lines: list[str] = []
    if wm.goal:
        lines.append(f"- {labels['goal']}: {neutralise(wm.goal)} [{labels['status']}: {wm.status}] {src}")
    ordered = [(i, s) for i, s in enumerate(wm.steps) if s.state == "pending"] + \
              [(i, s) for i, s in enumerate(wm.steps) if s.state != "pending"]
    out = list(enumerate(lines))
    first = len(lines)
    out += [(first + i, f"- {labels['step'].format(n=i + 1, state=s.state)}: {neutralise(s.text)} {src}")
            for i, s in ordered]
    after = first + len(wm.steps)
    tail = [f"- {labels['note']}: {neutralise(k)} = {neutralise(v)} {src}" for k, v in wm.scratch.items()]
    if wm.checkpoints:
        last = wm.checkpoints[-1]
        tail.append(f"- {labels['checkpoint']}: {neutralise(str(last.get('label', '')))} "
                    f"({neutralise(str(last.get('at', '')))}) {src}")
    return out + [(after + n, line) for n, line in enumerate(tail)]


def _session_lines(window: SessionWindow | None, lang: str) -> list[tuple[int, str]]:
    """(sort position, line): the newest turns first in priority, then the rolling summary. A tool's words are
    quoted and labelled as the context block labels tool items (``tool_turns.quoted_text``)."""
    if window is None:
        return []
    labels = _WM[lang]
    out = []
    for turn in reversed(window.turns):
        who = neutralise(turn.speaker or turn.role)
        at = local_clock(turn.timestamp, turn.meta)
        trust = trust_label(turn, lang)
        source = labels["turn"].format(id=neutralise(turn.turn_id), at=at,
                                       trust=(_TRUST_SEP[lang] + trust) if trust else "")
        out.append((turn.seq, f"- {who}: {quoted_text(turn)} {source}"))
    if window.summary:
        out.append((0, f"- {neutralise(window.summary)} {labels['summary'].format(seq=window.summarized_through)}"))
    return out


def build_tiered_context(*, working: WorkingMemory | None = None, window: SessionWindow | None = None,
                         results: Sequence[RecallResult] = (), summaries: Sequence[RecallResult] = (),
                         budget_tokens: int = 800, lang: str = "en",
                         notes: Mapping[str, ContextNote] | None = None,
                         session_tokens: int | None = None) -> TieredContext:
    """Pack the tiers into one block within ``budget_tokens`` (module docstring).

    Args:
        working: the session's working memory, if any.
        window: the session's short-term window, if any.
        results: recalled long-term items (summary items among them go to the summaries tier).
        summaries: recalled summary items.
        budget_tokens: the most tokens the block may use (>= 0).
        lang: "en" or "zh": the language of headings and labels.
        notes: per item id, what ``recall``'s block says beside the item (``retrieval.provenance``: the value it
            replaced, "outdated", its source turn's words), already masked as the recall masks them.
        session_tokens: the most tokens the session tier may take, its lines as written (with their source
            labels) and heading; None: no cap of its own. Without it a window sized on its bare turn text can
            fill the whole block and leave no room for long-term memories.

    Raises:
        InvalidField: a negative or non-integer budget, or an unknown ``lang``.
    """
    check_budget_tokens(budget_tokens)
    if lang not in _HEADINGS:
        raise InvalidField(f"lang must be 'en' or 'zh'; got {lang!r}")
    frame = [BLOCK_OPEN, header(lang)]
    used = sum(count_tokens(line) + 1 for line in frame) + count_tokens(BLOCK_CLOSE)
    truncated = False
    packed: dict[str, list[tuple[int, str]]] = {tier: [] for tier in TIERS}
    ids: list[str] = []
    spent = dict.fromkeys(TIERS, 0)
    caps = {"session": session_tokens} if session_tokens is not None else {}

    def take(tier: str, position: int, line: str, cost: int | None = None) -> bool:
        nonlocal used, truncated
        cost = (count_tokens(line) + 1) if cost is None else cost
        heading = 0 if packed[tier] else count_tokens(_HEADINGS[lang][tier]) + 1
        cap = caps.get(tier)
        if used + cost + heading > budget_tokens or (cap is not None and spent[tier] + cost + heading > cap):
            truncated = True
            return False
        used += cost + heading
        spent[tier] += cost + heading
        packed[tier].append((position, line))
        return True

    for position, line in _working_lines(working, lang):
        take("working", position, line)
    for position, line in _session_lines(window, lang):
        take("session", position, line)
    seen: set[str] = set()
    long_term = [r for r in results if r.item.kind != Kind.SUMMARY]
    summary_items = [*summaries, *(r for r in results if r.item.kind == Kind.SUMMARY)]
    for tier, group in (("long_term", long_term), ("summaries", summary_items)):
        for n, r in enumerate(sorted(group, key=lambda r: (-r.score, r.rank))):
            if r.item.id in seen:
                continue
            seen.add(r.item.id)
            line, cost = item_line(r.item, r.turn_ids or r.item.source, lang, notes.get(r.item.id) if notes else None)
            if take(tier, n, line, cost):
                ids.append(r.item.id)
    if not any(packed.values()):
        return TieredContext("", 0, truncated, {tier: 0 for tier in TIERS})
    lines = list(frame)
    for tier in TIERS:
        if packed[tier]:
            lines.append(_HEADINGS[lang][tier])
            lines += [line for _, line in sorted(packed[tier])]
    lines.append(BLOCK_CLOSE)
    text = "\n".join(lines)
    return TieredContext(text, count_tokens(text), truncated, {t: len(packed[t]) for t in TIERS}, ids)
