#!/usr/bin/env python3
"""PostgreSQL restarted under load (issue 36), through the release binary and its HTTP API.

Run inside scripts/pg/with-cluster.sh, which sets VITRINA_TEST_PG and VITRINA_TEST_PG_RESTART. Starts two instances
on one new database; twelve clients read (a store, an offer, the session's basket) and write (a basket line, an
order) through both, again and again; PostgreSQL is restarted (`pg_ctl restart -m fast`) while they do. Checks that:

- no answer is a 500 (or any 5xx but 503): while PostgreSQL is away the instances say 503, never an error page;
- some requests did meet the restart (503 or a refused connection), so the check checked something;
- within 15 s after PostgreSQL is back, both instances answer every request again without a 5xx.

Usage: pg-restart.py [--bin PATH] [--port N]. Standard library only. Exit 0 when every check passes.
"""

import argparse
import os
import shlex
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from durability import REPO, Client, start  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.environ.get("VITRINA_BIN", os.path.join(REPO, "server/target/release/vitrina")))
    parser.add_argument("--port", type=int, default=18650)
    args = parser.parse_args()
    admin, restart = os.environ.get("VITRINA_TEST_PG"), os.environ.get("VITRINA_TEST_PG_RESTART")
    if not admin or not restart:
        sys.exit("run inside scripts/pg/with-cluster.sh (VITRINA_TEST_PG, VITRINA_TEST_PG_RESTART)")

    name = "vitrina_restart_" + os.urandom(8).hex()
    # A new database on that server: the shop creates it at its first start.
    db = admin.rsplit("/", 1)[0] + "/" + name
    work = tempfile.mkdtemp(prefix="vitrina-pg-restart-")
    log = open(os.path.join(work, "server.log"), "ab")
    shops = [start(args.bin, db, args.port, log), start(args.bin, db, args.port + 1, log)]
    offers = Client(shops[0][1]).call("GET", "/api/offers?available=Y&perPage=20")[1]["items"]
    offer_ids = [o["id"] for o in offers]
    stores = Client(shops[0][1]).call("GET", "/api/stores")[1]
    store_id = stores[0]["id"] if isinstance(stores, list) and stores else None

    statuses = {}  # status (or "refused") -> count
    bad = []  # (phase, request, status, body) of every 5xx other than 503
    lock = threading.Lock()
    stop = threading.Event()
    phase = ["before"]

    def note(request, status, body):
        with lock:
            statuses[status] = statuses.get(status, 0) + 1
            if isinstance(status, int) and status >= 500 and status != 503:
                bad.append((phase[0], request, status, str(body)[:200]))

    def shopper(n):
        base = shops[n % 2][1]
        client = None
        seq = 0
        while not stop.is_set():
            seq += 1
            try:
                if client is None:
                    client = Client(base)
                requests = [
                    ("GET", f"/api/offers/{offer_ids[(n + seq) % len(offer_ids)]}", None),
                    ("GET", "/api/basket", None),
                    ("POST", "/api/basket/items", {"offerId": offer_ids[(n * 7 + seq) % len(offer_ids)], "quantity": 1, "delay": False}),
                ]
                if store_id is not None:
                    requests.append(("GET", f"/api/stores/{store_id}", None))
                if seq % 5 == 0:
                    requests.append(("POST", "/api/orders", {
                        "name": f"Покупатель {n}-{seq}", "phone": "+7 912 345-67-89", "phoneCountry": "ru",
                        "city": "Пермь", "address": "ул. Ленина, 1", "deliveryMethod": "courier", "paymentMethod": "cash",
                    }))
                for method, path, body in requests:
                    status, answer = client.call(method, path, body)
                    note(f"{method} {path}", status, answer)
            except OSError:
                note("connect", "refused", None)
                client = None
                time.sleep(0.05)

    threads = [threading.Thread(target=shopper, args=(n,)) for n in range(12)]
    for t in threads:
        t.start()
    time.sleep(3)
    phase[0] = "restart"
    began = time.time()
    subprocess.run(shlex.split(restart), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print(f"PostgreSQL restarted in {time.time() - began:.1f} s under load")
    during = dict(statuses)
    # Back: within 15 s every request passes again on both instances.
    phase[0] = "after"
    deadline = time.time() + 15
    recovered = None
    while time.time() < deadline:
        with lock:
            statuses.clear()
        time.sleep(2)
        with lock:
            window = dict(statuses)
        if window and all(isinstance(s, int) and s < 500 for s in window):
            recovered = time.time() - began
            break
    stop.set()
    for t in threads:
        t.join()
    for process, _ in shops:
        process.terminate()
        process.wait()

    failures = []
    met = during.get(503, 0) + during.get("refused", 0)
    print(f"answers up to the restart's end: {dict(sorted(during.items(), key=str))}")
    if bad:
        failures.append(f"{len(bad)} answers were 5xx other than 503, e.g. {bad[:3]}")
    if met == 0:
        print("note: no request met the restart as a 503 (the restart was quicker than any query)")
    if recovered is None:
        failures.append(f"the instances did not answer without a 5xx for 2 s within 15 s: {window}")
    else:
        print(f"both instances answered without a 5xx again {recovered:.1f} s after the restart began")
    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        print(f"(log kept in {work})")
        sys.exit(1)
    print("pg-restart: passed")


if __name__ == "__main__":
    main()
