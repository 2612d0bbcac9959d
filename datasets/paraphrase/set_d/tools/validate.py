#!/usr/bin/env python3
"""Validate /tmp/set_d statements.jsonl and updates.jsonl. Prints errors; exit 1 if any."""
import json, re, sys, os
from collections import Counter
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELS = ("P17 P19 P20 P26 P30 P36 P40 P50 P69 P106 P112 P127 P131 P276 P136 P159 P170 P175 P176 P264 "
        "P407 P413 P495 P740 P800 P364 P1412 P27 P937 P37 P140 P178 P108 P641 P190 P463 P449 P35 P286 "
        "P1308 P488 P169 P1037 P6").split()
assert len(RELS) == 44
errors = []
def err(m): errors.append(m)

def load(name, keys):
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if not line.strip():
                err(f"{name}:{i}: blank line"); continue
            try:
                o = json.loads(line)
            except json.JSONDecodeError as e:
                err(f"{name}:{i}: invalid JSON: {e}"); continue
            if not isinstance(o, dict) or set(o) != set(keys):
                err(f"{name}:{i}: keys {sorted(o) if isinstance(o, dict) else type(o)} != {sorted(keys)}"); continue
            bad = [k for k in keys if not isinstance(o[k], str) or not o[k].strip() or o[k] != o[k].strip()]
            if bad:
                err(f"{name}:{i}: empty/non-string/padded fields {bad}"); continue
            if o["relation"] not in RELS:
                err(f"{name}:{i}: unknown relation {o['relation']}")
            rows.append((i, o))
    return rows

# statements
st = load("statements.jsonl", ["relation", "subject", "value", "sentence"])
for i, o in st:
    for k in ("subject", "value"):
        if o[k] not in o["sentence"]:
            err(f"statements:{i}: {k} {o[k]!r} not verbatim in sentence")
    if o["subject"] == o["value"]:
        err(f"statements:{i}: subject == value")
cnt = Counter(o["relation"] for _, o in st)
for r in RELS:
    if cnt[r] != 5:
        err(f"statements: relation {r} has {cnt[r]} rows, expected 5")
if len(st) != 220:
    err(f"statements: {len(st)} rows, expected 220")
for what, c in (("sentence", Counter(o["sentence"] for _, o in st)),
                ("(relation,subject,value)", Counter((o["relation"], o["subject"], o["value"]) for _, o in st))):
    for k, n in c.items():
        if n > 1: err(f"statements: duplicate {what}: {k!r}")
# style rule: "The X of Y is Z" at most once per relation
pat = re.compile(r"^\s*The \w[\w\s-]* of .+ is ", re.I)
pc = Counter(o["relation"] for _, o in st if pat.search(o["sentence"]))
for r, n in pc.items():
    if n > 1: err(f"statements: relation {r} uses 'The X of Y is Z' {n} times")

# updates
up = load("updates.jsonl", ["relation", "subject", "old_value", "new_value", "first", "second"])
for i, o in up:
    if o["subject"] not in o["first"]: err(f"updates:{i}: subject not verbatim in first")
    if o["subject"] not in o["second"]: err(f"updates:{i}: subject not verbatim in second")
    if o["old_value"] not in o["first"]: err(f"updates:{i}: old_value not verbatim in first")
    if o["new_value"] not in o["second"]: err(f"updates:{i}: new_value not verbatim in second")
    if o["new_value"] in o["first"]: err(f"updates:{i}: new_value already appears in first")
    if o["old_value"] == o["new_value"]: err(f"updates:{i}: old_value == new_value")
    if o["first"] == o["second"]: err(f"updates:{i}: first == second")
if len(up) != 60:
    err(f"updates: {len(up)} rows, expected 60")
urels = {o["relation"] for _, o in up}
if len(urels) < 25:
    err(f"updates: only {len(urels)} distinct relations, expected >= 25")
for what, c in (("first", Counter(o["first"] for _, o in up)),
                ("second", Counter(o["second"] for _, o in up)),
                ("(relation,subject)", Counter((o["relation"], o["subject"]) for _, o in up))):
    for k, n in c.items():
        if n > 1: err(f"updates: duplicate {what}: {k!r}")
allsent = Counter([o["sentence"] for _, o in st] + [o[k] for _, o in up for k in ("first", "second")])
for k, n in allsent.items():
    if n > 1: err(f"duplicate sentence across files: {k!r}")

for e in errors: print(e)
print(f"statements={len(st)} relations={len([r for r in RELS if cnt[r]])} updates={len(up)} update_relations={len(urels)} errors={len(errors)}")
sys.exit(1 if errors else 0)
