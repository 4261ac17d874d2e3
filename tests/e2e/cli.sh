#!/usr/bin/env bash
# tests/e2e/cli.sh - the command line end to end:
#
#  1. every command answers --help and -h (and `tourney help COMMAND`) with
#     its usage on stdout and exit status 0;
#  2. a mistyped command, option or agent gets a "did you mean";
#  3. --set and --each change the games played, are kept in the results
#     log's header, are needed again to resume, and their mistakes are
#     named by the option;
#  4. tourney exact-vs-random names what it refuses: an agent, a budget,
#     a tree larger than the budget;
#  5. tourney export writes every game of a small tournament exactly as
#     tests/e2e/expected/export.txt and export.csv hold them, to stdout or
#     to a file, and refuses what it cannot do.
#
# Needs TOURNEY, SOURCE_ROOT and BUILD_ROOT (meson passes them).
set -euo pipefail

: "${TOURNEY:?set TOURNEY to the tourney program}"
: "${SOURCE_ROOT:?set SOURCE_ROOT to the source tree}"
: "${BUILD_ROOT:?set BUILD_ROOT to the build tree}"

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
note() {
    echo "--- $*"
}
expect() { # expect FILE TEXT: FILE contains the line or text TEXT
    grep -qF -- "$2" "$1" || { cat "$1" >&2; fail "$1 lacks: $2"; }
}
same() { # same FILE EXPECTED_FILE: the two are byte for byte the same
    cmp -s "$1" "$2" || { diff -u "$2" "$1" >&2 || true; fail "$1 differs from $2"; }
}
status_is() { # status_is N COMMAND...: COMMAND exits with N
    local want=$1
    shift
    local got=0
    "$@" || got=$?
    [ "$got" -eq "$want" ] || fail "$* exited with $got, expected $want"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$SOURCE_ROOT"
smoke=tests/configs/smoke.ini

note "every command answers --help and -h"
for command in run validate agents games report replay export play solve merge exact-vs-random; do
    for flag in --help -h; do
        status_is 0 "$TOURNEY" "$command" "$flag" >"$work/help.txt" 2>"$work/err.txt"
        head -1 "$work/help.txt" | grep -q "^Usage: tourney $command" ||
            fail "tourney $command $flag: $(head -1 "$work/help.txt")"
        [ ! -s "$work/err.txt" ] || fail "tourney $command $flag wrote to stderr"
    done
    # Help wins wherever it is asked for, and `help COMMAND` says the same.
    status_is 0 "$TOURNEY" "$command" some-argument --help >"$work/help2.txt"
    same "$work/help2.txt" "$work/help.txt"
    status_is 0 "$TOURNEY" help "$command" >"$work/help3.txt"
    same "$work/help3.txt" "$work/help.txt"
done
"$TOURNEY" validate --help >"$work/help.txt"
cat >"$work/expected.txt" <<'EOF'
Usage: tourney validate CONFIG [--set KEY=VALUE]... [--each KEY=VALUE]...

Check CONFIG and load its plugins, play nothing.

Options:
  --set KEY=VALUE      set a value of the config in place of the file's:
                       tournament.KEY, game.KEY or agent.NAME.KEY, e.g.
                       --set tournament.games_per_pair=100 (repeatable)
  --each KEY=VALUE     set the parameter KEY of every agent whose plugin has
                       it, e.g. --each depth=3 (repeatable; a --set of one
                       agent's parameter wins)
  -h, --help           show this help
EOF
same "$work/help.txt" "$work/expected.txt"
status_is 2 "$TOURNEY" help nosuch 2>"$work/err.txt"
expect "$work/err.txt" "tourney help: no command 'nosuch' (see tourney --help)"

note "did you mean"
status_is 2 "$TOURNEY" rn "$smoke" 2>"$work/err.txt"
expect "$work/err.txt" "tourney: unknown command 'rn'; did you mean 'run'? (see tourney --help)"
status_is 2 "$TOURNEY" exprot "$work" 2>"$work/err.txt"
expect "$work/err.txt" "tourney: unknown command 'exprot'; did you mean 'export'?"
status_is 2 "$TOURNEY" run "$smoke" --wdie 2>"$work/err.txt"
expect "$work/err.txt" "tourney run: unknown option '--wdie'; did you mean '--wide'?"
status_is 2 "$TOURNEY" export "$work" --fromat csv 2>"$work/err.txt"
expect "$work/err.txt" "tourney export: unknown option '--fromat'; did you mean '--format'?"
status_is 2 "$TOURNEY" solve mnk --jsn 2>"$work/err.txt"
expect "$work/err.txt" "tourney solve: unknown option '--jsn'; did you mean '--json'?"
status_is 2 "$TOURNEY" run "$smoke" --frobnicate 2>"$work/err.txt"
printf "tourney run: unknown option '--frobnicate'\n" >"$work/expected.txt"
same "$work/err.txt" "$work/expected.txt"
status_is 2 "$TOURNEY" play "$smoke" negamx 2>"$work/err.txt"
expect "$work/err.txt" "has no agent 'negamx'; its agents are: first-open random minimax negamax negamax-ab-ids; did you mean 'negamax'?"

note "--set and --each: checked, named by their option"
status_is 2 "$TOURNEY" validate "$smoke" --set tournament.games_per_pair=x --set agent.minimx.depth=3 \
    --set game.rwos=4 --each dpth=2 2>"$work/err.txt"
cat >"$work/expected.txt" <<EOF
--set agent.minimx.depth=3: $smoke has no [agent minimx]; did you mean 'minimax'? (its agents: first-open, random, minimax, negamax, negamax-ab-ids)
--set tournament.games_per_pair=x: bad value 'x' for 'games_per_pair': expected an even number from 2 to 1000000 (each pair plays both seats equally often)
--set game.rwos=4: unknown parameter 'rwos' for game plugin 'mnk'; did you mean 'rows'?
--each dpth=2: no agent of $smoke has a parameter 'dpth'; did you mean 'depth'?
tourney: 4 errors in $smoke; nothing was played
EOF
same "$work/err.txt" "$work/expected.txt"
status_is 2 "$TOURNEY" run "$smoke" --set seed=3 2>"$work/err.txt"
expect "$work/err.txt" "tourney run: --set seed=3: expected tournament.KEY=VALUE, game.KEY=VALUE or agent.NAME.KEY=VALUE"
status_is 2 "$TOURNEY" run "$smoke" --each 2>"$work/err.txt"
expect "$work/err.txt" "tourney run: --each needs KEY=VALUE"

note "an option's value in the same word: --jobs=2, -j2, -oDIR, --set=KEY=VALUE"
"$TOURNEY" run "$smoke" --quiet --jobs=2 "--output=$work/attached" \
    --set=tournament.games_per_pair=4 --each=depth=1
head -1 "$work/attached/games.jsonl" |
    grep -qF '"overrides":["--set tournament.games_per_pair=4","--each depth=1"]' ||
    fail "--set= and --each= are not in the log's header"
[ "$(wc -l <"$work/attached/games.jsonl")" -eq 41 ] || fail "--set=: not 40 games"
"$TOURNEY" run "$smoke" -q -j2 "-o$work/attached-short"
[ "$(wc -l <"$work/attached-short/games.jsonl")" -eq 21 ] || fail "-j2 -oDIR: not 20 games"
# Flags bundled, the value at the end of the bundle; "--" before operands.
"$TOURNEY" run -qj2 "-o$work/bundled" -- "$smoke" >"$work/out.txt" 2>"$work/err.txt"
[ "$(wc -l <"$work/bundled/games.jsonl")" -eq 21 ] || fail "-qj2 -oDIR -- CONFIG: not 20 games"
[ ! -s "$work/out.txt" ] || fail "-qj2: --quiet not taken from the bundle"
status_is 2 "$TOURNEY" run "$smoke" -qx 2>"$work/err.txt"
same "$work/err.txt" <(echo "tourney run: unknown option '-x'")
status_is 2 "$TOURNEY" run "$smoke" -jx 2>"$work/err.txt"
same "$work/err.txt" <(echo "tourney run: bad value 'x' for -j: expected a whole number of games played at once from 1 to 256")
status_is 2 "$TOURNEY" run "$smoke" --jobs= 2>"$work/err.txt"
same "$work/err.txt" <(echo "tourney run: --jobs needs a number of jobs")
status_is 2 "$TOURNEY" run "$smoke" --wide=1 2>"$work/err.txt"
same "$work/err.txt" <(echo "tourney run: --wide takes no value (got '--wide=1')")

note "a program given as the config: one error, not one a line"
status_is 2 "$TOURNEY" validate "$TOURNEY" 2>"$work/err.txt"
[ "$(wc -l <"$work/err.txt")" -eq 2 ] || { head -5 "$work/err.txt" >&2; fail "not two lines"; }
grep -qE "^$TOURNEY: not a text file: [0-9]+ lines hold NUL bytes \(the first is line 1\); a config is an INI file in UTF-8 \(see docs/config.md\)\$" "$work/err.txt" ||
    fail "the binary config's error: $(head -1 "$work/err.txt")"
expect "$work/err.txt" "tourney: 1 error in $TOURNEY; nothing was played"

note "rating_anchor = random without a random agent is refused"
status_is 2 "$TOURNEY" validate tests/configs/sprt.ini --set tournament.rating_anchor=random \
    2>"$work/err.txt"
same "$work/err.txt" <(printf '%s\n' \
    "--set tournament.rating_anchor=random: rating_anchor = random needs an agent of the random plugin, and none of the 2 agents is one (add [agent random] with plugin = random, or set rating_anchor = mean)" \
    "tourney: 1 error in tests/configs/sprt.ini; nothing was played")
"$TOURNEY" validate "$smoke" --set tournament.rating_anchor=random >/dev/null

note "--set and --each: the games they make, in the log's header"
set_options=(--set tournament.games_per_pair=4 --each depth=1 --set agent.minimax.depth=3
    --set game.rows=4)
"$TOURNEY" validate "$smoke" "${set_options[@]}" >"$work/validate.txt"
expect "$work/validate.txt" "$smoke: OK: game mnk (rows = 4, cols = 3, k = 3), 5 agents, round-robin, 40 games"
expect "$work/validate.txt" "minimax (${BUILD_ROOT}/agents/minimax.so): depth = 3, tie_break = lowest"
expect "$work/validate.txt" "negamax (${BUILD_ROOT}/agents/negamax.so): depth = 1, tie_break = random"
"$TOURNEY" run "$smoke" --quiet --output "$work/set" "${set_options[@]}"
python3 - "$work/set/games.jsonl" <<'EOF'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
header = json.loads(lines[0])
assert header["overrides"] == ["--set tournament.games_per_pair=4", "--each depth=1",
                               "--set agent.minimax.depth=3", "--set game.rows=4"], header
assert header["games_per_pair"] == 4 and header["games_scheduled"] == 40, header
assert header["game_params"] == "rows = 4, cols = 3, k = 3", header
params = {a["name"]: a["params"] for a in header["agents"]}
assert params["minimax"] == "depth = 3, tie_break = lowest", params
assert params["negamax"] == "depth = 1, tie_break = random", params
assert len(lines) == 41, len(lines)
EOF

note "--set and --each: needed again to resume"
status_is 1 "$TOURNEY" run "$smoke" --quiet --output "$work/set" --resume 2>"$work/err.txt"
expect "$work/err.txt" "tourney: $work/set/games.jsonl belongs to another tournament: the log was played with games_per_pair 4, the config says 2; the log was written with --set tournament.games_per_pair=4 --each depth=1 --set agent.minimax.depth=3 --set game.rows=4"
"$TOURNEY" run "$smoke" --quiet --output "$work/set" --resume "${set_options[@]}" 2>"$work/err.txt"
expect "$work/err.txt" "tourney: resuming $work/set: 40 of 40 games already played"

note "an interrupted run says to resume with its --set and --each"
"$TOURNEY" run tests/configs/resume.ini --quiet --jobs 1 --output "$work/stopped" \
    --set tournament.seed=5 --each tie_break=random 2>"$work/err.txt" &
pid=$!
for _ in $(seq 300); do
    [ "$(wc -l 2>/dev/null <"$work/stopped/games.jsonl" || echo 0)" -ge 4 ] && break
    sleep 0.1
done
kill -INT "$pid"
status=0
wait "$pid" || status=$?
[ "$status" -eq 130 ] || fail "the interrupted run exited with $status"
expect "$work/err.txt" "Resume with: tourney run tests/configs/resume.ini --resume --output $work/stopped --set tournament.seed=5 --each tie_break=random"

note "export: every game of a small tournament, exactly"
export TOURNEY_PLUGIN_PATH="$BUILD_ROOT/tests/plugins"
"$TOURNEY" run tests/configs/export.ini --quiet --output "$work/export"
# A log of a run without --set or --each says none.
head -1 "$work/export/games.jsonl" | grep -qv '"overrides"' || fail "the log has overrides"
"$TOURNEY" export "$work/export" >"$work/export.txt"
same "$work/export.txt" tests/e2e/expected/export.txt
"$TOURNEY" export "$work/export" --format text -o "$work/export-file.txt"
same "$work/export-file.txt" tests/e2e/expected/export.txt
"$TOURNEY" export "$work/export" --format csv >"$work/export.csv"
same "$work/export.csv" tests/e2e/expected/export.csv
"$TOURNEY" export --output "$work/export-file.csv" --format csv "$work/export"
same "$work/export-file.csv" tests/e2e/expected/export.csv

note "export: an opening of random plies on one line, as the openings files write it"
"$TOURNEY" run tests/configs/docs-example.ini --quiet --output "$work/plies" \
    --set tournament.games_per_pair=2
"$TOURNEY" export "$work/plies" | sed -n 7,8p >"$work/opening.txt"
printf '%s\n' '[Opening "o . . / . . x / . . ."]' '[OpeningMoves "c2 a1"]' >"$work/expected.txt"
same "$work/opening.txt" "$work/expected.txt"
"$TOURNEY" export "$work/plies" --format csv | sed -n 2p >"$work/opening.csv"
echo "0,negamax-ab-ids,minimax,dd363d41851877a1,o . . / . . x / . . .,c2 a1,1-0,negamax-ab-ids,normal,,,5,c1 c3 b2 b1 a2" >"$work/expected.csv"
same "$work/opening.csv" "$work/expected.csv"
# The position exported is one tourney solve reads.
"$TOURNEY" solve mnk "o . . / . . x / . . ." >/dev/null

note "export: refusals"
status_is 2 "$TOURNEY" export "$work/export" --format pgn 2>"$work/err.txt"
expect "$work/err.txt" "tourney export: bad value 'pgn' for --format: expected text or csv"
status_is 2 "$TOURNEY" export 2>"$work/err.txt"
expect "$work/err.txt" "tourney export: expected a DIR holding games.jsonl"
status_is 2 "$TOURNEY" export "$work/export" -o 2>"$work/err.txt"
expect "$work/err.txt" "tourney export: -o needs a FILE"
status_is 1 "$TOURNEY" export "$work/nowhere" 2>"$work/err.txt"
expect "$work/err.txt" "$work/nowhere/games.jsonl"
note "exact-vs-random: refusals"
status_is 2 "$TOURNEY" exact-vs-random "$smoke" negamx 2>"$work/err.txt"
expect "$work/err.txt" "has no agent 'negamx'; its agents are: first-open random minimax negamax negamax-ab-ids; did you mean 'negamax'?"
status_is 2 "$TOURNEY" exact-vs-random "$smoke" --budget 0 2>"$work/err.txt"
expect "$work/err.txt" "tourney exact-vs-random: bad value '0' for --budget: expected a number of positions above 0"
status_is 2 "$TOURNEY" exact-vs-random "$smoke" --budget 2>"$work/err.txt"
expect "$work/err.txt" "tourney exact-vs-random: --budget needs a number of positions above 0"
status_is 2 "$TOURNEY" exact-vs-random "$smoke" --jsn 2>"$work/err.txt"
expect "$work/err.txt" "tourney exact-vs-random: unknown option '--jsn'; did you mean '--json'?"
status_is 2 "$TOURNEY" exact-vs-random 2>"$work/err.txt"
expect "$work/err.txt" "tourney exact-vs-random: expected CONFIG"
# first-open is printed before negamax's tree goes over the budget.
status_is 1 "$TOURNEY" exact-vs-random "$smoke" first-open negamax --budget 400 \
    >"$work/out.txt" 2>"$work/err.txt"
expect "$work/out.txt" "first-open         78.125    4.167   17.708     44.021    3.810   52.169"
expect "$work/err.txt" "tourney exact-vs-random: agent 'negamax': the game against random has more than 400 positions (the budget)"
echo "all command-line checks passed"
