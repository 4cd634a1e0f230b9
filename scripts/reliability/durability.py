#!/usr/bin/env python3
"""Durability under SIGKILL (issue 9), through the real binary and its HTTP API.

Starts the shop on a fresh database, lets 20 concurrent clients (each its own session) put an offer in the basket
and place an order again and again, kills the server with SIGKILL while they do, restarts it on the same file and
checks that:

- every order whose creation was answered 201 exists, shown to the session that placed it with the name it was
  placed under (GET /api/orders/{number});
- no order exists twice and no order's basket line was lost or doubled (each order has exactly its one line);
- `PRAGMA integrity_check` says `ok`.

On PostgreSQL (issue 36: VITRINA_TEST_PG names a server, as scripts/pg/with-cluster.sh sets it) two instances, A and
B, serve one new database, the clients split between them; A is killed, and B must keep serving (a new order is
answered 201 there) and show every order answered 201 by either to the session that placed it. No restart is
needed; `psql` counts the stored orders.

Usage: durability.py [--bin PATH] [--port N] [--clients 20] [--kill-after-orders 1000]
Standard library only. Exit 0 when every check passes.
"""

import argparse
import http.client
import http.cookiejar
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Client:
    """One shopper: a cookie jar (the session) and the session's CSRF token."""

    def __init__(self, base):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.token = self.call("GET", "/api/session")[1]["sessid"]

    def call(self, method, path, body=None, timeout=10):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if method != "GET":
            request.add_header("X-CSRF-Token", getattr(self, "token", ""))
        try:
            with self.opener.open(request, timeout=timeout) as response:
                raw = response.read()
                return response.status, json.loads(raw) if raw else None
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                return error.code, json.loads(raw)
            except ValueError:
                return error.code, raw


