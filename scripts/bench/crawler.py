#!/usr/bin/env python3
"""A crawler walking the sitemap's product pages (issue 39): how many pages it is served rendered, alone and while
other clients flood the shop with cold pages, and what a shopper's product page costs meanwhile.

    python3 scripts/bench/crawler.py URL [--rate 20] [--seconds 300] [--flood 8]
    python3 scripts/bench/crawler.py URL --after-restart [--rate 20] [--seconds 300]

1. Reads the sitemap (index and parts) and takes the product pages (`/catalog/{section}/{product}/`): the crawl's
   set is the first `rate * seconds` of them.
2. Warm-up: walks the set once, two connections.
3. Crawl: asks the set's pages in order at `rate` pages a second (four connections from 127.0.0.1, as a crawler
   keeps several), for `seconds`. A page is served rendered when its `#root` is not empty.
4. The same crawl again while `flood` connections from 127.0.0.2 ask for random product pages outside the set (cold),
   and a shopper at 127.0.0.3 asks for a random product page every half second: its latency p50 and p99.

Each client address has its own share of the render threads (issue 34), so the three are told apart by address.
Prints a Markdown table.

`--after-restart` (the shop restarted after such a run, on the same database and page folder): the crawl of step 3
alone, without a warm-up, served from the pages kept on disk (issue 39).
"""

import argparse
import http.client
import random
import re
import statistics
import threading
import time
import urllib.parse
import urllib.request

EMPTY_ROOT = '<div id="root"></div>'


def sitemap_products(base):
    index = urllib.request.urlopen(f"{base}/sitemap.xml", timeout=60).read().decode()
    pages = []
    for part in re.findall(r"<loc>([^<]+)</loc>", index):
        path = urllib.parse.urlsplit(part).path
        text = urllib.request.urlopen(f"{base}{path}", timeout=120).read().decode()
        pages += [urllib.parse.urlsplit(loc).path for loc in re.findall(r"<loc>([^<]+)</loc>", text)]
    return [p for p in pages if re.fullmatch(r"/catalog/[^/]+/[^/]+/", p)]


class Client:
    """One keep-alive connection from `source` (an address of 127.0.0.0/8)."""

    def __init__(self, base, source):
        split = urllib.parse.urlsplit(base)
        self.host, self.port, self.source = split.hostname, split.port, source
        self.conn = None

    def get(self, path):
        for attempt in range(2):
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60,
                                                           source_address=(self.source, 0))
                began = time.perf_counter()
                self.conn.request("GET", path, headers={"Accept-Encoding": "identity"})
                response = self.conn.getresponse()
                body = response.read().decode()
                return time.perf_counter() - began, EMPTY_ROOT not in body
            except (OSError, http.client.HTTPException):
                self.conn = None
                if attempt:
                    raise
        raise RuntimeError("unreachable")


def walk(base, paths, connections, source):
    """Every path once, `connections` at a time; returns how many came rendered."""
    queue = list(reversed(paths))
    lock, rendered = threading.Lock(), [0]

    def worker():
        client = Client(base, source)
        while True:
            with lock:
                if not queue:
                    return
                path = queue.pop()
            _, ok = client.get(path)
            with lock:
                rendered[0] += ok

    threads = [threading.Thread(target=worker) for _ in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return rendered[0]


def crawl(base, paths, rate, seconds, connections=4):
    """Asks `paths` in order at `rate` a second for `seconds`; returns (asked, rendered)."""
    lock, state = threading.Lock(), {"next": 0, "asked": 0, "rendered": 0}
    start = time.monotonic()
    end = start + seconds

    def worker():
        client = Client(base, "127.0.0.1")
        while True:
            with lock:
                n = state["next"]
                state["next"] += 1
            due = start + n / rate
            if due >= end:
                return
            time.sleep(max(0.0, due - time.monotonic()))
            _, ok = client.get(paths[n % len(paths)])
            with lock:
                state["asked"] += 1
                state["rendered"] += ok

    threads = [threading.Thread(target=worker) for _ in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return state["asked"], state["rendered"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--rate", type=float, default=20)
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--flood", type=int, default=8)
    parser.add_argument("--after-restart", action="store_true")
    args = parser.parse_args()
    base = args.url.rstrip("/")
    products = sitemap_products(base)
    size = min(len(products), int(args.rate * args.seconds))
    crawled, others = products[:size], products[size:] or products
    print(f"{len(products)} product pages in the sitemap; the crawl walks {size} of them")

    if args.after_restart:
        asked, rendered = crawl(base, crawled, args.rate, args.seconds)
        print()
        print(f"| run ({args.rate:g} pages/s, {args.seconds:g} s) | crawler's pages served rendered |")
        print("|---|---|")
        print(f"| crawler alone, right after a restart, no warm-up | {rendered / asked * 100:.1f} % of {asked} |")
        return

    began = time.monotonic()
    warm = walk(base, crawled, 2, "127.0.0.1")
    print(f"warm-up: {size} pages in {time.monotonic() - began:.0f} s, {warm / size * 100:.1f} % rendered")

    asked, rendered = crawl(base, crawled, args.rate, args.seconds)
    alone = (asked, rendered)

    stop = threading.Event()
    flood_counts = {"asked": 0, "rendered": 0}
    shopper_times = []

    def flooder():
        client = Client(base, "127.0.0.2")
        while not stop.is_set():
            _, ok = client.get(random.choice(others))
            flood_counts["asked"] += 1
            flood_counts["rendered"] += ok

    def shopper():
        client = Client(base, "127.0.0.3")
        while not stop.is_set():
            took, _ = client.get(random.choice(others))
            shopper_times.append(took * 1000)
            stop.wait(0.5)

    threads = [threading.Thread(target=flooder) for _ in range(args.flood)] + [threading.Thread(target=shopper)]
    for t in threads:
        t.start()
    flooded = crawl(base, crawled, args.rate, args.seconds)
    stop.set()
    for t in threads:
        t.join()

    def share(pair):
        return f"{pair[1] / pair[0] * 100:.1f} % of {pair[0]}" if pair[0] else "none asked"

    times = sorted(shopper_times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))] if times else float("nan")
    print()
    print(f"| run ({args.rate:g} pages/s, {args.seconds:g} s) | crawler's pages served rendered | other figures |")
    print("|---|---|---|")
    print(f"| crawler alone, after the warm-up | {share(alone)} | |")
    print(
        f"| the same while {args.flood} connections ask for cold pages | {share(flooded)} | "
        f"flood rendered {share((flood_counts['asked'], flood_counts['rendered']))}; a shopper's cold product page "
        f"p50 {statistics.median(times) if times else float('nan'):.0f} ms, p99 {p99:.0f} ms ({len(times)} asked) |"
    )


if __name__ == "__main__":
    main()
