#!/usr/bin/env bash
# The test command: installs what the tests need, then ruff (on the packages,
# tests and ops), mypy on memory_core, workers and api_shim, and pytest. The
# tests start throwaway PostgreSQL and Redis servers from the installed
# binaries, in temporary folders. .ci/run calls this script.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" = 0 ]; then bash ops/install_services.sh; fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev,workers,llm,langchain,langgraph,mcp,semantic]'
# the project's own code only: a user's untracked scratch files elsewhere in the tree are not linted
.venv/bin/ruff check memory_core workers api_shim tests ops
.venv/bin/mypy memory_core workers api_shim
.venv/bin/python -m pytest -q "$@"
