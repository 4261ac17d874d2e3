#!/usr/bin/env bash
# What the runner costs per move through the real binary, as c-chess-cli's
# figures are given: first-open against random on 3x3 (agents that cost
# nothing), one job, in process (isolation = none) and with each agent in a
# process of its own. Prints the median of RUNS runs of each, interleaved so
# that a busy spell of the machine hits both alike: wall and processor time
# per move, context switches per move, and (with strace installed) system
# calls of the runner per move; each beside its goal and the ratio to it. A
# measurement, never a pass/fail test.
#
# Usage: bench/move-cost.sh [RUNS [BUILD_DIR]]   (default 5 runs, build-release)
#
# Goals (issue figures): in process at most 0.5 us a move; isolated at most a
# fifth of c-chess-cli's per-ply cost measured on this machine: 79 us idle and
# 14.5 us under light load, so 15.8 and 2.9 us.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
build=${2:-build-release}
. bench/common.sh

cheap in-process 200000 none "jobs = 1" >"$scratch/in-process.ini"
cheap isolated 4000 process "jobs = 1" >"$scratch/isolated.ini"

moves_of() {
  python3 -c '
import json, sys
total = 0
for line in open(sys.argv[1]):
    total += len(json.loads(line).get("moves", []))
print(total)' "$scratch/out/games.jsonl"
}

# "WALL CPU SWITCHES" of one run: seconds, user + system seconds and context
# switches (voluntary and not) of tourney and every process it waited for.
one_run() {
  rm -rf "$scratch/out"
  /usr/bin/time -f '%e %U %S %w %c' -o "$scratch/time" \
    "$tourney" run "$1" --quiet --output "$scratch/out" >/dev/null
  awk '{ print $1, $2 + $3, $4 + $5 }' "$scratch/time"
}

echo "tourney run, first-open vs random on 3x3, jobs 1, median of $runs runs," \
  "load average $(cut -d ' ' -f 1 /proc/loadavg) at the start"
for name in in-process isolated; do : >"$scratch/$name.runs"; done
for ((i = 0; i < runs; i++)); do
  for name in in-process isolated; do
    one_run "$scratch/$name.ini" >>"$scratch/$name.runs"
  done
done
printf '%-11s %8s %9s %9s %9s %9s %9s %8s\n' setup moves "us/move" "goal us" ratio \
  "CPU us" "csw/move" "sys/move"
for name in in-process isolated; do
  one_run "$scratch/$name.ini" >/dev/null
  moves=$(moves_of)
  wall=$(awk '{ print $1 }' "$scratch/$name.runs" | median)
  cpu=$(awk '{ print $2 }' "$scratch/$name.runs" | median)
  switches=$(awk '{ print $3 }' "$scratch/$name.runs" | median)
  syscalls=-
  if command -v strace >/dev/null; then
    rm -rf "$scratch/out"
    strace -c -o "$scratch/strace" "$tourney" run "$scratch/$name.ini" --quiet \
      --output "$scratch/out" >/dev/null
    calls=$(awk '$NF == "total" { print $4 }' "$scratch/strace")
    syscalls=$(awk -v c="$calls" -v m="$moves" 'BEGIN { printf "%.2f", c / m }')
  fi
  goal=0.5
  [ "$name" = isolated ] && goal=15.8
  awk -v n="$name" -v m="$moves" -v w="$wall" -v c="$cpu" -v s="$switches" -v g="$goal" \
    -v y="$syscalls" 'BEGIN {
      us = w * 1e6 / m
      printf "%-11s %8d %9.3f %9.1f %9.2f %9.3f %9.3f %8s\n", n, m, us, g, us / g,
        c * 1e6 / m, s / m, y
    }' | tee -a "$scratch/table"
done
# The isolated goal has two figures, idle (the ratio above) and under light
# load (a fifth of 14.5 us): which applies is the machine's state.
awk -v load="$(cut -d ' ' -f 1 /proc/loadavg)" '$1 == "isolated" {
  printf "isolated against the light-load goal (2.9 us): %.2f; load average %s at the end\n",
    $3 / 2.9, load
}' "$scratch/table"
