# Shared by the benchmark and reliability scripts: start the release binary on a database and wait until it answers.
# Source it; it defines VITRINA_BIN and the functions below. Nothing here is specific to one script.

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VITRINA_BIN="${VITRINA_BIN:-$REPO/server/target/release/vitrina}"

# start_shop DB PORT LOG [extra serve flags...]: serves DB on 127.0.0.1:PORT in the background, stderr to LOG;
# sets SHOP_PID and SHOP_URL, and returns once the shop is ready (/api/health/ready: the database answers, the
# search index is built and a render runtime has started; or fails after 60 s).
start_shop() {
  local db="$1" port="$2" log="$3"
  shift 3
  # A PostgreSQL database has no folder for the default picture store: keep it beside the log.
  case "$db" in postgres://*) set -- --pictures-dir "$(dirname "$log")/pictures" "$@" ;; esac
  "$VITRINA_BIN" serve --db "$db" --addr "127.0.0.1:$port" --map-tiles= "$@" >>"$log" 2>&1 &
  SHOP_PID=$!
  SHOP_URL="http://127.0.0.1:$port"
  for _ in $(seq 600); do
    curl -sf -o /dev/null "$SHOP_URL/api/health/ready" && return 0
    kill -0 "$SHOP_PID" 2>/dev/null || { echo "the shop exited; its log:"; tail -20 "$log"; return 1; }
    sleep 0.1
  done
  echo "the shop did not answer within 60 s"
  return 1
}

# shop_db DIR: the database a script's shop runs on: DIR/shop.db, or, when VITRINA_TEST_PG names a PostgreSQL server
# (scripts/pg/with-cluster.sh), a new database on it (its URL). Prints it.
shop_db() {
  if [ -n "${VITRINA_TEST_PG:-}" ]; then
    # The shop creates the database at its first start (or import).
    echo "${VITRINA_TEST_PG%/*}/vitrina_script_$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')"
  else
    echo "$1/shop.db"
  fi
}

# stop_shop: SIGTERM (graceful) and wait.
stop_shop() {
  [ -n "${SHOP_PID:-}" ] || return 0
  kill "$SHOP_PID" 2>/dev/null || true
  wait "$SHOP_PID" 2>/dev/null || true
  SHOP_PID=
}

