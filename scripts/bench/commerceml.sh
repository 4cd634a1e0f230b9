#!/usr/bin/env bash
# 1C's exchange against the YML import (issue 38; docs/performance.md "1C's exchange"), on the release binary:
# 1. the same synthetic catalogue (OFFERS offers, default 10,000) as a YML feed and as a CommerceML pair, each
#    imported into a fresh SQLite file by the CLI (`vitrina import`, `vitrina exchange import`): wall time and peak
#    memory (/usr/bin/time), RUNS times each, alternating;
# 2. the same pair through the HTTP exchange as 1C sends it (checkauth, init, uploads in file_limit chunks, import
#    until success): the import's time;
# 3. `type=sale&mode=query` with ORDERS orders (default 10,000; one placed through the API, the rest copies of its
#    rows): time, bytes, and the server's memory before and after, while the document streams.
# Figures are ratios against the same run's YML import; this machine is shared.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=server/target/release/vitrina
OFFERS="${OFFERS:-10000}"
ORDERS="${ORDERS:-10000}"
RUNS="${RUNS:-3}"
PORT="${PORT:-18177}"
[ -x "$BIN" ] || { echo "build the release binary first (make build)"; exit 1; }
D=$(mktemp -d /tmp/vitrina-cml-bench.XXXXXX)
PID=""
trap '[ -n "$PID" ] && kill $PID 2>/dev/null; rm -rf "$D"' EXIT

"$BIN" generate-feed --offers "$OFFERS" > "$D/feed.yml"
"$BIN" generate-commerceml "$D/cml" --offers "$OFFERS"
echo "catalogue: $OFFERS offers; feed.yml $(stat -c %s "$D/feed.yml") bytes; import.xml $(stat -c %s "$D/cml/import.xml") + offers.xml $(stat -c %s "$D/cml/offers.xml") bytes"

measure() { # label, then the command
  local label=$1; shift
  /usr/bin/time -f "%e %M" -o "$D/time" "$@" > /dev/null
  read -r seconds kib < "$D/time"
  echo "$label: ${seconds} s, peak ${kib} KiB"
  echo "$label $seconds $kib" >> "$D/results"
}
for run in $(seq "$RUNS"); do
  rm -rf "$D/yml" "$D/one-c"; mkdir -p "$D/yml" "$D/one-c"
  measure "yml-$run" "$BIN" import "$D/feed.yml" --db "$D/yml/shop.db" --json
  measure "1c-$run" "$BIN" exchange import "$D/cml" --db "$D/one-c/shop.db" --json
done
python3 - "$D/results" <<'EOF'
import sys, statistics
rows = [line.split() for line in open(sys.argv[1])]
def pick(prefix, col):
    return [float(r[col]) for r in rows if r[0].startswith(prefix)]
for col, name in ((1, "time"), (2, "peak memory")):
    yml, one_c = statistics.median(pick("yml", col)), statistics.median(pick("1c", col))
    print(f"median {name}: YML {yml:g}, CommerceML {one_c:g}: CommerceML / YML = {one_c / yml:.2f}")
EOF

# The HTTP exchange, as 1C plays it.
rm -rf "$D/http"; mkdir -p "$D/http"
VITRINA_DB="$D/http/shop.db" VITRINA_ADDR="127.0.0.1:$PORT" VITRINA_PUBLIC_URL="http://127.0.0.1:$PORT" \
  VITRINA_1C_USER=bench VITRINA_1C_PASSWORD=bench-password VITRINA_1C_ZIP=no VITRINA_ORDERS_PER_ADDRESS=100000 \
  VITRINA_PICTURES_WORKER=false "$BIN" serve > "$D/http/log" 2>&1 &
PID=$!
URL="http://127.0.0.1:$PORT"
for _ in $(seq 100); do curl -sf "$URL/api/health/live" > /dev/null && break; sleep 0.2; done
AUTH=$(curl -s -u bench:bench-password "$URL/1c/exchange?type=catalog&mode=checkauth")
COOKIE="$(echo "$AUTH" | sed -n 2p)=$(echo "$AUTH" | sed -n 3p)"
LIMIT=$(curl -s -b "$COOKIE" "$URL/1c/exchange?type=catalog&mode=init" | sed -n 's/^file_limit=//p')
for name in import.xml offers.xml; do
  split -b "$LIMIT" -d "$D/cml/$name" "$D/http/chunk-$name."
  for chunk in "$D/http/chunk-$name".*; do
    curl -sf -b "$COOKIE" --data-binary "@$chunk" "$URL/1c/exchange?type=catalog&mode=file&filename=$name" > /dev/null
  done
