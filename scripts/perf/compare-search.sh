#!/usr/bin/env bash
# Search over HTTP (docs/performance.md "HTTP under wrk"), two binaries in one run, alternated ROUNDS times (default 2;
# old then new in odd rounds, new then old in even ones), each target 15 s at 64 connections: one static asset, three
# single queries, then `cycle`, `vary` and `instant` of scripts/perf/search.lua. With ROWS=uncached only `vary` (a new
# question every request, with facets) and `instant` (the same as the header asks, `facets=N`; issue 39); with
# ROWS=listings only the listings of scripts/bench/facets-http.py (the whole catalogue and its largest top section,
# page 1, unfiltered and with two facets chosen), then the largest section's and the whole catalogue's by price, pages 1
# and 200. CONNECTIONS=1
# asks one question at a time (one wrk thread) instead of 64 at once: a shopper's wait on an idle server. On a copy of
# the generated catalogue of PERF_OFFERS offers (default 100,000; made once under PERF_CACHE, default
# server/target/perf) and of the index NEW kept beside it, a copy for each binary: a first start of each on its copy
# opens it, or builds its own when the binary reads another index format (`kept_index`), so every measured start opens
# an index from disk. Prints one line per target: round, binary, target, then wrk's p50, p99 and requests/s.
#
#   [PERF_OFFERS=1000000] [ROWS=uncached|listings] [CONNECTIONS=1] scripts/perf/compare-search.sh OLD_BINARY NEW_BINARY [ROUNDS]
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 OLD_BINARY NEW_BINARY [ROUNDS]" >&2; exit 2; }
old="$(realpath "$1")" new="$(realpath "$2")" rounds="${3:-2}"
source "$(dirname "$0")/../lib.sh"
cd "$REPO"
need_wrk
work="$(mktemp -d)"
trap 'stop_shop; rm -rf "$work"' EXIT
db=$(VITRINA_BIN="$new" catalogue_db "${PERF_CACHE:-$REPO/server/target/perf}" "${PERF_OFFERS:-100000}")
VITRINA_BIN="$new" kept_index "$db" 18700
for label in old new; do
  bin="$old"
  [ "$label" = new ] && bin="$new"
  mkdir "$work/$label"
  cp "$db" "$work/$label/shop.db"
  cp -r "$(kept_index_dir "$db")" "$(kept_index_dir "$work/$label/shop.db")"
  VITRINA_BIN="$bin" kept_index "$work/$label/shop.db" 18700
  mv "$(kept_index_dir "$work/$label/shop.db")" "$work/$label/search"
done
queries=(
  "api/search?q=%D0%BA%D0%BE%D0%BD%D1%81%D1%82%D1%80%D1%83%D0%BA%D1%82%D0%BE%D1%80"                  # конструктор
  "api/search?q=%D0%BC%D0%B0%D0%B3%D0%BD%D0%B8%D1%82%D0%BD%D1%8B%D0%B9%20%D0%B7%D0%B0%D0%BC%D0%BE%D0%BA"  # магнитный замок
  "api/search?q=%D0%BA%D0%BE"                                                                        # ко
)
conns="${CONNECTIONS:-64}" threads=2
[ "$conns" -lt 2 ] && threads=1
figures() { grep -E 'Requests/sec|^ +50%|^ +99%' | tr -s ' ' | tr '\n' ' '; }

for round in $(seq "$rounds"); do
  # Old first in odd rounds, new first in even ones, so that neither binary always meets the machine's drift first.
  # One binary against itself (4 rounds, a million offers) read x0.95-1.04 vary and x0.85-1.04 instant round by round:
  # a difference within that is noise (docs/performance.md, twenty-seventh session).
  order="old new"
  [ $((round % 2)) = 0 ] && order="new old"
  for label in $order; do
    bin="$old"
    [ "$label" = new ] && bin="$new"
    VITRINA_BIN="$bin" start_shop "$work/$label/shop.db" 18700 "$work/$label.log"
    wait_search "$SHOP_URL"
    if [ "${ROWS:-all}" = listings ]; then
      python3 scripts/bench/facets-http.py "$SHOP_URL" --seconds 15 | sed "s/^/round $round $label /"
      largest=$(curl -s "$SHOP_URL/api/sections" | python3 -c '
import json, sys
print(max(json.load(sys.stdin)["sections"], key=lambda s: s["offerCount"])["id"])')
      for path in "sections/$largest/offers?" "sections/$largest/offers?sort=price" \
        "sections/$largest/offers?sort=price&page=200" "offers?sort=price" "offers?sort=price&page=200"; do
        echo "round $round $label $path $(wrk -t$threads -c$conns -d15s --latency "$SHOP_URL/api/$path" | figures)"
      done
      stop_shop
      continue
    fi
    modes=(vary instant)
    if [ "${ROWS:-all}" != uncached ]; then
      asset=$(curl -s "$SHOP_URL/" | grep -o '/assets/[^"]*\.js' | head -1)
      echo "round $round $label static $asset $(wrk -t$threads -c$conns -d15s --latency "$SHOP_URL$asset" | figures)"
      for query in "${queries[@]}"; do
        echo "round $round $label $query $(wrk -t$threads -c$conns -d15s --latency "$SHOP_URL/$query" | figures)"
      done
      modes=(cycle vary instant)
    fi
    for mode in "${modes[@]}"; do
      echo "round $round $label $mode $(wrk -t$threads -c$conns -d15s --latency -s scripts/perf/search.lua "$SHOP_URL" -- "$mode" | figures)"
    done
    stop_shop
  done
done
