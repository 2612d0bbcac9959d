#!/usr/bin/env python3
"""Writes relations.jsonl and agent.jsonl from the hand-written items in
wikidata_items.py and agent_items.py (see README.md for the format)."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import agent_items  # noqa: E402
import wikidata_items  # noqa: E402

# Lexicon relations stated with another lexicon relation's key: P276
# (location) is an alias of P131 in datasets/lexicon/relations.json, and an
# agent employer may be keyed as either works_at or P108 (employer).
ACCEPT = {
    "P276": ["P276", "P131"],
    "works_at": ["works_at", "P108"],
    "role": ["role", "P106"],
}


def dump(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


def main():
    rows = []
    for rel, items in wikidata_items.R.items():
        ids = ACCEPT.get(rel, [rel])
        for n, (form, text, subject, value) in enumerate(items, 1):
            rows.append({"id": f"{rel}-{n:02d}", "kind": "statement",
                         "relation": rel, "ids": ids, "phrase_ok": False,
                         "form": form, "subject": subject, "text": text,
                         "value": value})
        for n, (subject, t1, v1, t2, v2) in enumerate(wikidata_items.U[rel], 1):
            rows.append({"id": f"{rel}-u{n}", "kind": "update",
                         "relation": rel, "ids": ids, "phrase_ok": False,
                         "subject": subject,
                         "original": {"text": t1, "value": v1},
                         "update": {"text": t2, "value": v2}})
    dump(os.path.join(HERE, "relations.jsonl"), rows)

    rows = []
    for n, (subject, label, text, value) in enumerate(agent_items.STATEMENTS, 1):
        ids, phrase_ok = agent_items.SLOTS.get(label, agent_items.DEFAULT_SLOT)
        rows.append({"id": f"a{n:03d}", "kind": "statement", "relation": label,
                     "ids": ids, "phrase_ok": phrase_ok, "subject": subject,
                     "text": text, "value": value})
    for n, (subject, label, t1, v1, t2, v2) in enumerate(agent_items.UPDATES, 1):
        ids, phrase_ok = agent_items.SLOTS.get(label, agent_items.DEFAULT_SLOT)
        rows.append({"id": f"u{n:03d}", "kind": "update", "relation": label,
                     "ids": ids, "phrase_ok": phrase_ok, "subject": subject,
                     "original": {"text": t1, "value": v1},
                     "update": {"text": t2, "value": v2}})
    dump(os.path.join(HERE, "agent.jsonl"), rows)


if __name__ == "__main__":
    main()
