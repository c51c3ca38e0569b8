#!/usr/bin/env bash
# Flower for the Gulfstream workers, never without authentication: Flower's
# API can run any registered task and shut workers down.
#   FLOWER_BASIC_AUTH=user:password[,user2:password2]   (required)
#   FLOWER_ADDRESS (default 127.0.0.1), FLOWER_PORT (default 5555)
set -euo pipefail
if [ -z "${FLOWER_BASIC_AUTH:-}" ] || [[ "$FLOWER_BASIC_AUTH" != *:* ]]; then
  echo "flower: set FLOWER_BASIC_AUTH=user:password; refusing to start without auth" >&2
  exit 2
fi
PY="${PYTHON:-python}"
exec "$PY" -m celery -A workers.app flower \
  --address="${FLOWER_ADDRESS:-127.0.0.1}" --port="${FLOWER_PORT:-5555}" \
  --basic-auth="$FLOWER_BASIC_AUTH" "$@"
