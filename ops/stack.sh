#!/usr/bin/env bash
# Run the production-shaped stack on a machine without Docker:
# redis, postgres (data in $STACK_DIR), migrations, curate worker(s), the
# edit worker, the recall worker, beat and flower.
#
#   ops/stack.sh start | stop | status
#
# Environment (defaults):
#   STACK_DIR=.gulfstream/stack   REDIS_PORT=6379   PG_PORT=5433
#   CURATE_WORKERS=1  CURATE_POOL=prefork  CURATE_CONCURRENCY=2  EDIT_CONCURRENCY=2
#   FLOWER_BASIC_AUTH=user:password (flower is skipped without it)  FLOWER_PORT=5555
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
STACK_DIR="$(mkdir -p "${STACK_DIR:-.gulfstream/stack}" && cd "${STACK_DIR:-.gulfstream/stack}" && pwd)"
REDIS_PORT="${REDIS_PORT:-6379}"
PG_PORT="${PG_PORT:-5433}"
CURATE_WORKERS="${CURATE_WORKERS:-1}"
PY="${PYTHON:-$REPO/.venv/bin/python}"
PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
export GULFSTREAM_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
export GULFSTREAM_DATABASE_URL="postgresql+psycopg://gulfstream@127.0.0.1:$PG_PORT/gulfstream"
export PYTHONPATH="$REPO${PYTHONPATH:+:$PYTHONPATH}"
PIDS="$STACK_DIR/pids"; LOGS="$STACK_DIR/logs"
mkdir -p "$PIDS" "$LOGS"

as_pg() {  # initdb and pg_ctl refuse to run as root
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

alive() { [ -f "$PIDS/$1.pid" ] && kill -0 "$(cat "$PIDS/$1.pid")" 2>/dev/null; }

spawn() {  # spawn NAME CMD... : background process with a pid file and a log
  local name="$1"; shift
  if alive "$name"; then echo "$name already running"; return; fi
  setsid "$@" >>"$LOGS/$name.log" 2>&1 &
  echo $! >"$PIDS/$name.pid"
  echo "started $name (pid $!, log $LOGS/$name.log)"
}

start_redis() {
  mkdir -p "$STACK_DIR/redis"
  if redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then echo "redis up"; return; fi
  spawn redis redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --dir "$STACK_DIR/redis" \
    --save "" --appendonly yes --appendfsync everysec --maxmemory-policy noeviction
  for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && return; sleep 0.1; done
  echo "redis did not start; see $LOGS/redis.log" >&2; exit 1
}

start_postgres() {
  local data="$STACK_DIR/pgdata"
  if [ ! -f "$data/PG_VERSION" ]; then
    mkdir -p "$data"; [ "$(id -u)" = 0 ] && chown postgres "$data" "$STACK_DIR"
    as_pg "$PG_BIN/initdb" -D "$data" -U gulfstream --auth=trust >"$LOGS/initdb.log"
  fi
  if ! as_pg "$PG_BIN/pg_ctl" -D "$data" status >/dev/null 2>&1; then
    [ "$(id -u)" = 0 ] && touch "$LOGS/postgres.log" && chown postgres "$LOGS/postgres.log"
    as_pg "$PG_BIN/pg_ctl" -D "$data" -l "$LOGS/postgres.log" -w \
      -o "-p $PG_PORT -k $data -c listen_addresses=127.0.0.1" start >/dev/null
  fi
  as_pg "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U gulfstream -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname='gulfstream'" | grep -q 1 \
    || as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U gulfstream gulfstream
  echo "postgres up on port $PG_PORT"
}

start_workers() {
  local i
  for i in $(seq "$CURATE_WORKERS"); do
    spawn "curate$i" "$PY" -m celery -A workers.app worker -n "curate$i@%h" -Q ingest,curate,maintenance \
      -P "${CURATE_POOL:-prefork}" -c "${CURATE_CONCURRENCY:-2}" -l INFO
  done
  spawn edits "$PY" -m celery -A workers.app worker -n "edits@%h" -Q edits -P prefork \
    -c "${EDIT_CONCURRENCY:-2}" -l INFO
  spawn recall "$PY" -m celery -A workers.app worker -n "recall@%h" -Q recall -P solo -l INFO \
    --without-gossip --without-mingle
  spawn beat "$PY" -m celery -A workers.app beat -s "$STACK_DIR/beat-schedule" -l INFO
  if [ -n "${FLOWER_BASIC_AUTH:-}" ]; then
    PYTHON="$PY" spawn flower bash ops/flower.sh
  else
    echo "flower skipped: set FLOWER_BASIC_AUTH=user:password to start it"
  fi
}

check_started() {  # the processes spawned by this start must still be up a few seconds later
  sleep "${START_CHECK_S:-8}"  # a worker that cannot start (bad install, bad flags) exits within this
  local f n dead=0
  for f in "$PIDS"/*.pid; do
    [ -e "$f" ] || continue; n="$(basename "$f" .pid)"
    if ! alive "$n"; then
      echo "$n exited right after start; the end of $LOGS/$n.log:" >&2
      tail -n 15 "$LOGS/$n.log" >&2 || true
      dead=1
    fi
  done
  return "$dead"
}

stop_one() {
  local name="$1"
  alive "$name" || { rm -f "$PIDS/$name.pid"; return 0; }
  local pid; pid="$(cat "$PIDS/$name.pid")"
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid"
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && kill -KILL -- "-$pid" 2>/dev/null || true
  rm -f "$PIDS/$name.pid"; echo "stopped $name"
}

case "${1:-}" in
  start)
    start_redis; start_postgres
    "$PY" ops/migrate.py "$GULFSTREAM_DATABASE_URL"
    start_workers
    check_started || { echo "the stack did not start; 'ops/stack.sh stop' cleans up" >&2; exit 1; }
    echo "GULFSTREAM_REDIS_URL=$GULFSTREAM_REDIS_URL"
    echo "GULFSTREAM_DATABASE_URL=$GULFSTREAM_DATABASE_URL" ;;
  stop)
    for f in "$PIDS"/*.pid; do
      [ -e "$f" ] || continue; n="$(basename "$f" .pid)"; [ "$n" = redis ] || stop_one "$n"
    done
    as_pg "$PG_BIN/pg_ctl" -D "$STACK_DIR/pgdata" -m fast stop >/dev/null 2>&1 && echo "stopped postgres" || true
    stop_one redis ;;
  status)
    for f in "$PIDS"/*.pid; do
      [ -e "$f" ] || continue; n="$(basename "$f" .pid)"
      if alive "$n"; then echo "$n: running (pid $(cat "$f"))"; else echo "$n: DOWN"; fi
    done
    redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && echo "redis: PONG" || echo "redis: unreachable"
    "$PG_BIN/pg_isready" -h 127.0.0.1 -p "$PG_PORT" -U gulfstream -d gulfstream >/dev/null 2>&1 && echo "postgres: ready" \
      || echo "postgres: unreachable" ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
