#!/usr/bin/env bash
# tests/e2e/parallel_recipe.sh - docs/distributed.md's GNU parallel recipe
# without a shared folder, followed to the letter over three hosts, faults
# and recovery included. The hosts are folders, reached through a stand-in
# for ssh (tests/e2e/ssh_standin.sh): each has its own copy of the working
# folder, as hosts without a shared filesystem do.
#
#  1. 6 shards over host1 and host2, the config sent with --basefile; one
#     shard is killed (SIGKILL) while it plays. The shards are brought back
#     host by host into folders of their own (never a copy over another)
#     and merged: the merge names the missing games (exit 3).
#  2. Recovery, with host2 lost (down, its disk gone) and host3 added: the
#     same command again, on the hosts that are up. Each shard resumes the
#     log it finds on the host it lands on, or starts again there;
#     everything is brought back and merged with the copies brought back
#     before (a game found twice is the same game, taken once).
#  3. The merge is the unsharded run: the same log and reports.
#
# Needs TOURNEY and SOURCE_ROOT (meson passes them), GNU parallel and rsync.
set -euo pipefail

: "${TOURNEY:?set TOURNEY to the tourney program}"
: "${SOURCE_ROOT:?set SOURCE_ROOT to the source tree}"
for program in parallel rsync; do
    command -v "$program" >/dev/null || { echo "$program is not installed: skipped"; exit 77; }
done

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
note() {
    echo "--- $*"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOSTS_DIR=$work/hosts
mkdir -p "$HOSTS_DIR/host1" "$HOSTS_DIR/host2" "$HOSTS_DIR/host3"
ssh="$SOURCE_ROOT/tests/e2e/ssh_standin.sh"
# tourney on the PATH of the hosts' non-interactive shells.
PATH="$(dirname "$TOURNEY"):$PATH"
cd "$work"
# The config of the recipe: 3 by 4, three in a row, 240 games.
sed -e '/^games_per_pair/s/.*/games_per_pair = 24/' -e '/^name/s/.*/name = classic/' \
    -e '/^plugin = mnk/a rows = 3\ncols = 4\nk = 3' \
    "$SOURCE_ROOT/tests/configs/resume.ini" >classic.ini
"$TOURNEY" run classic.ini --quiet --jobs 2 --output whole

# The recipe's commands, as docs/distributed.md gives them (with the
# stand-in for ssh, and one game at a time).
play_shards() { # play_shards HOST...
    local logins
    logins=$(printf '1/%s,' "$@")
    seq 0 5 | parallel --will-cite --ssh "$ssh" --sshlogin "${logins%,}" --workdir tourney \
        --basefile classic.ini \
        tourney run classic.ini --shard {}/6 --quiet --jobs 1 --resume --output shards/{}
}
bring_back() { # bring_back HOST...
    for host in "$@"; do
        mkdir -p "collected/$host"
        rsync -a -e "$ssh" "$host:tourney/shards/" "collected/$host/"
    done
}

note "6 shards on host1 and host2, one killed as it plays"
# On host1, the first shard is killed (SIGKILL: as the kernel's OOM killer
# or an administrator would) once it has logged 3 games.
mkdir -p "$HOSTS_DIR/host1/bin"
cat >"$HOSTS_DIR/host1/bin/tourney" <<WRAPPER
#!/usr/bin/env bash
if [ "\$1" = run ] && mkdir "\$HOME/killed" 2>/dev/null; then
    shard=\${@: -1}
    echo "\${shard#shards/}" >"\$HOME/killed/shard"
    "$TOURNEY" "\$@" &
    pid=\$!
    until [ "\$(cat "\$shard/games.jsonl" 2>/dev/null | wc -l)" -ge 4 ]; do
        kill -0 \$pid 2>/dev/null || break
        sleep 0.005
    done
    kill -KILL \$pid
    wait \$pid
    exit
fi
exec "$TOURNEY" "\$@"
WRAPPER
chmod +x "$HOSTS_DIR/host1/bin/tourney"
status=0
play_shards host1 host2 >parallel.out 2>&1 || status=$?
[ -f "$HOSTS_DIR/host1/killed/shard" ] ||
    { cat parallel.out >&2; fail "no shard started on host1 (parallel exited with $status)"; }
killed=$(cat "$HOSTS_DIR/host1/killed/shard")
rm "$HOSTS_DIR/host1/bin/tourney"
[ "$status" -ne 0 ] || fail "parallel says every shard succeeded though shard $killed was killed"
lines=$(wc -l <"$HOSTS_DIR/host1/tourney/shards/$killed/games.jsonl")
[ "$lines" -ge 4 ] && [ "$lines" -lt 41 ] || fail "shard $killed holds $lines lines"
echo "shard $killed killed on host1 with $((lines - 1)) games logged"

note "brought back host by host, merged: the missing games are named"
bring_back host1 host2
status=0
"$TOURNEY" merge merged collected/*/* >/dev/null 2>merge.err || status=$?
[ "$status" -eq 3 ] || { cat merge.err >&2; fail "the merge exited with $status, not 3"; }
grep -q "games are missing" merge.err || fail "$(cat merge.err)"

note "recovery: host2 lost, host3 added, the same command again"
touch "$HOSTS_DIR/host2.down"
rm -rf "$HOSTS_DIR/host2/tourney"
play_shards host1 host3 >parallel2.out 2>&1 || { cat parallel2.out >&2; fail "the shards failed again"; }
# The copies brought back from host2 before it was lost are merged too;
# the killed shard's first part is merged with its second run (on
# whichever host): the same games, taken once.
[ -n "$(ls collected/host2)" ] || fail "nothing was brought back from host2"
bring_back host1 host3
"$TOURNEY" merge merged collected/*/* >/dev/null 2>merge.err || { cat merge.err >&2; fail "the merge failed"; }

note "the merge is the unsharded run"
python3 "$SOURCE_ROOT/scripts/same-results.py" whole merged || fail "the merge differs"
echo ok
