#!/usr/bin/env bash
# Generate the passwords docker-compose.yml requires into .env (mode 600), once:
#   GULFSTREAM_PG_PASSWORD (PostgreSQL, scram-sha-256) and GULFSTREAM_REDIS_PASSWORD.
# Existing values are kept, so re-running never locks a stack out of its own data.
set -euo pipefail
cd "$(dirname "$0")/.."
touch .env && chmod 600 .env
for name in GULFSTREAM_PG_PASSWORD GULFSTREAM_REDIS_PASSWORD; do
  grep -q "^$name=" .env || echo "$name=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')" >>.env
done
echo "passwords in $PWD/.env"
