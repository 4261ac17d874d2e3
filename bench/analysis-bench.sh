#!/usr/bin/env bash
# How long `tourney analyze` takes to grade every move of a tournament, and
# how much of it it grades within the default node budget: the tournaments
# of config/classic.ini (400 games of 3x3, one job) and config/connect4.ini
# (60 games of Connect Four from 4 to 8 ply openings, two jobs), each played
# once, then analysed RUNS times from nothing (no value file), and once
# more from the value file the first of those wrote (the cache's hit rate
# when a later analysis starts warm). Prints the medians beside the goals of
# issue 25: classic in under 1 s; connect4 at least 95% graded in under
# 2 minutes with 2 jobs. A measurement, never a pass/fail test.
#
# Usage: bench/analysis-bench.sh [RUNS [BUILD_DIR]]   (default 3 runs, build-release)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
build=${2:-build-release}
. bench/common.sh

# NAME CONFIG JOBS GOAL_SECONDS GOAL_GRADED
bench() {
  local name=$1 config=$2 jobs=$3 goal_s=$4 goal_graded=$5
  "$tourney" run "$config" --quiet --output "$scratch/$name" >/dev/null
  : >"$scratch/$name.seconds"
  : >"$scratch/$name.graded"
  : >"$scratch/$name.cold-hits"
  for ((r = 0; r < runs; r++)); do
    local cache=()
    if [ "$r" = 0 ]; then cache=(--cache "$scratch/$name.values"); fi
    "$tourney" analyze "$scratch/$name" --jobs "$jobs" "${cache[@]}" >"$scratch/$name.out"
    sed -n 's/^Solver: .*; \([0-9.]*\) s in all.*/\1/p' "$scratch/$name.out" >>"$scratch/$name.seconds"
    sed -n 's/^Moves: .* graded (\([0-9.]*\)%)$/\1/p' "$scratch/$name.out" >>"$scratch/$name.graded"
    sed -n 's/.* found in the cache (\([0-9.]*\)%).*/\1/p' "$scratch/$name.out" >>"$scratch/$name.cold-hits"
  done
  "$tourney" analyze "$scratch/$name" --jobs "$jobs" --cache "$scratch/$name.values" \
    >"$scratch/$name.warm"
  local seconds graded hits warm warm_s
  seconds=$(median <"$scratch/$name.seconds")
  graded=$(median <"$scratch/$name.graded")
  hits=$(median <"$scratch/$name.cold-hits")
  warm=$(sed -n 's/.* found in the cache (\([0-9.]*\)%).*/\1/p' "$scratch/$name.warm")
  warm_s=$(sed -n 's/^Solver: .*; \([0-9.]*\) s in all.*/\1/p' "$scratch/$name.warm")
  awk -v n="$name" -v j="$jobs" -v s="$seconds" -v g="$graded" -v h="$hits" -v w="$warm" \
    -v ws="$warm_s" -v gs="$goal_s" -v gg="$goal_graded" 'BEGIN {
      met = (s < gs && g >= gg) ? "met" : "MISSED"
      goal = gg > 0 ? sprintf("under %g s, %g%% graded", gs, gg) : sprintf("under %g s", gs)
      printf "%-9s %d job%s  %8.2f s  %5.1f%% graded  cache %5.1f%% (warm: %5.1f%%, %.2f s)" \
             "   goal: %s: %s\n", n, j, j == 1 ? " " : "s", s, g, h, w, ws, goal, met }'
}

echo "tourney analyze, median of $runs runs from no value file, budget the default;" \
  "load average $(cut -d ' ' -f 1 /proc/loadavg)"
bench classic config/classic.ini 1 1 0
bench connect4 config/connect4.ini 2 120 95
