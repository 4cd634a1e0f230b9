#!/usr/bin/env bash
# Where an uncached search's time goes (issue 39; docs/performance.md): starts BINARY on a copy of the generated
# catalogue of PERF_OFFERS offers (default 1,000,000; made once under PERF_CACHE, default server/target/perf) with the
# index kept beside it (`kept_index`: made by BINARY when missing, else reused whichever binary made it, as the index
# format allows), warms up for 5 s with questions of MODE the measured run does not ask, then runs
# `scripts/perf/search.lua -- MODE` (vary, instant or cycle) for SECONDS (default 20) at 64 connections while
# `perf record -F 499` samples the shop, and prints wrk's p50, p99 and requests/s. Read the profile with
# `perf report -i PERF_OUT/perf.data --no-children --sort symbol` and `perf annotate -i PERF_OUT/perf.data -s SYMBOL`.
# PERF=0 runs the load alone (A/B runs of two binaries, alternated). PERF_OUT (default server/target/perf/profile)
# receives perf.data, perf.log, the shop's copy and its log.
#
#   [PERF_OFFERS=1000000] [PERF=0] [PERF_OUT=DIR] scripts/perf/profile-search.sh BINARY MODE [SECONDS]
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BINARY MODE [SECONDS]" >&2; exit 2; }
bin="$(realpath "$1")" mode="$2" secs="${3:-20}"
case "$mode" in vary | instant | cycle) ;; *) echo "MODE is vary, instant or cycle, not $mode" >&2; exit 2 ;; esac
perf_on="${PERF:-1}"
if [ "$perf_on" != 0 ] && ! command -v perf >/dev/null; then
  echo "perf is not installed (Debian: linux-perf); PERF=0 runs the load alone" >&2
  exit 2
fi
source "$(dirname "$0")/../lib.sh"
cd "$REPO"
need_wrk
out="${PERF_OUT:-$REPO/server/target/perf/profile}"
mkdir -p "$out"
rm -rf "$out"/{perf.data,perf.log,shop.db,shop.db-shm,shop.db-wal,shop.log,search,pages,pictures}
trap 'stop_shop' EXIT
db=$(VITRINA_BIN="$bin" catalogue_db "${PERF_CACHE:-$REPO/server/target/perf}" "${PERF_OFFERS:-1000000}")
VITRINA_BIN="$bin" kept_index "$db" 18700
cp "$db" "$out/shop.db"
cp -r "$(kept_index_dir "$db")" "$out/search"
VITRINA_BIN="$bin" start_shop "$out/shop.db" 18700 "$out/shop.log"
wait_search "$SHOP_URL"
wrk -t2 -c64 -d5s -s scripts/perf/search.lua "$SHOP_URL" -- "$mode" 11000 >/dev/null
perf_pid=
if [ "$perf_on" != 0 ]; then
  perf record -F 499 -p "$SHOP_PID" -o "$out/perf.data" -- sleep "$secs" >"$out/perf.log" 2>&1 &
  perf_pid=$!
fi
wrk -t2 -c64 -d"${secs}s" --latency -s scripts/perf/search.lua "$SHOP_URL" -- "$mode" |
  grep -E 'Requests/sec|^ +50%|^ +99%' | tr -s ' ' | tr '\n' ' '
echo
if [ -n "$perf_pid" ] && ! wait "$perf_pid"; then
  echo "perf record failed (perf_event_paranoid?): see $out/perf.log" >&2
  exit 1
fi
