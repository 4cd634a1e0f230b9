#!/usr/bin/env bash
# The page cache while pictures are being fetched (issue 24, docs/performance.md "Pages while a fetch runs").
#
#   scripts/bench/picture-churn.sh DB INTERVAL_MS [SECONDS]
#
# Serves DB (a shop with pictures still to fetch, e.g. the real feed imported with its pictures pointed at
# `node scripts/bench/picture-origin.mjs --port 18799`) on 127.0.0.1:18700 with the picture worker on, loopback
# allowed and `--pictures-show-interval-ms INTERVAL_MS`. For SECONDS (default 60) one client asks for five pages in
# turn (home, catalogue, the two largest sections, a search), each after the last one's answer, the next round
# 0.25 s after the last. Then prints the requests answered, `GET /api/health/render` and `GET /api/health/pictures`
# before and after. Run it once with 0 (pictures shown at every look of the watcher) and once with the default, one after the
# other, and compare.
set -euo pipefail
db=${1:?DB}
interval=${2:?INTERVAL_MS}
seconds=${3:-60}
bin=${VITRINA_BIN:-server/target/release/vitrina}
base=http://127.0.0.1:18700
"$bin" serve --db "$db" --addr 127.0.0.1:18700 --pictures-allow-loopback --pictures-show-interval-ms "$interval" \
  >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
until curl -sf "$base/api/health/ready" >/dev/null; do sleep 0.2; done
sections=$(curl -s "$base/api/sections" | python3 -c '
import json, sys
top = sorted(json.load(sys.stdin)["sections"], key=lambda s: -s["offerCount"])[:2]
print(" ".join(s["url"] for s in top))')
before=$(curl -s "$base/api/health/pictures")
pages=(/ /catalog/ $sections "/search/?q=%D0%BA%D0%BE%D0%BD%D1%81%D1%82%D1%80%D1%83%D0%BA%D1%82%D0%BE%D1%80")
end=$((SECONDS + seconds))
answered=0
while [ $SECONDS -lt $end ]; do
  for page in "${pages[@]}"; do
    curl -s -o /dev/null "$base$page"
    answered=$((answered + 1))
  done
  sleep 0.25
done
echo "interval ${interval} ms, ${seconds} s: ${answered} pages answered"
echo "render:   $(curl -s "$base/api/health/render")"
echo "pictures: before ${before}"
echo "          after  $(curl -s "$base/api/health/pictures")"
