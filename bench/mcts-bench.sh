#!/usr/bin/env bash
# How strong mcts is against negamax-ab-ids at equal time per move, on
# Connect Four: bench/mcts-connect4.ini played at each time budget, one game
# at a time (so that no other game competes for the cores while a move is
# timed), and per budget the W-D-L of mcts, its score and the Elo difference
# with their 95% intervals (from summary.json), and what each agent did with
# the time. A measurement, never a pass/fail test.
#
# Usage: bench/mcts-bench.sh [GAMES [BUILD_DIR [BUDGET_MS...]]]
#        (default 200 games a budget, build-release, budgets 10 30 100)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-200}
build=${2:-build-release}
shift $(($# < 2 ? $# : 2))
budgets=("$@")
if [ ${#budgets[@]} -eq 0 ]; then
  budgets=(10 30 100)
fi
tourney="$build/tourney"
if [ ! -x "$tourney" ]; then
  echo "no $tourney: meson setup $build --buildtype=release && meson compile -C $build" >&2
  exit 2
fi
if [ $((games % 2)) -ne 0 ] || [ "$games" -lt 2 ]; then
  echo "GAMES must be even and at least 2 (each agent moves first in half of them)" >&2
  exit 2
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

echo "mcts vs negamax-ab-ids, Connect Four 7x6, $games games a budget, one at a time"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%9s %13s %7s %22s %10s %10s %9s %9s\n' budget "W-D-L (mcts)" score% "Elo (95% CI)" \
  "mcts it/mv" "ab nod/mv" "ab depth" "ms/move"
for ms in "${budgets[@]}"; do
  sed -e "s/^time_per_move_ms = .*/time_per_move_ms = $ms/" \
    -e "s/^games_per_pair = .*/games_per_pair = $games/" \
    bench/mcts-connect4.ini >"$scratch/mcts-$ms.ini"
  "$tourney" run "$scratch/mcts-$ms.ini" --quiet --output "$scratch/out-$ms"
  python3 - "$scratch/out-$ms/summary.json" "$ms" <<'PY'
import json
import sys

summary = json.load(open(sys.argv[1]))
cell = next(c for c in summary["crosstable"]
            if c["agent"] == "mcts" and c["opponent"] == "negamax-ab-ids")
search = {a["name"]: a["search"] for a in summary["agents"]}


def elo(value, beyond):
    """A difference, or the side of the +-800 cap it lies beyond (null)."""
    return beyond if value is None else f"{value:+.0f}"


centre = cell["elo_text"]
low = elo(cell["elo_low"], ">+800" if centre.startswith(">") else "<-800")
high = elo(cell["elo_high"], "<-800" if centre.startswith("<") else ">+800")
wdl = f'{cell["wins"]}-{cell["draws"]}-{cell["losses"]}'
interval = f'{elo(cell["elo"], centre)} [{low}, {high}]'
mcts, ab = search["mcts"], search["negamax-ab-ids"]
times = f'{mcts["time_mean_ms"]:.1f}/{ab["time_mean_ms"]:.1f}'
print(f'{sys.argv[2] + " ms":>9} {wdl:>13} {100 * cell["score"]:7.1f} {interval:>22} '
      f'{mcts["nodes_per_move"]:10.0f} {ab["nodes_per_move"]:10.0f} '
      f'{ab["depth_per_move"]:9.1f} {times:>9}')
PY
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "ms/move: mean thinking time of mcts/negamax-ab-ids; it/mv: iterations a move"
