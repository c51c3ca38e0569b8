#!/usr/bin/env bash
# The test command: installs what the tests need, then ruff, mypy on
# memory_core, workers and api_shim, and pytest. The tests start throwaway PostgreSQL and Redis
# servers from the installed binaries, in temporary folders.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" = 0 ]; then bash ops/install_services.sh; fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev,workers,llm,langchain,langgraph,mcp,semantic]'
.venv/bin/ruff check .
.venv/bin/mypy memory_core workers api_shim
.venv/bin/python -m pytest -q "$@"
