#!/usr/bin/env bash
# The whole test suite: unit and end-to-end tests on a warning-free build,
# then again under AddressSanitizer and UndefinedBehaviorSanitizer.
# The memcheck pass is separate and slower: meson test -C build --setup valgrind
set -euo pipefail
cd "$(dirname "$0")/.."

setup() {
  local dir=$1
  shift
  if [ -f "$dir/build.ninja" ]; then
    meson setup --reconfigure "$dir" "$@" >/dev/null
  else
    meson setup "$dir" "$@" >/dev/null
  fi
}

setup build -Dwerror=true
meson compile -C build
meson test -C build --print-errorlogs

# A sanitizer finding fails the test that triggered it.
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
setup build-sanitize -Dwerror=true -Db_sanitize=address,undefined -Db_lundef=false
meson compile -C build-sanitize
meson test -C build-sanitize --print-errorlogs
