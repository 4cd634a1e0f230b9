#!/usr/bin/env python3
"""Server-rendered pages under load (issue 22), against a running shop on a generated catalogue.

    python3 scripts/bench/render.py URL [--pages N] [--seconds S]

1. Render time: N product pages and every section page, each asked for once (a page nobody asked for since the
   start: the page cache is cold), then the same pages again (the cache warm). Time to the last byte, sequential,
   p50 and p99; `GET /api/health/render` before and after tells how many were rendered, served from the cache, or
   sent as the shell (and why).
2. Throughput: `wrk -t2 -c64` for S seconds each on a static file (the ceiling), the JSON of the same offers, the
   warm pages (cached HTML) and pages nobody asked for yet (uncached HTML), in one run, as ratios of the ceiling.

Prints Markdown tables. Needs wrk; the URLs come from the shop's own API.
"""

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import tempfile
import time
import urllib.request


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.read()


def get_json(url: str):
    return json.loads(get(url))


def timed(url: str) -> float:
    began = time.perf_counter()
    get(url)
    return (time.perf_counter() - began) * 1000


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def health(base):
    return get_json(base + "/api/health/render")


def delta(after, before):
    return {k: after[k] - before[k] for k in ("rendered", "cached", "failed", "timedOut", "busy")}


def product_urls(base, sections, count, seed):
    """`count` product pages spread over the leaf sections, at random pages of their listings."""
    rng = random.Random(seed)
    leaves = [s for s in sections if s["offerCount"] > 0 and not any(t["parentId"] == s["id"] for t in sections)]
    urls, offer_ids = [], []
    while len(urls) < count:
        section = rng.choice(leaves)
        pages = max(1, section["offerCount"] // 24)
        listing = get_json(f"{base}/api/sections/{section['id']}/offers?page={rng.randint(1, min(pages, 20))}&perPage=24")
        for item in listing["items"][:4]:
            if item["url"] not in urls:
                urls.append(item["url"])
                offer_ids.append(item["id"])
    return urls[:count], offer_ids[:count]


WRK_SCRIPT = """
local paths = {}
local n = 0
function init(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
end
function request()
  n = n + 1
  return wrk.format("GET", paths[(n - 1) % #paths + 1])
end
"""


def wrk(base, paths, seconds, work, connections=64):
    """requests/s, p99 ms and non-2xx of wrk over `paths` in turn (each thread from the first)."""
    listing = os.path.join(work, f"paths-{random.random()}")
    with open(listing, "w") as f:
        f.write("\n".join(paths) + "\n")
    script = os.path.join(work, "rotate.lua")
    with open(script, "w") as f:
        f.write(WRK_SCRIPT)
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "--latency", "-s", script, base, "--", listing],
        capture_output=True, text=True, check=True).stdout

    def latency(p):
        m = re.search(rf"^\s+{p}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rps, latency(99), int(m.group(1)) if m else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=22)
    args = parser.parse_args()
    base = args.base.rstrip("/")

    sections = get_json(base + "/api/sections")["sections"]
    products, offer_ids = product_urls(base, sections, args.pages, args.seed)
    section_urls = [s["url"] for s in sections]
    if not health(base)["enabled"]:
        raise SystemExit("this shop does not render pages (VITRINA_RENDER=off, or a binary without the front-end)")

    print(f"## Server-rendered pages: {len(products)} product pages and {len(section_urls)} section pages")
    print()
    print("| pages | cache | p50 | p99 | rendered | from the cache | shell: failed / timed out / busy |")
    print("|---|---|---|---|---|---|---|")
    for label, urls in (("product", products), ("section", section_urls)):
        for cache in ("cold", "warm"):
            before = health(base)
            times = [timed(base + url) for url in urls]
            d = delta(health(base), before)
            print(f"| {label} | {cache} | {statistics.median(times):.1f} ms | {percentile(times, 99):.1f} ms | "
                  f"{d['rendered']} | {d['cached']} | {d['failed']} / {d['timedOut']} / {d['busy']} |")

    with tempfile.TemporaryDirectory() as work:
        print()
        print(f"## wrk -t2 -c64, {args.seconds} s a row, in one run")
        print()
        print("| workload | requests/s | p99 | non-2xx | ÷ static | shell: timed out / busy |")
        print("|---|---|---|---|---|---|")
        static_rps, p99, bad = wrk(base, ["/favicon.svg"], args.seconds, work)
        print(f"| static file /favicon.svg (ceiling) | {static_rps:,.0f} | {p99:.2f} ms | {bad} | 1 | |")
        rows = [
            ("JSON of the same offers (`/api/offers/{id}`)", [f"/api/offers/{i}" for i in offer_ids]),
            ("product pages, cached HTML", products),
        ]
        # Pages nobody asked for yet: more than a run can render, so every request renders (or falls back).
        fresh, _ = product_urls(base, sections, 2000, args.seed + 1)
        fresh = [u for u in fresh if u not in set(products)]
        rows.append(("product pages, uncached HTML", fresh))
        for label, paths in rows:
            if "cached" in label:
                for path in paths:
                    get(base + path)
            before = health(base)
            rps, p99, bad = wrk(base, paths, args.seconds, work)
            d = delta(health(base), before)
            shell = f"{d['timedOut']} / {d['busy']}" if "HTML" in label else ""
            print(f"| {label} | {rps:,.0f} | {p99:.2f} ms | {bad} | {rps / static_rps:.3f} | {shell} |")


if __name__ == "__main__":
    main()
