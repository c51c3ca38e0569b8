#!/usr/bin/env bash
# Installs the system services the tests start themselves: PostgreSQL server
# binaries (initdb, pg_ctl), redis-server, and chromium with chromium-driver
# (the editor's browser test). Debian, as root; a no-op when all are there.
set -euo pipefail
need=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
# The editor's browser test drives Debian's headless Chromium through its chromedriver.
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
# Debian's packages start their own servers; the tests use private ones.
for svc in redis-server postgresql; do
  command -v systemctl >/dev/null 2>&1 && systemctl stop "$svc" >/dev/null 2>&1 || true
  command -v service >/dev/null 2>&1 && service "$svc" stop >/dev/null 2>&1 || true
done
