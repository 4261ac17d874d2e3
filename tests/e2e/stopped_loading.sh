#!/usr/bin/env bash
# tests/e2e/stopped_loading.sh - a job's end that comes while an agent
# process loads records no false result, and a process that dies by its own
# doing there is still charged.
#
# A job's end (Slurm, systemd, a container's stop) sends the runner SIGTERM
# and its agent processes SIGTERM or SIGKILL, microseconds apart; a busy
# machine may let the agent answer the LOAD (and the agent it was asked to
# make at once) and die before the runner reads the answers. The runner then
# found no count of the process's seccomp filters in /proc (it had reaped
# it), waited for its death as for another reply, found the CREATED there,
# and charged the agent an agent_error ("the sandbox cannot be checked"),
# which --resume kept: seen once in twenty stops of e2e.stopped-job under
# AddressSanitizer, without namespaces. Here the order is made certain: the
# agent (tests/plugins/zoo_slow_load.c) takes half a second to load where it
# plays; the test stops (SIGSTOP) the runner's processes once the agent
# process has its loading filter, waits until it has made its agent (a
# second thread in its status), signals the job, and lets the runner go on.
#
# - outside: the agent process gets SIGKILL (or SIGTERM), the runner
#   SIGTERM: exit 143, no game the stop ended recorded, "it will be played
#   again", and --resume ends with the games of a run never stopped; with
#   one job and with two (worker processes).
# - its own doing: the agent aborts just after it made its agent, and
#   nothing stops the runner: its crash, "killed by SIGABRT while loading its
#   plugin", and the run goes on.
# - and a stop that comes while its constructor still runs, with nothing
#   held: no result either.
#
# With NO_NAMESPACES=1 it runs where the kernel refuses namespaces (agent
# processes are then ordinary processes), inside a user namespace that
# allows no more of them, as e2e.stopped-job does.
#
# Needs TOURNEY, SOURCE_ROOT and PLUGIN_DIR (meson passes them) and python3
# (or PYTHON).
set -euo pipefail

