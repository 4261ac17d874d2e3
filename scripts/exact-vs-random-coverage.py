#!/usr/bin/env python3
"""How often the sampled win rate's interval holds the exact one against random.

    scripts/exact-vs-random-coverage.py [--tourney BUILD/tourney] [--seeds N]

Plays tests/configs/exact-vs-random.ini (first-open against random on 3x3,
500 games in each seat, exact_vs_random = yes) N times (100 by default),
with seeds 1 to N, and counts the runs whose reports' 99% Wilson interval
of the sampled win rate against random (summary.json's exact_vs_random,
`held`) holds the exact rate beside it: overall, as first and as second
player. For comparison it counts the same for the 95% interval, computed
here from the same wins and games. Every run's exact figures must be the
same (they do not depend on the seed). Prints the counts; docs/reports.md
quotes them.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFIG = os.path.join(SOURCE, "tests", "configs", "exact-vs-random.ini")
Z95 = 1.959963984540054
SEATS = (("overall", "sampled"), ("as first", "sampled_first"), ("as second", "sampled_second"))


def wilson(wins, games, z):
    """The Wilson interval of WINS in GAMES at Z, as docs/reports.md defines it."""
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tourney", default=os.path.join(SOURCE, "build", "tourney"))
    parser.add_argument("--seeds", type=int, default=100)
    args = parser.parse_args()
    held99 = {name: 0 for name, _ in SEATS}
    held95 = {name: 0 for name, _ in SEATS}
    exact_seen = None
    with tempfile.TemporaryDirectory(prefix="tourney-coverage-") as work:
        for seed in range(1, args.seeds + 1):
            out = os.path.join(work, str(seed))
            subprocess.run([args.tourney, "run", CONFIG, "--quiet", "--jobs", "1", "--output",
                            out, "--set", "tournament.seed=%d" % seed], check=True,
                           stdout=subprocess.DEVNULL)
            with open(os.path.join(out, "summary.json"), encoding="utf-8") as f:
                entry = json.load(f)["exact_vs_random"]["agents"][0]
            exact = tuple(entry[key]["exact"] for _, key in SEATS)
            if exact_seen is None:
                exact_seen = exact
            elif exact != exact_seen:
                sys.exit("the exact figures changed with the seed: %s, then %s" %
                         (exact_seen, exact))
            for name, key in SEATS:
                sampled = entry[key]
                held99[name] += sampled["held"]
                low, high = wilson(sampled["wins"], sampled["games"], Z95)
                held95[name] += low <= sampled["exact"] <= high
    print("exact win rates: overall %.5f, as first %.5f, as second %.5f" % exact_seen)
    for name, _ in SEATS:
        print("%-9s the 99%% interval held the exact rate in %d of %d runs (95%%: %d)" %
              (name, held99[name], args.seeds, held95[name]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
