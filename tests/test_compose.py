"""docker-compose.yml: every service's command names something that exists here."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
SERVICES = {"redis", "postgres", "migrate", "curate-worker", "edit-worker", "recall-worker", "maintenance-worker",
            "beat", "flower", "http-shim"}


def _compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    return data


def _check_entry_point(service: str, command: list[str]) -> None:
    if command[:2] == ["nice", "-n"]:  # a lower CPU priority, then the program
        assert int(command[2]) > 0, f"{service}: nice without a positive increment"
        command = command[3:]
    prog, *args = command
    if prog == "celery":
        assert args[0] == "-A", f"{service}: celery without -A"
        module = args[1]
        assert importlib.util.find_spec(module) is not None, f"{service}: no module {module}"
        assert args[2] in {"worker", "beat", "flower"}, f"{service}: unknown celery command {args[2]}"
    elif prog == "python" and args[0] == "-m":
        assert importlib.util.find_spec(args[1]) is not None, f"{service}: no module {args[1]}"
    elif prog in {"python", "bash", "sh"}:
        assert (REPO / args[0]).is_file(), f"{service}: no script {args[0]}"
    else:
        raise AssertionError(f"{service}: unexpected entry point {prog!r}")


def test_compose_has_the_whole_stack() -> None:
    assert set(_compose()["services"]) >= SERVICES


def test_every_command_exists() -> None:
    for name, service in _compose()["services"].items():
        if "command" not in service:
            assert "image" in service, f"{name}: neither command nor image"
            continue
        command = service["command"]
        assert isinstance(command, list), f"{name}: write the command as a list"
        if "build" in service:  # our image: the entry point must exist in this repo
            _check_entry_point(name, command)
        else:
            assert service["image"].split(":")[0] in {"redis", "postgres"}


def test_build_context_and_scaling() -> None:
    services = _compose()["services"]
    dockerfile = services["curate-worker"]["build"]["dockerfile"]
    assert (REPO / dockerfile).is_file()
    # --scale needs no fixed container name or host port on the curate worker
    assert "container_name" not in services["curate-worker"]
    assert "ports" not in services["curate-worker"]
    recall = services["recall-worker"]["command"]
    assert recall[recall.index("-Q") + 1] == "recall"
    assert recall[recall.index("-P") + 1] == "solo"


def test_every_queue_has_a_worker() -> None:
    from memory_core import wire

    consumed: set[str] = set()
    for service in _compose()["services"].values():
        command = service.get("command", [])
        if "celery" in command[:4] and "-Q" in command:
            consumed.update(command[command.index("-Q") + 1].split(","))
    assert consumed == set(wire.QUEUES)
    edits = _compose()["services"]["edit-worker"]["command"]
    assert edits[edits.index("-Q") + 1] == "edits"  # never behind the ingest backlog


def test_maintenance_runs_on_its_own_low_priority_worker() -> None:
    services = _compose()["services"]
    curate = services["curate-worker"]["command"]
    assert "maintenance" not in curate[curate.index("-Q") + 1].split(",")  # never takes a curate process
    job = services["maintenance-worker"]["command"]
    assert job[:3] == ["nice", "-n", "10"] and job[job.index("-Q") + 1] == "maintenance"
    stack = (REPO / "ops/stack.sh").read_text()
    assert "-Q ingest,curate -P" in stack and "nice -n 10" in stack and "-Q maintenance" in stack


def test_flower_requires_basic_auth() -> None:
    flower = _compose()["services"]["flower"]
    assert "FLOWER_BASIC_AUTH" in flower["environment"]
    assert ":?" in flower["environment"]["FLOWER_BASIC_AUTH"]
    script = (REPO / "ops/flower.sh").read_text()
    assert "--basic-auth" in script and "refusing to start without auth" in script


LONG_RUNNING = SERVICES - {"migrate"}


def test_every_long_running_service_restarts_and_has_a_health_check() -> None:
    services = _compose()["services"]
    for name in LONG_RUNNING:
        assert services[name].get("restart") == "unless-stopped", f"{name}: no restart policy"
        check = services[name].get("healthcheck")
        assert check and not check.get("disable") and check.get("test"), f"{name}: no health check"
    worker_check = " ".join(services["curate-worker"]["healthcheck"]["test"])
    assert "inspect ping" in worker_check and "CELERY_NODE" in worker_check
    for name in ("curate-worker", "edit-worker", "recall-worker", "maintenance-worker"):
        node = services[name]["environment"]["CELERY_NODE"]
        command = services[name]["command"]
        assert f"{node}@%h" in command, f"{name}: its health check pings {node}@<host>"


def test_no_fixed_passwords_and_scram_for_postgres() -> None:
    text = (REPO / "docker-compose.yml").read_text()
    services = _compose()["services"]
    pg = services["postgres"]["environment"]
    assert pg["POSTGRES_PASSWORD"].startswith("${GULFSTREAM_PG_PASSWORD:?")
    assert pg["POSTGRES_HOST_AUTH_METHOD"] == "scram-sha-256"
    assert "gulfstream:gulfstream@" not in text
    redis = services["redis"]
    assert "--requirepass" in " ".join(redis["command"]) and "REDISCLI_AUTH" in redis["environment"]
    env = services["curate-worker"]["environment"]
    assert "${GULFSTREAM_REDIS_PASSWORD:?" in env["GULFSTREAM_REDIS_URL"]
    assert "${GULFSTREAM_PG_PASSWORD:?" in env["GULFSTREAM_DATABASE_URL"]
    script = (REPO / "ops/compose_env.sh").read_text()
    assert "GULFSTREAM_PG_PASSWORD" in script and "GULFSTREAM_REDIS_PASSWORD" in script and "chmod 600" in script
