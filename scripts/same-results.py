#!/usr/bin/env python3
"""Compares the results of two runs of a tournament, timings aside.

    scripts/same-results.py [--ignore-identity] [--ignore KEY]... DIR_A DIR_B

DIR_A and DIR_B are output folders (games.jsonl and the reports). Everything
must be equal but what a clock measured (move times, thinking time, nodes per
second, the time chart) and what names a build (the program's version, plugin
paths and digests, the lines' check digests). For checking that a change to
the runner's code leaves every game and report as it was. --ignore-identity
also leaves out the plugins' ids and versions (ABI 1.2), to compare with
results of plugins that had none. --ignore KEY leaves out a key wherever
it is (a figure one of the builds adds, such as a new per-move column), so
that everything else is still compared. Prints the first
difference of each file and exits 1 when there is one.
"""
import csv
import io
import json
import re
import sys

TIMING = re.compile(r"(^time_(mean|median|p95|max|histogram)|think|per_second|time_ns|cpu_ns|nodes/s|"
                    r"over[_ ]budget|"
                    r"ms/move|time \(ms\)|^time$|mean ms|median ms|p95 ms|max ms)", re.I)
BUILD_KEYS = {"tourney", "game_path", "game_digest", "digest", "check"}
IDENTITY_KEYS = {"plugin_id", "plugin_version", "game_id", "game_version"}
IDENTITY_TEXT = re.compile(r" \(`?[a-z0-9.-]+\.[a-z0-9.-]+ [^ )`]+`?\)")


IGNORED = set()


def clean(value):
    if isinstance(value, dict):
        return {k: clean(v) for k, v in value.items()
                if k not in BUILD_KEYS and k not in IGNORED and not TIMING.search(k)
                and not (IGNORE_IDENTITY and k in IDENTITY_KEYS)}
    if isinstance(value, list):
        return [clean(v) for v in value]
    return value


def jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [clean(json.loads(line)) for line in f]


def summary(path):
    with open(path, encoding="utf-8") as f:
        return clean(json.load(f))


def results_csv(path):
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    keep = [i for i, name in enumerate(rows[0]) if not TIMING.search(name)]
    return [[row[i] for i in keep if i < len(row)] for row in rows]


def identity_free(text):
    return IDENTITY_TEXT.sub("", text) if IGNORE_IDENTITY else text


def markdown(path):
    """Tables lose the columns a clock filled; other lines stay as they are."""
    out = []
    drop = None
    with open(path, encoding="utf-8") as f:
        lines = identity_free(f.read()).splitlines()
    for i, line in enumerate(lines):
        if not line.startswith("|"):
            drop = None
            out.append(line)
            continue
        cells = line.strip("|").split("|")
        if drop is None:
            drop = {j for j, c in enumerate(cells) if TIMING.search(c.strip())}
        out.append("|".join(c for j, c in enumerate(cells) if j not in drop))
    return out


def html(path):
    with open(path, encoding="utf-8") as f:
        text = identity_free(f.read())
    text = re.sub(r'<section id="time[-a-z]*"[^>]*>.*?</section>', "", text, flags=re.S)
    data = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>',
                     text, re.S)
    parsed = clean(json.loads(data.group(1).replace("<\\/", "</"))) if data else None
    text = re.sub(r'<script type="application/json" id="replay-data">.*?</script>', "", text,
                  flags=re.S)
    text = re.sub(r"<td[^>]*>[^<]*(ms|µs|/s)</td>", "<td>T</td>", text)
    return [text, parsed]


READERS = {"games.jsonl": jsonl, "summary.json": summary, "results.csv": results_csv,
           "report.md": markdown, "report.html": html}


def first_difference(a, b, where=""):
    if type(a) is not type(b):
        return f"{where}: {a!r} against {b!r}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{where}.{k}: only in one"
            d = first_difference(a[k], b[k], f"{where}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{where}[{i}]")
            if d:
                return d
        if len(a) != len(b):
            return f"{where}: {len(a)} items against {len(b)}"
        return None
    return None if a == b else f"{where}: {str(a)[:300]!r} against {str(b)[:300]!r}"


IGNORE_IDENTITY = False


def main():
    global IGNORE_IDENTITY
    args = sys.argv[1:]
    while args and args[0] in ("--ignore-identity", "--ignore"):
        if args[0] == "--ignore-identity":
            IGNORE_IDENTITY = True
            args = args[1:]
        elif len(args) > 1:
            IGNORED.add(args[1])
            args = args[2:]
        else:
            break
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    status = 0
    for name, read in READERS.items():
        try:
            a = read(f"{args[0]}/{name}")
            b = read(f"{args[1]}/{name}")
        except FileNotFoundError as e:
            print(f"{name}: {e}")
            status = 1
            continue
        d = first_difference(a, b)
        if d:
            print(f"{name}: differs at {d}")
            status = 1
        else:
            print(f"{name}: same")
    return status


if __name__ == "__main__":
    sys.exit(main())
