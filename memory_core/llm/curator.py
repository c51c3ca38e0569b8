"""The curation agent (seed 000): a tool-calling loop over ``CurationTools``, returning the turn's ops.

Seed 000 ran a ReAct agent over CRUD tools that wrote at once. Here the loop
is plain (bind the tools once per language, call, run the calls, feed the
results back) and bounded by ``max_steps`` model calls; the tools only plan
ops, and the agent returns them for ``Memory.apply_pending`` to apply atomically.

How the loop ends:

- the model answers without tool calls after changing something, or says
  DONE / 完成: the ops so far are the plan;
- it answers without tools, without changes and without DONE while there
  were candidates: it is reminded once per attempt, then ``LLMOutputError``
  (never an empty success);
- ``attempts`` rounds in a row whose every call was malformed (arguments
  that are not JSON, fail validation, or name no tool): ``LLMOutputError``;
- ``max_steps`` reached: the ops so far are kept, "curate.step_limit" is
  counted and a warning logged.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from memory_core.errors import LLMOutputError
from memory_core.llm.chat import invoke_model
from memory_core.llm.metrics import LLMMetrics
from memory_core.llm.prompts.curate import DONE_WORDS, curate_messages, curate_nudge
from memory_core.llm.tools import CurationTools, Search, tool_specs
from memory_core.model import MemoryItem, Turn
from memory_core.pipeline.types import Candidate
from memory_core.store.write_ops import Op

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage
    from langchain_core.runnables import Runnable

__all__ = ["CurationAgent"]

log = logging.getLogger(__name__)


def _says_done(message: AIMessage) -> bool:
    text = message.content if isinstance(message.content, str) else ""
    cleaned = text.strip().strip("。.!！\"'`").strip()
    return any(cleaned.upper() == w.upper() or cleaned.upper().endswith(w.upper()) for w in DONE_WORDS)


class CurationAgent:
    """Decides, with tools, how one turn changes a user's memory.

    Args:
        model: a chat model that supports tool calling.
        metrics: records each call under "curate" and counts "curate.malformed",
            "curate.nudged", "curate.step_limit", "curate.failed".
        max_steps: model calls per turn at most (>= 1).
        attempts: consecutive malformed rounds, or reminders, before ``LLMOutputError``.
    """

    def __init__(self, model: BaseChatModel, metrics: LLMMetrics, *, max_steps: int = 12,
                 attempts: int = 3) -> None:
        self.model = model
        self.metrics = metrics
        self.max_steps = max(1, max_steps)
        self.attempts = max(1, attempts)
        self._bound: dict[str, Runnable[Any, Any]] = {}

    def bound(self, lang: str) -> Runnable[Any, Any]:
        """Return the model with the tools of ``lang`` bound, built once per language and reused across turns.

        The tool schemas are constants; what is per turn (the user's view, the
        ops) lives in the ``CurationTools`` object that runs the calls. Two
        threads binding the same language at once build two equal bindings
        and keep one.
        """
        found = self._bound.get(lang)
        if found is None:
            found = self._bound.setdefault(lang, self.model.bind_tools(tool_specs(lang)))
        return found

    def curate(self, turn: Turn, candidates: Sequence[Candidate], related: Sequence[MemoryItem], lang: str,
               search: Search | None = None, slots: Sequence[Candidate] = ()) -> list[Op]:
        """Run the tool loop for ``turn``; return the ops its tool calls planned, in apply order.

        Args:
            turn: the turn being written.
            candidates: the extractor's candidates (no events), after trust, dedupe and scoring.
            related: the user's active items recalled for the turn (the agent's starting view).
            lang: "zh" or "en": the prompts' and tools' language.
            search: lets ``read_memories(query)`` find more of the user's items.
            slots: the mechanical slot rules' reading of the turn (their canonical keys go in the prompt).

        Returns:
            Ops each carrying ``turn.turn_id`` and the agent as actor (possibly empty
            when the model said DONE).

        Raises:
            LLMOutputError: malformed tool calls or silent answers past ``attempts``.
            LLMUnavailable: the endpoint failed.
        """
        from langchain_core.messages import HumanMessage, ToolMessage

        tools = CurationTools(turn, related, lang, search)
        bound = self.bound(tools.lang)
        messages = curate_messages(turn, candidates, related, lang, slots)
        bad_rounds = nudges = 0
        for _ in range(self.max_steps):
            reply = invoke_model(bound, messages, stage="curate", metrics=self.metrics, turn_id=turn.turn_id)
            messages.append(reply)
            calls = list(reply.tool_calls)
            invalid = list(reply.invalid_tool_calls)
            if not calls and not invalid:
                if tools.ops or not candidates or _says_done(reply):
                    return tools.ops
                nudges += 1
                self.metrics.count("curate.nudged")
                if nudges >= self.attempts:
                    return self._fail(turn, nudges, "the model stopped without calling a tool or saying DONE")
                messages.append(HumanMessage(content=curate_nudge(lang)))
                continue
            well_formed = False
            last_error = ""
            for bad in invalid:
                last_error = f"arguments of {bad.get('name')} are not valid JSON: {bad.get('error') or bad.get('args')}"
                messages.append(ToolMessage(content=tools.say("bad_args", name=bad.get("name"), error=last_error),
                                            tool_call_id=bad.get("id") or ""))
            for call in calls:
                result, ok = tools.run(call["name"], call["args"])
                well_formed |= ok
                if not ok:
                    last_error = result
                messages.append(ToolMessage(content=result, tool_call_id=call.get("id") or ""))
            if well_formed:
                bad_rounds = 0
                continue
            bad_rounds += 1
            self.metrics.count("curate.malformed")
            if bad_rounds >= self.attempts:
                return self._fail(turn, bad_rounds, last_error)
        self.metrics.count("curate.step_limit")
        log.warning("curation of turn %s of %s stopped at the %d-step limit with %d op(s) planned",
                    turn.turn_id, turn.user_id, self.max_steps, len(tools.ops))
        return tools.ops

    def _fail(self, turn: Turn, attempts: int, error: str) -> list[Op]:
        self.metrics.count("curate.failed")
        log.error("curation of turn %s of %s failed: %s", turn.turn_id, turn.user_id, error)
        raise LLMOutputError("curate", attempts, error)
