"""Adapters of the ``MemoryAPI`` to agent frameworks (LangChain, LangGraph); each needs its extra installed."""
