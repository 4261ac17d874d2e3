#!/usr/bin/env bash
# tests/e2e/relocated_install.sh - an installed prefix runs wherever it is
# copied or mounted: `meson install --destdir` into a folder, the prefix
# moved elsewhere (as a copy to another host, a mount at another path
# would), and a tournament played from there: the agent host and the
# plugins are found from the program's own folder. TOURNEY_AGENT_HOST and
# TOURNEY_PLUGIN_PATH name them instead, and without either the program
# names where it looked.
#
# Needs TOURNEY (the built program, for the expected results), BUILD_ROOT,
# SOURCE_ROOT and PREFIX (the build's prefix), which meson passes.
set -euo pipefail

: "${TOURNEY:?}" "${BUILD_ROOT:?}" "${SOURCE_ROOT:?}" "${PREFIX:?}"

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
note() {
    echo "--- $*"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$SOURCE_ROOT"

note "installed into a folder, then moved elsewhere"
meson install -C "$BUILD_ROOT" --no-rebuild --quiet --destdir "$work/stage" >/dev/null
mkdir -p "$work/elsewhere"
mv "$work/stage$PREFIX" "$work/elsewhere/tourney"
rm -rf "$work/stage"
moved=$work/elsewhere/tourney
[ -x "$moved/bin/tourney" ] || fail "no bin/tourney in the installed prefix"

note "a tournament from the moved prefix is the build's tournament"
# Nothing of the build tree or the environment helps it.
env -u TOURNEY_PLUGIN_PATH -u TOURNEY_AGENT_HOST "$moved/bin/tourney" run config/classic.ini \
    --quiet --output "$work/moved" --set tournament.games_per_pair=4 2>"$work/err.txt" ||
    { cat "$work/err.txt" >&2; fail "the moved prefix did not run"; }
"$TOURNEY" run config/classic.ini --quiet --output "$work/built" \
    --set tournament.games_per_pair=4 2>/dev/null
[ "$(wc -l <"$work/moved/games.jsonl")" -eq 41 ] || fail "the moved prefix played $(wc -l <"$work/moved/games.jsonl") lines"
python3 scripts/same-results.py "$work/built" "$work/moved" >/dev/null ||
    python3 scripts/same-results.py "$work/built" "$work/moved" ||
    fail "the moved prefix played other games"
grep -q "\"game_path\":\"$moved/" "$work/moved/games.jsonl" ||
    fail "the game was not loaded from the moved prefix: $(head -c 400 "$work/moved/games.jsonl")"
# Into a file: grep -q would leave at the first match, and the rest of the
# listing (more than a pipe write) would end tourney by SIGPIPE.
"$moved/bin/tourney" agents >"$work/agents.txt" 2>/dev/null ||
    fail "tourney agents failed in the moved prefix"
grep -q "negamax-ab-ids" "$work/agents.txt" ||
    fail "tourney agents found no plugin in the moved prefix"

note "TOURNEY_AGENT_HOST and TOURNEY_PLUGIN_PATH name them instead"
mkdir -p "$work/bare/bin"
cp "$moved/bin/tourney" "$work/bare/bin/tourney"
# Alone, it looks at the prefix it was built for (unless this machine has
# that prefix installed, where it would find it).
if [ ! -e "$PREFIX/bin/tourney" ]; then
    status=0
    env -u TOURNEY_PLUGIN_PATH -u TOURNEY_AGENT_HOST "$work/bare/bin/tourney" validate \
        config/classic.ini >"$work/out.txt" 2>&1 || status=$?
    [ "$status" -ne 0 ] || fail "a program without its prefix found plugins"
    grep -q "$PREFIX" "$work/out.txt" || fail "no word of where it looked: $(cat "$work/out.txt")"
fi
plugins=$(find "$moved" -type d -name tourney -path '*/lib*' ! -path '*libexec*' | head -1)
host=$(find "$moved" -name tourney-agent-host | head -1)
TOURNEY_PLUGIN_PATH=$plugins TOURNEY_AGENT_HOST=$host "$work/bare/bin/tourney" run \
    config/classic.ini --quiet --output "$work/named" --set tournament.games_per_pair=4 \
    2>"$work/err.txt" || { cat "$work/err.txt" >&2; fail "named paths did not run"; }
python3 scripts/same-results.py "$work/built" "$work/named" >/dev/null ||
    fail "the named paths played other games"
# A host named wrongly is named back.
status=0
TOURNEY_PLUGIN_PATH=$plugins TOURNEY_AGENT_HOST=$work/nothing-here "$work/bare/bin/tourney" run \
    config/classic.ini --quiet --output "$work/wrong" >"$work/out.txt" 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "a missing agent host ran"
grep -q "$work/nothing-here" "$work/out.txt" || fail "the missing host is not named: $(cat "$work/out.txt")"
echo "ok"
