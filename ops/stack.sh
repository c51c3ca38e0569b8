#!/usr/bin/env bash
# Run the production-shaped stack on a machine without Docker: PostgreSQL
# (pg_ctl, data in $STACK_DIR), migrations, and under supervisord (PyPI
# `supervisor`, which restarts any process that dies): redis, curate
# worker(s), the edit worker, the recall worker, beat, the HTTP shim and flower.
#
#   ops/stack.sh start | stop | status | ctl <supervisorctl args>
#
# Secure defaults: passwords for PostgreSQL (scram-sha-256) and Redis are
# generated on the first start into $STACK_DIR/secrets (mode 600); the URLs
# are written to $STACK_DIR/env (mode 600; `source` it to use the stack).
#
# Environment (defaults):
#   STACK_DIR=.gulfstream/stack   REDIS_PORT=6379   PG_PORT=5433   HTTP_PORT=8080
#   CURATE_WORKERS=1  CURATE_POOL=prefork  CURATE_CONCURRENCY=2  EDIT_CONCURRENCY=2
#   HTTP_SHIM=1 (0: no HTTP shim)
#   FLOWER_BASIC_AUTH=user:password (flower is skipped without it)  FLOWER_PORT=5555
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
STACK_DIR="$(mkdir -p "${STACK_DIR:-.gulfstream/stack}" && cd "${STACK_DIR:-.gulfstream/stack}" && pwd)"
# status, stop and ctl of a stack started on other ports read them from the stack's folder (written by start)
# shellcheck disable=SC1091
[ -f "$STACK_DIR/ports" ] && . "$STACK_DIR/ports"
REDIS_PORT="${REDIS_PORT:-${STARTED_REDIS_PORT:-6379}}"
PG_PORT="${PG_PORT:-${STARTED_PG_PORT:-5433}}"
HTTP_PORT="${HTTP_PORT:-${STARTED_HTTP_PORT:-8080}}"
CURATE_WORKERS="${CURATE_WORKERS:-1}"
PY="${PYTHON:-$REPO/.venv/bin/python}"
PY_BIN="$(dirname "$PY")"
PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
PIDS="$STACK_DIR/pids"; LOGS="$STACK_DIR/logs"; SECRETS="$STACK_DIR/secrets"
SUPERVISOR_CONF="$STACK_DIR/supervisord.conf"
mkdir -p "$PIDS" "$LOGS"
(umask 077; mkdir -p "$SECRETS")

secret() {  # secret NAME: the generated password NAME (created on first use)
  local f="$SECRETS/$1"
  [ -s "$f" ] || (umask 077; "$PY" -c 'import secrets; print(secrets.token_hex(24))' >"$f")
  cat "$f"
}

REDIS_PASSWORD="$(secret redis_password)"
PG_PASSWORD="$(secret pg_password)"
export REDISCLI_AUTH="$REDIS_PASSWORD" PGPASSWORD="$PG_PASSWORD"
export GULFSTREAM_REDIS_URL="redis://:$REDIS_PASSWORD@127.0.0.1:$REDIS_PORT/0"
export GULFSTREAM_DATABASE_URL="postgresql+psycopg://gulfstream:$PG_PASSWORD@127.0.0.1:$PG_PORT/gulfstream"
export PYTHONPATH="$REPO${PYTHONPATH:+:$PYTHONPATH}"
# One snapshot folder for every process: the recall worker saves and loads there, and an erase
# (edit worker, or `gulfstream erase` with the stack's env) deletes the user's file from it.
export GULFSTREAM_RECALL_SNAPSHOT_DIR="${GULFSTREAM_RECALL_SNAPSHOT_DIR:-$STACK_DIR/recall-snapshots}"

