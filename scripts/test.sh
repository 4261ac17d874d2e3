#!/usr/bin/env bash
# The whole test suite: the formatting of every C file; unit and end-to-end
# tests on a warning-free build;
# the unit tests and the program itself under valgrind's memcheck;
# everything again under AddressSanitizer and UndefinedBehaviorSanitizer;
# then short libFuzzer runs of the config reader and of the log line scan.
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

# Runs meson test with ARGS and adds its counts to the totals printed last.
passed=0
failed=0
run_tests() {
  local log
  log=$(mktemp)
  local status=0
  meson test "$@" --print-errorlogs | tee "$log" || status=$?
  passed=$((passed + $(awk '/^Ok:/ {print $2}' "$log")))
  failed=$((failed + $(awk '/^Fail:/ {print $2}' "$log")))
  rm -f "$log"
  if [ "$status" -ne 0 ]; then
    echo "tests: $passed passed, $failed failed"
    exit "$status"
  fi
}

# Formatting first: it fails in a second, before anything is built.
./scripts/check-format.sh
passed=$((passed + 1))

setup build -Dwerror=true -Dtests=true
meson compile -C build
run_tests -C build

run_tests -C build --setup valgrind --suite unit
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# With one job and with two: valgrind follows the worker processes (forks of
# the runner), and the runner fails the run when one ends with its error code.
for config in tests/configs/smoke.ini tests/configs/faults.ini; do
  for jobs in 1 2; do
    echo "valgrind: tourney run $config --jobs $jobs"
    TOURNEY_PLUGIN_PATH=build/tests/plugins valgrind --quiet --error-exitcode=99 \
      --leak-check=full --errors-for-leak-kinds=definite,indirect \
      ./build/tourney run "$config" --quiet --jobs "$jobs" \
      --output "$scratch/$(basename "$config" .ini)-$jobs"
    passed=$((passed + 1))
  done
done

# A sanitizer finding fails the test that triggered it.
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
setup build-sanitize -Dwerror=true -Dtests=true -Db_sanitize=address,undefined -Db_lundef=false
meson compile -C build-sanitize
run_tests -C build-sanitize

# A short fuzzing run of the config reader (libFuzzer), from the example
# configs; anything it finds is a failure. Longer runs: see tests/fuzz/.
CC=clang setup build-fuzz -Dtests=true -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false
meson compile -C build-fuzz
run_tests -C build-fuzz --suite fuzz
corpus="$scratch/corpus"
mkdir -p "$corpus"
# Each file under a name of its own: config/ and tests/configs/ share names.
for seed in config/*.ini tests/configs/*.ini tests/fuzz/*.ini; do
  cp "$seed" "$corpus/$(echo "$seed" | tr / _)"
done
./build-fuzz/tests/fuzz/fuzz-config -max_total_time=30 -max_len=2048 \
  -artifact_prefix="$scratch/" "$corpus" 2>&1 | tail -n 1
passed=$((passed + 1))
# And of a log line read straight from its text against the general way.
lines="$scratch/log-lines"
mkdir -p "$lines"
cp tests/fuzz/log-line-*.txt "$lines"
./build-fuzz/tests/fuzz/fuzz-log-line -max_total_time=20 -max_len=4096 \
  -dict=tests/fuzz/log-line.dict -artifact_prefix="$scratch/" "$lines" 2>&1 | tail -n 1
passed=$((passed + 1))
# And every decoder of what an agent process sends, a few seconds each from
# its seeds: frames and messages, a program's lines and the record kept of
# them, the shared-memory channel's counts.
for harness in frames agent-line channel; do
  seeds="$scratch/seeds-$harness"
  mkdir -p "$seeds"
  cp tests/fuzz/seeds-$harness/* "$seeds"
  ./build-fuzz/tests/fuzz/fuzz-$harness -max_total_time=5 -max_len=4096 \
    -artifact_prefix="$scratch/" "$seeds" 2>&1 | tail -n 1
  passed=$((passed + 1))
done

echo "tests: $passed passed, $failed failed"
