"""The LLM agents: extraction, curation and recall on any OpenAI-compatible chat endpoint.

Modules::

    chat          build_chat_model(settings), invoke_model (metering, error conversion)
    metrics       LLMMetrics: tokens in/out and latency per call and per turn, counters
    structured    structured_call: JSON by schema, harmless repairs, retry with the error shown
    schemas       Extraction / ExtractedFact (pydantic, described for the model)
    prompts/      pure functions returning messages, Chinese and English
    extractor     LLMExtractor, ModelImportanceScorer (pipeline stages)
    tools         CurationTools: create/read/update/delete/merge/hit bound to one user's view
    curator       CurationAgent: the bounded tool loop returning ops
    related       RelatedItems: the agent's per-user BM25 over active non-event items, kept across turns
    pipeline      LLMWritePipeline: plan(turn, store) -> [Op], like WritePipeline
    recall        LLMRecaller: seed 000's LLMRetriever over BM25 candidates, modes llm/hybrid/mechanical
    observations  ObservationExtractor: LoCoMo observations as a stand-in extractor

langchain-core and langchain-openai are needed only when a model is
configured (``pip install 'gulfstream[llm]'``); ``observations``,
``metrics`` and ``related`` need neither.
"""

from memory_core.llm.metrics import CallRecord, LLMMetrics, TurnUsage
from memory_core.llm.observations import Observation, ObservationExtractor, locomo_observations, observation_pipeline

__all__ = [
    "CallRecord",
    "CurationAgent",
    "CurationTools",
    "LLMExtractor",
    "LLMMetrics",
    "LLMRecaller",
    "LLMWritePipeline",
    "ModelImportanceScorer",
    "Observation",
    "ObservationExtractor",
    "RelatedItems",
    "TurnUsage",
    "build_chat_model",
    "locomo_observations",
    "observation_pipeline",
]


def __getattr__(name: str) -> object:
    """Import the langchain-backed parts on first use, so the package imports without langchain."""
    lazy = {
        "build_chat_model": "memory_core.llm.chat", "CurationAgent": "memory_core.llm.curator",
        "CurationTools": "memory_core.llm.tools", "LLMExtractor": "memory_core.llm.extractor",
        "ModelImportanceScorer": "memory_core.llm.extractor", "LLMRecaller": "memory_core.llm.recall",
        "LLMWritePipeline": "memory_core.llm.pipeline", "RelatedItems": "memory_core.llm.related",
    }
    if name in lazy:
        import importlib

        return getattr(importlib.import_module(lazy[name]), name)
    raise AttributeError(f"module 'memory_core.llm' has no attribute {name!r}")
