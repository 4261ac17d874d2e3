# What the benchmark scripts share; sourced, from the project's root, with
# $build set to the build directory. Sets $tourney and $scratch (a
# directory removed at exit).

tourney="$build/tourney"
if [ ! -x "$tourney" ]; then
  echo "no $tourney: meson setup $build --buildtype=release && meson compile -C $build" >&2
  exit 2
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# A tournament of agents that cost about nothing, first-open against random
# on 3x3: NAME, GAMES per pair, ISOLATION, then any more [tournament] lines.
cheap() {
  printf '[tournament]\nname = %s\nseed = 3\ngames_per_pair = %s\nisolation = %s\n' "$1" "$2" "$3"
  if [ $# -gt 3 ]; then printf '%s\n' "${@:4}"; fi
  printf '[game]\nplugin = mnk\n[agent first-open]\nplugin = first-open\n'
  printf '[agent random]\nplugin = random\n'
}

# The median of the numbers on standard input, one a line.
median() {
  sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
