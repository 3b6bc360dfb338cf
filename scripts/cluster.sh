#!/usr/bin/env bash
# A whole cluster on one machine, on loopback (docs/operating.md, "Cluster"): three NATS
# servers with JetStream clustered together, one spacd writer (which builds the embedded
# fixtures on its fresh data directory) and two spacd replicas. No load balancer: clients pick
# a replica. Run it and it prints the addresses and waits for Ctrl-C; sourced (by
# scripts/load.sh) it leaves $writer, $replica1, $replica2 (base URLs) and $admin behind, and
# everything it started is stopped when the sourcing shell exits.
#
# Usage: scripts/cluster.sh
#   CLUSTER_DIR=dir   keep binaries and data there (default: a temporary directory, removed)
# The nats-server binary is built from the module this repository already requires
# (github.com/nats-io/nats-server/v2), so nothing needs installing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cluster_pids=()
stop_cluster() {
  local p
  for p in "${cluster_pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${cluster_pids[@]}"; do wait "$p" 2>/dev/null || true; done
  cluster_pids=()
}
cdir=${CLUSTER_DIR:-}
if [ -z "$cdir" ]; then
  cdir=$(mktemp -d)
  trap 'stop_cluster; rm -rf "$cdir"' EXIT
else
  mkdir -p "$cdir"
  trap 'stop_cluster' EXIT
fi
go build -o "$cdir/spacd" ./cmd/spacd
go build -o "$cdir/nats-server" github.com/nats-io/nats-server/v2

port=$((20000 + RANDOM % 20000)) # client ports port..port+2, routes +10, HTTP +20, metrics +30
routes="nats://127.0.0.1:$((port + 10)),nats://127.0.0.1:$((port + 11)),nats://127.0.0.1:$((port + 12))"
nats_url="nats://127.0.0.1:$port,nats://127.0.0.1:$((port + 1)),nats://127.0.0.1:$((port + 2))"
for i in 0 1 2; do
  "$cdir/nats-server" -n "n$i" -js -sd "$cdir/nats$i" -a 127.0.0.1 -p $((port + i)) \
    --cluster_name spac -cluster "nats://127.0.0.1:$((port + 10 + i))" -routes "$routes" \
    >"$cdir/nats$i.log" 2>&1 &
  cluster_pids+=($!)
done

admin=cluster-admin
export SPACD_LOG_LEVEL=${SPACD_LOG_LEVEL:-warn} SPACD_ACCESS_ADMIN_TOKEN=$admin
export SPACD_CLUSTER_NATS_URL=$nats_url SPACD_CLUSTER_NATS_REPLICAS=3
# start_node ROLE NAME HTTP_PORT: one spacd serve on its own data directory, its Prometheus
# metrics on HTTP_PORT + 10
start_node() {
  SPACD_CLUSTER_ROLE=$1 SPACD_DATA_DIR="$cdir/$2" SPACD_METRICS_ADDR="127.0.0.1:$(($3 + 10))" \
    "$cdir/spacd" serve --addr "127.0.0.1:$3" 2>"$cdir/$2.log" >/dev/null &
  cluster_pids+=($!)
}
# wait_ready URL: /health answers 200 (a replica answers 503 while it catches up)
wait_ready() {
  for _ in $(seq 1 600); do curl -fs "$1/health" >/dev/null 2>&1 && return 0; sleep 0.5; done
  echo "cluster: $1 never became ready; logs in $cdir" >&2
  return 1
}
writer=http://127.0.0.1:$((port + 20))
replica1=http://127.0.0.1:$((port + 21))
replica2=http://127.0.0.1:$((port + 22))
# shellcheck disable=SC2034 # read by scripts/load-cluster.sh
metrics1=http://127.0.0.1:$((port + 31)) metrics2=http://127.0.0.1:$((port + 32))
start_node writer writer $((port + 20))
wait_ready "$writer"
# Replicas join once the writer's first build is published (behind 0).
for _ in $(seq 1 600); do
  curl -fs "$writer/health" | grep -q '"behind":0' && break
  sleep 0.5
done
start_node replica replica1 $((port + 21))
start_node replica replica2 $((port + 22))
wait_ready "$replica1"
wait_ready "$replica2"

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  echo "NATS:     $nats_url"
  echo "writer:   $writer"
  echo "replicas: $replica1 $replica2 (metrics: $metrics1/metrics $metrics2/metrics)"
  echo "admin token: $admin; data and logs in $cdir. Ctrl-C stops everything."
  wait
fi
