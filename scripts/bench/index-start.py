#!/usr/bin/env python3
"""Start to first search answer (issue 39), without and with the search index kept on disk.

    python3 scripts/bench/index-start.py BINARY DB [--port 18650] [--query ко] [--rounds 3]

Copies the SQLite database DB into a temporary folder, then, for each round, starts `BINARY serve` on it twice:
first with the index folder empty (the index is built from the catalogue), then again with the index the first start
kept. Each time it measures, from the launch, the time until `GET /api/search?q=QUERY` answers 200 with some offers,
and the process's resident memory then and after a second more. Prints a Markdown table of the medians, with the
kept start's time as a share of the built one's (a ratio from the same run: the machine is shared and noisy).
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def first_answer(binary, db, index, port, query, log):
    """Seconds from the launch to the first search answer with offers, RSS then and a second later (MiB)."""
    url = f"http://127.0.0.1:{port}/api/search?q={urllib.parse.quote(query)}"
    env = dict(os.environ, VITRINA_INDEX_DIR=index, VITRINA_RENDER="off", VITRINA_PICTURES_WORKER="false")
    started = time.monotonic()
    shop = subprocess.Popen([binary, "serve", "--db", db, "--addr", f"127.0.0.1:{port}"], env=env,
                            stdout=log, stderr=log)
    try:
        while True:
            if shop.poll() is not None:
                raise SystemExit(f"the shop exited ({shop.returncode}); see {log.name}")
            if time.monotonic() - started > 600:
                raise SystemExit("no search answer within 600 s")
            try:
                with urllib.request.urlopen(url, timeout=5) as res:
                    if res.status == 200 and json.load(res).get("total", 0) > 0:
                        break
            except OSError:
                pass
            time.sleep(0.01)
        seconds = time.monotonic() - started
        at_answer = rss_mib(shop.pid)
        time.sleep(1)
        return seconds, at_answer, rss_mib(shop.pid)
    finally:
        shop.terminate()
        shop.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("db")
    parser.add_argument("--port", type=int, default=18650)
    parser.add_argument("--query", default="ко")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="index-start-")
    try:
        db = os.path.join(work, "shop.db")
        shutil.copy(args.db, db)
        built, kept = [], []
        with open(os.path.join(work, "serve.log"), "w") as log:
            for _ in range(args.rounds):
                index = os.path.join(work, "search")
                shutil.rmtree(index, ignore_errors=True)
                built.append(first_answer(args.binary, db, index, args.port, args.query, log))
                kept.append(first_answer(args.binary, db, index, args.port, args.query, log))
        size = sum(os.path.getsize(os.path.join(root, f)) for root, _, files in os.walk(os.path.join(work, "search"))
                   for f in files)
        med = lambda rows, i: statistics.median(row[i] for row in rows)
        print("| start | first search answer | RSS then | RSS 1 s later |")
        print("|---|---|---|---|")
        print(f"| index built from the catalogue | {med(built, 0):.2f} s | {med(built, 1):.0f} MiB | {med(built, 2):.0f} MiB |")
        print(f"| index kept on disk ({size / 2**20:.0f} MiB) | {med(kept, 0):.2f} s | {med(kept, 1):.0f} MiB | "
              f"{med(kept, 2):.0f} MiB |")
        print(f"\nkept ÷ built: time {med(kept, 0) / med(built, 0):.3f}, RSS after 1 s {med(kept, 2) / med(built, 2):.2f} "
              f"(medians of {args.rounds} rounds)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
