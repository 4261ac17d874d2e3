#!/usr/bin/env bash
# tests/e2e/html_in_browser.sh - report.html in a real browser (headless
# Chromium), at laptop (1280 px) and at phone (390 px) width:
#
#  1. the page's own script ran and its self-check passed: every chart it
#     announces is drawn, with text of 11 px or more; the page does not
#     scroll sideways; the standings never do, and show rank, agent, score
#     and Elo of every agent in the window; the replay viewer steps through
#     a game from the first position to the last (<body data-selfcheck="ok">,
#     read from the DOM after the scripts ran);
#  2. at laptop width no table scrolls sideways in its box either (the
#     script lists those that do in <body data-overflowing="...">);
#  3. the tables and SVG charts are in that DOM, and the viewer drew a board;
#  4. the browser logged no JavaScript error;
#  5. screenshots are PNGs of the window's size, of plausible weight and
#     with many colours: a page, not a blank;
#  6. with an exact analysis (by `tourney analyze`, by `analysis = exact`,
#     and with a budget that leaves moves unknown), the viewer marks every
#     move of the game it shows with the grade analysis.jsonl gives it
#     (viewer_marks.py), and the blunders by ply are drawn.
#
# Plays tests/configs/faults.ini (an agent that cheats, one that gives up,
# first-open and random on 3x3): quick, and it has faulted games to replay.
# Then the pages of two agents (tests/configs/sprt.ini) and of forty (made
# here) pass the same self-check at both widths: charts that stay readable
# from the smallest field to a large one.
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

# play NAME CONFIG [ARG...]: the reports of CONFIG in $tmp/NAME.
play() {
    note "tourney run $2"
    local name=$1 config=$2
    shift 2
    TOURNEY_PLUGIN_PATH="$BUILD_ROOT/tests/plugins" "$TOURNEY" run --quiet "$config" \
        --output "$tmp/$name" "$@" >"$tmp/run.log" 2>&1 || {
        cat "$tmp/run.log" >&2
        fail "tourney run $config failed"
    }
}

# A fresh profile for every start; no network, no extensions, no GPU. The
# virtual time budget lets the page's script run to its end before the DOM
# is read or the screenshot taken.
browse() {
    local page=$1
    shift
    local profile
    profile=$(mktemp -d "$tmp/profile.XXXXXX")
    timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
        --disable-extensions --no-first-run --disable-dev-shm-usage --hide-scrollbars \
        --force-device-scale-factor=1 --user-data-dir="$profile" --virtual-time-budget=5000 \
        --enable-logging=stderr --v=0 "$@" "file://$page"
}

# dom NAME WIDTH: the DOM of $tmp/NAME/report.html after its script ran at
# WIDTH, in $tmp/dom-NAME-WIDTH.html, once the self-check passed and the
# browser logged no script messages.
dom() {
    local out="$tmp/dom-$1-$2.html"
    local log="$tmp/log-$1-$2.txt"
    note "the DOM of $1 at width $2, after the page's script ran"
    browse "$tmp/$1/report.html" --window-size="$2,2000" --dump-dom >"$out" 2>"$log" || {
        cat "$log" >&2
        fail "chromium could not load the page"
    }
    grep -Eq '<body[^>]* data-selfcheck="ok"' "$out" || {
        grep -o 'data-selfcheck="[^"]*"' "$out" >&2 || echo "no self-check result in the DOM" >&2
        fail "the self-check of $1 did not pass at width $2"
    }
    # Chromium reports script errors and console messages as CONSOLE lines;
    # its own warnings (dbus, GPU) are not about the page.
    if grep -E 'CONSOLE|Uncaught' "$log" >&2; then
        fail "the browser logged script messages for $1 at width $2"
    fi
}

play faults "$SOURCE_ROOT/tests/configs/faults.ini"
for width in 1280 390; do
    dom faults "$width"
    page="$tmp/dom-faults-$width.html"
    charts=$(grep -o '<svg class="chart"' "$page" | wc -l)
    ((charts == 9)) || fail "$charts charts in the DOM, expected 9"
    for table in standings heat terminations pairs games; do
        grep -q "<table class=\"$table\">" "$page" || fail "no $table table in the DOM"
    done
    rows=$(grep -o '<tr class="agent" data-agent=' "$page" | wc -l)
    ((rows == 4)) || fail "$rows agents in the standings, expected 4"
    grep -q '<div class="viewer" id="viewer">' "$page" || fail "the script did not show the viewer"
    cells=$(grep -o '<rect class="cell[^"]*"' "$page" | wc -l)
    ((cells == 9)) || fail "the viewer drew $cells board cells, expected the 9 of 3x3"
    grep -q '<ol class="moves" id="viewer-moves"><li' "$page" || fail "the viewer lists no moves"
