"""One settings base: the core, the workers and the HTTP shim read one environment alike."""

from __future__ import annotations

import logging

import pytest

from api_shim.http.settings import HttpSettings
from memory_core.errors import InvalidField
from memory_core.settings import GulfstreamSettings, Settings, load_settings
from workers.settings import WorkerSettings

MODELS = (Settings, WorkerSettings, HttpSettings)


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    for name in ("GULFSTREAM_DATABASE_URL", "GULFSTREAM_LOCK_TIMEOUT_S", "GULFSTREAM_USER_LOCK_TIMEOUT_S",
                 "GULFSTREAM_CURATE_LOCK_WAIT_S"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.mark.parametrize("model", MODELS)
def test_every_model_shares_the_base_and_its_database_default(model: type[GulfstreamSettings], tmp_path) -> None:
    assert issubclass(model, GulfstreamSettings)
    assert model.load().database_url == f"sqlite:///{tmp_path / 'data' / 'gulfstream' / 'gulfstream.sqlite3'}"


@pytest.mark.parametrize("model", MODELS)
def test_one_database_url_reaches_every_model(model: type[GulfstreamSettings], monkeypatch) -> None:
    monkeypatch.setenv("GULFSTREAM_DATABASE_URL", "postgresql+psycopg://u@h/数据库")
    assert model.load().database_url == "postgresql+psycopg://u@h/数据库"


def test_the_two_lock_waits_have_two_names(monkeypatch) -> None:
    assert load_settings().user_lock_timeout_s == 10.0
    assert WorkerSettings.load().curate_lock_wait_s == 0.05
    monkeypatch.setenv("GULFSTREAM_USER_LOCK_TIMEOUT_S", "3")
    monkeypatch.setenv("GULFSTREAM_CURATE_LOCK_WAIT_S", "0.2")
    assert load_settings().user_lock_timeout_s == 3.0
    assert WorkerSettings.load().curate_lock_wait_s == 0.2


def test_the_old_lock_variable_still_sets_the_core_wait_and_says_it_is_deprecated(monkeypatch, caplog) -> None:
    monkeypatch.setenv("GULFSTREAM_LOCK_TIMEOUT_S", "4.5")
    with caplog.at_level(logging.WARNING, logger="memory_core.settings"):
        assert load_settings().user_lock_timeout_s == 4.5
    assert "GULFSTREAM_LOCK_TIMEOUT_S is deprecated" in caplog.text
    assert "GULFSTREAM_USER_LOCK_TIMEOUT_S" in caplog.text
    assert WorkerSettings.load().curate_lock_wait_s == 0.05  # the workers' re-queue wait is another thing


def test_the_new_lock_variable_wins_over_the_old_one_and_an_override_over_both(monkeypatch, caplog) -> None:
    monkeypatch.setenv("GULFSTREAM_LOCK_TIMEOUT_S", "4.5")
    monkeypatch.setenv("GULFSTREAM_USER_LOCK_TIMEOUT_S", "2")
    with caplog.at_level(logging.WARNING, logger="memory_core.settings"):
        assert load_settings().user_lock_timeout_s == 2.0
        assert load_settings(user_lock_timeout_s=1).user_lock_timeout_s == 1.0
    assert "deprecated" not in caplog.text


def test_a_bad_old_lock_variable_is_named_in_the_error(monkeypatch) -> None:
    monkeypatch.setenv("GULFSTREAM_LOCK_TIMEOUT_S", "bientôt")
    with pytest.raises(InvalidField, match="GULFSTREAM_LOCK_TIMEOUT_S='bientôt'"):
        load_settings()


@pytest.mark.parametrize("model", (WorkerSettings, HttpSettings))
def test_shell_settings_name_their_bad_variable_too(model: type[GulfstreamSettings], monkeypatch) -> None:
    monkeypatch.setenv("GULFSTREAM_REDIS_URL", "redis://h/0")
    monkeypatch.setenv("GULFSTREAM_RECALL_REPLY_TTL_S", "三十")
    monkeypatch.setenv("GULFSTREAM_HTTP_MAX_BODY_BYTES", "-1")
    with pytest.raises(InvalidField, match="GULFSTREAM_"):
        model.load()


def test_worker_settings_keep_no_unread_fields() -> None:
    for gone in ("lock_timeout_s", "ingest_gap_wait_s", "ingest_gap_countdown_s", "db_pool_size",
                 "recall_timeout_ms"):
        assert gone not in WorkerSettings.model_fields
