#!/usr/bin/env python3
"""Validator for held-out set F (statements.jsonl, updates.jsonl).

Checks: valid JSON per line, exact key sets, non-empty string fields,
verbatim (case-sensitive) presence of subject/value strings in the sentences,
exactly 5 statements for each of the 44 expected relations (220 rows),
exactly 60 updates over >= 25 distinct relations, old_value != new_value,
and no duplicate sentences (within and across both files).
Exit status 0 when everything passes, 1 otherwise.
"""
import json
import os
import sys
from collections import Counter

# The set lives one directory above this script (tools/).
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELATIONS = ("P6 P17 P19 P20 P26 P27 P30 P35 P36 P37 P40 P50 P69 P106 P108 "
             "P112 P127 P131 P136 P140 P159 P169 P170 P175 P176 P178 P190 "
             "P264 P276 P286 P364 P407 P413 P449 P463 P488 P495 P641 P740 "
             "P800 P937 P1037 P1308 P1412").split()
STMT_KEYS = {"relation", "subject", "value", "sentence"}
UPD_KEYS = {"relation", "subject", "old_value", "new_value", "first", "second"}

errors = []


def err(msg):
    errors.append(msg)


def load(name, keys):
    rows = []
    path = os.path.join(HERE, name)
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err(f"{name}:{n}: blank line")
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                err(f"{name}:{n}: invalid JSON ({e})")
                continue
            if not isinstance(obj, dict):
                err(f"{name}:{n}: not an object")
                continue
            if set(obj) != keys:
                err(f"{name}:{n}: keys {sorted(obj)} != {sorted(keys)}")
                continue
            bad = [k for k in keys if not isinstance(obj[k], str) or not obj[k].strip()]
            if bad:
                err(f"{name}:{n}: empty or non-string field(s) {bad}")
                continue
            rows.append((n, obj))
    return rows


def main():
    stm = load("statements.jsonl", STMT_KEYS)
    upd = load("updates.jsonl", UPD_KEYS)
    sentences = Counter()

    # statements
    if len(stm) != 220:
        err(f"statements.jsonl: {len(stm)} valid rows, expected 220")
    counts = Counter()
    for n, r in stm:
        rel = r["relation"]
        if rel not in RELATIONS:
            err(f"statements.jsonl:{n}: unexpected relation {rel}")
        counts[rel] += 1
        for k in ("subject", "value"):
            if r[k] not in r["sentence"]:
                err(f"statements.jsonl:{n}: {k} {r[k]!r} not verbatim in sentence")
        if r["subject"] == r["value"]:
            err(f"statements.jsonl:{n}: subject equals value")
        sentences[r["sentence"]] += 1
    for rel in RELATIONS:
        if counts[rel] != 5:
            err(f"statements.jsonl: relation {rel} has {counts[rel]} rows, expected 5")

    # updates
    if len(upd) != 60:
        err(f"updates.jsonl: {len(upd)} valid rows, expected 60")
    urels = Counter()
    for n, r in upd:
        if not (r["relation"].startswith("P") and r["relation"][1:].isdigit()):
            err(f"updates.jsonl:{n}: malformed relation {r['relation']!r}")
        urels[r["relation"]] += 1
        if r["subject"] not in r["first"]:
            err(f"updates.jsonl:{n}: subject not verbatim in first")
        if r["subject"] not in r["second"]:
            err(f"updates.jsonl:{n}: subject not verbatim in second")
        if r["old_value"] not in r["first"]:
            err(f"updates.jsonl:{n}: old_value not verbatim in first")
        if r["new_value"] not in r["second"]:
            err(f"updates.jsonl:{n}: new_value not verbatim in second")
        if r["old_value"] == r["new_value"]:
            err(f"updates.jsonl:{n}: old_value equals new_value")
        if r["first"] == r["second"]:
            err(f"updates.jsonl:{n}: first equals second")
        sentences[r["first"]] += 1
        sentences[r["second"]] += 1
    if len(urels) < 25:
        err(f"updates.jsonl: only {len(urels)} distinct relations, need >= 25")

    for s, c in sentences.items():
        if c > 1:
            err(f"duplicate sentence x{c}: {s!r}")

    if errors:
        for e in errors:
            print("FAIL:", e)
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"OK: statements={len(stm)} over {len(counts)} relations; "
          f"updates={len(upd)} over {len(urels)} relations; "
          f"{len(sentences)} unique sentences")
    return 0


if __name__ == "__main__":
    sys.exit(main())
