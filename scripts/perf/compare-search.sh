#!/usr/bin/env bash
# Search over HTTP (docs/performance.md "HTTP under wrk"), two binaries in one run, alternating old, new, old, new:
# one static asset, three single queries, `cycle` and `vary` of scripts/perf/search.lua, each 15 s at 64
# connections, on a copy of the generated 100,000-offer catalogue (made once under PERF_CACHE, default
# server/target/perf). Prints one line per run: binary, target, p50, p99, requests/s.
#
#   scripts/perf/compare-search.sh OLD_BINARY NEW_BINARY
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO"
need_wrk
[ $# -eq 2 ] || { echo "usage: $0 OLD_BINARY NEW_BINARY"; exit 2; }
old="$(realpath "$1")" new="$(realpath "$2")"
work="$(mktemp -d)"
trap 'stop_shop; rm -rf "$work"' EXIT
db=$(catalogue_db "${PERF_CACHE:-$REPO/server/target/perf}" 100000)
queries=(
  "api/search?q=%D0%BA%D0%BE%D0%BD%D1%81%D1%82%D1%80%D1%83%D0%BA%D1%82%D0%BE%D1%80"                  # конструктор
  "api/search?q=%D0%BC%D0%B0%D0%B3%D0%BD%D0%B8%D1%82%D0%BD%D1%8B%D0%B9%20%D0%B7%D0%B0%D0%BC%D0%BE%D0%BA"  # магнитный замок
  "api/search?q=%D0%BA%D0%BE"                                                                        # ко
)
figures() { grep -E 'Requests/sec|^ +50%|^ +99%' | tr -s ' ' | tr '\n' ' '; }

measure() { # label binary port
  local label="$1" port="$3"
  cp "$db" "$work/shop.db"
  rm -f "$work/shop.db-wal" "$work/shop.db-shm"
  VITRINA_BIN="$2" start_shop "$work/shop.db" "$port" "$work/$label.log"
  wait_search "$SHOP_URL"
  local asset
  asset=$(curl -s "$SHOP_URL/" | grep -o '/assets/[^"]*\.js' | head -1)
  echo "$label static $asset $(wrk -t2 -c64 -d15s --latency "$SHOP_URL$asset" | figures)"
  for query in "${queries[@]}"; do
    echo "$label $query $(wrk -t2 -c64 -d15s --latency "$SHOP_URL/$query" | figures)"
  done
  for mode in cycle vary; do
    echo "$label $mode $(wrk -t2 -c64 -d15s --latency -s scripts/perf/search.lua "$SHOP_URL" -- "$mode" | figures)"
  done
  stop_shop
}

measure old "$old" 18701
measure new "$new" 18702
measure old "$old" 18703
measure new "$new" 18704
