#!/usr/bin/env python3
"""FactConsolidation driven from Python: each row's context remembered
through factline.Memory, its questions asked with Memory.ask, scored with
the benchmark's SubEM (a port of tools/fc_bench.cc NormalizeAnswer/SubEM).
Compare with `factline bench factconsolidation --arm keyed` (SubEM column).

Differences from the CLI run: the C API's remember takes one provenance per
call and no per-line transaction time, so facts are remembered in serial
order, one call per row, with origin "dataset" and transaction time "now"
(the CLI uses each fact's serial number as its transaction time).

    PYTHONPATH=build/python python3 python/bench_factconsolidation.py
"""

import argparse
import json
import os
import re
import string
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != HERE]

import factline  # noqa: E402

DEFAULT_DATA = os.path.join(HERE, "..", "datasets", "factconsolidation",
                            "Conflict_Resolution.json")
SERIAL = re.compile(r"^\s*(\d+)\.\s+(.*)$")
PUNCT = set(string.punctuation)


def normalize(text):
    """tools/fc_bench.cc NormalizeAnswer: lower-case, drop ASCII
    punctuation, articles become spaces, whitespace collapses."""
    kept = "".join(c for c in text.lower() if c not in PUNCT)
    words = re.split(r"(\w+)", kept)
    spaced = "".join(" " if w in ("a", "an", "the") else w for w in words)
    return " ".join(spaced.split())


def parse_output(output):
    low = output.lower()
    at = low.find("answer:")
    rest = output[at + 7:] if at >= 0 else output
    line = rest.split("\n", 1)[0].strip()
    if line.lower().startswith("answer:"):
        line = line[7:].strip()
    return line


def sub_em(output, golds):
    raw, parsed = normalize(output), normalize(parse_output(output))
    return int(any(normalize(g) in raw or normalize(g) in parsed
                   for g in golds))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", default=DEFAULT_DATA)
    args = p.parse_args()
    with open(args.data, encoding="utf-8") as f:
        rows = json.load(f)
    print("%-27s %6s" % ("source", "SubEM"))
    for row in rows:
        source = row["metadata"]["source"]
        lines = []
        for line in row["context"].splitlines():
            m = SERIAL.match(line)
            if m and m.group(2).strip():
                lines.append(m.group(2))
        with tempfile.TemporaryDirectory(prefix="factline-fc-py-") as tmp:
            with factline.Memory(os.path.join(tmp, "db")) as memory:
                memory.remember(lines, origin="dataset", source=source)
                correct = 0
                for question, golds in zip(row["questions"], row["answers"]):
                    answer = memory.ask(question)
                    correct += sub_em(answer["text"], golds)
        print("%-27s %6.1f" % (source,
                               100.0 * correct / len(row["questions"])))


if __name__ == "__main__":
    main()