done
start=$(date +%s.%N)
for name in import.xml offers.xml; do
  while :; do
    answer=$(curl -s -b "$COOKIE" "$URL/1c/exchange?type=catalog&mode=import&filename=$name" | head -1)
    [ "$answer" = progress ] || break
  done
  [ "$answer" = success ] || { echo "HTTP import of $name: $answer"; exit 1; }
done
echo "HTTP exchange: import.xml + offers.xml applied in $(python3 -c "print(round($(date +%s.%N) - $start, 2))") s (progress answered meanwhile)"

# Orders to 1C: one real order, the rest copies of its rows.
SESSION=$(curl -s -c "$D/c" "$URL/api/session" | python3 -c 'import json,sys;print(json.load(sys.stdin)["sessid"])')
# The listings follow the exchange's import within a second or two (the catalogue watcher rebuilds the indexes).
for _ in $(seq 100); do
  OFFER=$(curl -s "$URL/api/offers?available=Y&perPage=1" | python3 -c 'import json,sys;i=json.load(sys.stdin)["items"];print(i[0]["id"] if i else "")')
  [ -n "$OFFER" ] && break
  sleep 0.2
done
curl -sf -b "$D/c" -c "$D/c" -H "x-csrf-token: $SESSION" -H 'content-type: application/json' \
  -d "{\"offerId\":\"$OFFER\"}" "$URL/api/basket/items" > /dev/null
curl -sf -b "$D/c" -c "$D/c" -H "x-csrf-token: $SESSION" -H 'content-type: application/json' \
  -d '{"name":"Анна Смирнова","phone":"+7 912 345-67-89","phoneCountry":"ru","email":"a@example.ru","city":"Пермь","deliveryMethod":"pickup","paymentMethod":"cash"}' \
  "$URL/api/orders" > /dev/null
sqlite3 "$D/http/shop.db" "WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < $ORDERS - 1)
 INSERT INTO orders (id, number, visitor_id, status, name, phone, phone_country, email, city, delivery_method,
   payment_method, currency_id, total_minor, created_at, updated_at, phone_digits, search_text, language)
 SELECT o.id + g.n, CAST(o.id + g.n AS TEXT), 'v', 'new', 'Покупатель ' || g.n, o.phone, 'ru', NULL, o.city,
   'pickup', 'cash', 'RUB', o.total_minor, o.created_at, o.updated_at, o.phone_digits, o.search_text, 'ru'
 FROM orders o CROSS JOIN g;
 INSERT INTO order_lines SELECT o.id, 1, l.offer_id, l.name, l.vendor_code, l.url, l.picture, l.price_minor, 1,
   l.sum_minor, l.currency_id FROM orders o CROSS JOIN (SELECT * FROM order_lines LIMIT 1) l WHERE o.id > 1;"
rss() { echo "$(($(awk '/VmRSS/{print $2}' "/proc/$PID/status") / 1024))"; }
echo "orders: $(sqlite3 "$D/http/shop.db" 'SELECT COUNT(*) FROM orders'); server RSS before the query $(rss) MiB"
for run in $(seq "$RUNS"); do
  curl -s -b "$COOKIE" -o "$D/orders.xml" -w "query $run: %{http_code}, %{size_download} bytes in %{time_total} s\n" \
    "$URL/1c/exchange?type=sale&mode=query"
done
curl -s -b "$COOKIE" --limit-rate 2M -o "$D/orders.xml" -w "query to a reader at 2 MB/s: %{size_download} bytes in %{time_total} s\n" \
  "$URL/1c/exchange?type=sale&mode=query" &
SLOW=$!
sleep 2
echo "server RSS while the slow query streams: $(rss) MiB"
wait $SLOW
echo "server RSS after: $(rss) MiB; documents: $(grep -c '<Документ>' "$D/orders.xml")"
