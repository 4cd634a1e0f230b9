#!/usr/bin/env bash
# Runs "$@" beside a throw-away PostgreSQL cluster (issue 36): `initdb` in a temporary folder, `pg_ctl start` on a
# free port of 127.0.0.1, and VITRINA_TEST_PG set to its administrator's URL, on which each API test makes its own
# database. The cluster is stopped and removed when the command ends, whatever its outcome.
#
# Needs Debian's `postgresql` (any version; the newest installed is used). As root (CI), the cluster runs as the
# `postgres` user, since PostgreSQL refuses to run as root. Durability is off (fsync, synchronous_commit): nothing
# here outlives the run; PG_DURABLE=1 keeps it on (the benchmarks).
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "with-cluster: PostgreSQL is not installed (Debian: apt-get install postgresql)" >&2
  exit 1
fi
dir=$(mktemp -d /tmp/vitrina-pg.XXXXXX)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_pg=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

stop() {
  "${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_pg[@]}" "$bindir/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
# PG_DURABLE=1 keeps PostgreSQL's defaults (fsync, synchronous commit): the measurements compare with SQLite's.
durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
[ "${PG_DURABLE:-0}" = 1 ] && durability=""
"${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400 $durability" \
  start >/dev/null
echo "with-cluster: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2

export VITRINA_TEST_PG="postgres://postgres@127.0.0.1:$port/postgres"
# For scripts that restart the server under load (scripts/reliability/pg-restart.py): the command that does it.
export VITRINA_TEST_PG_RESTART="${as_pg[*]} $bindir/pg_ctl -D $dir/data -l $dir/log -w -m fast restart"
"$@"
