"""A life plan the user said ahead is over once what it named holds (issue 13 §2: a plan is not the current value).

"下个月搬去杭州" is kept as a plan (``todo:move``, the goal slot's ``key_objects``) and changes no home;
"搬完了，现在住杭州" then states the home. The plan has come true: it is no longer what will happen, and
left active it would still answer "when is she moving?" as a thing to come. ``plan_kept`` adds the plan's
key to the ``ends`` of each of the user's new positive values, in a slot the plan's act fills
(``memory_core/data/plan_acts.yaml``: a move fills the home, a start the employer), that the active plan
names ("…moving to Denver" and "lives in Denver"), so the resolver supersedes the plan by the value. A
value the plan does not name (the old home said again while the move is still to come) ends nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped

__all__ = ["plan_kept"]

Rows = Callable[[tuple[str, ...]], list[tuple[str, str, str]]]


@cache
def _acts() -> dict[str, tuple[str, ...]]:
    """Slot attribute id -> the plan keys (``todo:<act>``) a value of that slot may fulfil."""
    out: dict[str, list[str]] = {}
    for act, attrs in load_shipped("data", "plan_acts.yaml").items():
        for attr in attrs:
            out.setdefault(attr, []).append(f"todo:{act}")
    return {attr: tuple(keys) for attr, keys in out.items()}


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
    if not filled:
        return
    plans = rows(("todo:",))
    for cand, keys in filled:
        qualifier = cand.key.partition("@")[2]
        names = [n.casefold() for n in cand.aliases if n]  # "denver", "杭州", "字节跳动" and "bytedance"
        ends = [key for _, key, text in plans
                if key.partition("@")[0] in keys and key.partition("@")[2] == qualifier
                and any(name in text.casefold() for name in names)]
        if ends:
            cand.ends = tuple(dict.fromkeys((*cand.ends, *ends)))
