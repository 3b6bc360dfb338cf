#!/usr/bin/env bash
# Checks the Python client generated from the OpenAPI document (clients/python/spacdata.py,
# which api's TestPythonClientIsGenerated holds equal to what api/internal/pyclient writes):
#   1. pyright in strict mode over the client and clients/python/calls.py, which calls every
#      operation the way a Python user writes it; any type error fails;
#   2. calls.py run with python3 against a real `spacd serve` on the embedded fixtures (a
#      fresh data directory, an admin token made up here), asserting the values that come back.
# Needs scripts/ci-deps.sh first (python3, node and clients/python/node_modules).
set -euo pipefail
cd "$(dirname "$0")/.."
py=clients/python

echo "-- pyright (strict): $py/spacdata.py $py/calls.py"
"$py/node_modules/.bin/pyright" --project "$py/pyrightconfig.json"

tmp=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

echo "-- spacd serve on the embedded fixtures"
go build -o "$tmp/spacd" ./cmd/spacd
token="py-check-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
# the webhook receiver of calls.py listens on 127.0.0.1, which registration refuses by default
env SPACD_DATA_DIR="$tmp/data" SPACD_HTTP_ADDR=127.0.0.1:0 SPACD_ACCESS_ADMIN_TOKEN="$token" \
  SPACD_LOG_LEVEL=warn SPACD_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true \
  "$tmp/spacd" serve >"$tmp/out" 2>"$tmp/err" &
pid=$!
base=""
for _ in $(seq 1 600); do
  base=$(sed -n 's/^listening on //p' "$tmp/out")
  [ -n "$base" ] && break
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "spacd serve exited before listening:"; cat "$tmp/out" "$tmp/err"; exit 1
  fi
  sleep 0.2
done
if [ -z "$base" ]; then
  echo "spacd serve did not listen within 120 s:"; cat "$tmp/out" "$tmp/err"; exit 1
fi

echo "-- python3 $py/calls.py $base ($(python3 --version))"
if ! python3 "$py/calls.py" "$base" "$token"; then
  echo "server stderr:"; tail -20 "$tmp/err"; exit 1
fi
