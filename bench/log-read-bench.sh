#!/usr/bin/env bash
# How fast a results log is read back: `tourney report` on the log of
# first-open against random on 3x3 (GAMES games, played once in the runner's
# process), which reads every line, checks it and counts it, then writes the
# reports; and `tourney export`, which reads it the same way and writes every
# game as text. `--resume` and `tourney merge` read logs the same way. Prints
# the median of RUNS runs of each: seconds, games and megabytes read a
# second. A measurement, never a pass/fail test.
#
# Usage: bench/log-read-bench.sh [RUNS [BUILD_DIR [GAMES]]]
#        (default 5 runs, build-release, 200000 games)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
build=${2:-build-release}
games=${3:-200000}
. bench/common.sh

cheap log-read $((games / 2)) none "jobs = 1" >"$scratch/log-read.ini"
"$tourney" run "$scratch/log-read.ini" --quiet --output "$scratch/out" >/dev/null
bytes=$(stat -c %s "$scratch/out/games.jsonl")
: >"$scratch/report"
: >"$scratch/export"
for ((r = 0; r < runs; r++)); do
  /usr/bin/time -f '%e' -o "$scratch/time" "$tourney" report "$scratch/out" >/dev/null
  cat "$scratch/time" >>"$scratch/report"
  /usr/bin/time -f '%e' -o "$scratch/time" "$tourney" export "$scratch/out" \
    --output "$scratch/games.txt"
  cat "$scratch/time" >>"$scratch/export"
done
echo "$games games ($((bytes / 1000000)) MB of games.jsonl), median of $runs runs," \
  "load average $(cut -d ' ' -f 1 /proc/loadavg)"
for command in report export; do
  seconds=$(median <"$scratch/$command")
  awk -v c="$command" -v s="$seconds" -v g="$games" -v b="$bytes" 'BEGIN {
    printf "tourney %-7s %.3f s   %.0f games/s   %.0f MB/s\n", c, s, g / s, b / s / 1e6 }'
done
