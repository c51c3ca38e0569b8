"""Prompts of the LLM agents: pure functions returning messages, in Chinese and English.

Each module pairs its prompt with the pydantic schema the answer must match
(``memory_core.llm.schemas``) or with the tools the agent may call
(``memory_core.llm.tools``). Every function takes ``lang`` ("zh" or "en"),
the language of the turn, so that memories are written in it.
"""

from memory_core.llm.prompts.common import format_when, item_line, theme_menu
from memory_core.llm.prompts.curate import curate_messages, curate_nudge, curate_system
from memory_core.llm.prompts.extract import extract_messages, extract_retry
from memory_core.llm.prompts.recall import recall_messages

__all__ = [
    "curate_messages",
    "curate_nudge",
    "curate_system",
    "extract_messages",
    "extract_retry",
    "format_when",
    "item_line",
    "recall_messages",
    "theme_menu",
]
