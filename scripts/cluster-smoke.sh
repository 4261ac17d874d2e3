#!/usr/bin/env bash
# scripts/cluster-smoke.sh - docs/distributed.md's GNU parallel recipes, by
# hand, on hosts that are really separate: each host is a network namespace
# with an address of its own (on a bridge in a namespace of its own too: no
# address is added outside the namespaces made here), a mount namespace with
# its own home (/root), /tmp, /run and hostname, and its own sshd. The
# shards travel over real ssh, rsync and GNU parallel, from a fourth host
# that submits and collects (host0). What a host holds it holds alone, but
# for /srv/tourney in the recipe with a shared folder.
#
#  1. tourney is installed once (meson install into a folder) and the
#     prefix copied into each host's home; `PATH=$HOME/tourney/bin:$PATH` at
#     the top of its ~/.bashrc, and `ssh hostK tourney --version` must work
#     (the recipe's first prerequisite).
#  2. Without a shared folder: 6 shards over host1..3, the config sent with
#     --basefile; the job of one shard on host1 is stopped as a scheduler
#     stops one (SIGTERM to every process of it at once, the agent
#     processes included) once it has logged a few games; parallel's
#     --retries plays it again. Then the same command once more (the
#     recovery the docs give), the shards brought back host by host into
#     folders of their own, merged.
#  3. With a shared folder (/srv/tourney on every host): the same, the
#     shards written there, merged from there.
#  4. Each stopped shard's log holds no game the stop ended (no crash, no
#     "from outside"), and each merge is the unsharded run's log and reports
#     (scripts/same-results.py: timings and build paths aside).
#
# Slurm: slurm-wlm 22.05 can be installed from Debian 12, but this script
# brings up no Slurm cluster (slurmctld, a slurmd per host and munge in
# these namespaces); scripts/slurm-smoke.sh runs the Slurm recipe on a
# single-node installation.
#
# Root only (namespaces, bind mounts, sshd); not part of the test command.
# It installs openssh-server when sshd is missing (without starting it), and
# removes everything else it made, whatever the outcome.
#
# Usage: scripts/cluster-smoke.sh [BUILD_DIR]   (default: build)
set -euo pipefail

if [ "$(id -u)" != 0 ]; then
    echo "cluster-smoke: run as root (it makes network and mount namespaces)" >&2
    exit 2
fi
cd "$(dirname "$0")/.."
source_root=$(pwd)
build=$(realpath "${1:-build}")
[ -x "$build/tourney" ] || { echo "cluster-smoke: no $build/tourney; build first" >&2; exit 2; }

if [ ! -x /usr/sbin/sshd ]; then
    echo "cluster-smoke: installing openssh-server (its service is not started)"
    DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get install -y --no-install-recommends \
        openssh-server >/dev/null
fi
for program in ip unshare nsenter ssh ssh-keygen parallel rsync python3 meson; do
    command -v "$program" >/dev/null ||
        { echo "cluster-smoke: $program is missing (scripts/install-deps.sh)" >&2; exit 2; }
done

