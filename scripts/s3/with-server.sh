#!/usr/bin/env bash
# Runs "$@" beside a throw-away S3-compatible server (issue 36): moto's server (PyPI `moto[server]`, installed once
# into a virtual environment under ~/.cache/vitrina), on a free port of 127.0.0.1, in memory. Sets the AWS variables
# the picture store reads (AWS_ENDPOINT, AWS_ALLOW_HTTP, test credentials) and VITRINA_TEST_S3 to the server's URL,
# which the API suite's S3 tests need. The server is stopped when the command ends.
set -euo pipefail

venv="${XDG_CACHE_HOME:-$HOME/.cache}/vitrina/moto-venv"
if [ ! -x "$venv/bin/moto_server" ]; then
  echo "with-s3: installing moto[server] into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'moto[server]==5.2.5'
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log=$(mktemp /tmp/vitrina-s3.XXXXXX)
"$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 1 100); do
  curl -s -o /dev/null "http://127.0.0.1:$port/" && break
  sleep 0.1
done
echo "with-s3: moto's S3 on 127.0.0.1:$port" >&2

export VITRINA_TEST_S3="http://127.0.0.1:$port"
export AWS_ENDPOINT="$VITRINA_TEST_S3" AWS_ALLOW_HTTP=true AWS_REGION=us-east-1
export AWS_ACCESS_KEY_ID=vitrina-test AWS_SECRET_ACCESS_KEY=vitrina-test
"$@"