def start(binary, db, port, log):
    # A PostgreSQL database has no folder for the default picture store: keep it beside the log.
    pictures = ["--pictures-dir", os.path.join(os.path.dirname(log.name), "pictures")] if "://" in db else []
    process = subprocess.Popen(
        [binary, "serve", "--db", db, "--addr", f"127.0.0.1:{port}", "--map-tiles=", *pictures],
        stdout=log,
        stderr=log,
        env={**os.environ, "VITRINA_FORM_RATE_BURST": "1000000", "VITRINA_ORDERS_PER_ADDRESS": "1000000",
             "VITRINA_ORDERS_PER_SESSION": "1000000"},
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            with urllib.request.urlopen(base + "/api/shop", timeout=2):
                return process, base
        except OSError:
            if process.poll() is not None:
                sys.exit(f"the shop exited with {process.returncode}")
            time.sleep(0.1)
    sys.exit("the shop did not answer within 60 s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.environ.get("VITRINA_BIN", os.path.join(REPO, "server/target/release/vitrina")))
    parser.add_argument("--port", type=int, default=18620)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--kill-after-orders", type=int, default=1000)
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="vitrina-durability-")
    admin = os.environ.get("VITRINA_TEST_PG", "")
    if admin:
        name = "vitrina_durability_" + os.urandom(8).hex()
        # A new database on that server: the shop creates it at its first start.
        db = admin.rsplit("/", 1)[0] + "/" + name
    else:
        db = os.path.join(work, "shop.db")
    log = open(os.path.join(work, "server.log"), "ab")
    server, base = start(args.bin, db, args.port, log)
    # The second instance, on PostgreSQL: it must outlive the first.
    survivor, survivor_base = start(args.bin, db, args.port + 1, log) if admin else (None, None)

    offers = Client(base).call("GET", "/api/offers?available=Y&perPage=20")[1]["items"]
    offer_ids = [o["id"] for o in offers]
    answered = []  # (client, number, name) of every order answered 201
    lock = threading.Lock()
    stop = threading.Event()
    errors_before_kill = []

    def shopper(n):
        client = Client(survivor_base if survivor and n % 2 else base)
        seq = 0
        while not stop.is_set():
            seq += 1
            name = f"Покупатель {n}-{seq} ё 🎄"
            try:
                status, _ = client.call(
                    "POST", "/api/basket/items", {"offerId": offer_ids[(n + seq) % len(offer_ids)], "quantity": 1, "delay": False}
                )
                if status != 200:
                    errors_before_kill.append(f"basket {status}")
                    continue
                checkout = {
                    "name": name, "phone": "+7 912 345-67-89", "phoneCountry": "ru", "email": f"c{n}@example.ru",
                    "city": "Пермь", "address": f"ул. Ленина, {seq}", "deliveryMethod": "courier",
                    "paymentMethod": "card_on_delivery", "comment": "",
                }
                status, body = client.call("POST", "/api/orders", checkout)
            except (OSError, ConnectionError, http.client.HTTPException):
                if client.base == base:
                    return  # the server is gone
                errors_before_kill.append("the surviving instance failed a request")
                return
            if status == 201:
                with lock:
                    answered.append((client, body["number"], name))
                    if len(answered) >= args.kill_after_orders:
                        stop.set()
            elif not stop.is_set():
                errors_before_kill.append(f"order {status} {body}")

    threads = [threading.Thread(target=shopper, args=(n,)) for n in range(args.clients)]
    for t in threads:
        t.start()
    # Kill while the clients are still placing orders: as soon as enough were answered, with requests in flight.
    while not stop.wait(0.01):
        if server.poll() is not None:
            sys.exit("the server died on its own")
    os.kill(server.pid, signal.SIGKILL)
    server.wait()
    for t in threads:
        t.join()
    placed = len(answered)
    which = "instance A" if survivor else "the server"
    print(f"killed {which} (SIGKILL) after {placed} orders answered 201 from {args.clients} clients")

    failures = []
    if errors_before_kill:
        failures.append(f"{len(errors_before_kill)} requests failed before the kill, e.g. {errors_before_kill[:3]}")

    if survivor:
        # No restart: B still serves, takes a new order, and answers for every order A or B answered 201.
        server, base = survivor, survivor_base
        status, _ = Client(base).call("GET", "/api/shop")
        fresh = Client(base)
        fresh.call("POST", "/api/basket/items", {"offerId": offer_ids[0], "quantity": 1, "delay": False})
        status, body = fresh.call("POST", "/api/orders", {
            "name": "После", "phone": "+7 912 345-67-89", "phoneCountry": "ru", "city": "Пермь",
            "address": "ул. Ленина, 1", "deliveryMethod": "courier", "paymentMethod": "cash",
        })
        if status != 201:
            failures.append(f"the surviving instance refused an order after the kill: {status} {body}")
        else:
            print(f"the surviving instance took order {body['number']} after the kill")
    else:
        server, base = start(args.bin, db, args.port, log)
    try:
        missing = 0
        for client, number, name in answered:
            client.base = base
            status, body = client.call("GET", f"/api/orders/{number}")
            if status != 200 or body.get("name") != name or len(body.get("lines", [])) != 1:
                missing += 1
                if missing <= 5:
                    failures.append(f"order {number} ({name}): {status} {str(body)[:200]}")
        if missing:
            failures.append(f"{missing} of {placed} answered orders are missing or changed after the restart")
        else:
            print(f"all {placed} answered orders are there after the {'kill' if survivor else 'restart'}, each to its session, with its one line")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait()

    numbers = [number for _, number, _ in answered]
    if admin:
        integrity = "ok"  # PostgreSQL checks its own pages; the orders' count below is ours
        stored = int(subprocess.run(["psql", "-qtA", db, "-c", "SELECT count(*) FROM orders"],
                                    check=True, capture_output=True, text=True).stdout.strip())
        print(f"orders stored: {stored} (answered 201: {placed}, and one after the kill)")
    else:
        with sqlite3.connect(db) as connection:
            integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
            stored = connection.execute("SELECT count(*) FROM orders").fetchone()[0]
        print(f"PRAGMA integrity_check: {integrity}; orders stored: {stored} (answered 201: {placed})")
    if integrity != "ok":
        failures.append(f"integrity_check: {integrity}")
    if len(set(numbers)) != len(numbers):
        failures.append("one order number was answered twice")
    if stored < placed:
        failures.append("fewer orders stored than answered")

    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        print(f"(database and log kept in {work})")
        sys.exit(1)
    print("durability: passed")


if __name__ == "__main__":
    main()
