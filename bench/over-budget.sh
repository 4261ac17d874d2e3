#!/usr/bin/env bash
# How often each agent takes longer than its time per move: config/connect4.ini
# (100 ms a move) with mcts entered beside its agents, played RUNS times with
# JOBS games at once by each build given, and per agent the moves, those over
# the budget (a time forfeit counts as one), those over by more than 5 ms,
# those over by the agent's processor time alone (the rest would have been
# in time but for waiting for a processor), the share over (the median of the runs, with the
# smallest and largest), the median and longest move. With two builds (before and after a change)
# it prints the ratio of their shares. A measurement, never a pass/fail
# test.
#
# Usage: bench/over-budget.sh [RUNS [JOBS [[LABEL=]BUILD_DIR...]]]
#        (default 3 runs, one job per core, build-release; a build is
#        printed as its LABEL, else as its directory)
#
# Goal (issue 23): with jobs equal to the cores of an otherwise idle machine,
# at most 0.5% of the moves of every searcher over budget, none by more than
# 5 ms. On a shared machine, BENCH_CHRT="chrt -f 10" (as root) runs tourney
# and its agents at real-time priority, as near an idle machine as it gets.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
jobs=${2:-$(nproc)}
shift $(($# < 2 ? $# : 2))
builds=("$@")
if [ ${#builds[@]} -eq 0 ]; then
  builds=(build-release)
fi
labels=()
dirs=()
for build in "${builds[@]}"; do
  case "$build" in
    *=*) labels+=("${build%%=*}") && dirs+=("${build#*=}") ;;
    *) labels+=("$build") && dirs+=("$build") ;;
  esac
  dir=${dirs[-1]}
  if [ ! -x "$dir/tourney" ]; then
    echo "no $dir/tourney: meson setup $dir --buildtype=release && meson compile -C $dir" >&2
    exit 2
  fi
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
read -r -a chrt <<<"${BENCH_CHRT:-}"

# connect4.ini as it ships, its openings file named from anywhere, and mcts.
sed -e "s|^openings = |openings = $PWD/config/|" config/connect4.ini >"$scratch/connect4.ini"
printf '\n[agent mcts]\nplugin = mcts\n' >>"$scratch/connect4.ini"

echo "config/connect4.ini and mcts, 100 ms a move, $runs runs of --jobs $jobs a build," \
  "$(nproc) cores online${BENCH_CHRT:+, under $BENCH_CHRT}"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((b = 0; b < ${#dirs[@]}; b++)); do
  for ((r = 0; r < runs; r++)); do
    "${chrt[@]}" "${dirs[b]}/tourney" run "$scratch/connect4.ini" --quiet --jobs "$jobs" \
      --output "$scratch/$b-$r" >/dev/null
  done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$scratch" "$runs" "${labels[@]}" <<'PY'
import json
import statistics
import sys

scratch, runs, builds = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
BUDGET = 100_000_000
OVER_BY = 5_000_000


def tally(path):
    """Per agent: move times, the processor times of its moves over budget
    (ns) and time forfeits, from one games.jsonl."""
    agents = {}
    with open(path) as log:
        for line in log:
            game = json.loads(line)
            if "moves" not in game:
                continue  # the header
            names = (game["first"], game["second"])
            cpu = game.get("cpu_ns", [0] * len(game["time_ns"]))
            for seat, ns, cpu_ns in zip(game["seats"], game["time_ns"], cpu):
                agent = agents.setdefault(names[int(seat)], [[], [], 0])
                agent[0].append(ns)
                if ns > BUDGET:
                    agent[1].append(cpu_ns)
            if game["termination"] == "time_forfeit":
                agents.setdefault(game["fault"], [[], [], 0])[2] += 1
    return agents


shares = {}
width = max(len(b) for b in builds)
print()
print(f'{"build":<{width}} {"agent":<15} {"moves":>6} {"over":>5} {">5ms":>5} {"own":>4} '
      f'{"over % (min-max)":>21} {"median ms":>10} {"longest ms":>11}')
for b, build in enumerate(builds):
    runs_of = [tally(f'{scratch}/{b}-{r}/games.jsonl') for r in range(runs)]
    for agent in sorted(set().union(*runs_of)):
        times, over, far, own, share = [], 0, 0, 0, []
        for run in runs_of:
            ns, late_cpu, forfeits = run.get(agent, [[], [], 0])
            late = len(late_cpu) + forfeits
            times += ns
            over += late
            far += sum(1 for t in ns if t > BUDGET + OVER_BY) + forfeits
            own += sum(1 for c in late_cpu if c > BUDGET)
            share.append(100 * late / max(1, len(ns) + forfeits))
        shares[(build, agent)] = statistics.median(share)
        spread = f'{statistics.median(share):.2f} ({min(share):.2f}-{max(share):.2f})'
        print(f'{build:<{width}} {agent:<15} {len(times):6d} {over:5d} {far:5d} {own:4d} {spread:>21} '
              f'{statistics.median(times) / 1e6:10.2f} {max(times) / 1e6:11.2f}')
if len(builds) == 2:
    print(f'\nover % ratio, {builds[1]} / {builds[0]} (median shares; "-" where the first is 0):')
    for agent in sorted({a for _, a in shares}):
        first, second = shares.get((builds[0], agent), 0), shares.get((builds[1], agent), 0)
        ratio = f'{second / first:.2f}' if first > 0 else '-'
        print(f'  {agent:<15} {first:6.2f} -> {second:6.2f}  {ratio:>6}')
print('(over: moves longer than 100 ms and time forfeits, all runs; >5ms: longer than 105 ms;')
print(' own: moves over by the agent\'s processor time alone; the others over (forfeits aside)')
print(f' would have been in time but for waiting for a processor; over %: median of {runs} runs)')
PY
