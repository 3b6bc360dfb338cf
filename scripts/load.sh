#!/usr/bin/env bash
# Load test: serves a generated corpus of fictional SPACs (2,000 by default) and drives every
# read path with wrk, next to two trivial JSON handlers served by the same binary in the same
# run (one bare, one behind the auth + rate-limit middleware). Prints a Markdown table of
# requests/s, p99 and the ratio to the bare trivial handler, for clients that accept gzip (as
# browsers and HTTP libraries do) and, for the paths with large bodies, for clients that do not.
#
# Usage: scripts/load.sh [SPACS] [DURATION]    (loopback only; stops by itself)
#   CLUSTER=1         instead: req/s of one replica and of two at once, on scripts/cluster.sh
#                     (the embedded fixtures; SPACS is ignored; see scripts/load-cluster.sh)
#   CONNS=32          wrk connections
#   LOAD_DIR=dir      keep the binary, corpus, data and key there and reuse them next time
#                     (the ingest of 2,000 SPACs takes about a minute and a half)
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

if [ "${CLUSTER:-}" = 1 ]; then
  # shellcheck source=scripts/load-cluster.sh
  source scripts/load-cluster.sh
  exit 0
fi

export SPACD_HTTP_BENCH_ROUTES=true # the trivial handlers of the baseline
# shellcheck source=scripts/serve-corpus.sh
source scripts/serve-corpus.sh

# The search words come from the corpus: the first SPAC by symbol, its name's first word
# (which a dozen names share), its sponsor's first word, a prefix and a typo of the name word.
first=$(curl -fs "${auth[@]}" "$base/v1/universe?limit=1&sort=symbol&fields=symbol,name,sponsor&citations=none")
field() { echo "$first" | grep -o "\"$1\":\"[^\"]*\"" | head -1 | cut -d'"' -f4; }
sym=$(field symbol)
word=$(field name | awk '{print tolower($1)}')
sponsor=$(field sponsor | awk '{print tolower($1)}')
prefix=${word:0:5}
typo=${word:0:2}${word:3:1}${word:2:1}${word:4} # two letters swapped
cal_sym=$(curl -fs "${auth[@]}" "$base/v1/calendar?limit=1&citations=none" | grep -o '"symbol":"[^"]*"' | head -1 | cut -d'"' -f4)

# Warm every path once (the first request of a data version encodes what the others reuse).
paths=(
  "/v1/spac/$sym"
  "/v1/search?q=$sym" "/v1/search?q=$word" "/v1/search?q=$sponsor" "/v1/search?q=$prefix"
  "/v1/search?q=$typo" "/v1/search?q=acquisition"
  "/v1/universe?limit=50&sort=-trust_size" "/v1/universe?limit=50&sort=-trust_size&fields=symbol,name,trust_size"
  "/v1/universe?limit=50&sort=-trust_size&citations=ref"
  "/v1/calendar?limit=50" "/v1/calendar?symbol=$cal_sym" "/v1/discover" "/v1/news?limit=50"
)
for p in "${paths[@]}"; do curl -fs -o /dev/null "${auth[@]}" "$base$p"; done
etag=$(curl -fsI "${auth[@]}" "$base/v1/universe?limit=50&sort=-trust_size" | awk -F': ' 'tolower($1)=="etag" {print $2}' | tr -d '\r')

# A different misspelt name word on every request: no cache of a previous answer can serve it.
cat >"$work/typos.lua" <<'LUA'
local words = {}
for w in string.gmatch(os.getenv("LOAD_WORDS") or "acquisition", "%S+") do words[#words + 1] = w end
local letters = "abcdefghijklmnopqrstuvwxyz"
request = function()
  local w = words[math.random(#words)]
  local i = math.random(2, #w)
  local c = math.random(26)
  return wrk.format(nil, "/v1/search?q=" .. w:sub(1, i - 1) .. letters:sub(c, c) .. w:sub(i + 1))
end
LUA
LOAD_WORDS=$(curl -fs "${auth[@]}" "$base/v1/universe?limit=500&fields=name&citations=none" | grep -o '"name":"[^" ]*' | cut -d'"' -f4 | tr 'A-Z' 'a-z' | sort -u | tr '\n' ' ')
export LOAD_WORDS

# measure NAME PATH [wrk options...]: prints "NAME req/s p99_ms"
measure() {
  local name=$1 path=$2
  shift 2
  local out rps p99
  out=$(wrk -t2 -c"$conns" -d"$dur" --latency "$@" "$base$path")
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p99=$(echo "$out" | awk '$1=="99%" {print $2}')
  echo "$name|$rps|$(to_ms "$p99")"
}
to_ms() { # wrk prints 1.23ms, 456.00us or 1.02s
  case "$1" in
    *us) awk -v v="${1%us}" 'BEGIN{printf "%.2f", v/1000}' ;;
    *ms) awk -v v="${1%ms}" 'BEGIN{printf "%.2f", v}' ;;
    *s) awk -v v="${1%s}" 'BEGIN{printf "%.2f", v*1000}' ;;
    *) echo "$1" ;;
  esac
}
gz=(-H "Accept-Encoding: gzip")

