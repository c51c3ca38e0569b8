"""Adapters of the ``MemoryAPI`` to agent frameworks (LangChain, LangGraph); each needs its extra installed."""

from __future__ import annotations

__all__ = ["missing_extra"]


def missing_extra(module: str, extra: str, exc: ModuleNotFoundError) -> ModuleNotFoundError:
    """The error an integration raises when its framework is not installed: names the extra to install.

    Args:
        module: the integration (``memory_core.integrations.agent_graph``).
        extra: the package extra holding its framework (``langgraph``).
        exc: the import's own error (its missing module is named too).
    """
    return ModuleNotFoundError(f"{module} needs the {extra!r} extra ({exc.name or exc} is not installed): "
                               f"pip install 'gulfstream[{extra}]'", name=exc.name)