done
# On a laptop nothing scrolls sideways; on a phone the wide tables do, in
# their boxes, and the standings do not.
grep -Eq '<body[^>]* data-overflowing=""' "$tmp/dom-faults-1280.html" || {
    grep -o 'data-overflowing="[^"]*"' "$tmp/dom-faults-1280.html" >&2
    fail "tables scroll sideways at width 1280"
}
grep -Eq '<body[^>]* data-overflowing="[^"]*terminations' "$tmp/dom-faults-390.html" ||
    fail "the faults table fits a phone: the check of what scrolls sees nothing"

# The same games with their exact analysis (analysis.jsonl), by `tourney
# analyze` and by `analysis = exact`: the page passes the same self-check,
# every listed move of the game shown carries the mark of the grade
# analysis.jsonl gives it (viewer_marks.py), and the chart of the position's
# value and that of blunders by ply are drawn.
cp -r "$tmp/faults" "$tmp/analysed"
rm -f "$tmp/analysed/report.html"
TOURNEY_PLUGIN_PATH="$BUILD_ROOT/tests/plugins" "$TOURNEY" analyze "$tmp/analysed" \
    >"$tmp/run.log" 2>&1 || {
    cat "$tmp/run.log" >&2
    fail "tourney analyze failed"
}
TOURNEY_PLUGIN_PATH="$BUILD_ROOT/tests/plugins" "$TOURNEY" report "$tmp/analysed" \
    >"$tmp/run.log" 2>&1 || {
    cat "$tmp/run.log" >&2
    fail "tourney report failed"
}
play exact "$SOURCE_ROOT/tests/configs/docs-example.ini" --set tournament.analysis=exact
# The same analysed again with a budget too small for the first positions:
# moves marked unknown beside graded ones.
cp -r "$tmp/exact" "$tmp/budget"
TOURNEY_PLUGIN_PATH="$BUILD_ROOT/tests/plugins" "$TOURNEY" analyze "$tmp/budget" --budget 3 \
    >"$tmp/run.log" 2>&1 || {
    cat "$tmp/run.log" >&2
    fail "tourney analyze --budget 3 failed"
}
for run in analysed-1280 analysed-390 exact-1280 exact-390 budget-1280; do
    name=${run%-*}
    width=${run#*-}
    dom "$name" "$width"
    page="$tmp/dom-$run.html"
    items=$(grep -o '<ol class="moves" id="viewer-moves">.*</ol>' "$page" | grep -o '<li' | wc -l)
    marks=$(grep -o '<ol class="moves" id="viewer-moves">.*</ol>' "$page" |
        grep -o '<span class="grade g-[bsxu]">' | wc -l)
    ((items > 0 && marks == items)) || fail "$marks of $items moves marked with a grade"
    grep -q '<svg class="values" id="viewer-values"[^>]*>.*<circle' "$page" ||
        fail "no chart of the position's value"
    grep -q '<div class="value-line" id="viewer-value">[^<]' "$page" ||
        fail "no line with the chosen move's values"
    bars=$(grep -o '<svg class="chart" id="chart-blunders".*</svg>' "$page" |
        grep -o '<rect class="bar loss"' | wc -l)
    ((bars > 0)) || fail "no bar in the chart of blunders by ply"
    python3 "$SOURCE_ROOT/tests/e2e/viewer_marks.py" "$page" "$tmp/$name/analysis.jsonl" ||
        fail "the viewer's marks of $name at width $width are not analysis.jsonl's grades"
done

# Two agents and forty: the same self-check at both widths.
play two "$SOURCE_ROOT/tests/configs/sprt.ini"
{
    printf '[tournament]\nname = forty\nseed = 3\ngames_per_pair = 2\nisolation = none\n'
    printf '[game]\nplugin = mnk\n'
    for i in $(seq -w 0 39); do
        printf '[agent agent-%s]\nplugin = %s\n' "$i" "$( ((10#$i % 2)) && echo random || echo first-open)"
    done
} >"$tmp/forty.ini"
play forty "$tmp/forty.ini"
for width in 1280 390; do
    dom two "$width"
    dom forty "$width"
done
rows=$(grep -o '<tr class="agent" data-agent=' "$tmp/dom-forty-390.html" | wc -l)
((rows == 40)) || fail "$rows agents in the standings of forty, expected 40"

for size in 1280,2000 390,2000; do
    note "screenshot at ${size/,/x}"
    shot="$tmp/shot-${size/,/x}.png"
    browse "$tmp/faults/report.html" --window-size="$size" --screenshot="$shot" \
        >"$tmp/shot.log" 2>&1 || {
        cat "$tmp/shot.log" >&2
        fail "chromium could not take a screenshot"
    }
    # A blank 1280x2000 screenshot weighs about 10 kB and has one colour.
    python3 "$SOURCE_ROOT/tests/e2e/png_check.py" "$shot" "${size%,*}" "${size#*,}" 40000 16 ||
        fail "the screenshot at ${size/,/x} does not show a rendered page"
done

echo "PASS"
