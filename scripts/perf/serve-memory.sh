#!/usr/bin/env bash
# serve's memory (docs/performance.md, issue 39 tenth slice): binaries alternated, ROUNDS rounds (default 2), each on
# a fresh copy of the generated 100,000-offer catalogue and its search index (made once under PERF_CACHE, default
# server/target/perf; the index is built by a first start and copied with the database). Prints, per run, the memory
# once search answers, the mixed workload's requests/s (scripts/perf/mixed.lua, some seconds each at 64 and at 256
# connections, default 20 (SECONDS_EACH)), and the memory after it (`memory_of`: VmRSS, anonymous, proportional).
# Extra `serve` environment goes before the command, e.g. `VITRINA_CACHE_MB=1 scripts/perf/serve-memory.sh BIN`.
#
#   scripts/perf/serve-memory.sh BINARY [BINARY...]
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO"
need_wrk
[ $# -ge 1 ] || { echo "usage: $0 BINARY [BINARY...]"; exit 2; }
work="$(mktemp -d)"
trap 'stop_shop; rm -rf "$work"' EXIT
db=$(catalogue_db "${PERF_CACHE:-$REPO/server/target/perf}" 100000)
port="${BENCH_PORT:-18660}"
# The first start builds the index beside the cached catalogue; every run then opens a copy of it.
VITRINA_BIN="$(realpath "$1")" kept_index "$db" "$port"
for round in $(seq "${ROUNDS:-2}"); do
  for binary in "$@"; do
    rm -rf "$work/shop" && mkdir "$work/shop"
    cp "$db" "$work/shop/shop.db"
    cp -r "$(kept_index_dir "$db")" "$work/shop/search"
    VITRINA_BIN="$(realpath "$binary")" start_shop "$work/shop/shop.db" "$port" "$work/shop/log"
    wait_search "$SHOP_URL"
    start="$(memory_of "$SHOP_PID")"
    mixed_ids "$SHOP_URL" "$work/shop/ids"
    rates=""
    for connections in 64 256; do
      rate=$(wrk -t2 -c"$connections" -d"${SECONDS_EACH:-20}s" --timeout 10s -s scripts/perf/mixed.lua "$SHOP_URL" \
        -- "$work/shop/ids" 100000 | awk '/Requests\/sec/ {printf "%.0f", $2}')
      rates="$rates $rate"
    done
    echo "round $round $binary: at start $start; mixed requests/s (64, 256):$rates; after $(memory_of "$SHOP_PID")"
    stop_shop
  done
done