# new_session URL: prints "COOKIE TOKEN" of a new visitor with a stored session: the cookies (no spaces) and the
# CSRF token. A reading visitor has only the vitrina_csrf cookie (issue 20: sessions start at the first write), so a
# guest's log-out, which changes nothing, starts the session.
new_session() {
  local url="$1" csrf session token
  csrf=$(curl -s -D - -o /dev/null "$url/api/session" | tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: \(vitrina_csrf=[^;]*\).*/\1/p')
  token=$(curl -s -H "Cookie: $csrf" "$url/api/session" | python3 -c 'import json,sys; print(json.load(sys.stdin)["sessid"])')
  session=$(curl -s -D - -o /dev/null -X POST -H "Cookie: $csrf" -H "X-CSRF-Token: $token" "$url/api/auth/logout" |
    tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: \(vitrina_session=[^;]*\).*/\1/p')
  echo "$csrf;$session $token"
}

# new_staff_session URL DB: prints "COOKIE TOKEN" of a new owner of the back office (issue 37), logged in: made with
# `vitrina staff add` on DB, the password set through the one-time link, then the staff log-in.
new_staff_session() {
  local url="$1" db="$2" link cookie token email
  email="owner-$(od -An -N4 -tx4 /dev/urandom | tr -d ' ')@shop.test"
  link=$("$VITRINA_BIN" staff add "$email" --role owner --public-url "$url" --db "$db" | grep -o '#[A-Za-z0-9_-]*' | tr -d '#')
  cookie=$(curl -s -D - -o /dev/null "$url/api/admin/session" | tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: \(vitrina_staff=[^;]*\).*/\1/p')
  token=$(curl -s -H "Cookie: $cookie" "$url/api/admin/session" | python3 -c 'import json,sys; print(json.load(sys.stdin)["csrfToken"])')
  curl -sf -o /dev/null -X POST -H "Cookie: $cookie" -H "X-CSRF-Token: $token" -H 'Content-Type: application/json' \
    -d "{\"token\":\"$link\",\"password\":\"correct horse battery\"}" "$url/api/admin/password"
  cookie=$(curl -s -D - -o /dev/null -X POST -H "Cookie: $cookie" -H "X-CSRF-Token: $token" -H 'Content-Type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"correct horse battery\"}" "$url/api/admin/login" |
    tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: \(vitrina_staff=[^;]*\).*/\1/p')
  token=$(curl -s -H "Cookie: $cookie" "$url/api/admin/session" | python3 -c 'import json,sys; print(json.load(sys.stdin)["csrfToken"])')
  echo "$cookie $token"
}

# need_wrk: installs Debian's wrk when it is absent.
need_wrk() {
  command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
}

# rss_kb PID: resident memory of PID, KiB.
rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }

# memory_of PID: "VmRSS N MiB (anonymous A MiB, proportional P MiB)". VmRSS counts a file page once per mapping that
# touched it, and each SQLite connection maps the database itself (issue 39: 850 MiB of a 109 MB database after the
# mixed run); the proportional set (Pss, /proc/PID/smaps_rollup) divides such a page among its mappings.
memory_of() {
  local rss anon pss
  rss=$(($(rss_kb "$1") / 1024))
  anon=$(awk '/^RssAnon:/ {print int($2 / 1024)}' "/proc/$1/status")
  pss=$(awk '/^Pss:/ {print int($2 / 1024)}' "/proc/$1/smaps_rollup" 2>/dev/null)
  echo "VmRSS $rss MiB (anonymous $anon MiB, proportional ${pss:-?} MiB)"
}

# catalogue_db DIR OFFERS: a database in DIR holding a generated catalogue of OFFERS offers (generate-feed, seed 1,
# then import); made once and reused while DIR keeps it. Prints the database's path.
catalogue_db() {
  local dir="$1" offers="$2"
  local db="$dir/shop-$offers.db"
  # The feed too: `make bench` imports it again. Without it the database is made again from a new one, and its kept
  # index goes with it.
  if [ ! -s "$db" ] || [ ! -s "$dir/feed-$offers.xml" ]; then
    mkdir -p "$dir"
    rm -rf "$db" "$db"-* "$(kept_index_dir "$db")"
    "$VITRINA_BIN" generate-feed --offers "$offers" >"$dir/feed-$offers.xml"
    "$VITRINA_BIN" import --db "$db" "$dir/feed-$offers.xml" >/dev/null
  fi
  echo "$db"
}

# kept_index DB PORT: makes sure a search index of DB in this binary's format is kept in $(kept_index_dir DB): a first
# start on DB builds it (some 2 min at a million offers), a later one finds it. A copy of DB with a copy of that folder
# beside it (its `search/`) then starts as a shop does after a restart, its index opened, not built (issue 39). Each
# database has its own folder: catalogues of two sizes side by side would otherwise rebuild each other's.
kept_index() {
  # A first start answers ready only once its index is built: wait_search waits for that, not start_shop's minute.
  # start_shop's messages go to stderr, out of a script's figures (a shop that exited still shows its log there).
  start_shop "$1" "$2" "$(dirname "$1")/kept-index.log" --index-dir "$(kept_index_dir "$1")" >&2 ||
    kill -0 "$SHOP_PID"
  wait_search "$SHOP_URL"
  stop_shop
}

# kept_index_dir DB: the folder kept_index keeps DB's search index in.
kept_index_dir() { echo "${1%.db}-search"; }

# wait_search URL: waits (up to 5 min) until the search index answers, i.e. the background build after start is done.
wait_search() {
  for _ in $(seq 3000); do
    [ "$(curl -s "$1/api/search?q=%D0%BA%D0%BE" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("total",0))' 2>/dev/null)" != "0" ] && return 0
    sleep 0.1
  done
  echo "the search index was not ready within 5 min"; return 1
}

# mixed_ids URL FILE [SESSIONS]: writes the ids file of scripts/perf/mixed.lua: every section with offers, and
# SESSIONS (default 64) new visitor sessions' cookies.
mixed_ids() {
  local url="$1" file="$2" sessions="${3:-64}"
  curl -s "$url/api/sections" | python3 -c '
import json, sys
for s in json.load(sys.stdin)["sections"]:
    if s["offerCount"] > 0:
        print("section", s["id"])' >"$file"
  for _ in $(seq "$sessions"); do
    read -r cookie _ < <(new_session "$url")
    echo "cookie $cookie" >>"$file"
  done
}
