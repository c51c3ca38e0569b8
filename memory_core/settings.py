"""Settings: one pydantic-settings model, read at start-up, never at import.

Every field can be set from the environment with the ``GULFSTREAM_`` prefix
(``GULFSTREAM_DATABASE_URL``, ``GULFSTREAM_RECALL_K`` ...). With nothing set,
Gulfstream runs embedded: SQLite in ``./.gulfstream/``, the mechanical
extractor and BM25 recall.
"""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["DEFAULT_DATABASE_URL", "Settings", "load_settings"]

DEFAULT_DATABASE_URL = "sqlite:///.gulfstream/gulfstream.sqlite3"


class Settings(BaseSettings):
    """Runtime configuration of the core.

    Attributes:
        database_url: SQLAlchemy URL of the item and turn store
            (``sqlite:///path`` or ``postgresql+psycopg://user:pw@host/db``).
        recall_k: default number of items a recall returns (items).
        recall_preset: name of a recall weighting preset.
        context_budget_tokens: default token budget of the packed context block (tokens).
        lock_timeout_s: how long a curator waits for a user's lock (seconds).
    """

    model_config = SettingsConfigDict(env_prefix="GULFSTREAM_", extra="ignore")

    database_url: str = DEFAULT_DATABASE_URL
    recall_k: int = Field(default=10, ge=1, le=1000)
    recall_preset: str = "default"
    context_budget_tokens: int = Field(default=800, ge=16, le=100_000)
    lock_timeout_s: float = Field(default=10.0, gt=0)


def load_settings(**overrides: object) -> Settings:
    """Read settings from the environment, with keyword overrides on top.

    Raises:
        pydantic.ValidationError: a value from the environment is out of range.
    """
    return Settings(**overrides)  # type: ignore[arg-type]