: "${TOURNEY:?set TOURNEY to the tourney program}"
: "${SOURCE_ROOT:?set SOURCE_ROOT to the source tree}"
: "${PLUGIN_DIR:?set PLUGIN_DIR to the test plugins folder}"
: "${PYTHON:=python3}"

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
pids=()
cleanup() {
    for pid in "${pids[@]}"; do
        kill -CONT "$pid" 2>/dev/null || true
        kill -KILL "$pid" 2>/dev/null || true
    done
    [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
cd "$SOURCE_ROOT"

lines() {
    if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi
}

# A field of /proc/PID/status ("Threads", "Seccomp_filters"), or nothing.
status_field() {
    sed -n "s/^$2:[[:space:]]*//p" "/proc/$1/status" 2>/dev/null || true
}

# The state letter of PID (R, S, Z, ...), or nothing once it is reaped.
state_of() {
    local stat
    stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
    stat=${stat##*) }
    echo "${stat%% *}"
}

# The processes below PID, deepest last.
descendants() {
    local children child
    children=$(cat /proc/"$1"/task/*/children 2>/dev/null || true)
    for child in $children; do
        echo "$child"
        descendants "$child"
    done
}

# The processes of the run: RUNNERS (the runner and its workers, the
# runner's program) and AGENTS (the others), as the test sees them now.
split_processes() {
    local root=$1 name pid
    name=$(cat "/proc/$root/comm")
    runners=("$root")
    agents=()
    for pid in $(descendants "$root"); do
        if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$name" ]; then
            runners+=("$pid")
        else
            agents+=("$pid")
        fi
    done
}

# Waits (up to 20 s) until COMMAND ARGS succeeds.
wait_until() {
    for _ in $(seq 4000); do
        "$@" && return 0
        sleep 0.005
    done
    return 1
}

# The run has written its log's header (its agents probed) and an agent
# process of a game has installed its loading filter: it has the LOAD. Sets
# LOADING to it.
some_agent_loading() {
    [ "$(lines "$2/games.jsonl")" -ge 1 ] || return 1
    split_processes "$1"
    local own pid
    own=$(status_field "$1" Seccomp_filters)
    for pid in "${agents[@]}"; do
        if [ "$(status_field "$pid" Seccomp_filters)" = $((own + 1)) ]; then
            loading=$pid
            return 0
        fi
    done
    return 1
}

# The process LOADING is dead (a zombie, or reaped).
loading_dead() {
    local state
    state=$(state_of "$loading")
    [ -z "$state" ] || [ "$state" = Z ]
}

# The process LOADING made its agent (its thread shows), or is dead.
loading_made() {
    loading_dead || [ "$(status_field "$loading" Threads)" = 2 ]
}

config() {
    printf '[tournament]\nname = loading\nseed = 7\ngames_per_pair = 2\n' >"$work/$1.ini"
    printf 'time_per_move_ms = 2000\n[game]\nplugin = mnk\n' >>"$work/$1.ini"
    printf '[agent slow]\nplugin = %s/%s.so\n' "$PLUGIN_DIR" "$2" >>"$work/$1.ini"
    printf '[agent first-open]\nplugin = first-open\n' >>"$work/$1.ini"
}

# Game 0 has "slow" move first: its agent process is the first to load.
config outside zoo_slow_load
config own zoo_slow_load_abort

note "the run never stopped"
"$TOURNEY" run "$work/outside.ini" --quiet --output "$work/whole" --jobs 2 2>"$work/err.txt" ||
    fail "the whole run: $(cat "$work/err.txt")"
[ "$(lines "$work/whole/games.jsonl")" -eq 3 ] || fail "the whole run did not log 2 games"
if [ "${NO_NAMESPACES:-0}" = 1 ]; then
    grep -q "without namespaces of their own" "$work/err.txt" ||
        fail "the agent processes had namespaces: $(cat "$work/err.txt")"
fi

# Starts a run of CONFIG into OUTPUT with JOBS jobs, holds the runner's
# processes (SIGSTOP) once an agent process of a game loads and until it has
# made its agent (or died, with WAIT=dead), sends every agent process
# AGENT_SIGNAL and the runner's processes RUNNER_SIGNAL ("-" for none), lets
# them go on, and sets STATUS to the run's exit status.
hold_while_loading() {
    local config=$1 output=$2 jobs=$3 agent_signal=$4 runner_signal=$5 wait=${6:-made}
    "$TOURNEY" run "$config" --quiet --output "$output" --jobs "$jobs" --resume \
        2>"$work/err.txt" &
    local run=$!
    pids=("$run")
    wait_until some_agent_loading "$run" "$output" || fail "no agent process loaded"
    kill -STOP "${runners[@]}"
    pids+=("${runners[@]}")
    split_processes "$run" # as they are now, held
    if [ "$wait" = dead ]; then
        wait_until loading_dead || fail "the agent process $loading did not die"
    else
        wait_until loading_made || fail "the agent process $loading made no agent"
        # What it answered is in the memory it shares with the runner.
        sleep 0.2
    fi
    if [ "$agent_signal" != - ]; then
        kill "-$agent_signal" "${agents[@]}" 2>/dev/null || true
        # Dead before the runner reads a word of it: the order of the race.
        wait_until loading_dead || fail "the agent process $loading outlived $agent_signal"
    fi
    [ "$runner_signal" = - ] || kill "-$runner_signal" "${runners[@]}"
    kill -CONT "${runners[@]}"
    status=0
    wait "$run" || status=$?
    pids=()
}

# The games logged in OUTPUT that the stop ended: any game not won by the
# rules.
false_results() {
    grep -v '"type":"tournament"' "$1/games.jsonl" | grep -v '"termination":"normal"' || true
}

for jobs in 1 2; do
    for agent_signal in KILL TERM; do
        note "$agent_signal to the agents, TERM to the runner, as the answers wait: $jobs jobs"
        stopped=$work/stopped-$jobs-$agent_signal
        hold_while_loading "$work/outside.ini" "$stopped" "$jobs" "$agent_signal" TERM
        [ "$status" -eq 143 ] || fail "exit status $status: $(cat "$work/err.txt")"
        recorded=$(false_results "$stopped")
        [ -z "$recorded" ] || fail "a game the stop ended was recorded: $recorded"
        if [ "$jobs" = 1 ]; then
            [ "$(lines "$stopped/games.jsonl")" -eq 1 ] ||
                fail "a game was logged: $(cat "$stopped/games.jsonl")"
        fi
        grep -q "; it will be played again" "$work/err.txt" ||
            fail "no game said to be played again: $(cat "$work/err.txt")"
        "$TOURNEY" run "$work/outside.ini" --quiet --output "$stopped" --resume --jobs 2 \
            2>"$work/err.txt" || fail "the resumed run: $(cat "$work/err.txt")"
        "$PYTHON" scripts/same-results.py "$work/whole" "$stopped" >/dev/null ||
            fail "the resumed run differs from the run never stopped"
    done
done

note "KILL to the agents and TERM to the runner while the agent still loads"
stopped=$work/stopped-early
"$TOURNEY" run "$work/outside.ini" --quiet --output "$stopped" --jobs 1 2>"$work/err.txt" &
pid=$!
pids=("$pid")
wait_until some_agent_loading "$pid" "$stopped" || fail "no agent process loaded"
kill -KILL "${agents[@]}"
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
pids=()
[ "$status" -eq 143 ] || fail "exit status $status: $(cat "$work/err.txt")"
[ "$(lines "$stopped/games.jsonl")" -eq 1 ] || fail "a game was logged: $(false_results "$stopped")"

note "an agent that aborts by itself as the answers wait is charged"
own=$work/own
hold_while_loading "$work/own.ini" "$own" 1 - - dead
[ "$status" -eq 0 ] || fail "exit status $status: $(cat "$work/err.txt")"
[ "$(lines "$own/games.jsonl")" -eq 3 ] || fail "not every game was logged"
game=$(sed -n 2p "$own/games.jsonl")
for field in '"first":"slow"' '"winner":"first-open"' '"termination":"crash"' '"fault":"slow"' \
    '"reason":"killed by SIGABRT while loading its plugin"'; do
    case $game in
    *"$field"*) ;;
    *) fail "game 0 is not $field: $game" ;;
    esac
done
echo "ok"
