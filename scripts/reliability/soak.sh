#!/usr/bin/env bash
# Soak (issue 9): the mixed workload of scripts/perf/mixed.lua at 256 connections for 5 minutes against the release
# binary on a 100,000-offer generated catalogue. Fails on any 5xx, on any other non-2xx answer, or when the server's
# memory (RSS) after the run is more than 10 % above its memory after the first minute.
#
# Env: SOAK_S (run length, s; default 300), SOAK_CONNECTIONS (default 256), SOAK_OFFERS (default 100000),
# SOAK_PORT (default 18630), PERF_CACHE (where the generated catalogue is kept; default server/target/perf).
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO"
need_wrk

seconds="${SOAK_S:-300}"
offers="${SOAK_OFFERS:-100000}"
work="$(mktemp -d)"
trap 'stop_shop; rm -rf "$work"' EXIT
db=$(catalogue_db "${PERF_CACHE:-$REPO/server/target/perf}" "$offers")
cp "$db" "$work/shop.db"
start_shop "$work/shop.db" "${SOAK_PORT:-18630}" "$work/server.log"
wait_search "$SHOP_URL"
mixed_ids "$SHOP_URL" "$work/ids"

echo "soak: mixed workload, ${SOAK_CONNECTIONS:-256} connections, $seconds s, $offers offers"
wrk -t2 -c"${SOAK_CONNECTIONS:-256}" -d"${seconds}s" --timeout 10s --latency -s scripts/perf/mixed.lua "$SHOP_URL" \
  -- "$work/ids" "$offers" >"$work/wrk.out" &
wrk_pid=$!
sleep 60
rss_first=$(rss_kb "$SHOP_PID")
wait "$wrk_pid"
rss_end=$(rss_kb "$SHOP_PID")
cat "$work/wrk.out"

five=$(sed -n 's/^MIXED5XX //p' "$work/wrk.out")
non2xx=$(sed -n 's/^MIXEDNON2XX //p' "$work/wrk.out")
growth=$(python3 -c "print(f'{($rss_end - $rss_first) / $rss_first * 100:+.1f}')")
echo "soak: RSS after the first minute $((rss_first / 1024)) MiB, after the run $((rss_end / 1024)) MiB ($growth %)"
echo "soak: 5xx answers $five, non-2xx answers $non2xx"
failed=0
[ "${five:-1}" -eq 0 ] || { echo "FAILED: 5xx answers"; failed=1; }
[ "${non2xx:-1}" -eq 0 ] || { echo "FAILED: answers other than 2xx"; failed=1; }
python3 -c "import sys; sys.exit(0 if $rss_end <= $rss_first * 1.10 else 1)" || { echo "FAILED: memory grew over 10 %"; failed=1; }
grep -q panicked "$work/server.log" && { echo "FAILED: the server panicked"; grep -A5 panicked "$work/server.log"; failed=1; }
exit "$failed"
