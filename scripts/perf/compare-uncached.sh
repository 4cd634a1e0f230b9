#!/usr/bin/env bash
# Uncached search over HTTP (issue 39), two binaries alternated, old then new, ROUNDS times (default 3): on a copy of
# the generated catalogue of PERF_OFFERS offers (default 1,000,000; made once under PERF_CACHE, default
# server/target/perf) whose index NEW kept beside it (`kept_index`: both binaries must read the same index format),
# each binary runs `vary` (a new question every request, with facets) and `instant` (the same as the header asks,
# `facets=N`) of scripts/perf/search.lua, 15 s each at 64 connections. Prints one line per run: round, binary,
# question, p99, requests/s.
#
#   scripts/perf/compare-uncached.sh OLD_BINARY NEW_BINARY [ROUNDS]
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO"
[ $# -ge 2 ] || { echo "usage: $0 OLD_BINARY NEW_BINARY [ROUNDS]"; exit 2; }
need_wrk
old="$(realpath "$1")" new="$(realpath "$2")" rounds="${3:-3}"
work="$(mktemp -d)"
trap 'stop_shop; rm -rf "$work"' EXIT
db=$(VITRINA_BIN="$new" catalogue_db "${PERF_CACHE:-$REPO/server/target/perf}" "${PERF_OFFERS:-1000000}")
VITRINA_BIN="$new" kept_index "$db" 18700
cp "$db" "$work/shop.db"
cp -r "$(kept_index_dir "$db")" "$work/search"
for round in $(seq "$rounds"); do
  for which in old new; do
    bin="$old"
    [ "$which" = new ] && bin="$new"
    VITRINA_BIN="$bin" start_shop "$work/shop.db" 18700 "$work/$which.log"
    wait_search "$SHOP_URL"
    for question in vary instant; do
      figures=$(wrk -t2 -c64 -d15s --latency -s scripts/perf/search.lua "$SHOP_URL" -- "$question" |
        awk '/Requests\/sec/ {print $2} / 99%/ {print "p99", $2}' | tr '\n' ' ')
      echo "round $round $which $question: $figures"
    done
    stop_shop
  done
done
