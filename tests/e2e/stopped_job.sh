#!/usr/bin/env bash
# tests/e2e/stopped_job.sh - a run stopped by the outside world records no
# false result. A job's end (Slurm's time limit, scancel), a stop of a
# cgroup (systemd, a container) or `timeout` sends SIGTERM to every process
# of the run at once, the agent processes included: the games in flight must
# not be recorded (an agent killed by it is not an agent that crashed), the
# run must stop with 143 keeping every finished game, and --resume must end
# with the very games and reports of a run never stopped.
#
# The run is stopped 20 times at points spread over it, each time by SIGTERM
# to all its processes (tests/e2e/signal_job.py walks the process tree): the
# agents first (the order in which an agent dies before the runner hears of
# anything), the runner first, or shuffled; one game at a time and in two
# workers. One stop in five sends the agent processes SIGKILL instead, as
# a job's end does to what outlives its SIGTERM: without namespaces, too,
# an agent killed so is no crash when the runner is asked to stop. The field has plugins and a program (the Python greedy agent).
# With NO_NAMESPACES=1 it runs where the kernel refuses namespaces (agent
# processes are then ordinary processes), inside a user namespace that
# allows no more of them.
#
# Needs TOURNEY, SOURCE_ROOT (meson passes them) and python3; PYTHON names
# the interpreter itself (not a launcher, which the sandbox would stop).
set -euo pipefail

: "${TOURNEY:?set TOURNEY to the tourney program}"
: "${SOURCE_ROOT:?set SOURCE_ROOT to the source tree}"

: "${PYTHON:=$(python3 -c 'import sys; print(sys.executable)')}"
export PYTHON

# With NO_NAMESPACES=1: again in a user namespace that allows no more.
. "$(dirname "$0")/without_namespaces.sh"

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
note() {
    echo "--- $*"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT; [ -z "${KEEP:-}" ] || trap - EXIT
cd "$SOURCE_ROOT"
signal_job="$SOURCE_ROOT/tests/e2e/signal_job.py"

# 3 by 4, three in a row: games long enough (about 2.5 s the whole run) for
# stops to fall all along it.
sed -e '/^games_per_pair/s/.*/games_per_pair = 24/' \
    -e '/^plugin = mnk/a rows = 3\ncols = 4\nk = 3' tests/configs/resume.ini >"$work/stopped.ini"
# The helper beside its folder is read as read = says.
printf '\n[agent greedy]\ncommand = %s %s\nread = %s\n' "$PYTHON" \
    "$SOURCE_ROOT/bindings/python/examples/greedy.py" "$SOURCE_ROOT/bindings/python" \
    >>"$work/stopped.ini"

lines() {
    if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi
}

note "the run never stopped"
"$TOURNEY" run "$work/stopped.ini" --quiet --output "$work/whole" --jobs 2 2>"$work/whole.err"
total=$(($(lines "$work/whole/games.jsonl") - 1))
[ "$total" -eq 360 ] || fail "the whole run logged $total games, not 360"
if [ "${NO_NAMESPACES:-0}" = 1 ]; then
    grep -q "without namespaces of their own" "$work/whole.err" ||
        fail "the agent processes had namespaces: $(cat "$work/whole.err")"
fi

note "stopped 20 times by SIGTERM to every process, resumed each time"
stopped=$work/stopped
outside=0
for i in $(seq 20); do
    orders=(leaves root "random:$i")
    order=${orders[$((i % 3))]}
    jobs=$((1 + i % 2))
    # Stopped once the log holds i 30ths of the games, 0 to 90 ms later: on
    # its start (where an earlier stop came later than that), before its
    # first game, and along the first two thirds of the games, so that on an
    # idle machine the games left outlast the delay.
    target=$((1 + i * total / 30))
    delay=$(((i * 37) % 10))
    signals=TERM
    [ $((i % 5)) -ne 0 ] || signals=TERM:KILL
    "$TOURNEY" run "$work/stopped.ini" --quiet --output "$stopped" --jobs "$jobs" --resume \
        2>"$work/err.txt" &
    pid=$!
    for _ in $(seq 3000); do
        [ "$(lines "$stopped/games.jsonl")" -ge "$target" ] && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.005
    done
    sleep "0.0$delay"
    sent=$("$PYTHON" "$signal_job" "$pid" "$signals" "$order")
    status=0
    wait "$pid" || status=$?
    if [ "$status" -eq 0 ] && [ "$(lines "$stopped/games.jsonl")" -eq $((total + 1)) ]; then
        # The games outran the stop: nothing was stopped, and the stops
        # before this one have done their part; the log is checked below.
        echo "stop $i: the run was over before the signal, $((i - 1)) stops made"
        break
    fi
    [ "$status" -eq 143 ] || { cat "$work/err.txt" >&2; fail "stop $i: exit status $status"; }
    if grep -q "from outside the tournament" "$work/err.txt"; then
        outside=$((outside + 1))
        grep -q "; it will be played again" "$work/err.txt" || fail "stop $i: $(cat "$work/err.txt")"
    fi
    # A stop that came before the handler was in place leaves no message,
    # but never a game that the stop ended.
    if grep -q '"from outside\|"crash"\|"early_exit"' "$stopped/games.jsonl" 2>/dev/null; then
        grep '"crash"\|"early_exit"' "$stopped/games.jsonl" | head -3 >&2
        fail "stop $i ($signals, $order, $jobs jobs, $sent processes): a stopped game was recorded"
    fi
    echo "stop $i: $signals, $order, $jobs jobs, $sent processes, $(lines "$stopped/games.jsonl") lines"
done
# Agents were signalled before the runner in a third of the stops: some
# game in flight must have been seen stopped from outside.
[ "$outside" -gt 0 ] || fail "no stop caught an agent in a game"

note "resumed to the end: the games and reports of the run never stopped"
"$TOURNEY" run "$work/stopped.ini" --quiet --output "$stopped" --resume --jobs 2 2>"$work/err.txt"
"$PYTHON" scripts/same-results.py "$work/whole" "$stopped" || fail "the resumed run differs"
echo "ok: $outside stops caught agents in a game"
