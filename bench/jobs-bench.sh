#!/usr/bin/env bash
# Games per second with 1 and with 2 jobs (games played at once in worker
# processes): the median of RUNS runs of each tournament and job count,
# interleaved so that a busy spell of the machine hits both alike, and the
# processor time a game costs with each. A measurement, never a pass/fail
# test.
#
# Usage: bench/jobs-bench.sh [RUNS [BUILD_DIR]]   (default 5 runs, build-release)
#
# The tournaments:
#   classic        config/classic.ini: 400 games, agents in their own processes,
#                  the searching ones taking most of the time
#   cheap-process  first-open against random, 4000 games, agents in their own
#                  processes: the runner's and the agent processes' overhead
#   cheap-none     first-open against random, 40000 games, isolation = none:
#                  nothing but the runner's own work per game
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
build=${2:-build-release}
tourney="$build/tourney"
if [ ! -x "$tourney" ]; then
  echo "no $tourney: meson setup $build --buildtype=release && meson compile -C $build" >&2
  exit 2
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

cheap() {
  printf '[tournament]\nname = %s\nseed = 3\ngames_per_pair = %s\nisolation = %s\n' "$1" "$2" "$3"
  printf '[game]\nplugin = mnk\n[agent first-open]\nplugin = first-open\n'
  printf '[agent random]\nplugin = random\n'
}
cheap cheap-process 4000 process >"$scratch/cheap-process.ini"
cheap cheap-none 40000 none >"$scratch/cheap-none.ini"
# classic.ini is played where it lies: its openings file is relative to it.
config_of() {
  if [ "$1" = classic ]; then echo config/classic.ini; else echo "$scratch/$1.ini"; fi
}

# "REAL CPU" seconds of one run: wall clock, and user + system time of
# tourney and every process it started.
one_run() {
  local config=$1 jobs=$2 TIMEFORMAT='%R %U %S' times
  times=$({ time "$tourney" run "$config" --quiet --jobs "$jobs" --output "$scratch/out" \
    >/dev/null; } 2>&1)
  echo "$times" | awk '{ print $1, $2 + $3 }'
}

median() {
  sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

games_of() {
  grep -o '"games_played": [0-9]*' "$scratch/out/summary.json" | grep -o '[0-9]*$'
}

echo "tourney run --jobs 1 and 2, median of $runs runs, $(nproc) cores online," \
  "load average $(cut -d ' ' -f 1 /proc/loadavg) at the start"
printf '%-14s %6s %10s %10s %8s %12s %12s\n' tournament games "1 job g/s" "2 jobs g/s" \
  speedup "1 job CPU us" "2 jobs CPU us"
for name in classic cheap-process cheap-none; do
  : >"$scratch/t1"
  : >"$scratch/t2"
  for ((r = 0; r < runs; r++)); do
    one_run "$(config_of "$name")" 1 >>"$scratch/t1"
    one_run "$(config_of "$name")" 2 >>"$scratch/t2"
  done
  games=$(games_of)
  real1=$(cut -d ' ' -f 1 "$scratch/t1" | median)
  real2=$(cut -d ' ' -f 1 "$scratch/t2" | median)
  cpu1=$(cut -d ' ' -f 2 "$scratch/t1" | median)
  cpu2=$(cut -d ' ' -f 2 "$scratch/t2" | median)
  awk -v n="$name" -v g="$games" -v a="$real1" -v b="$real2" -v c="$cpu1" -v d="$cpu2" \
    'BEGIN { printf "%-14s %6d %10.0f %10.0f %7.2fx %12.1f %12.1f\n",
             n, g, g / a, g / b, a / b, c / g * 1e6, d / g * 1e6 }'
done
echo "(CPU us: user and system time per game, all processes: what parallelism costs)"
