#!/usr/bin/env bash
# Games per second with 1 and with 2 jobs (games played at once in worker
# processes): the median of RUNS runs of each tournament and job count,
# interleaved so that a busy spell of the machine hits both alike, and the
# processor time a game costs with each. A measurement, never a pass/fail
# test.
#
# Usage: bench/jobs-bench.sh [RUNS [BUILD_DIR [TOURNAMENT...]]]
#        (default 5 runs, build-release, every tournament below but mcts)
#
# The tournaments:
#   classic, depths, sprt, vs-random, connect4, mcts
#                  the shipped configs (config/NAME.ini), played where they
#                  lie (their openings files are relative to them); mcts
#                  takes minutes a run, and is played only when named
#   cheap-process  first-open against random, 12000 games, agents in their own
#                  processes: the runner's and the agent processes' overhead
#   cheap-none     first-open against random, 40000 games, isolation = none:
#                  nothing but the runner's own work per game
#
# Goal (issue 14): two jobs play at least 1.8 times the games per second of
# one, on every shipped config and on cheap isolated games, both cores free.
#
# What two jobs can reach at best: a run is start-up (probes, each worker's
# agent processes, the reports), which a second job does not shorten, and
# games, which it can at best halve. The start-up S is where the line
# through two one-job runs, the whole tournament (T seconds) and the same
# with 2 games a pair, meets zero games; the bound is T / (S + (T - S) / 2).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
build=${2:-build-release}
shift $(($# < 2 ? $# : 2))
tournaments=("$@")
if [ ${#tournaments[@]} -eq 0 ]; then
  tournaments=(classic depths sprt vs-random connect4 cheap-process cheap-none)
fi
. bench/common.sh

cheap cheap-process 12000 process >"$scratch/cheap-process.ini"
cheap cheap-none 40000 none >"$scratch/cheap-none.ini"
# A shipped config is played where it lies: its openings file is relative to it.
config_of() {
  if [ -f "config/$1.ini" ]; then echo "config/$1.ini"; else echo "$scratch/$1.ini"; fi
}

# "G/S CPU_US" of one run: games per second (wall clock), and user + system
# microseconds per game of tourney and every process it waited for. Games
# are counted per run: a time-bound sequential test may stop after more or
# fewer games from one run to the next.
one_run() {
  local config=$1 jobs=$2 TIMEFORMAT='%R %U %S' times games
  rm -rf "$scratch/out" # each run starts over: tourney keeps a used folder's log
  times=$({ time "$tourney" run "$config" --quiet --jobs "$jobs" --output "$scratch/out" \
    "${@:3}" >/dev/null; } 2>&1)
  games=$(grep -o '"games_played": [0-9]*' "$scratch/out/summary.json" | grep -o '[0-9]*$')
  echo "$times" | awk -v g="$games" '{ print g / $1, ($2 + $3) / g * 1e6, g }'
}

echo "tourney run --jobs 1 and 2, median of $runs runs, $(nproc) cores online," \
  "load average $(cut -d ' ' -f 1 /proc/loadavg) at the start"
printf '%-14s %6s %10s %10s %8s %5s %6s %12s %12s %10s %6s\n' tournament games "1 job g/s" \
  "2 jobs g/s" speedup goal ratio "1 job CPU us" "2 jobs CPU us" "start-up ms" bound
for name in "${tournaments[@]}"; do
  : >"$scratch/t1"
  : >"$scratch/t2"
  : >"$scratch/ts"
  for ((r = 0; r < runs; r++)); do
    one_run "$(config_of "$name")" 1 >>"$scratch/t1"
    one_run "$(config_of "$name")" 2 >>"$scratch/t2"
    one_run "$(config_of "$name")" 1 --set tournament.games_per_pair=2 >>"$scratch/ts"
  done
  games=$(cut -d ' ' -f 3 "$scratch/t2" | median)
  rate1=$(cut -d ' ' -f 1 "$scratch/t1" | median)
  rate2=$(cut -d ' ' -f 1 "$scratch/t2" | median)
  cpu1=$(cut -d ' ' -f 2 "$scratch/t1" | median)
  cpu2=$(cut -d ' ' -f 2 "$scratch/t2" | median)
  # The short run: its seconds (games over games per second) and games.
  short=$(awk '{ print $3 / $1 }' "$scratch/ts" | median)
  short_games=$(cut -d ' ' -f 3 "$scratch/ts" | median)
  awk -v n="$name" -v g="$games" -v a="$rate1" -v b="$rate2" -v c="$cpu1" -v d="$cpu2" \
    -v u="$short" -v h="$short_games" \
    'BEGIN { t = g / a; s = g > h ? u - h * (t - u) / (g - h) : u; if (s < 0) s = 0;
             bound = t / (s + (t - s) / 2);
             printf "%-14s %6d %10.0f %10.0f %7.2fx %5.1f %6.2f %12.1f %12.1f %10.1f %5.2fx\n",
             n, g, a, b, b / a, 1.8, b / a / 1.8, c, d, s * 1000, bound }'
done
echo "(ratio: speedup / goal, 1 or more meets it; CPU us: user and system time per game, all"
echo " processes waited for: what parallelism costs; start-up ms: one job's run at zero games, from"
echo " runs of all games and of 2 a pair; bound: the speedup if two jobs halved the games and not"
echo " the start-up; load average $(cut -d ' ' -f 1 /proc/loadavg) at the end)"
