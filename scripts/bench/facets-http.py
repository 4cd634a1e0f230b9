#!/usr/bin/env python3
"""Filtered listings over HTTP against unfiltered ones (issue 35 "filtered listing over HTTP, as a ratio of the
unfiltered one"): `python3 scripts/bench/facets-http.py URL [--seconds S]`.

For the whole catalogue (`/api/offers`) and its largest top section, wrk (-t2 -c64, S seconds each) asks for the
first page of 20 unfiltered, then with two facets chosen: the most common vendor and the most common value of the
most common other facet, as the unfiltered answer lists them. Each filtered row's ratio is its requests/s over the
unfiltered row's of the same listing, same run. Prints a Markdown table. Needs wrk.
"""

import argparse
import json
import tempfile
import urllib.parse
import urllib.request

from render import wrk


def get_json(url: str):
    with urllib.request.urlopen(url, timeout=60) as answer:
        return json.loads(answer.read())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("--seconds", type=int, default=30)
    args = parser.parse_args()
    base = args.base.rstrip("/")
    sections = get_json(base + "/api/sections")["sections"]
    listings = ["/api/offers"]
    tops = [s for s in sections if s["parentId"] is None]
    if tops:
        largest = max(tops, key=lambda s: s["offerCount"])
        listings.append(f"/api/sections/{urllib.parse.quote(largest['id'])}/offers")
    print("| listing | requests/s | p99 | non-2xx | ÷ unfiltered |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for path in listings:
            plain = f"{path}?page=1&perPage=20"
            facets = get_json(base + plain)["facets"]["items"]
            vendor = next(f for f in facets if f["field"] == "vendor")["values"][0]["value"]
            other = next(f for f in facets if f["field"] != "vendor" and f["values"])
            query = urllib.parse.urlencode([("vendor", vendor), (other["field"], other["values"][0]["value"])])
            filtered = f"{plain}&{query}"
            total = get_json(base + filtered)["total"]
            plain_rps, plain_p99, plain_bad = wrk(base, [plain], args.seconds, work)
            print(f"| `{plain}` | {plain_rps:,.0f} | {plain_p99:.2f} ms | {plain_bad} | 1 |")
            rps, p99, bad = wrk(base, [filtered], args.seconds, work)
            label = urllib.parse.unquote(filtered)
            print(f"| `{label}` ({total} offers) | {rps:,.0f} | {p99:.2f} ms | {bad} | {rps / plain_rps:.2f} |")


if __name__ == "__main__":
    main()
