#!/usr/bin/env bash
# Runs check-orders.py (an independent reader of the orders Vitrina sends 1C, issue 38) with lxml from PyPI,
# installed once into a virtual environment under ~/.cache/vitrina (a lock keeps two test processes from installing
# it at once). Arguments: as check-orders.py's.
set -euo pipefail
cache="${XDG_CACHE_HOME:-$HOME/.cache}/vitrina"
venv="$cache/lxml-venv"
mkdir -p "$cache"
(
  flock 9
  if ! "$venv/bin/python" -c 'import lxml' 2>/dev/null; then
    echo "check-orders: installing lxml into $venv" >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'lxml==6.0.2'
  fi
) 9>"$cache/lxml-venv.lock"
exec "$venv/bin/python" "$(dirname "$0")/check-orders.py" "$@"
