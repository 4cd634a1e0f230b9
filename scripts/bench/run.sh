#!/usr/bin/env bash
# `make bench` (issue 9): every benchmark of docs/performance.md in one run, its tables written to
# server/target/bench/report.md (and printed). Exits 1 when a budget is missed: the home page's initial JavaScript
# over 100 KB gzip, or a Lighthouse figure past its bound (issue 22's, scripts/bench/lighthouse.py). Installs wrk (Debian) when absent; lighthouse comes
# through npx.
#
#   1. initial JavaScript of the home page (scripts/bench/initial-js.mjs)
#   2. import: time and peak memory for the real feed (../shared/data/eco-puzzles.yml.xml, skipped when absent),
#      a generated 100,000-offer feed, and the same with 1 % of prices changed into it; then the time from a start to
#      the first search answer, with the index built and kept on disk, and the time until the 1 % import reaches a
#      serving shop's search and listings (the indexes updated from what it changed; scripts/bench/index-start.py,
#      issue 39)
#   3. HTTP under wrk on the 100,000-offer catalogue, its search index opened from disk as after a restart: a static
#      file (the ceiling) and the mixed workload (scripts/perf/mixed.lua), 64 and 256 connections, BENCH_HTTP_S
#      seconds each (default 30); the server's memory after the load
#   3a. sorted listings of the largest section, page 1 and deep pages, and search asked something new every request
#      against the same questions asked again (issue 39)
#   3b. server-rendered pages on the same catalogue: render time cold and warm, and wrk on cached and uncached HTML
#      against the static ceiling and the JSON of the same offers (scripts/bench/render.py)
#   4. Lighthouse, mobile, median of 3, on the real catalogue (eco-puzzles.yml.xml; the demo one without ../shared)
#      (scripts/bench/lighthouse.py), then the first seconds on the same shop: each page's first paint to the app
#      being ready under Lighthouse's mobile conditions (scripts/bench/first-seconds.mjs, issue 33; no budget yet),
#      and one client flooding unique URLs beside a visitor (scripts/bench/render-flood.mjs, issue 34)
#   3c. filtered listings against unfiltered ones over HTTP (issue 35)
#   3d. a crawler walking the sitemap at 20 pages/s for BENCH_CRAWL_S seconds (default 300) after a warm-up pass,
#      alone and while 8 connections ask for cold pages, with a shopper's product page p99 (scripts/bench/crawler.py,
#      issue 39); then the same crawl right after a restart, from the pages kept on disk
#   5. facet counts in process against SQL GROUP BY (cargo bench --bench facets; BENCH_FACETS_OFFERS, default 100,000)
#   6. search engine against SQLite LIKE and FTS5 (cargo bench --bench search; BENCH_SKIP_SEARCH=1 skips it)
#   7. the mixed workload on SQLite, PostgreSQL with one instance and with two (scripts/bench/instances.sh in a
#      throw-away cluster, issue 36; BENCH_SKIP_INSTANCES=1 skips it)
#
# BENCH_OFFERS (default 100000) sets the generated catalogue's size for 2 to 3d, 5 and 6: `BENCH_OFFERS=1000000 make
# bench` fills issue 39's second column. A run at another size than the default leaves out what does not depend on it
# (1, the real feed's import, 4 and 7), and times only the engine in 6 (`VITRINA_BENCH_QUICK`: SQLite's `LIKE` over a
# million names would take most of an hour of criterion's samples) and runs each SQL query of 5 once.
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO"
need_wrk

out="$REPO/server/target/bench"
mkdir -p "$out"
report="$out/report.md"
work="$(mktemp -d)"
trap 'stop_shop; rm -rf "$work"' EXIT
failed=()
say() { echo "$*" | tee -a "$report"; }
offers="${BENCH_OFFERS:-100000}"
offers_label=$(python3 -c 'import sys; print(f"{int(sys.argv[1]):,}")' "$offers")
# The parts that do not depend on the catalogue's size run only at the default one.
default_size() { [ "$offers" = 100000 ]; }
: >"$report"
say "# make bench, $(date -u +%F\ %H:%M) UTC, commit $(git rev-parse --short HEAD), $(nproc) cores, $offers_label generated offers"
if ! default_size; then
  say ""
  say "Left out at this size (they do not depend on it): the initial JavaScript, the real feed's import, Lighthouse and"
  say "the first seconds, several instances; the search engine timed alone (\`VITRINA_BENCH_QUICK\`)."
