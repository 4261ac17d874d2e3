#!/usr/bin/env bash
# The whole test suite: unit and end-to-end tests on a warning-free build;
# the unit tests and the program itself under valgrind's memcheck; then
# everything again under AddressSanitizer and UndefinedBehaviorSanitizer.
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

meson test -C build --setup valgrind --suite unit --print-errorlogs
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for config in tests/configs/smoke.ini tests/configs/faults.ini; do
  echo "valgrind: tourney run $config"
  TOURNEY_PLUGIN_PATH=build/tests/plugins valgrind --quiet --error-exitcode=99 \
    --leak-check=full --errors-for-leak-kinds=definite,indirect \
    ./build/tourney run "$config" --quiet --output "$scratch/$(basename "$config" .ini)"
done

# A sanitizer finding fails the test that triggered it.
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
setup build-sanitize -Dwerror=true -Db_sanitize=address,undefined -Db_lundef=false
meson compile -C build-sanitize
meson test -C build-sanitize --print-errorlogs
