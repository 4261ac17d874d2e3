#!/usr/bin/env bash
# tests/e2e/replay_and_play.sh - `tourney replay` and `tourney play` driven
# end to end, with the person's moves on a pipe:
#
#  1. replay shows a recorded game board by board: the moves and boards, the
#     agents' log messages where they were logged and what they printed,
#     equal what games.jsonl says, games from openings start from their
#     opening, each move's seldepth is shown where its agent reported one
#     (mcts), and a missing game, a missing log and a bad game number are
#     refused with a clear message;
#  2. play against first-open (deterministic: it takes the first open cell)
#     with bad input mixed in (nonsense, an occupied cell, '#99', blank
#     lines): each gets a hint and the game goes on to the exact result;
#  3. resigning, the input ending mid-game and playing second all end
#     cleanly, and an unknown agent is refused.
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

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$SOURCE_ROOT"

note "replay a game of the smoke tournament"
"$TOURNEY" run tests/configs/smoke.ini --quiet --output "$work/smoke"
"$TOURNEY" replay "$work/smoke" 0 >"$work/replay0.txt"
# Game 0 is first-open against random; its moves are in games.jsonl.
moves=$(sed -n 2p "$work/smoke/games.jsonl" | sed 's/.*"moves":\[\([0-9,]*\)\].*/\1/')
plies=$(echo "$moves" | tr ',' '\n' | wc -l)
expect "$work/replay0.txt" "Game 0 of smoke: first-open (first) against random (second)"
[ "$(grep -c ' plays ' "$work/replay0.txt")" -eq "$plies" ] || fail "replay shows a move per ply"
# The n-th move's cell: move m of 3x3 is column "abc"[m % 3], row m / 3 + 1.
n=1
for m in $(echo "$moves" | tr ',' ' '); do
    cell="$(echo abc | cut -c$((m % 3 + 1)))$((m / 3 + 1))"
    expect "$work/replay0.txt" "$n. "
    grep -q "^$n\. .* plays $cell " "$work/replay0.txt" || fail "move $n should be $cell"
    n=$((n + 1))
done
# One board before the first move and one after each: 4 lines each (3 rows
# and a blank line).
[ "$(grep -cE '^[xo.] [xo.] [xo.]$' "$work/replay0.txt")" -eq $((3 * (plies + 1))) ] ||
    fail "replay shows a board for every position"
expect "$work/replay0.txt" "Result: 1-0, first-open wins (normal)"

note "replay shows the agents' log messages and what their processes printed"
# faults.ini's game 1: quitter logs an error at ply 2 and gives up there.
TOURNEY_PLUGIN_PATH="$BUILD_ROOT/tests/plugins" "$TOURNEY" run tests/configs/faults.ini \
    --quiet --output "$work/faults"
TOURNEY_PLUGIN_PATH="$BUILD_ROOT/tests/plugins" "$TOURNEY" replay "$work/faults" 1 \
    >"$work/replay-faults.txt"
tail -2 "$work/replay-faults.txt" >"$work/tail.txt"
printf '%s\n' "   log: quitter (error): giving up on purpose" \
    "Result: 0-1, cheat wins (agent_error): choose_move failed with status -3 at ply 2" |
    cmp -s - "$work/tail.txt" || { cat "$work/replay-faults.txt" >&2; fail "replay of game 1"; }
# zoo_count prints to stderr as each game's agent is made.
printf '[tournament]\nname = zc\nseed = 1\ngames_per_pair = 2\n[game]\nplugin = mnk\n%s\n' \
    "[agent count]
plugin = zoo_count
[agent random]
plugin = random" >"$work/zc.ini"
TOURNEY_PLUGIN_PATH="$BUILD_ROOT/tests/plugins" "$TOURNEY" run "$work/zc.ini" --quiet \
    --output "$work/zc"
TOURNEY_PLUGIN_PATH="$BUILD_ROOT/tests/plugins" "$TOURNEY" replay "$work/zc" 1 >"$work/zc.txt"
tail -3 "$work/zc.txt" >"$work/tail.txt"
printf '\n%s\n' "Output of count (its last bytes):
game 2 in this process" | cmp -s - "$work/tail.txt" || { cat "$work/zc.txt" >&2; fail "replay's output"; }

