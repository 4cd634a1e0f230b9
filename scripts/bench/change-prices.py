#!/usr/bin/env python3
"""Writes a YML feed with every Nth offer's price raised by 7 (issue 39's re-import with 1 % of prices changed).

    python3 scripts/bench/change-prices.py FEED OUT [--every 100]

Streams line by line: a generated feed of a million offers does not need to fit in memory.
"""

import argparse
import re

PRICE = re.compile(r"<price>([0-9.]+)</price>")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("feed")
    parser.add_argument("out")
    parser.add_argument("--every", type=int, default=100)
    args = parser.parse_args()
    seen = 0

    def change(match):
        nonlocal seen
        seen += 1
        if seen % args.every:
            return match.group(0)
        return f"<price>{int(float(match.group(1))) + 7}</price>"

    with open(args.feed, encoding="utf-8") as feed, open(args.out, "w", encoding="utf-8") as out:
        for line in feed:
            out.write(PRICE.sub(change, line))


if __name__ == "__main__":
    main()
