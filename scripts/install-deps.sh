#!/usr/bin/env bash
# Installs the Debian packages tourney needs to build, test and run.
# Uses sudo only when not already root.
set -euo pipefail

packages=(
  build-essential   # cc, c++ (the public header is also checked as C++), make
  meson ninja-build pkg-config
  libinih-dev       # the INI parser the config is read with
  libjansson-dev    # JSON reports and results log
  libxxhash-dev     # digests that make the results log self-checking
  libseccomp-dev    # the system-call sandbox of agent processes
  libcmocka-dev     # unit tests
  valgrind          # the memcheck test setup
  parallel          # GNU parallel: the test that runs shards of a tournament at once
  rsync             # the GNU parallel recipe of docs/distributed.md, run by e2e.parallel-recipe
  clang libclang-rt-14-dev  # libFuzzer, for fuzzing the config reader
  clang-format      # the C sources' formatting, checked by the tests
  chromium          # report.html in a real browser (tests/e2e/html_in_browser.sh)
  python3           # reads that test's screenshots (tests/e2e/png_check.py)
  python3-venv python3-setuptools python3-wheel  # pip install bindings/python, offline
)

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
# An empty package list (a fresh container) must be fetched first.
if ! apt-cache show libinih-dev >/dev/null 2>&1; then
  "${as_root[@]}" apt-get update
fi
"${as_root[@]}" apt-get install -y --no-install-recommends "${packages[@]}"