fi

# 1. Initial JavaScript
if default_size; then
  say ""
  say "## Initial JavaScript of the home page (gzip -9)"
  say '```'
  node scripts/bench/initial-js.mjs 2>&1 | tee -a "$report"
  [ "${PIPESTATUS[0]}" -eq 0 ] || failed+=("initial JavaScript over 100 KB gzip")
  say '```'
fi

# 2. Import
say ""
say "## Import"
say "| feed | offers | time | peak memory (max RSS) |"
say "|---|---|---|---|"
# import_row NAME FEED [DB]: imports FEED into a new database (DB, kept, or a temporary one).
import_row() {
  local name="$1" feed="$2" db="${3:-$work/import-$RANDOM.db}"
  if ! /usr/bin/time -f "%e %M" -o "$work/time" "$VITRINA_BIN" import --json --db "$db" "$feed" >"$work/summary.json"; then
    say "| $name | failed: the import's message is above | | |"
    failed+=("import of $name")
    return 1
  fi
  read -r seconds kb <"$work/time"
  local offers
  offers=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["offersAdded"] + d["offersUpdated"])' "$work/summary.json")
  say "| $name | $offers | ${seconds} s | $((kb / 1024)) MiB |"
  [ -n "${3:-}" ] || rm -f "$db" "$db"-*
}
real_feed="$REPO/../shared/data/eco-puzzles.yml.xml"
if default_size; then
  if [ -f "$real_feed" ]; then
    import_row "eco-puzzles.yml.xml (real)" "$real_feed"
  else
    say "| eco-puzzles.yml.xml (real) | skipped: ../shared/data is absent | | |"
  fi
fi
catalogue=$(catalogue_db "${PERF_CACHE:-$REPO/server/target/perf}" "$offers")
# The re-import below goes into what this binary imported, not into the cached catalogue: an older binary's offers
# carry fingerprints of another kind, and every offer would count as changed.
# Issue 39: the same feed again with 1 % of its prices changed, into the imported catalogue (when it was imported).
python3 scripts/bench/change-prices.py "$(dirname "$catalogue")/feed-$offers.xml" "$work/feed-1pc.xml" --every 100
if import_row "generate-feed --offers $offers" "$(dirname "$catalogue")/feed-$offers.xml" "$work/reimport.db"; then
  if /usr/bin/time -f "%e %M" -o "$work/time" "$VITRINA_BIN" import --json --db "$work/reimport.db" "$work/feed-1pc.xml" >"$work/summary.json"; then
    read -r seconds_re kb_re <"$work/time"
    updated=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["offersUpdated"])' "$work/summary.json")
    say "| the same with 1 % of prices changed, into it ($updated updated) | $offers | ${seconds_re} s | $((kb_re / 1024)) MiB |"
  else
    say "| the same with 1 % of prices changed | failed: the import's message is above | | |"
    failed+=("re-import with 1 % of prices changed")
  fi
fi
rm -f "$work/reimport.db"*

# 2b. Start to the first search answer, the index built at start and kept on disk (issue 39)
say ""
say "## Start to the first search answer, $offers_label offers (issue 39)"
python3 scripts/bench/index-start.py "$VITRINA_BIN" "$catalogue" --port "${BENCH_PORT:-18640}" --rounds 3 \
  --reimport "$work/feed-1pc.xml" 2>&1 | tee -a "$report"

