#!/usr/bin/env bash
# The everyday check, a minute or two on an idle machine: formatting, a warning-free build
# and the unit tests (the stages' include order among them). The full test command,
# with the end-to-end tests, valgrind, the sanitizers and the fuzzers, is
# scripts/test.sh: run it before a change lands.
#
#   scripts/check.sh [BUILD_DIR]     (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}

./scripts/check-format.sh
if [ -f "$dir/build.ninja" ]; then
  meson configure "$dir" -Dwerror=true -Dtests=true >/dev/null
else
  meson setup "$dir" -Dwerror=true -Dtests=true >/dev/null
fi
meson compile -C "$dir"
meson test -C "$dir" --suite unit --print-errorlogs
