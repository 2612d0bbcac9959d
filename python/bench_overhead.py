#!/usr/bin/env python3
"""What the Python binding adds to a call: Memory.get and Memory.ask from
Python against the same calls on the C++ facade (factline::Memory::Current
and ::Ask) made in a C++ loop (Memory._time_native), on one store, in one
run.

The store is the FactConsolidation context of one row (default the 262k
one), remembered through Memory.remember (--db keeps it for the next run).
Slots for get are found by searching for 200 of the context's own lines;
questions for ask are the row's 100 questions. Times are the calling
thread's CPU time (other load on the machine does not count). Each case is
timed in every way in turn, --rounds times; the fastest round of each case
counts (as timeit advises), and the report gives medians over the cases:

  C++     Memory::Current / Memory::Ask in a C++ loop, results dropped
  C API   factline_get / factline_ask, each JSON result freed unread
  Python  m.get / m.ask: arguments converted, the GIL released and retaken,
          the result structs built into dicts and lists directly
  JSON    the same calls with m._json_results = True: through the C API
          and json.loads (how the binding worked first)

"added" is Python minus C++ (the binding's cost per call; target < 2 us).

    PYTHONPATH=build/python python3 python/bench_overhead.py --db /tmp/fc262k
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
    # The thread's CPU time, as _time_native counts: on a busy machine, time
    # spent waiting for a core is not the binding's cost.
    start = time.thread_time()
    for _ in range(n):
        fn()
    return (time.thread_time() - start) / n * 1e6


def compare(label, m, what, cases, n, rounds):
    """Median per-call microseconds of each way of calling, over the cases."""
    times = {"C++": [], "C API": [], "Python": [], "JSON": []}

    def python(a, b, json_results):
        m._json_results = json_results
        if what == "get":
            return per_call_us(lambda: m.get(a, b), n)
        return per_call_us(lambda: m.ask(a), n)

    for a, b in cases:
        best = {k: float("inf") for k in times}
        for _ in range(rounds):
            best["C++"] = min(best["C++"],
                              m._time_native(what, a, b, n) / n * 1e6)
            best["Python"] = min(best["Python"], python(a, b, False))
            best["C API"] = min(
                best["C API"],
                m._time_native(what, a, b, n, api="c") / n * 1e6)
            best["JSON"] = min(best["JSON"], python(a, b, True))
        for k in times:
            times[k].append(best[k])
    m._json_results = False
    med = {k: statistics.median(v) for k, v in times.items()}
    print("%-4s C++ %8.2f   C API %8.2f   Python %8.2f   JSON %8.2f us/call"
          % (label, med["C++"], med["C API"], med["Python"], med["JSON"]))
    print("     added by Python: %.2f us (%.2fx); through JSON: %.2f us"
          % (med["Python"] - med["C++"], med["Python"] / med["C++"],
             med["JSON"] - med["C++"]))
    return med


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
