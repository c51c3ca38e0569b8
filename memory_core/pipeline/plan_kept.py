"""A life plan the user said ahead is over once what it named holds (issue 13 §2: a plan is not the current value).

"下个月搬去杭州" is kept as a plan (``todo:move``, the goal slot's ``key_objects``) and changes no home;
"搬完了，现在住杭州" then states the home. The plan has come true: it is no longer what will happen, and
left active it would still answer "when is she moving?" as a thing to come. ``plan_kept`` adds the plan's
key to the ``ends`` of each of the user's new positive values, in a slot the plan's act fills
(``memory_core/data/plan_acts.yaml``: a move fills the home, a start the employer), that the active plan
names ("…moving to Denver" and "lives in Denver"), so the resolver supersedes the plan by the value. A
value the plan does not name (the old home said again while the move is still to come) ends nothing.
A retirement or a wedding names no value: a statement of its slot whose claim tells the act done ("User has
retired", "用户结婚了": ``memory_core/data/plan_done_by.yaml``) ends the active plan of that act whatever it names.
``plan_told_ops`` then ends the event of the turn that told a plan once the plan is superseded (done, put
off to another time, called off).
"""

from __future__ import annotations

from datetime import timedelta
from functools import cache

from memory_core.model import Actor, Status, Turn
from memory_core.pipeline.held_change import Rows, add_ends, held
from memory_core.pipeline.plans import life_plan
from memory_core.pipeline.slot_hit import SlotHit
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped
from memory_core.store.lookup import KeyLookup
from memory_core.store.write_ops import EndOp, Op
from memory_core.text.script import has_han

__all__ = ["done_plans", "plan_kept", "plan_told_ops", "without_plans_held"]


@cache
def _acts() -> dict[str, tuple[str, ...]]:
    """Slot attribute id -> the plan keys (``todo:<act>``) a value of that slot may fulfil."""
    out: dict[str, list[str]] = {}
    for act, attrs in load_shipped("data", "plan_acts.yaml").items():
        for attr in attrs:
            out.setdefault(attr, []).append(f"todo:{act}")
    return {attr: tuple(keys) for attr, keys in out.items()}


@cache
def _done_by() -> dict[str, tuple[tuple[str, tuple[str, ...]], ...]]:
    """Slot attribute id -> (plan key, words of a claim that tell that plan's act done), from plan_done_by.yaml."""
    out: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for act, attrs in load_shipped("data", "plan_done_by.yaml").items():
        for attr, words in attrs.items():
            out.setdefault(attr, []).append((f"todo:{act}", tuple(str(w).casefold() for w in words)))
    return {attr: tuple(rows) for attr, rows in out.items()}


def done_plans(cand: Candidate) -> tuple[str, ...]:
    """The plan keys (``todo:<act>``, with ``cand``'s qualifier) whose act ``cand`` tells done whatever value it names
    ("User has retired" -> ("todo:retire",)); () for any other candidate (plan_done_by.yaml)."""
    if cand.is_event or not cand.key.startswith("fact:"):
        return ()
    attr, _, qualifier = cand.key.partition("@")
    claim = cand.claim.casefold()
    return tuple(key + (f"@{qualifier}" if qualifier else "")
                 for key, words in _done_by().get(attr.removeprefix("fact:"), ())
                 if any(w in claim for w in words))


def plan_kept(cands: list[Candidate], rows: Rows) -> None:
    """Add to each of the user's new positive values the keys of the active plans it fulfils.

    Args:
        cands: one turn's candidates, changed in place (``Candidate.ends``).
        rows: ``prefixes -> [(id, key, description)]`` of the user's active statements; read only when the
            turn states a value of a slot some plan fills.
    """
    acts = _acts()
    filled = [(c, acts[attr]) for c in cands
              if not c.is_event and c.polarity > 0 and c.key.startswith("fact:")
              and (attr := c.key.partition("@")[0].removeprefix("fact:")) in acts]
    told = [(c, keys) for c in cands if (keys := done_plans(c))]
    if not filled and not told:
        return
    plans = rows(("todo:",))
    for cand, keys in told:  # "退休了" after "准备明年退休": the plan is done, no value to match
        add_ends(cand, [key for _, key, _ in plans if key in keys])
    for cand, keys in filled:
        names = [n.casefold() for n in cand.aliases if n]  # "denver", "杭州", "字节跳动" and "bytedance"
        add_ends(cand, [key for key, text in held(rows, ("todo:",), cand.key.partition("@")[2])
                        if key.partition("@")[0] in keys and any(name in text.casefold() for name in names)])


def without_plans_held(hits: list[SlotHit]) -> list[SlotHit]:
    """``hits`` without the life plans that the same clause says are done: "我年后搬到成都了" (said in March) states
    the home, and its "年后" is no plan still to come; a clause that reads as a plan never gets here
    (``slots.read_clause``). A plan's hit goes when the clause also holds, as now, a value of a slot its act fills
    (``plan_acts.yaml``)."""
    acts = _acts()
    held = {key for h in hits if h.polarity > 0 and not h.subject for key in acts.get(h.attr.id, ())}
    return [h for h in hits if not (h.polarity > 0 and h.key in held)]


def plan_told_ops(turn: Turn, ops: list[Op], store: KeyLookup) -> list[Op]:
    """``ops`` and, for each life plan (``plans.life_plan``) they supersede, an ``EndOp`` of the event of the turn
    that told the plan: "我们俩打算明年五一办婚礼" is no longer what will happen once the wedding is put off to
    October, done or called off, and recall must not answer "when is the wedding?" with it. The event stays in
    the history, superseded at ``turn``'s time, as ``plan_end`` leaves the events of a plan called off.

    Args:
        turn: the turn whose ops these are.
        ops: the turn's ops so far.
        store: read only when an op supersedes an item (one read of the user's active to-dos, then the plan's
            items and the events said from its time on).

    Raises:
        StoreError: the store failed while reading.
    """
    ended = {op.item_id for op in ops if isinstance(op, EndOp) and op.status == Status.SUPERSEDED}
    if not ended:
        return ops
    keys = [key for item_id, key, _ in store.active_by_prefix(turn.user_id, ("todo:",))
            if item_id in ended and life_plan(key)]
    if not keys:
        return ops
    plans = [item for items in store.find_by_keys(turn.user_id, keys).values() for item in items
             if item.id in ended]
    told: list[Op] = []
    for plan in plans:
        said = plan.valid_from or plan.created_at
        for event in store.active_said_after(turn.user_id, "event:", said - timedelta(seconds=1)):
            if event.source and set(event.source) <= set(plan.source) and event.id not in ended \
                    and (event.valid_from or event.created_at) < turn.timestamp:
                ended.add(event.id)
                why = ("计划已变：" if has_han(plan.description) else "the plan changed: ") + turn.text
                told.append(EndOp(event.id, Status.SUPERSEDED, why[:200], Actor.PIPELINE, turn.turn_id,
                                  valid_until=turn.timestamp, at=turn.timestamp))
    return ops + told
