#!/usr/bin/env python3
"""Start to first search answer (issue 39), without and with the search index kept on disk.

    python3 scripts/bench/index-start.py BINARY DB [--port 18650] [--query ко] [--rounds 3] [--reimport FEED]

Copies the SQLite database DB into a temporary folder, then, for each round, starts `BINARY serve` on it twice:
first with the index folder empty (the index is built from the catalogue), then again with the index the first start
kept. Each time it measures, from the launch, the time until `GET /api/search?q=QUERY` answers 200 with some offers,
and the process's resident memory then and after a second more. Prints a Markdown table of the medians, with the
kept start's time as a share of the built one's (a ratio from the same run: the machine is shared and noisy).

With `--reimport FEED` (the same feed with 1 % of its prices changed, `change-prices.py`), it then starts the shop once
more on its kept index, imports FEED beside it (`BINARY import`, as a shop owner's cron would) and measures the time
from the import's end until the shop's listings and search show it (`indexedImport` of `/api/health/ready`): the
indexes updated from what the import changed (issue 39), against the build's time from the log of the same run.
"""

import argparse
import json
import os
import re
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


def ready(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health/ready", timeout=5) as res:
        return json.load(res)


def log_ms(path, message):
    """The `ms` of each log line of `path` saying `message`, in order."""
    with open(path) as log:
        text = re.sub(r"\x1b\[[0-9;]*m", "", log.read())
    return [int(m.group(1)) for line in text.splitlines() if message in line for m in [re.search(r" ms=(\d+)", line)] if m]


def reimport(binary, db, index, port, query, feed, log_path):
    """Seconds of the import beside a serving shop, then from its end until the shop shows it; the update's log."""
    env = dict(os.environ, VITRINA_INDEX_DIR=index, VITRINA_RENDER="off", VITRINA_PICTURES_WORKER="false")
    with open(log_path, "w") as log:
        shop = subprocess.Popen([binary, "serve", "--db", db, "--addr", f"127.0.0.1:{port}"], env=env,
                                stdout=log, stderr=log)
    try:
        started = time.monotonic()
        while True:
            if shop.poll() is not None or time.monotonic() - started > 600:
                raise SystemExit(f"the shop did not get ready; see {log_path}")
            try:
                before = ready(port)
                if before.get("search"):
                    break
            except OSError:
                pass
            time.sleep(0.05)
        started = time.monotonic()
        done = subprocess.run([binary, "import", "--json", "--db", db, feed], capture_output=True, check=True)
        imported = time.monotonic() - started
        import_id = json.loads(done.stdout).get("importId")
        started = time.monotonic()
        while True:
            if time.monotonic() - started > 600:
                raise SystemExit("the import did not reach the shop within 600 s")
            now = ready(port)
            if now.get("indexedImport") != before.get("indexedImport") and (import_id is None or now.get("indexedImport") == import_id):
                break
            time.sleep(0.02)
        return imported, time.monotonic() - started, now.get("index", {})
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
    parser.add_argument("--reimport", help="a feed to import beside the serving shop afterwards")
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
        if args.reimport:
            log_path = os.path.join(work, "reimport.log")
            imported, shown, index = reimport(args.binary, db, os.path.join(work, "search"), args.port, args.query,
                                              args.reimport, log_path)
            built = log_ms(os.path.join(work, "serve.log"), "indexes built")
            updated = log_ms(log_path, "indexes updated")
            how = f"updated ({index.get('updatedProducts')} products)" if updated else "built anew"
            print(f"\n| an import beside the serving shop ({os.path.basename(args.reimport)}) | seconds |")
            print("|---|---|")
            print(f"| the import | {imported:.2f} s |")
            print(f"| from its end to the shop showing it: indexes {how} | {shown:.2f} s |")
            if updated and built:
                print(f"| the update's own time (log `ms`) against a build's (median of {len(built)}) | "
                      f"{updated[0] / 1000:.2f} s ÷ {statistics.median(built) / 1000:.2f} s = "
                      f"{updated[0] / statistics.median(built):.3f} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
