# Sourced by scripts/load.sh and scripts/export-bench.sh (not run on its own): builds spacd,
# ingests a generated corpus of $spacs fictional SPACs (once per LOAD_DIR), creates an
# enterprise key and serves the data on a random loopback port. Afterwards the caller has
# $work, $key, $base, $pid (the server, killed on exit) and auth=(-H "Authorization: ...").
# Extra SPACD_* settings exported before sourcing reach the server.
# stop_server kills the server if one runs. Never `kill 0`: that signals the whole process
# group, the caller's shell included.
pid=""
stop_server() { if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=""; fi; }
work=${LOAD_DIR:-}
if [ -z "$work" ]; then
  work=$(mktemp -d)
  trap 'stop_server; rm -rf "$work"' EXIT
else
  mkdir -p "$work"
  trap 'stop_server' EXIT
fi
go build -o "$work/spacd" ./cmd/spacd
export SPACD_DATA_DIR="$work/data" SPACD_FIXTURES=false SPACD_LOG_LEVEL=warn
export SPACD_ACCESS_ADMIN_TOKEN=load-admin
if [ ! -s "$work/key" ] || [ "$(cat "$work/spacs" 2>/dev/null)" != "$spacs" ]; then
  rm -rf "$work/data" "$work/corpus"
  "$work/spacd" fixtures --out "$work/corpus" --spacs "$spacs" >/dev/null
  "$work/spacd" ingest --progress off "$work/corpus" >/dev/null
  "$work/spacd" keys create --name load --tier enterprise | sed -n 's/^secret: *//p' >"$work/key"
  echo "$spacs" >"$work/spacs"
fi
key=$(cat "$work/key")

port=$((20000 + RANDOM % 20000))
"$work/spacd" serve --addr "127.0.0.1:$port" 2>"$work/serve.log" &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do curl -fs "$base/health" >/dev/null 2>&1 && break; sleep 0.2; done
auth=(-H "Authorization: Bearer $key")