note "replay shows each move's seldepth where its agent reported one"
# mcts (a fixed number of iterations) against first-open: mcts's moves have
# their seldepth, first-open's none, each as games.jsonl keeps it.
cat >"$work/sel.ini" <<'INI'
[tournament]
name = sel
seed = 5
games_per_pair = 2
[game]
plugin = mnk
[agent mcts]
plugin = mcts
iterations = 300
[agent first-open]
plugin = first-open
INI
"$TOURNEY" run "$work/sel.ini" --quiet --output "$work/sel"
for game in 0 1; do
    "$TOURNEY" replay "$work/sel" "$game" >"$work/sel$game.txt"
    line=$(sed -n "$((game + 2))p" "$work/sel/games.jsonl")
    # Each move's figures as replay shows them, from games.jsonl.
    python3 -c '
import json, sys
game = json.loads(sys.argv[1])
figures = zip(game["nodes"], game["depth"], game["seldepth"])
for ply, (nodes, depth, seldepth) in enumerate(figures, start=1):
    shown = "" if seldepth is None else f", seldepth {seldepth}"
    print(f"{ply}. nodes {nodes}, depth {depth}{shown},")
' "$line" >"$work/sel$game.expected"
    sed -n 's/^\([0-9]*\.\) .*   \(nodes [0-9]*, depth [0-9]*\(, seldepth [0-9]*\)\{0,1\},\).*/\1 \2/p' \
        "$work/sel$game.txt" >"$work/sel$game.shown"
    diff "$work/sel$game.expected" "$work/sel$game.shown" ||
        fail "replay of game $game shows other seldepths than games.jsonl"
    grep -q ', seldepth [1-9]' "$work/sel$game.txt" || fail "no seldepth in game $game"
done
# An agent that reports none: smoke.ini's game 0, first-open against random.
if grep -q seldepth "$work/replay0.txt"; then fail "first-open and random report no seldepth"; fi

note "replay refuses what is not there"
if "$TOURNEY" replay "$work/smoke" 20 2>"$work/err.txt"; then fail "game 20 does not exist"; fi
expect "$work/err.txt" "has no game 20 (it holds 20 games, numbered 0 to 19)"
if "$TOURNEY" replay "$work/nowhere" 0 2>"$work/err.txt"; then fail "no log there"; fi
expect "$work/err.txt" "$work/nowhere/games.jsonl"
if "$TOURNEY" replay "$work/smoke" x 2>"$work/err.txt"; then fail "x is no game number"; fi
expect "$work/err.txt" "expected DIR and a game number"

note "replay games that started from openings"
# Two first-open agents on Connect Four, from a position written as moves
# (its plies known) and from one drawn as a board nine plies deep (deeper
# than the runner looks for plies): the boards start from each.
cat >"$work/openings.txt" <<'TXT'
4453   # x in 4, o on it, x in 5, o in 3
. . . . . . . / . . . . . . . / . . . . . . . / . . . . . . . / x . o o . . x / o x x o . . x
TXT
cat >"$work/openings.ini" <<'INI'
[tournament]
games_per_pair = 4
openings = openings.txt
[game]
plugin = connect4
[agent a]
plugin = first-open
[agent b]
plugin = first-open
INI
"$TOURNEY" run "$work/openings.ini" --quiet --output "$work/openings"
"$TOURNEY" replay "$work/openings" 0 >"$work/opening0.txt"
head -n 11 "$work/opening0.txt" >"$work/opening0.head"
cat >"$work/opening0.expected" <<'TXT'
Game 0 of openings: a (first) against b (second), connect4 (columns = 7, rows = 6)

Opening, 4 plies: 4 4 5 3
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . o . . .
. . o x x . .

1. a (first) plays 1   nodes 1, depth 0,
TXT
# The last line's times differ from run to run: compared up to them.
sed -i '$ s/depth 0, .*/depth 0,/' "$work/opening0.head"
diff "$work/opening0.expected" "$work/opening0.head" || fail "replay of game 0 from 4453"
# One board for the opening and one after each move.
plies=$(sed -n 2p "$work/openings/games.jsonl" | sed 's/.*"moves":\[\([0-9,]*\)\].*/\1/' |
    tr ',' '\n' | wc -l)