tag=tsmoke$$
hosts=(0 1 2 3) # host0 submits and collects; host1..3 play
work=$(mktemp -d /tmp/cluster-smoke.XXXXXX)
declare -A holder sshd
cleanup() {
    for h in "${hosts[@]}"; do
        for pid in ${sshd[$h]:-} ${holder[$h]:-}; do
            kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
        done
    done
    for h in "${hosts[@]}"; do
        ip netns del "$tag-h$h" 2>/dev/null || true
    done
    ip netns del "$tag-lan" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

say() {
    echo "cluster-smoke: $*"
}
fail() {
    echo "cluster-smoke: FAILED: $*" >&2
    exit 1
}

# A command on host H: in its network and mount namespaces (and hostname).
on() {
    local h=$1
    shift
    nsenter -t "${holder[$h]}" -m -n -u -- "$@"
}

say "hosts host0..host3 in namespaces $tag-*, working in $work"
ip netns add "$tag-lan"
ip -n "$tag-lan" link add br0 type bridge
ip -n "$tag-lan" link set br0 up
mkdir -p "$work/shared"
for h in "${hosts[@]}"; do
    ip netns add "$tag-h$h"
    ip -n "$tag-lan" link add "port$h" type veth peer name eth0 netns "$tag-h$h"
    ip -n "$tag-lan" link set "port$h" master br0 up
    ip -n "$tag-h$h" addr add "10.250.0.$((h + 10))/24" dev eth0
    ip -n "$tag-h$h" link set eth0 up
    ip -n "$tag-h$h" link set lo up
    dir=$work/host$h
    mkdir -p "$dir/home/.ssh" "$dir/tmp" "$dir/srv"
    chmod 700 "$dir/home" "$dir/home/.ssh"
    chmod 1777 "$dir/tmp"
    # The host's own folders; /tmp last, as it hides this script's.
    ip netns exec "$tag-h$h" unshare --mount --uts --propagation private sh -c "
        hostname host$h &&
        mount --bind '$dir/home' /root && mkdir -p /srv/tourney &&
        mount --bind '$work/shared' /srv/tourney &&
        mount -t tmpfs tmpfs /run && mkdir -m 755 /run/sshd &&
        mount --bind '$dir/tmp' /tmp && exec sleep infinity" &
    holder[$h]=$!
done
for h in "${hosts[@]}"; do
    for _ in $(seq 100); do
        [ "$(cat "/proc/${holder[$h]}/comm" 2>/dev/null)" != sleep ] || break
        sleep 0.05
    done
    [ "$(cat "/proc/${holder[$h]}/comm" 2>/dev/null)" = sleep ] || fail "host$h did not come up"
done

# ssh: host0's key on every host, names for the addresses in host0's config.
ssh-keygen -q -t ed25519 -N "" -f "$work/host0/home/.ssh/id_ed25519"
{
    echo "Host host*"
    echo "  User root"
    echo "  StrictHostKeyChecking no"
    echo "  UserKnownHostsFile /dev/null"
    echo "  LogLevel ERROR"
    for h in 1 2 3; do
        printf 'Host host%s\n  HostName 10.250.0.%s\n' "$h" "$((h + 10))"
    done
} >"$work/host0/home/.ssh/config"
for h in 1 2 3; do
    home=$work/host$h/home
    cp "$work/host0/home/.ssh/id_ed25519.pub" "$home/.ssh/authorized_keys"
    mkdir -p "$home/.sshd"
    ssh-keygen -q -t ed25519 -N "" -f "$home/.sshd/host_key"
    cat >"$home/.sshd/sshd_config" <<EOF
ListenAddress 10.250.0.$((h + 10))
HostKey /root/.sshd/host_key
PidFile /run/sshd.pid
AuthorizedKeysFile /root/.ssh/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
Subsystem sftp internal-sftp
EOF
    # nsenter runs sshd itself (no subshell between): $! is sshd.
    nsenter -t "${holder[$h]}" -m -n -u -- /usr/sbin/sshd -D -e -f /root/.sshd/sshd_config \
        2>"$work/sshd$h.log" &
    sshd[$h]=$!
done

say "tourney installed once, the prefix copied into each host's home"
meson install -C "$build" --no-rebuild --quiet --destdir "$work/stage" >/dev/null
prefix=$(meson introspect "$build" --buildoptions |
    python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')
for h in "${hosts[@]}"; do
    cp -a "$work/stage$prefix" "$work/host$h/home/tourney"
    # Before anything else in .bashrc: ssh's commands are not interactive.
    echo 'PATH=$HOME/tourney/bin:$PATH' >"$work/host$h/home/.bashrc"
done
rm -rf "$work/stage"
# The tournament: 3 by 4, three in a row, 5 agents, 240 games.
sed -e '/^games_per_pair/s/.*/games_per_pair = 24/' -e '/^name/s/.*/name = classic/' \
    -e '/^plugin = mnk/a rows = 3\ncols = 4\nk = 3' \
    tests/configs/resume.ini >"$work/host0/home/classic.ini"
cp "$work/host0/home/classic.ini" "$work/shared/classic.ini"
cp "$source_root/scripts/same-results.py" "$work/host0/home/"
# A scheduler's stop of one job on host1: SIGTERM to every process of it at
# once, agents included (tests/e2e/signal_job.py), once the shard has
# logged 4 games; the first shard that starts there, once per recipe.
mkdir -p "$work/host1/home/stopper"
cp "$source_root/tests/e2e/signal_job.py" "$work/host1/home/stopper/"
cat >"$work/host1/home/stopper/tourney" <<'EOF'
#!/usr/bin/env bash
mark=$HOME/stopped$(pwd | tr / -)
if [ "$1" = run ] && mkdir "$mark" 2>/dev/null; then
    shard=${@: -1}
    echo "$shard" >"$mark/shard"
    "$HOME/tourney/bin/tourney" "$@" 2>"$mark/stderr" &
    pid=$!
    until [ "$(cat "$shard/games.jsonl" 2>/dev/null | wc -l)" -ge 5 ]; do
        kill -0 $pid 2>/dev/null || break
        sleep 0.005
    done
    python3 "$HOME/stopper/signal_job.py" $pid TERM leaves >"$mark/sent"
    status=0
    wait $pid || status=$?
    echo $status >"$mark/status"
    cp "$shard/games.jsonl" "$mark/games.jsonl"
    exit $status
fi
exec "$HOME/tourney/bin/tourney" "$@"
EOF
chmod +x "$work/host1/home/stopper/tourney"
echo 'PATH=$HOME/stopper:$HOME/tourney/bin:$PATH' >"$work/host1/home/.bashrc"

for h in 1 2 3; do
    for _ in $(seq 50); do
        on 0 ssh "host$h" true 2>/dev/null && break
        sleep 0.1
    done
    version=$(on 0 ssh "host$h" 'echo $(hostname): $(tourney --version | head -1)') ||
        fail "ssh host$h tourney --version: $(cat "$work/sshd$h.log")"
    say "ssh host$h: $version"
done

say "the unsharded run, on host0"
on 0 bash -c 'cd && PATH=$HOME/tourney/bin:$PATH tourney run classic.ini --quiet --output whole'

# The shard stopped on host1 in WORKDIR: its log as the stop left it holds
# no game the stop ended, and tourney stopped as it should (143); nor does
# LOG, where it was played to its end.
check_stop() {
    local workdir=$1 log=$2
    local dir=$work/host1/home/stopped${workdir//\//-}
    [ -f "$dir/status" ] || fail "$workdir: no shard was stopped on host1"
    [ "$(cat "$dir/status")" = 143 ] ||
        fail "$workdir: the stopped shard exited with $(cat "$dir/status"): $(cat "$dir/stderr")"
    if grep -q '"crash"\|from outside' "$dir/games.jsonl" "$log"; then
        fail "$workdir: the stop left a false result"
    fi
    say "  $(cat "$dir/shard") was stopped on host1 by SIGTERM to its $(cat "$dir/sent") processes:" \
        "exit 143, $(($(wc -l <"$dir/games.jsonl") - 1)) games kept, none that the stop ended"
    grep -h "stopped:" "$dir/stderr" | sed 's/^/    /' || true
}

# Prints the differences, or "identical", and fails on one.
compare() {
    local what=$1 merged=$2
    on 0 bash -c "cd && python3 same-results.py whole '$merged'" >"$work/compare.txt" 2>&1 ||
        { cat "$work/compare.txt" >&2; fail "$what: the merge differs from the unsharded run"; }
    say "$what: $(($(wc -l <"$work/host0/home/$merged/games.jsonl") - 1)) games merged, identical to the unsharded run (same-results.py)"
}

recipe='seq 0 5 | parallel --will-cite --sshlogin 1/host1,1/host2,1/host3 --retries 3 --workdir tourney \
  --basefile classic.ini \
  tourney run classic.ini --shard {}/6 --quiet --resume --output shards/{}'
say "GNU parallel without a shared folder:"
echo "$recipe" | sed 's/^/    /'
status=0
on 0 bash -c "cd && $recipe" >"$work/parallel1.out" 2>&1 || status=$?
say "parallel exited with $status"
[ "$status" = 0 ] || { cat "$work/parallel1.out" >&2; fail "a shard failed after its retries"; }
shard=$(cat "$work/host1/home/stopped-root-tourney/shard")
check_stop /root/tourney "$work/host1/home/tourney/$shard/games.jsonl"
say "the same command again (the recovery), then brought back host by host, merged"
on 0 bash -c "cd && $recipe" >"$work/parallel2.out" 2>&1 ||
    { cat "$work/parallel2.out" >&2; fail "the same command again failed"; }
on 0 bash -c 'cd && for host in host1 host2 host3; do
    mkdir -p "collected/$host" && rsync -a "$host:tourney/shards/" "collected/$host/"
done && PATH=$HOME/tourney/bin:$PATH tourney merge merged collected/*/*' >"$work/merge1.out" 2>&1 ||
    { cat "$work/merge1.out" >&2; fail "the merge failed"; }
for h in 1 2 3; do
    say "  host$h held shards" $(ls "$work/host$h/home/tourney/shards")
done
compare "without a shared folder" merged

recipe='cd /srv/tourney && seq 0 5 | parallel --will-cite --sshlogin 1/host1,1/host2,1/host3 --retries 3 \
  --workdir /srv/tourney \
  tourney run classic.ini --shard {}/6 --quiet --resume --output shards/{}'
say "GNU parallel with a shared folder (/srv/tourney on every host):"
echo "$recipe" | sed 's/^/    /'
status=0
on 0 bash -c "$recipe" >"$work/parallel3.out" 2>&1 || status=$?
say "parallel exited with $status"
[ "$status" = 0 ] || { cat "$work/parallel3.out" >&2; fail "a shard failed after its retries"; }
shard=$(cat "$work/host1/home/stopped-srv-tourney/shard")
check_stop /srv/tourney "$work/shared/$shard/games.jsonl"
say "the same command again (the recovery), merged from /srv/tourney"
on 0 bash -c "$recipe" >"$work/parallel4.out" 2>&1 ||
    { cat "$work/parallel4.out" >&2; fail "the same command again failed"; }
on 0 bash -c 'cd /srv/tourney && PATH=$HOME/tourney/bin:$PATH tourney merge merged shards/*' \
    >"$work/merge2.out" 2>&1 || { cat "$work/merge2.out" >&2; fail "the merge failed"; }
cp -a "$work/shared/merged" "$work/host0/home/merged-shared"
compare "with a shared folder" merged-shared

say "OK: every merge is the unsharded run; no stop left a false result"