results=$(
  measure "trivial JSON handler (baseline)" /v1/_bench/trivial "${gz[@]}"
  measure "trivial + auth + rate limits" /v1/_bench/guarded "${auth[@]}" "${gz[@]}"
  measure "\`/v1/spac/{symbol}\`" "/v1/spac/$sym" "${auth[@]}" "${gz[@]}"
  measure "\`/v1/search?q=$sym\` (symbol, one hit)" "/v1/search?q=$sym" "${auth[@]}" "${gz[@]}"
  measure "\`/v1/search?q=$word\` (name word)" "/v1/search?q=$word" "${auth[@]}" "${gz[@]}"
  measure "\`/v1/search?q=$sponsor\` (sponsor word)" "/v1/search?q=$sponsor" "${auth[@]}" "${gz[@]}"
  measure "\`/v1/search?q=$prefix\` (prefix)" "/v1/search?q=$prefix" "${auth[@]}" "${gz[@]}"
  measure "\`/v1/search?q=$typo\` (typo)" "/v1/search?q=$typo" "${auth[@]}" "${gz[@]}"
  measure "\`/v1/search?q=acquisition\` (matches all)" "/v1/search?q=acquisition" "${auth[@]}" "${gz[@]}"
  measure "search, a new typo every request" "/v1/search?q=x" -s "$work/typos.lua" "${auth[@]}" "${gz[@]}"
  measure "\`/v1/universe?limit=50&sort=-trust_size\`" "/v1/universe?limit=50&sort=-trust_size" "${auth[@]}" "${gz[@]}"
  measure "same, \`&fields=symbol,name,trust_size\`" "/v1/universe?limit=50&sort=-trust_size&fields=symbol,name,trust_size" "${auth[@]}" "${gz[@]}"
  measure "same, \`&citations=ref\`" "/v1/universe?limit=50&sort=-trust_size&citations=ref" "${auth[@]}" "${gz[@]}"
  measure "same, If-None-Match (304)" "/v1/universe?limit=50&sort=-trust_size" "${auth[@]}" "${gz[@]}" -H "If-None-Match: $etag"
  measure "\`/v1/calendar?limit=50\`" "/v1/calendar?limit=50" "${auth[@]}" "${gz[@]}"
  measure "\`/v1/calendar?symbol=$cal_sym\`" "/v1/calendar?symbol=$cal_sym" "${auth[@]}" "${gz[@]}"
  measure "\`/v1/discover\`" /v1/discover "${auth[@]}" "${gz[@]}"
  measure "\`/v1/news?limit=50\`" "/v1/news?limit=50" "${auth[@]}" "${gz[@]}"
  measure "\`/v1/spac/{symbol}\`, no gzip" "/v1/spac/$sym" "${auth[@]}"
  measure "\`/v1/universe?limit=50&sort=-trust_size\`, no gzip" "/v1/universe?limit=50&sort=-trust_size" "${auth[@]}"
  measure "same, \`&citations=ref\`, no gzip" "/v1/universe?limit=50&sort=-trust_size&citations=ref" "${auth[@]}"
  measure "\`/v1/calendar?limit=50\`, no gzip" "/v1/calendar?limit=50" "${auth[@]}"
  measure "\`/v1/search?q=acquisition\`, no gzip" "/v1/search?q=acquisition" "${auth[@]}"
)
base_rps=$(echo "$results" | awk -F'|' 'NR==1 {print $2}')
base_p99=$(echo "$results" | awk -F'|' 'NR==1 {print $3}')
echo "| endpoint | requests/s | vs trivial | p99 (ms) | p99 vs trivial |"
echo "|---|---:|---:|---:|---:|"
echo "$results" | awk -F'|' -v b="$base_rps" -v bp="$base_p99" \
  '{printf "| %s | %.0f | %.1f %% | %s | %.1fx |\n", $1, $2, 100*$2/b, $3, $3/bp}'
echo
echo "($spacs SPACs, wrk -t2 -c$conns -d$dur, $(nproc) cores shared by wrk and the server, loopback; one binary, one run;"
echo " Accept-Encoding: gzip unless \"no gzip\"; enterprise key except the bare trivial handler)"
