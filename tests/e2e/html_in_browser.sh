#!/usr/bin/env bash
# tests/e2e/html_in_browser.sh - report.html in a real browser (headless
# Chromium), at laptop and at phone width:
#
#  1. the page's own script ran and its self-check passed: every chart it
#     announces is drawn, the page does not scroll sideways, and the replay
#     viewer steps through a game from the first position to the last
#     (<body data-selfcheck="ok">, read from the DOM after the scripts ran);
#  2. the tables and SVG charts are in that DOM, and the viewer drew a board;
#  3. the browser logged no JavaScript error;
#  4. screenshots are PNGs of the window's size, of plausible weight and
#     with many colours: a page, not a blank.
#
# Plays tests/configs/faults.ini (an agent that cheats, one that gives up,
# first-open and random on 3x3): quick, and it has faulted games to replay.
# Skipped (exit 77) when chromium or python3 is missing; scripts/install-deps.sh
# installs both. Needs TOURNEY, SOURCE_ROOT and BUILD_ROOT (meson passes them).
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

browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $browser ]]; then
    echo "SKIP: no chromium (scripts/install-deps.sh installs it)"
    exit 77
fi
if ! command -v python3 >/dev/null; then
    echo "SKIP: no python3 to read the screenshots (scripts/install-deps.sh installs it)"
    exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tourney-html-browser.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

note "tourney run tests/configs/faults.ini"
TOURNEY_PLUGIN_PATH="$BUILD_ROOT/tests/plugins" "$TOURNEY" run --quiet \
    "$SOURCE_ROOT/tests/configs/faults.ini" --output "$tmp/out" >"$tmp/run.log" 2>&1 || {
    cat "$tmp/run.log" >&2
    fail "tourney run failed"
}
page="file://$tmp/out/report.html"

# A fresh profile for every start; no network, no extensions, no GPU. The
# virtual time budget lets the page's script run to its end before the DOM
# is read or the screenshot taken.
browse() {
    local profile
    profile=$(mktemp -d "$tmp/profile.XXXXXX")
    timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
        --disable-extensions --no-first-run --disable-dev-shm-usage --hide-scrollbars \
        --force-device-scale-factor=1 --user-data-dir="$profile" --virtual-time-budget=5000 \
        --enable-logging=stderr --v=0 "$@" "$page"
}

for width in 1280 390; do
    note "the DOM at width $width, after the page's script ran"
    log="$tmp/log-$width.txt"
    browse --window-size="$width,2000" --dump-dom >"$tmp/dom-$width.html" 2>"$log" || {
        cat "$log" >&2
        fail "chromium could not load the page"
    }
    dom="$tmp/dom-$width.html"
    grep -q '<body data-selfcheck="ok">' "$dom" || {
        grep -o 'data-selfcheck="[^"]*"' "$dom" >&2 || echo "no self-check result in the DOM" >&2
        fail "the page's self-check did not pass at width $width"
    }
    # Chromium reports script errors and console messages as CONSOLE lines;
    # its own warnings (dbus, GPU) are not about the page.
    if grep -E 'CONSOLE|Uncaught' "$log" >&2; then
        fail "the browser logged script messages at width $width"
    fi
    charts=$(grep -o '<svg class="chart"' "$dom" | wc -l)
    ((charts == 3)) || fail "$charts charts in the DOM, expected 3"
    for table in standings heat terminations pairs games; do
        grep -q "<table class=\"$table\">" "$dom" || fail "no $table table in the DOM"
    done
    grep -q '<div class="viewer" id="viewer">' "$dom" || fail "the script did not show the viewer"
    cells=$(grep -o '<rect class="cell[^"]*"' "$dom" | wc -l)
    ((cells == 9)) || fail "the viewer drew $cells board cells, expected the 9 of 3x3"
    grep -q '<ol class="moves" id="viewer-moves"><li' "$dom" || fail "the viewer lists no moves"
done

for size in 1280,2000 390,2000; do
    note "screenshot at ${size/,/x}"
    shot="$tmp/shot-${size/,/x}.png"
    browse --window-size="$size" --screenshot="$shot" >"$tmp/shot.log" 2>&1 || {
        cat "$tmp/shot.log" >&2
        fail "chromium could not take a screenshot"
    }
    # A blank 1280x2000 screenshot weighs about 10 kB and has one colour.
    python3 "$SOURCE_ROOT/tests/e2e/png_check.py" "$shot" "${size%,*}" "${size#*,}" 40000 16 ||
        fail "the screenshot at ${size/,/x} does not show a rendered page"
done

echo "PASS"
