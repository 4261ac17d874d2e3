#!/usr/bin/env bash
# Plays config/classic.ini and takes screenshots of its report.html in
# headless Chromium, the pictures in docs/reports.md:
#  - docs/img/report-classic.png: the top of the page on a laptop screen;
#  - docs/img/report-classic-phone.png: the top of the page on a phone;
#  - docs/img/report-classic-games.png: the games and the replay viewer on a
#    phone (the page with the sections above them hidden).
# Run from anywhere after building into build/:
#
#     ./scripts/screenshot-report.sh
#
# Times differ from run to run, so the pictures do too, a little.
set -euo pipefail
cd "$(dirname "$0")/.."

browser=$(command -v chromium || command -v chromium-browser) || {
    echo "screenshot-report.sh: no chromium (scripts/install-deps.sh installs it)" >&2
    exit 1
}
[[ -x build/tourney ]] || {
    echo "screenshot-report.sh: build first: meson setup build && meson compile -C build" >&2
    exit 1
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tourney-screenshot.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
./build/tourney run config/classic.ini --quiet --output "$tmp/classic"

# screenshot PAGE OUTPUT WIDTH,HEIGHT
screenshot() {
    timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
        --disable-extensions --no-first-run --disable-dev-shm-usage --hide-scrollbars \
        --force-device-scale-factor=1 --user-data-dir="$(mktemp -d "$tmp/profile.XXXXXX")" \
        --virtual-time-budget=5000 --window-size="$3" --screenshot="$tmp/shot.png" \
        "file://$1" 2>"$tmp/browser.log" || {
        cat "$tmp/browser.log" >&2
        exit 1
    }
    mkdir -p "$(dirname "$2")"
    cp "$tmp/shot.png" "$2"
    echo "wrote $2"
}

screenshot "$tmp/classic/report.html" docs/img/report-classic.png 1280,2200
screenshot "$tmp/classic/report.html" docs/img/report-classic-phone.png 390,1700
sed 's|</head>|<style>header, main > section:not(#games) { display: none; } main { padding-top: 10px; }</style></head>|' \
    "$tmp/classic/report.html" >"$tmp/classic/games.html"
screenshot "$tmp/classic/games.html" docs/img/report-classic-games.png 390,1000