[ "$(grep -cE '^[xo.]( [xo.]){6}$' "$work/opening0.txt")" -eq $((6 * (plies + 1))) ] ||
    fail "replay shows a board for the opening and every move"
"$TOURNEY" replay "$work/openings" 3 >"$work/opening3.txt"
expect "$work/opening3.txt" "Opening: . . . . . . . / . . . . . . . / . . . . . . . / . . . . . . . / x . o o . . x / o x x o . . x"
# Nine plies: the second player, a in game 3, moves first.
expect "$work/opening3.txt" "1. a (second) plays 1 "
sed -n 4p "$work/openings/games.jsonl" | grep -qF '"opening":". . . . . . . / ' ||
    fail "game 3 keeps its opening's position"
if sed -n 4p "$work/openings/games.jsonl" | grep -qF '"opening_moves"'; then
    fail "game 3's opening has no plies"
fi

cat >"$work/play.ini" <<'INI'
[tournament]
games_per_pair = 2
[game]
plugin = mnk
[agent first-open]
plugin = first-open
[agent random]
plugin = random
INI

note "play against first-open, with bad input on the way"
# The person (x) takes b2, b1 and b3, the middle column; first-open takes the
# first open cell each time: a1, then c1 (b1 is taken). x wins on move 5.
printf 'zz\n\nb2\nb2\n#99\nB1\nmoves\nb3\n' |
    "$TOURNEY" play "$work/play.ini" first-open >"$work/play.txt" 2>"$work/play.err"
expect "$work/play.txt" "You play first against first-open."
expect "$work/play.txt" "'zz' is not a legal move here. Type one like 'a1'"
expect "$work/play.txt" "'b2' is not a legal move here."
expect "$work/play.txt" "'#99' is not a legal move here."
expect "$work/play.txt" "Legal moves: a2 c2 a3 b3 c3"
expect "$work/play.txt" "first-open plays a1."
expect "$work/play.txt" "first-open plays c1."
expect "$work/play.txt" "You win. (1-0 after 5 moves)"
expect "$work/play.txt" "o x o"
# Once, before the first move: the person's mark and the cells' names,
# once each (the key is printed before the first prompt only).
expect "$work/play.txt" "Your mark is x."
grep -A3 -x "The cells by name:" "$work/play.txt" >"$work/key.txt"
printf '%s\n' "The cells by name:" "a1 b1 c1" "a2 b2 c2" "a3 b3 c3" | cmp -s - "$work/key.txt" ||
    { cat "$work/key.txt" >&2; fail "the cells' names"; }
[ "$(grep -c "^Your mark is" "$work/play.txt")" -eq 1 ] || fail "the mark is told more than once"
[ ! -s "$work/play.err" ] || { cat "$work/play.err"; fail "play wrote errors"; }

note "resigning, the end of input, playing second"
printf 'b2\nquit\n' | "$TOURNEY" play "$work/play.ini" first-open >"$work/quit.txt"
expect "$work/quit.txt" "You resigned: first-open wins."
printf 'b2\n' | "$TOURNEY" play "$work/play.ini" first-open >"$work/eof.txt"
expect "$work/eof.txt" "You resigned: first-open wins."
printf 'b2\nc3\n' | "$TOURNEY" play "$work/play.ini" first-open --second >"$work/second.txt"
expect "$work/second.txt" "You play second against first-open."
expect "$work/second.txt" "first-open plays a1."
expect "$work/second.txt" "Your mark is o."
grep -A3 -x "The cells by name:" "$work/second.txt" >"$work/key.txt"
printf '%s\n' "The cells by name:" " x b1 c1" "a2 b2 c2" "a3 b3 c3" | cmp -s - "$work/key.txt" ||
    { cat "$work/key.txt" >&2; fail "the cells' names, playing second"; }
# first-open (x, first) takes a1, b1 and c1, the top row, while the person
# plays b2 and c3: 1-0 after 5 moves.
expect "$work/second.txt" "You lose. (1-0 after 5 moves)"
if "$TOURNEY" play "$work/play.ini" nobody </dev/null 2>"$work/err.txt"; then
    fail "an unknown agent is refused"
fi
expect "$work/err.txt" "has no agent 'nobody'; its agents are: first-open random"
note "ok"
