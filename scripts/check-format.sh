#!/usr/bin/env bash
# Checks that C sources are formatted as .clang-format says: every tracked .c
# and .h file, or the files given. Names each file that clang-format would
# change, with how many of its lines, and exits 1 if there is any; exits 0
# when all are formatted, 2 when clang-format is missing or refuses the style.
#
#   scripts/check-format.sh [--diff] [FILE...]
#
# --diff also prints what would change. CLANG_FORMAT names another
# clang-format (the style is written for Debian 12's clang-format 14). To
# reformat a file: clang-format -i FILE.
set -euo pipefail
cd "$(dirname "$0")/.."

clang_format=${CLANG_FORMAT:-clang-format}
show_diff=false
if [ "${1:-}" = "--diff" ]; then
  show_diff=true
  shift
fi

if ! command -v "$clang_format" >/dev/null 2>&1; then
  echo "check-format: $clang_format not found (Debian package clang-format)" >&2
  exit 2
fi
# A key this clang-format does not know is an error of its own, said once,
# rather than a failure on every file.
if ! "$clang_format" --dump-config >/dev/null; then
  echo "check-format: $clang_format cannot read .clang-format" >&2
  exit 2
fi

if [ $# -gt 0 ]; then
  files=("$@")
else
  # The old ABI headers under tests/abi/ are kept byte for byte as they were
  # released, so that plugins are built against exactly what was shipped.
  mapfile -t files < <(git ls-files '*.c' '*.h' | grep -v '^tests/abi/[0-9]')
fi

formatted=$(mktemp)
trap 'rm -f "$formatted"' EXIT
differ=0
changed_lines=0
for file in "${files[@]}"; do
  if ! "$clang_format" --style=file "$file" >"$formatted"; then
    echo "check-format: $clang_format cannot format $file" >&2
    exit 2
  fi
  # diff exits 1 when the files differ: that is the answer, not a failure.
  patch=$(diff -U0 --label "$file" --label "$file" "$file" "$formatted" || true)
  if [ -z "$patch" ]; then
    continue
  fi
  # The lines that would change: those removed, the "---" header aside.
  lines=$(grep -c '^-' <<<"$patch")
  lines=$((lines - 1))
  differ=$((differ + 1))
  changed_lines=$((changed_lines + lines))
  echo "$file: $lines lines differ"
  if $show_diff; then
    echo "$patch"
  fi
done

if [ "$differ" -gt 0 ]; then
  echo "check-format: $differ of ${#files[@]} files are not formatted ($changed_lines lines);" \
    "clang-format -i FILE formats one" >&2
  exit 1
fi
echo "check-format: all ${#files[@]} files are formatted"
