#!/usr/bin/env python3
"""What the Python binding adds to a call: Memory.get and Memory.ask from
Python against the same C API calls made in a C++ loop (Memory._time_native),
on one store, in one run.

The store is the FactConsolidation context of one row (default the 262k
one), remembered through Memory.remember. Slots for get are found by
searching for 200 of the context's own lines; questions for ask are the
row's 100 questions. Each measurement alternates native and Python rounds
and reports medians. The native loop still produces each JSON result (and
frees it); the Python call also turns it into dicts and lists, converts
the arguments and releases and retakes the GIL: that difference is the
overhead reported.

    PYTHONPATH=build/python python3 python/bench_overhead.py
"""

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# python/ holds the package's sources without the built extension; the
# package to measure is the one on PYTHONPATH (or installed).
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != HERE]

import factline  # noqa: E402
DEFAULT_DATA = os.path.join(HERE, "..", "datasets", "factconsolidation",
                            "Conflict_Resolution.json")


def load_row(path, split):
    with open(path, encoding="utf-8") as f:
        rows = json.load(f)
    for row in rows:
        if row["metadata"].get("source") == split:
            return row
    sys.exit("no row %r in %s" % (split, path))


def per_call_us(fn, n):
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - start) / n * 1e6


def compare(label, m, what, cases, n, rounds):
    """Median per-call microseconds, native and Python, over the cases."""
    native, python = [], []
    for _ in range(rounds):
        for a, b in cases:
            native.append(m._time_native(what, a, b, n) / n * 1e6)
            if what == "get":
                python.append(per_call_us(lambda: m.get(a, b), n))
            else:
                python.append(per_call_us(lambda: m.ask(a), n))
    nat, py = statistics.median(native), statistics.median(python)
    print("%-4s C++ %8.2f us/call   Python %8.2f us/call   added %6.2f us"
          "   ratio %.2fx" % (label, nat, py, py - nat, py / nat))
    return nat, py


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", default=DEFAULT_DATA)
    p.add_argument("--split", default="factconsolidation_sh_262k")
    p.add_argument("--n", type=int, default=200, help="calls per case")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--db", help="existing store to reuse (else a temp one)")
    args = p.parse_args()

    row = load_row(args.data, args.split)
    lines = [l for l in row["context"].splitlines()
             if l.strip() and not l.startswith("Here is a list")]
    with tempfile.TemporaryDirectory(prefix="factline-bench-") as tmp:
        path = args.db or os.path.join(tmp, "store")
        fresh = not os.path.exists(os.path.join(path, "data.mdb"))
        with factline.Memory(path, gate=False) as m:
            if fresh:
                start = time.perf_counter()
                for i in range(0, len(lines), 10000):
                    m.remember(lines[i:i + 10000], source=args.split)
                print("remembered %d lines in %.1f s" %
                      (len(lines), time.perf_counter() - start))
            print("store: %s" % m.stats())
            rng = random.Random(7)
            slots = []
            for line in rng.sample(lines, 200):
                hits = m.search(line.split(". ", 1)[-1], k=1)
                if hits:
                    atom = hits[0]["fact"]["atom"]
                    slots.append((atom["subject"], atom["relation"]))
            questions = [(q, "") for q in row["questions"]]
            print("%d get slots, %d questions; %d calls per case, %d rounds" %
                  (len(slots), len(questions), args.n, args.rounds))
            compare("get", m, "get", slots, args.n, args.rounds)
            compare("ask", m, "ask", questions, max(1, args.n // 10),
                    args.rounds)


if __name__ == "__main__":
    main()