as_pg() {  # initdb and pg_ctl refuse to run as root
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

ctl() { "$PY_BIN/supervisorctl" -c "$SUPERVISOR_CONF" "$@"; }

write_env() {
  (umask 077; cat >"$STACK_DIR/env" <<EOF
export GULFSTREAM_REDIS_URL='$GULFSTREAM_REDIS_URL'
export GULFSTREAM_DATABASE_URL='$GULFSTREAM_DATABASE_URL'
export GULFSTREAM_RECALL_SNAPSHOT_DIR='$GULFSTREAM_RECALL_SNAPSHOT_DIR'
EOF
  )
  cat >"$STACK_DIR/ports" <<EOF
STARTED_REDIS_PORT=$REDIS_PORT
STARTED_PG_PORT=$PG_PORT
STARTED_HTTP_PORT=$HTTP_PORT
EOF
}

write_redis_conf() {  # the password lives in a file only we can read, never in argv
  mkdir -p "$STACK_DIR/redis"
  (umask 077; cat >"$STACK_DIR/redis.conf" <<EOF
port $REDIS_PORT
bind 127.0.0.1
dir $STACK_DIR/redis
save ""
appendonly yes
appendfsync everysec
maxmemory-policy noeviction
requirepass $REDIS_PASSWORD
EOF
  )
}

program() {  # program NAME PRIORITY STOPWAIT CMD...: one supervised process
  local name="$1" prio="$2" wait="$3"; shift 3
  local cmd="${*//%/%%}"  # supervisord expands %(...)s: escape celery's %h
  cat <<EOF

[program:$name]
command=$cmd
directory=$REPO
priority=$prio
autostart=true
autorestart=true
startsecs=3
startretries=100
stopwaitsecs=$wait
stopasgroup=true
killasgroup=true
redirect_stderr=true
stdout_logfile=$LOGS/$name.log
stdout_logfile_maxbytes=50MB
EOF
}

write_supervisor_conf() {
  local i
  {
    cat <<EOF
[unix_http_server]
file=$STACK_DIR/supervisor.sock
chmod=0700

[supervisord]
logfile=$LOGS/supervisord.log
pidfile=$PIDS/supervisord.pid
childlogdir=$LOGS

[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface

[supervisorctl]
serverurl=unix://$STACK_DIR/supervisor.sock
EOF
    program redis 1 30 redis-server "$STACK_DIR/redis.conf"
    for i in $(seq "$CURATE_WORKERS"); do
      # niceness +5 (GULFSTREAM_WORKER_NICE): the recall worker on the same cores gets the CPU first
      program "curate$i" 10 60 env GULFSTREAM_WORKER_NICE=5 "$PY" -m celery -A workers.app worker -n "curate$i@%h" \
        -Q ingest,curate -P "${CURATE_POOL:-prefork}" -c "${CURATE_CONCURRENCY:-2}" -l INFO
    done
    # the lifecycle job and the sweeper: their own worker at low CPU priority, never a curate process
    program maintenance 10 60 nice -n 10 "$PY" -m celery -A workers.app worker -n "maintenance@%h" \
      -Q maintenance -P prefork -c "${MAINTAIN_CONCURRENCY:-1}" -l INFO
    program edits 10 60 "$PY" -m celery -A workers.app worker -n "edits@%h" -Q edits -P prefork \
      -c "${EDIT_CONCURRENCY:-2}" -l INFO
    program embed 10 60 "$PY" -m celery -A workers.app worker -n "embed@%h" -Q embed -P prefork \
      -c "${EMBED_CONCURRENCY:-1}" -l INFO
    program recall 10 30 "$PY" -m celery -A workers.app worker -n "recall@%h" -Q recall -P solo -l INFO \
      --without-gossip --without-mingle
    program beat 10 10 "$PY" -m celery -A workers.app beat -s "$STACK_DIR/beat-schedule" -l INFO
    if [ "${HTTP_SHIM:-1}" = 1 ]; then
      program http 20 20 "$PY" -m api_shim.http serve --host 127.0.0.1 --port "$HTTP_PORT"
    fi
    if [ -n "${FLOWER_BASIC_AUTH:-}" ]; then
      program flower 20 10 env "PYTHON=$PY" bash ops/flower.sh
    fi
  } >"$SUPERVISOR_CONF"
  chmod 600 "$SUPERVISOR_CONF"
}

start_postgres() {
  local data="$STACK_DIR/pgdata"
  echo "starting postgres on port $PG_PORT ..."
  if [ ! -f "$data/PG_VERSION" ]; then
    mkdir -p "$data"; [ "$(id -u)" = 0 ] && chown postgres "$data" "$STACK_DIR"
    local pwfile; pwfile="$(umask 077; mktemp)"; cp "$SECRETS/pg_password" "$pwfile"
    [ "$(id -u)" = 0 ] && chown postgres "$pwfile"
    as_pg "$PG_BIN/initdb" -D "$data" -U gulfstream --auth=scram-sha-256 --pwfile="$pwfile" \
      >"$LOGS/initdb.log" || { rm -f "$pwfile"; exit 1; }
    rm -f "$pwfile"
  elif grep -Eq '^[^#]*\btrust\b' "$data/pg_hba.conf" 2>/dev/null; then
    echo "warning: $data was created with --auth=trust; any local account can read it" >&2
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

supervisor_up() { [ -S "$STACK_DIR/supervisor.sock" ] && ctl pid >/dev/null 2>&1; }

start_supervised() {
  write_redis_conf; write_supervisor_conf
  echo "starting redis on port $REDIS_PORT and the supervised processes ..."
  if supervisor_up; then
    ctl update >/dev/null; ctl start all >/dev/null || true
  else
    "$PY_BIN/supervisord" -c "$SUPERVISOR_CONF"
  fi
  for _ in $(seq 100); do
    redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG && { echo "redis up on port $REDIS_PORT"; return; }
    sleep 0.1
  done
  echo "redis did not start; see $LOGS/redis.log" >&2; exit 1
}

check_started() {  # every supervised process must be RUNNING a few seconds after start
  echo "waiting ${START_CHECK_S:-8}s for the workers to settle ..."
  sleep "${START_CHECK_S:-8}"  # a worker that cannot start (bad install, bad flags) exits within this
  local bad
  bad="$(ctl status | awk '$2 != "RUNNING" {print $1}')"
  if [ -z "$bad" ]; then
    echo "running: $(ctl status | awk '{print $1}' | tr '\n' ' ')"
    [ "${HTTP_SHIM:-1}" = 1 ] || return 0
    echo "waiting for the HTTP API on port $HTTP_PORT (up to ${HTTP_CHECK_S:-180}s) ..."
    # RUNNING is not serving: a shim that fails its imports slowly still counts as started for supervisord
    # a loaded machine (the shim imports the whole core) may take minutes: wait up to HTTP_CHECK_S tries
    for _ in $(seq "${HTTP_CHECK_S:-180}"); do
      "$PY" -c "import sys, urllib.request as u; u.urlopen('http://127.0.0.1:$HTTP_PORT/healthz', timeout=2)" \
        2>/dev/null && { echo "http up on port $HTTP_PORT"; return 0; }
      sleep 1
    done
    bad=http
  fi
  for n in $bad; do
    echo "$n is not running; the end of $LOGS/$n.log:" >&2
    tail -n 15 "$LOGS/$n.log" >&2 || true
  done
  return 1
}

case "${1:-}" in
  start)
    write_env
    start_postgres
    echo "migrating the database ..."
    "$PY" ops/migrate.py "$GULFSTREAM_DATABASE_URL"
    start_supervised
    check_started || { echo "the stack did not start; 'ops/stack.sh stop' cleans up" >&2; exit 1; }
    echo "stack up; its URLs (with the generated passwords): source $STACK_DIR/env" ;;
  stop)
    if supervisor_up; then
      spid="$(cat "$PIDS/supervisord.pid" 2>/dev/null || true)"
      ctl shutdown >/dev/null  # returns at once: wait until every process has stopped
      for _ in $(seq 900); do [ -n "$spid" ] && kill -0 "$spid" 2>/dev/null || break; sleep 0.1; done
      echo "stopped supervised processes"
    fi
    as_pg "$PG_BIN/pg_ctl" -D "$STACK_DIR/pgdata" -m fast stop >/dev/null 2>&1 && echo "stopped postgres" || true ;;
  status)
    if supervisor_up; then ctl status || true; else echo "supervisord: not running"; fi
    redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG && echo "redis: PONG" || echo "redis: unreachable"
    "$PG_BIN/pg_isready" -h 127.0.0.1 -p "$PG_PORT" -U gulfstream -d gulfstream >/dev/null 2>&1 && echo "postgres: ready" \
      || echo "postgres: unreachable" ;;
  ctl) shift; ctl "$@" ;;
  *) echo "usage: $0 start|stop|status|ctl <supervisorctl args>" >&2; exit 2 ;;
esac
