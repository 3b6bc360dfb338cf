#!/usr/bin/env bash
# Export measurement: serves a generated corpus of fictional SPACs (2,000 by default) and
# times, in the same run against the same server, the whole universe as ONE CSV (and NDJSON)
# request next to paging the JSON route through the same rows (limit=500 and the default 50),
# then `spacd export universe` offline on the same data directory. Each figure is the median
# of RUNS runs (default 5), without gzip (what curl asks by default) and with it.
#
# Usage: scripts/export-bench.sh [SPACS]     (loopback only; stops by itself)
#   RUNS=5        runs per figure
#   LOAD_DIR=dir  keep the binary, corpus, data and key there and reuse them (shared with
#                 scripts/load.sh: the ingest of 2,000 SPACs takes a minute and a half)
set -euo pipefail
cd "$(dirname "$0")/.."
spacs=${1:-2000}
runs=${RUNS:-5}

# shellcheck source=scripts/serve-corpus.sh
source scripts/serve-corpus.sh

# one GET: "seconds bytes"
get() { curl -fs "${auth[@]}" "$@" -o /dev/null -w '%{time_total} %{size_download}\n'; }

# paging the JSON route: every page in turn, following next; "seconds bytes pages rows"
page_all() {
  local limit=$1 enc=${2:-} cursor="" secs=0 bytes=0 pages=0 rows=0 body
  while :; do
    local url="$base/v1/universe?limit=$limit${cursor:+&cursor=$cursor}"
    body=$(curl -fs "${auth[@]}" ${enc:+--compressed} "$url" -w '\n%{time_total} %{size_download}')
    read -r t b <<<"$(tail -n1 <<<"$body")"
    secs=$(awk -v a="$secs" -v b="$t" 'BEGIN{print a+b}')
    bytes=$((bytes + b)); pages=$((pages + 1))
    rows=$((rows + $(head -n -1 <<<"$body" | grep -o '"count":[0-9]*' | tail -1 | cut -d: -f2)))
    cursor=$(head -n -1 <<<"$body" | grep -o '"next":"[^"]*"' | tail -1 | cut -d'"' -f4 || true)
    [ -n "$cursor" ] || break
  done
  echo "$secs $bytes $pages $rows"
}

# median of the first field of $runs runs of a command; prints the whole median line
median() {
  local out=()
  for _ in $(seq 1 "$runs"); do out+=("$("$@")"); done
  printf '%s\n' "${out[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p"
}

rows=$(curl -fs "${auth[@]}" "$base/v1/universe?limit=1" | grep -o '"total":[0-9]*' | cut -d: -f2)
csv=$(median get "$base/v1/universe?format=csv")
csvgz=$(median get --compressed "$base/v1/universe?format=csv")
ndjson=$(median get "$base/v1/universe?format=ndjson")
p500=$(median page_all 500)
p500gz=$(median page_all 500 gz)
p50=$(median page_all 50)
records=$(curl -fs "${auth[@]}" "$base/v1/universe?format=csv" | python3 -c 'import csv,sys; print(sum(1 for _ in csv.reader(sys.stdin))-1)' 2>/dev/null || echo "?")

stop_server
offline() {
  local s e
  s=$(date +%s.%N)
  "$work/spacd" export universe --out "$work/universe.csv" 2>/dev/null
  e=$(date +%s.%N)
  echo "$(awk -v a="$s" -v b="$e" 'BEGIN{print b-a}') $(stat -c %s "$work/universe.csv")"
}
off=$(median offline)

ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", b/a}'; }
read -r csv_t csv_b <<<"$csv"
read -r csvgz_t csvgz_b <<<"$csvgz"
read -r nd_t nd_b <<<"$ndjson"
read -r p500_t p500_b p500_n p500_r <<<"$p500"
read -r p500gz_t p500gz_b _ _ <<<"$p500gz"
read -r p50_t p50_b p50_n p50_r <<<"$p50"
read -r off_t off_b <<<"$off"
echo "| request | rows | requests | seconds (median of $runs) | bytes | time / CSV export |"
echo "|---|---|---|---|---|---|"
echo "| GET /v1/universe?format=csv | $records | 1 | $csv_t | $csv_b | 1.00 |"
echo "| same, gzip | $records | 1 | $csvgz_t | $csvgz_b | $(ratio "$csv_t" "$csvgz_t") |"
echo "| GET /v1/universe?format=ndjson | $rows | 1 | $nd_t | $nd_b | $(ratio "$csv_t" "$nd_t") |"
echo "| JSON pages, limit=500 | $p500_r | $p500_n | $p500_t | $p500_b | $(ratio "$csv_t" "$p500_t") |"
echo "| JSON pages, limit=500, gzip | $p500_r | $p500_n | $p500gz_t | $p500gz_b | $(ratio "$csv_t" "$p500gz_t") |"
echo "| JSON pages, limit=50 (default) | $p50_r | $p50_n | $p50_t | $p50_b | $(ratio "$csv_t" "$p50_t") |"
echo "| spacd export universe (offline, whole process) | $rows | - | $off_t | $off_b | $(ratio "$csv_t" "$off_t") |"
echo "($spacs SPACs, $(nproc) cores shared with the rest of the machine, loopback, curl; one binary, one run)"
