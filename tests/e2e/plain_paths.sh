#!/usr/bin/env bash
# tests/e2e/plain_paths.sh - each fast path of the agent processes turned
# off with TOURNEY_PLAIN_PATHS (runner/isolation/plain_paths.h), and all of
# them at once, plays the same games with the same results as the fast
# paths (scripts/same-results.py): plugins in the agent host, and an agent
# that is a program of its own. A word that names no fast path stops the
# run before it plays, naming the word.
#
# Needs TOURNEY, SOURCE_ROOT and PYTHON (meson passes them).
set -euo pipefail

: "${TOURNEY:?set TOURNEY to the tourney program}"
: "${SOURCE_ROOT:?set SOURCE_ROOT to the source tree}"
PYTHON=${PYTHON:-python3}

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

play() { # CONFIG NAME PLAIN [ARGS...]
    local config=$1 name=$2 plain=$3
    shift 3
    TOURNEY_PLAIN_PATHS=$plain "$TOURNEY" run "$config" -o "$work/$name" -q -j 2 "$@" \
        2>"$work/$name.err" || fail "$name: exit $? ($(cat "$work/$name.err"))"
}

classic=("$SOURCE_ROOT/config/classic.ini" --set tournament.games_per_pair=10)
program=("$SOURCE_ROOT/tests/configs/program.ini" --set tournament.games_per_pair=4)
for config in classic program; do
    declare -n args=$config
    play "${args[0]}" "$config-fast" "" "${args[@]:1}"
    for plain in shared_channel processor_share idle_watch all; do
        play "${args[0]}" "$config-$plain" "$plain" "${args[@]:1}"
        "$PYTHON" "$SOURCE_ROOT/scripts/same-results.py" "$work/$config-fast" \
            "$work/$config-$plain" >"$work/compare" ||
            fail "$config with $plain off: $(cat "$work/compare")"
        echo "$config, $plain off: the same results"
    done
    games=$(grep -c '^{"game":' "$work/$config-fast/games.jsonl" || true)
    [ "$games" -gt 0 ] || fail "$config: no games played"
done

status=0
TOURNEY_PLAIN_PATHS=shared_channel,procesor_share "$TOURNEY" run "$SOURCE_ROOT/config/classic.ini" \
    -o "$work/typo" -q >"$work/typo.out" 2>"$work/typo.err" || status=$?
[ "$status" -ne 0 ] || fail "a misspelt TOURNEY_PLAIN_PATHS was taken"
grep -q "TOURNEY_PLAIN_PATHS: 'procesor_share' is none of" "$work/typo.err" ||
    fail "a misspelt TOURNEY_PLAIN_PATHS: $(cat "$work/typo.err")"
[ ! -e "$work/typo/games.jsonl" ] || [ "$(grep -c '^{"game":' "$work/typo/games.jsonl")" = 0 ] ||
    fail "a misspelt TOURNEY_PLAIN_PATHS played games"
echo "a misspelt word: refused"
