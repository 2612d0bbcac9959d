#!/usr/bin/env python3
"""Scores a paraphrase set the way issue 8's held-out check reads one: each
item is ingested as numbered text lines into a fresh store
(`factline --db D ingest`; `--clock serial` adds --serial-time) and read
back with `factline --db D get SUBJECT PID`.

  statements: the item's value is among the slot's current values;
  updates:    the new value is the slot's only current value.

A second statements line counts the value found in the slot's history too:
a sentence that states a closed interval ("served from 2005 to 2021") is
stored as history, keyed right but not current.

Usage: scripts/paraphrase_set.py [--factline BIN] [--verbose]
                                 [--clock now|serial] DIR
DIR holds statements.jsonl and updates.jsonl (datasets/paraphrase/set_c/
documents the format). Values compare case-insensitively, without a leading
article or punctuation.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def norm(s):
    s = re.sub(r'^(the|a|an) ', '', s.strip().lower())
    return re.sub(r'[^\w ]', '', s).strip()


def current_values(binary, lines, subject, relation, serial, past=None):
    db = tempfile.mkdtemp(prefix='factline-paraphrase-')
    try:
        text = ''.join('%d. %s\n' % (i + 1, l) for i, l in enumerate(lines))
        ingest = [binary, '--db', db, 'ingest']
        if serial:
            ingest.append('--serial-time')
        # Exit 0 (all stored) or 1 (some lines unparsed) is a result; any
        # other status is a failure of the run, never a miss to count.
        done = subprocess.run(ingest, input=text.encode(),
                              capture_output=True, check=False)
        if done.returncode not in (0, 1):
            sys.exit('ingest failed (%d): %s' %
                     (done.returncode, done.stderr.decode(errors='replace')))
        got = subprocess.run([binary, '--db', db, 'get', subject, relation],
                             capture_output=True, check=False)
        if got.returncode not in (0, 1):
            sys.exit('get failed (%d): %s' %
                     (got.returncode, got.stderr.decode(errors='replace')))
        values = []
        for line in got.stdout.decode(errors='replace').splitlines():
            m = re.search(r' = (.+?)  \[#\d+', line)
            if m:
                values.append(m.group(1))
        if past is not None:
            hist = subprocess.run([binary, '--db', db, 'history', subject,
                                   relation], capture_output=True, check=False)
            for line in hist.stdout.decode(errors='replace').splitlines():
                m = re.match(r'^  (.+?)  \[#\d+\]', line)
                if m:
                    past.append(m.group(1))
        return values
    finally:
        shutil.rmtree(db)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dir')
    ap.add_argument('--factline', default='build/factline')
    ap.add_argument('--verbose', action='store_true')
    ap.add_argument('--clock', choices=['now', 'serial'], default='now',
                    help='transaction time of the lines: the clock (as a '
                    'plain ingest, default) or their numbers (--serial-time, '
                    'where "in January" has no year to fall in)')
    args = ap.parse_args()
    if not os.access(args.factline, os.X_OK):
        sys.exit('no factline binary at %s (build it first)' % args.factline)
    def load(name):
        with open(os.path.join(args.dir, name), encoding='utf-8') as f:
            return [json.loads(l) for l in f if l.strip()]
    misses = []
    statements = load('statements.jsonl')
    ok = 0
    keyed = 0
    for x in statements:
        past = []
        got = current_values(args.factline, [x['sentence']], x['subject'],
                             x['relation'], args.clock == 'serial', past)
        if norm(x['value']) in [norm(v) for v in got + past]:
            keyed += 1
        if norm(x['value']) in [norm(v) for v in got]:
            ok += 1
        else:
            misses.append('statement %s: %s -> %s' %
                          (x['relation'], x['sentence'], got))
    updates = load('updates.jsonl')
    uok = 0
    for x in updates:
        got = current_values(args.factline, [x['first'], x['second']],
                             x['subject'], x['relation'],
                             args.clock == 'serial')
        if [norm(v) for v in got] == [norm(x['new_value'])]:
            uok += 1
        else:
            misses.append('update %s: %s / %s -> %s' %
                          (x['relation'], x['first'], x['second'], got))
    print('statements %d/%d %.1f%%' % (ok, len(statements),
                                       100.0 * ok / len(statements)))
    print('statements keyed, current or history %d/%d %.1f%%' %
          (keyed, len(statements), 100.0 * keyed / len(statements)))
    print('updates    %d/%d %.1f%%' % (uok, len(updates),
                                       100.0 * uok / len(updates)))
    if args.verbose:
        print('\n'.join(misses))


if __name__ == '__main__':
    main()