# 3. HTTP under wrk, on a shop as it runs after a restart: its search index opened from disk (built once beside the
#    cached catalogue), not built in this process, whose allocations would stay in its memory figures (issue 39)
seconds="${BENCH_HTTP_S:-30}"
kept_index "$catalogue" "${BENCH_PORT:-18640}"
cp "$catalogue" "$work/shop.db"
rm -rf "$work/search" && cp -r "$(kept_index_dir "$catalogue")" "$work/search"
start_shop "$work/shop.db" "${BENCH_PORT:-18640}" "$work/server.log"
wait_search "$SHOP_URL"
mixed_ids "$SHOP_URL" "$work/ids"
static="/favicon.svg"
say ""
say "## HTTP under wrk, $offers_label offers, ${seconds} s per row (wrk -t2, on the same machine as the server)"
say "| workload | connections | requests/s | p50 | p99 | non-2xx | ÷ static |"
say "|---|---|---|---|---|---|---|"
wrk_row() {
  local label="$1" connections="$2" ceiling="$3"
  shift 3
  wrk -t2 -c"$connections" -d"${seconds}s" --timeout 10s --latency "$@" >"$work/wrk.out" 2>&1
  python3 - "$work/wrk.out" "$label" "$connections" "$ceiling" <<'PY' | tee -a "$report"
import re, sys
text = open(sys.argv[1]).read()
label, connections, ceiling = sys.argv[2], sys.argv[3], sys.argv[4]
def latency(p):
    m = re.search(rf"^\s+{p}%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    value, unit = float(m.group(1)), m.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
m = re.search(r"MIXEDNON2XX (\d+)", text) or re.search(r"Non-2xx or 3xx responses: (\d+)", text)
non2xx = int(m.group(1)) if m else 0
errors = re.search(r"Socket errors: (.*)", text)
ratio = f"{rps / float(ceiling):.2f}" if ceiling != "-" else "1"
note = f" (socket errors: {errors.group(1)})" if errors else ""
print(f"| {label} | {connections} | {rps:,.0f} | {latency(50):.2f} ms | {latency(99):.2f} ms | {non2xx}{note} | {ratio} |")
with open(sys.argv[1] + ".rps", "w") as f:
    f.write(str(rps))
PY
}
for c in 64 256; do
  wrk_row "static file $static (ceiling)" "$c" - "$SHOP_URL$static"
  ceiling=$(cat "$work/wrk.out.rps")
  wrk_row "mixed (home, section, offer, search, mini cart)" "$c" "$ceiling" -s scripts/perf/mixed.lua "$SHOP_URL" -- "$work/ids" "$offers"
done
say ""
say "Server memory after the load: $(memory_of "$SHOP_PID")"

# 3a. Sorted listings of the largest section (issue 39): from the facet index's kept orders and counts.
largest=$(curl -s "$SHOP_URL/api/sections" | python3 -c '
import json, sys
sections = json.load(sys.stdin)["sections"]
print(max(sections, key=lambda s: s["offerCount"])["id"])')
say ""
say "Sorted listings of the largest section ($largest), 64 connections:"
say ""
say "| workload | connections | requests/s | p50 | p99 | non-2xx | ÷ static |"
say "|---|---|---|---|---|---|---|"
wrk_row "static file $static (ceiling)" 64 - "$SHOP_URL$static"
ceiling=$(cat "$work/wrk.out.rps")
for query in "" "sort=price" "sort=price&page=200" "sort=name&page=100"; do
  wrk_row "section ${query:-unsorted}" 64 "$ceiling" "$SHOP_URL/api/sections/$largest/offers?$query"
done
# Issue 39's uncached search: a new question every request (scripts/perf/search.lua `vary`, as the results page asks,
# with the facets; `instant`, as the header's instant search asks, without them; the answer cache holds a few hundred
# answers, so none of a run comes from it), against ten questions asked again (`cycle`: the cache's).
wrk_row "search, a new question every request" 64 "$ceiling" -s scripts/perf/search.lua "$SHOP_URL" -- vary
wrk_row "search, a new question every request, as the instant search asks (facets=N)" 64 "$ceiling" -s scripts/perf/search.lua "$SHOP_URL" -- instant
wrk_row "search, ten questions asked again" 64 "$ceiling" -s scripts/perf/search.lua "$SHOP_URL" -- cycle

# 3b. Server-rendered pages
say ""
python3 scripts/bench/render.py "$SHOP_URL" --seconds "$seconds" 2>&1 | sed 's/^## /### /' | tee -a "$report"
say ""
say "Server memory after the render load: $(memory_of "$SHOP_PID")"

# 3c. Filtered listings (issue 35): the same first page unfiltered and with two facets chosen.
say ""
say "## Filtered listings over HTTP, $offers_label offers, ${seconds} s per row, 64 connections (issue 35)"
python3 scripts/bench/facets-http.py "$SHOP_URL" --seconds "$seconds" 2>&1 | tee -a "$report"

# 3d. A crawler walking the sitemap (issue 39): pages served rendered, alone and beside a flood of cold pages.
crawl_s="${BENCH_CRAWL_S:-300}"
say ""
say "## A crawler walking the sitemap at 20 pages/s for ${crawl_s} s after a warm-up pass, $offers_label offers (issue 39)"
python3 scripts/bench/crawler.py "$SHOP_URL" --rate 20 --seconds "$crawl_s" --flood 8 2>&1 | tee -a "$report"
# The same crawl right after a restart: the pages kept on disk (VITRINA_PAGE_DIR, beside the database).
stop_shop
start_shop "$work/shop.db" "${BENCH_PORT:-18640}" "$work/server.log"
wait_search "$SHOP_URL"
python3 scripts/bench/crawler.py "$SHOP_URL" --rate 20 --seconds "$crawl_s" --after-restart 2>&1 | tail -1 | tee -a "$report"
say "Render counters after it: $(curl -s "$SHOP_URL/api/health/render")"
stop_shop

# 4. Lighthouse on the real catalogue (the demo one when ../shared is absent)
if default_size; then
  lighthouse_catalogue="demo catalogue"
  if [ -f "$real_feed" ]; then
    "$VITRINA_BIN" import --db "$work/lighthouse.db" "$real_feed" >/dev/null
    lighthouse_catalogue="real catalogue (eco-puzzles.yml.xml)"
  fi
  start_shop "$work/lighthouse.db" "${BENCH_PORT:-18640}" "$work/server.log"
  wait_search "$SHOP_URL"
  say ""
  say "## Lighthouse 12.8, mobile preset, median of 3, $lighthouse_catalogue"
  python3 scripts/bench/lighthouse.py "$SHOP_URL" --out "$out/lighthouse" 2>&1 | tee -a "$report"
  [ "${PIPESTATUS[0]}" -eq 0 ] || failed+=("Lighthouse budget")
  say ""
  say "## The first seconds: paint to ready under mobile conditions (4x CPU, slow 4G; median of 5), $lighthouse_catalogue"
  node scripts/bench/first-seconds.mjs "$SHOP_URL" --runs 5 2>&1 | tee -a "$report"
  say ""
  say "## One client flooding unique URLs while a visitor opens uncached product pages (issue 34), $lighthouse_catalogue"
  node scripts/bench/render-flood.mjs "$SHOP_URL" --seconds 30 --connections 32 --samples 30 2>&1 | tee -a "$report"
  stop_shop
fi

# 5. Facet counts in process against SQL (issue 35), at BENCH_FACETS_OFFERS offers (BENCH_OFFERS by default); each SQL
#    query once at other sizes than the default
facet_offers="${BENCH_FACETS_OFFERS:-$offers}"
sql_iterations=""
default_size || sql_iterations=1
say ""
say "## Facet counts: the index against SQL GROUP BY (cargo bench --bench facets, $facet_offers offers)"
say '```'
(cd server && VITRINA_BENCH_OFFERS="$facet_offers" VITRINA_BENCH_SQL_ITERATIONS="${VITRINA_BENCH_SQL_ITERATIONS:-$sql_iterations}" \
  cargo bench --bench facets 2>&1) |
  grep -vE "^\s*(Compiling|Finished|Running|Benchmarking)" | tee -a "$report"
say '```'

# 7. Several instances (issue 36)
if [ -z "${BENCH_SKIP_INSTANCES:-}" ] && default_size; then
  say ""
  say "## The mixed workload: SQLite, PostgreSQL with one instance and with two (scripts/bench/instances.sh)"
  PG_DURABLE=1 scripts/pg/with-cluster.sh scripts/bench/instances.sh 2>&1 | grep -v "^with-cluster" | tee -a "$report"
fi

# 6. Search engine
if [ -z "${BENCH_SKIP_SEARCH:-}" ]; then
  say ""
  quick=""
  default_size || quick=2000
  say "## Search engine (cargo bench --bench search, $offers_label offers${quick:+, the engine alone: VITRINA_BENCH_QUICK=$quick})"
  say '```'
  (cd server && VITRINA_BENCH_OFFERS="$offers" VITRINA_BENCH_QUICK="$quick" cargo bench --bench search 2>&1) | grep -vE "^\s*(Compiling|Finished|Running|Benchmarking)" | tee -a "$report"
  say '```'
fi

say ""
if [ ${#failed[@]} -gt 0 ]; then
  say "Budgets missed: ${failed[*]}"
  exit 1
fi
say "Every budget met."
