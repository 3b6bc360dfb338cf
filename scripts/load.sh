#!/usr/bin/env bash
# Load test: serves a generated corpus of 2,000 fictional SPACs and drives /v1/search,
# /v1/universe and /v1/spac/{symbol} with wrk, next to two trivial JSON handlers served by the
# same binary in the same run (one bare, one behind the auth + rate-limit middleware). Prints a
# Markdown table of requests/s, p99 and the ratio to the bare trivial handler.
# Usage: scripts/load.sh [SPACS] [DURATION]    (loopback only; stops by itself)
set -euo pipefail
cd "$(dirname "$0")/.."
spacs=${1:-2000}
dur=${2:-10s}
conns=${CONNS:-32}

if ! command -v wrk >/dev/null 2>&1; then
  echo "installing wrk (Debian package)" >&2
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq wrk >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq wrk >/dev/null; fi
fi

work=$(mktemp -d)
trap 'kill "${pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
go build -o "$work/spacd" ./cmd/spacd
export SPACD_DATA_DIR="$work/data" SPACD_FIXTURES=false SPACD_LOG_LEVEL=warn
export SPACD_ACCESS_ADMIN_TOKEN=load-admin SPACD_HTTP_BENCH_ROUTES=true
"$work/spacd" fixtures --out "$work/corpus" --spacs "$spacs" >/dev/null
"$work/spacd" ingest "$work/corpus" >/dev/null
key=$("$work/spacd" keys create --name load --tier enterprise | sed -n 's/^secret: //p')

port=$((20000 + RANDOM % 20000))
"$work/spacd" serve --addr "127.0.0.1:$port" 2>"$work/serve.log" &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do curl -fs "$base/health" >/dev/null 2>&1 && break; sleep 0.2; done
sym=$(curl -fs -H "Authorization: Bearer $key" "$base/v1/universe?limit=1&sort=symbol" | grep -o '"symbol":"[^"]*"' | head -1 | cut -d'"' -f4)

# measure NAME PATH [auth]: prints "NAME req/s p99_ms"
measure() {
  local hdr=()
  [ "${3:-}" = auth ] && hdr=(-H "Authorization: Bearer $key")
  local out
  out=$(wrk -t2 -c"$conns" -d"$dur" --latency "${hdr[@]}" "$base$2")
  local rps p99
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p99=$(echo "$out" | awk '$1=="99%" {print $2}')
  echo "$1 $rps $(to_ms "$p99")"
}
to_ms() { # wrk prints 1.23ms, 456.00us or 1.02s
  case "$1" in
    *us) awk -v v="${1%us}" 'BEGIN{printf "%.2f", v/1000}' ;;
    *ms) awk -v v="${1%ms}" 'BEGIN{printf "%.2f", v}' ;;
    *s) awk -v v="${1%s}" 'BEGIN{printf "%.2f", v*1000}' ;;
    *) echo "$1" ;;
  esac
}

results=$(
  measure trivial /v1/_bench/trivial
  measure trivial+auth+limits /v1/_bench/guarded auth
  measure search "/v1/search?q=acquisition" auth
  measure universe "/v1/universe?limit=50&sort=-trust_size" auth
  measure "spac/$sym" "/v1/spac/$sym" auth
)
base_rps=$(echo "$results" | awk 'NR==1 {print $2}')
echo "| endpoint | requests/s | p99 (ms) | throughput vs trivial |"
echo "|---|---:|---:|---:|"
echo "$results" | awk -v b="$base_rps" '{printf "| %s | %.0f | %s | %.1f %% |\n", $1, $2, $3, 100*$2/b}'
echo
echo "($spacs SPACs, wrk -t2 -c$conns -d$dur, $(nproc) cores, loopback; same binary, same run)"
