# Sourced by scripts/load.sh when CLUSTER=1 (not run on its own): starts scripts/cluster.sh
# (three NATS servers, a writer, two replicas on loopback) and measures, in one run, each path's
# requests/s served by one replica (wrk, $conns connections) and by two replicas at once (two
# wrk, $conns/2 connections each, their req/s added). Both as an enterprise key and as an
# anonymous caller (limits raised out of reach): every limited request counts its minute and
# day windows in the shared JetStream counters, so the anonymous rows include that cost, and
# the last two columns give the compare-and-sets another node's write beat per add (read from
# both replicas' metrics before and after each measure; the keyed rows add usage only, once a
# second per node).
# Prints a Markdown table. Uses $dur and $conns from load.sh.
export SPACD_ACCESS_TIERS_ANONYMOUS_PER_MINUTE=100000000 SPACD_ACCESS_TIERS_ANONYMOUS_PER_DAY=1000000000
# shellcheck source=scripts/cluster.sh
source scripts/cluster.sh
key=$(curl -fsS -X POST -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' \
  -d '{"name":"load","tier":"enterprise"}' "$replica1/v1/admin/keys" | grep -o '"secret":"[^"]*"' | cut -d'"' -f4)
# The key was created through replica 1 (forwarded to the writer): replica 2 knows it once it
# applied the change.
for _ in $(seq 1 100); do curl -fs -o /dev/null -H "Authorization: Bearer $key" "$replica2/v1/account" && break; sleep 0.1; done
[ -n "$key" ] || { echo "load: no key created through replica 1" >&2; exit 1; }
sym=$(curl -fs "$replica1/v1/universe?limit=1&fields=symbol&citations=none" | grep -o '"symbol":"[^"]*"' | head -1 | cut -d'"' -f4)

rps_of() { awk '/Requests\/sec/ {print $2}'; }
# cas: "ADDS CONFLICTS" summed over both replicas' shared-counter metrics (natsjs.Counters.Stats)
cas() {
  curl -fs "$metrics1/metrics" "$metrics2/metrics" |
    awk '/^spacd_shared_counter_adds_total/ {a+=$2} /^spacd_shared_counter_conflicts_total/ {c+=$2} END {printf "%d %d\n", a, c}'
}
# cas_ratio BEFORE AFTER: conflicts per add between two cas readings ("-" when none were made)
cas_ratio() {
  awk -v b="$1" -v a="$2" 'BEGIN{split(b,x," "); split(a,y," "); n=y[1]-x[1]; c=y[2]-x[2]
    if (n>0) printf "%.3f (%d / %d)", c/n, c, n; else printf "-"}'
}
bad_of() { awk '/Non-2xx/ {n=$NF} END {print n+0}'; } # answers other than 2xx and 3xx
# one_and_two NAME PATH [curl/wrk header args...]: "NAME|one replica|two replicas|ratio|non-2xx"
one_and_two() {
  local name=$1 path=$2 one two a b bad c0 c1 c2
  shift 2
  for base in "$replica1" "$replica2"; do curl -fs -o /dev/null "$@" "$base$path"; done # warm
  c0=$(cas)
  wrk -t2 -c"$conns" -d"$dur" "$@" "$replica1$path" >"$cdir/wrk0"
  one=$(rps_of <"$cdir/wrk0")
  c1=$(cas)
  wrk -t1 -c$((conns / 2)) -d"$dur" "$@" "$replica1$path" >"$cdir/wrk1" &
  a=$!
  wrk -t1 -c$((conns / 2)) -d"$dur" "$@" "$replica2$path" >"$cdir/wrk2" &
  b=$!
  wait "$a" "$b"
  c2=$(cas)
  two=$(awk -v x="$(rps_of <"$cdir/wrk1")" -v y="$(rps_of <"$cdir/wrk2")" 'BEGIN{printf "%.2f", x+y}')
  bad=$(($(bad_of <"$cdir/wrk0") + $(bad_of <"$cdir/wrk1") + $(bad_of <"$cdir/wrk2")))
  echo "$name|$one|$two|$(awk -v o="$one" -v t="$two" 'BEGIN{printf "%.2f", t/o}')|$bad|$(cas_ratio "$c0" "$c1")|$(cas_ratio "$c1" "$c2")"
}
echo "cluster load: ${dur} per run, $conns connections, $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg)"
echo
echo "| path | caller | one replica req/s | two replicas req/s | two / one | answers not 2xx | CAS conflicts per add, one replica | two replicas |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
auth=(-H "Authorization: Bearer $key")
for p in "/v1/spac/$sym" "/v1/universe?limit=50&sort=-trust_size" "/v1/search?q=acquisition"; do
  one_and_two "$p" "$p" "${auth[@]}" | awk -F'|' '{print "| `" $1 "` | enterprise key | " $2 " | " $3 " | " $4 " | " $5 " | " $6 " | " $7 " |"}'
  one_and_two "$p" "$p" | awk -F'|' '{print "| `" $1 "` | anonymous | " $2 " | " $3 " | " $4 " | " $5 " | " $6 " | " $7 " |"}'
done
