import json, pathlib, collections, sys
H = pathlib.Path(__file__).resolve().parent.parent
rels = {}
for line in open(H/"relations.txt", encoding="utf-8"):
    if line.strip():
        pid, name, card = line.rstrip("\n").split("\t"); rels[pid] = (name, card)
errs = []
def load(fn):
    out = []
    for i, l in enumerate(open(H/fn, encoding="utf-8"), 1):
        try: out.append(json.loads(l))
        except Exception as e: errs.append(f"{fn}:{i} bad JSON: {e}")
    return out
st = load("statements.jsonl"); up = load("updates.jsonl")
c = collections.Counter()
for i, d in enumerate(st, 1):
    if set(d) != {"relation","subject","value","sentence"}: errs.append(f"statements:{i} keys {set(d)}")
    r = d["relation"]; c[r] += 1
    if r not in rels: errs.append(f"statements:{i} unknown relation {r}")
    for k in ("subject","value"):
        if d[k] not in d["sentence"]: errs.append(f"statements:{i} {k} {d[k]!r} not in sentence")
    if d["subject"] == d["value"]: errs.append(f"statements:{i} subject==value")
for r in rels:
    if c[r] != 10: errs.append(f"relation {r} has {c[r]} statements")
    names = [d for d in st if d["relation"] == r and rels[r][0].lower() in d["sentence"].lower()]
    if len(names) > 2: errs.append(f"relation {r} name used verbatim {len(names)} times")
sents = [d["sentence"] for d in st]
if len(set(sents)) != len(sents): errs.append("duplicate sentences")
uc = collections.Counter()
for i, d in enumerate(up, 1):
    if set(d) != {"relation","subject","old_value","new_value","first","second"}: errs.append(f"updates:{i} keys")
    r = d["relation"]; uc[r] += 1
    if rels.get(r, (None, None))[1] != "one": errs.append(f"updates:{i} relation {r} not cardinality one")
    if d["old_value"] not in d["first"]: errs.append(f"updates:{i} old_value not in first")
    if d["new_value"] not in d["second"]: errs.append(f"updates:{i} new_value not in second")
    for k in ("first","second"):
        if d["subject"] not in d[k]: errs.append(f"updates:{i} subject not in {k}")
    if d["old_value"] == d["new_value"] or d["first"] == d["second"]: errs.append(f"updates:{i} no change")
print(f"statements: {len(st)} lines, {len(c)} relations, per-relation counts {sorted(set(c.values()))}")
print(f"updates: {len(up)} lines, {len(uc)} relations")
print("errors:", len(errs)); [print(" ", e) for e in errs]
sys.exit(1 if errs else 0)
