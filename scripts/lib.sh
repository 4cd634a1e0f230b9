# Shared by the benchmark and reliability scripts: start the release binary on a database and wait until it answers.
# Source it; it defines VITRINA_BIN and the functions below. Nothing here is specific to one script.

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VITRINA_BIN="${VITRINA_BIN:-$REPO/server/target/release/vitrina}"

# start_shop DB PORT LOG [extra serve flags...]: serves DB on 127.0.0.1:PORT in the background, stderr to LOG;
# sets SHOP_PID and SHOP_URL, and returns once /api/shop answers (or fails after 60 s).
start_shop() {
  local db="$1" port="$2" log="$3"
  shift 3
  "$VITRINA_BIN" serve --db "$db" --addr "127.0.0.1:$port" --map-tiles= "$@" >>"$log" 2>&1 &
  SHOP_PID=$!
  SHOP_URL="http://127.0.0.1:$port"
  for _ in $(seq 600); do
    curl -sf -o /dev/null "$SHOP_URL/api/shop" && return 0
    kill -0 "$SHOP_PID" 2>/dev/null || { echo "the shop exited; its log:"; tail -20 "$log"; return 1; }
    sleep 0.1
  done
  echo "the shop did not answer within 60 s"
  return 1
}

# stop_shop: SIGTERM (graceful) and wait.
stop_shop() {
  [ -n "${SHOP_PID:-}" ] || return 0
  kill "$SHOP_PID" 2>/dev/null || true
  wait "$SHOP_PID" 2>/dev/null || true
  SHOP_PID=
}

# new_session URL: prints "COOKIE TOKEN" of a new visitor session (the session cookie and its CSRF token).
new_session() {
  local url="$1" cookie token
  cookie=$(curl -s -D - -o /dev/null "$url/api/session" | tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: \(vitrina_session=[^;]*\).*/\1/p')
  token=$(curl -s -H "Cookie: $cookie" "$url/api/session" | python3 -c 'import json,sys; print(json.load(sys.stdin)["sessid"])')
  echo "$cookie $token"
}

# rss_kb PID: resident memory of PID, KiB.
rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }
