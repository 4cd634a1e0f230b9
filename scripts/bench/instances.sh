#!/usr/bin/env bash
# The mixed workload (scripts/perf/mixed.lua: home, a section's offers, a product, a search, the mini cart) against
# SQLite with one instance, PostgreSQL with one instance, and PostgreSQL with two instances, in one run (issue 36;
# docs/performance.md "Several instances"). Run it inside scripts/pg/with-cluster.sh, with PG_DURABLE=1 so that
# PostgreSQL syncs its commits as SQLite does:
#
#   PG_DURABLE=1 scripts/pg/with-cluster.sh scripts/bench/instances.sh
#
# Each run is `wrk -t2 -c64 -d${INSTANCES_S}s` (two instances: one wrk of -t1 -c32 at each, the requests summed, as
# a round-robin balancer would spread them). Where the time goes: the CPU seconds of the shop's processes and of
# PostgreSQL's during each run (/proc/PID/stat), beside the wall time.
#
# Env: INSTANCES_S (each run's length, s; default 20), INSTANCES_OFFERS (default 100000), PERF_CACHE.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO"
need_wrk
[ -n "${VITRINA_TEST_PG:-}" ] || { echo "run inside scripts/pg/with-cluster.sh"; exit 1; }

seconds="${INSTANCES_S:-20}"
offers="${INSTANCES_OFFERS:-100000}"
work="$(mktemp -d)"
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
cache="${PERF_CACHE:-$REPO/server/target/perf}"
sqlite_db=$(catalogue_db "$cache" "$offers")
cp "$sqlite_db" "$work/shop.db"
pg_db=$(shop_db "$work")
started=$(date +%s.%N)
"$VITRINA_BIN" import --db "$pg_db" "$cache/feed-$offers.xml" >/dev/null
echo "instances: imported $offers offers into PostgreSQL in $(python3 -c "import time; print(f'{time.time() - $started:.1f}')") s"

# cpu_s PID...: the CPU seconds (user + system) the processes used so far.
cpu_s() {
  local ticks=0 pid
  for pid in "$@"; do
    [ -r "/proc/$pid/stat" ] && ticks=$((ticks + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
  done
  python3 -c "print($ticks / $(getconf CLK_TCK))"
}
postgres_pids() { pgrep -u postgres -x postgres | tr '\n' ' '; }

# run NAME PORT...: the mixed workload against the shops on PORT...; prints a table row.
run() {
  local name="$1"; shift
  local ports=("$@") shops=() n=${#ports[@]}
  for port in "${ports[@]}"; do shops+=("$(pgrep -f "vitrina serve .*127.0.0.1:$port" | head -1)"); done
  mixed_ids "http://127.0.0.1:${ports[0]}" "$work/ids"
  local shop_before pg_before pgs
  pgs=$(postgres_pids)
  shop_before=$(cpu_s "${shops[@]}"); pg_before=$(cpu_s $pgs)
  local i=0 wrks=()
  for port in "${ports[@]}"; do
    wrk -t$((2 / n)) -c$((64 / n)) -d"${seconds}s" --timeout 10s --latency -s scripts/perf/mixed.lua \
      "http://127.0.0.1:$port" -- "$work/ids" "$offers" >"$work/wrk-$i.out" &
    wrks+=($!)
    i=$((i + 1))
  done
  wait "${wrks[@]}"
  local shop_cpu pg_cpu
  shop_cpu=$(python3 -c "print(f'{$(cpu_s "${shops[@]}") - $shop_before:.1f}')")
  pg_cpu=$(python3 -c "print(f'{$(cpu_s $(postgres_pids)) - $pg_before:.1f}')")
  [[ "$name" == SQLite* ]] && pg_cpu="–"
  python3 - "$name" "$seconds" "$shop_cpu" "$pg_cpu" "$work"/wrk-*.out <<'PY'
import re, sys
name, seconds, shop_cpu, pg_cpu, files = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5:]
rps = p99 = errors = 0.0
for f in files:
    text = open(f).read()
    rps += float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    m = re.search(r"99%\s+([\d.]+)(us|ms|s)", text)
    value = float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)]
    p99 = max(p99, value)
    five = re.search(r"MIXED5XX (\d+)", text)
    errors += int(five.group(1)) if five else 0
pg = pg_cpu if pg_cpu == "–" else f"{pg_cpu} s"
print(f"| {name} | {rps:,.0f} | {p99:.1f} ms | {int(errors)} | {shop_cpu} s | {pg} |")
PY
  rm -f "$work"/wrk-*.out
}

echo "| storage | requests/s | p99 | 5xx | CPU: the shop | CPU: PostgreSQL |"
echo "|---|---|---|---|---|---|"
start_shop "$work/shop.db" 18740 "$work/sqlite.log"; pids+=("$SHOP_PID"); wait_search "$SHOP_URL"
run "SQLite, 1 instance" 18740
stop_shop; pids=()
start_shop "$pg_db" 18741 "$work/pg-a.log"; pids+=("$SHOP_PID"); wait_search "$SHOP_URL"
run "PostgreSQL, 1 instance" 18741
start_shop "$pg_db" 18742 "$work/pg-b.log"; pids+=("$SHOP_PID"); wait_search "$SHOP_URL"
run "PostgreSQL, 2 instances" 18741 18742
echo "(${seconds} s each, $offers offers, $(nproc) cores; wrk and PostgreSQL share the cores with the shop)"
