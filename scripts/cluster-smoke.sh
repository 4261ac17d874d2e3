#!/usr/bin/env bash
# scripts/cluster-smoke.sh - docs/distributed.md's recipes, GNU parallel and
# Slurm, by hand, on hosts that are really separate: each host is a network
# namespace with an address of its own (on a bridge in a namespace of its
# own too: no address is added outside the namespaces made here), a mount
# namespace with its own home (/root), /tmp, /run, /etc/slurm, /etc/munge,
# /etc/hosts and hostname, and its own sshd. The shards travel over real
# ssh, rsync and GNU parallel, or are Slurm jobs, from a fourth host that
# submits and collects (host0). What a host holds it holds alone, but for
# /srv/tourney, the shared folder (the Slurm cluster's filesystem).
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
#  4. Slurm 22.05: munge on every host with one key, slurmctld on host0 and
#     a slurmd on each of host1..3 (1 CPU each), their files in each host's
#     own /run. Section (c)'s shards.sbatch, merge.sbatch and commands are
#     read from docs/distributed.md and run as they are, scaled down (3
#     shards, 1 CPU, a time limit of 1 minute): every task meets the time
#     limit (the --signal=B:TERM@45 to tourney), the afterany merge exits 3
#     naming the shards (beside it, an afterok merge is left pending and a
#     task asking more CPUs than a node has is refused, as the docs say);
#     the recovery the docs give, with a longer limit, during which one
#     task is cancelled with scancel (Slurm's SIGTERM to every process of
#     it); the merge exits 3 naming that shard; the recovery again; the
#     merge exits 0.
#  5. No stopped shard's log holds a game the stop ended (no crash, no
#     "from outside"), and each merge is the unsharded run's log and reports
#     (scripts/same-results.py: timings and build paths aside).
#
# Root only (namespaces, bind mounts, sshd, slurmd); not part of the test
# command. It installs openssh-server, slurm-wlm and munge when they are
# missing (without starting their services: the daemons run only in the
# namespaces), and removes everything else it made, whatever the outcome:
# every process left in the hosts' namespaces, jobs and daemons included,
# is stopped. The machine's own /etc/slurm and /etc/munge are not touched.
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

# Their services are not started (RUNLEVEL=1 for invoke-rc.d): the daemons
# run only inside the namespaces made here.
missing=()
units=()
[ -x /usr/sbin/sshd ] || { missing+=(openssh-server); units+=(ssh); }
[ -x /usr/sbin/slurmctld ] && [ -x /usr/sbin/slurmd ] ||
    { missing+=(slurm-wlm); units+=(slurmctld slurmd); }
[ -x /usr/sbin/munged ] || { missing+=(munge); units+=(munge); }
if [ ${#missing[@]} -gt 0 ]; then
    echo "cluster-smoke: installing ${missing[*]} (their services are not started)"
    DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get install -y --no-install-recommends \
        "${missing[@]}" >/dev/null
    # Where systemd runs, the packages start their units whatever RUNLEVEL
    # says: stop those of the packages just installed (and only those).
    if [ -d /run/systemd/system ]; then
        systemctl stop "${units[@]}" 2>/dev/null || true
    fi
fi
for program in ip unshare nsenter ssh ssh-keygen parallel rsync python3 meson sbatch squeue \
    scancel scontrol sinfo; do
    command -v "$program" >/dev/null ||
        { echo "cluster-smoke: $program is missing (scripts/install-deps.sh)" >&2; exit 2; }
done

tag=tsmoke$$
hosts=(0 1 2 3) # host0 submits and collects; host1..3 play
work=$(mktemp -d /tmp/cluster-smoke.XXXXXX)
declare -A holder sshd
daemons=()
# Every process in the hosts' network namespaces (the daemons, the jobs'
# slurmstepd, which their slurmd does not wait for, what ssh started)
# gets SIGTERM, then SIGKILL 5 s later; then the namespaces go.
cleanup() {
    local pids
    for signal in TERM KILL; do
        pids=$(for h in "${hosts[@]}"; do ip netns pids "$tag-h$h" 2>/dev/null; done)
        [ -n "$pids" ] || break
        kill -s "$signal" $pids 2>/dev/null || true
        for _ in $(seq 50); do
            pids=$(for h in "${hosts[@]}"; do ip netns pids "$tag-h$h" 2>/dev/null; done)
            [ -n "$pids" ] || break
            sleep 0.1
        done
    done
    for pid in "${daemons[@]}" "${sshd[@]}" "${holder[@]}"; do
        wait "$pid" 2>/dev/null || true
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
    # What the Slurm daemons logged, before the namespaces go.
    for h in "${hosts[@]}"; do
        for log in /proc/"${holder[$h]:-0}"/root/run/slurm/*.log; do
            [ -f "$log" ] && { echo "host$h: ${log##*/}:"; tail -n 20 "$log"; } >&2
        done
    done
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
mkdir -p "$work/shared" "$work/etc-slurm"
mkdir -m 700 "$work/etc-munge"
# The cluster's names, as its DNS would give them.
{
    echo "127.0.0.1 localhost"
    for h in "${hosts[@]}"; do
        echo "10.250.0.$((h + 10)) host$h"
    done
} >"$work/hosts"
for h in "${hosts[@]}"; do
    ip netns add "$tag-h$h"
    ip -n "$tag-lan" link add "port$h" type veth peer name eth0 netns "$tag-h$h"
    ip -n "$tag-lan" link set "port$h" master br0 up
    ip -n "$tag-h$h" addr add "10.250.0.$((h + 10))/24" dev eth0
    ip -n "$tag-h$h" link set eth0 up
    ip -n "$tag-h$h" link set lo up
    dir=$work/host$h
    mkdir -p "$dir/home/.ssh" "$dir/tmp" "$dir/srv"
    # /etc/slurm and /etc/munge of every host: the cluster's, not the machine's.
    chmod 700 "$dir/home" "$dir/home/.ssh"
    chmod 1777 "$dir/tmp"
    # The host's own folders; /tmp last, as it hides this script's.
    ip netns exec "$tag-h$h" unshare --mount --uts --propagation private sh -c "
        hostname host$h &&
        mount --bind '$dir/home' /root && mkdir -p /srv/tourney &&
        mount --bind '$work/shared' /srv/tourney &&
        mount --bind '$work/etc-slurm' /etc/slurm && mount --bind '$work/etc-munge' /etc/munge &&
        mount --bind '$work/hosts' /etc/hosts &&
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

# Slurm: one munge key for the cluster; slurmctld on host0 (the login node
# that submits), a slurmd on each of host1..3, each found by its hostname;
# every path of theirs in the host's own /run, so each slurmd has its own
# spool, pid file and log. The jobs see the hosts' /srv/tourney, the
# cluster's shared filesystem.
say "Slurm: munge on every host (one key), slurmctld on host0, a slurmd on each of host1..3"
head -c 1024 /dev/urandom >"$work/etc-munge/munge.key"
chmod 400 "$work/etc-munge/munge.key"
cat >"$work/etc-slurm/slurm.conf" <<EOF
ClusterName=tsmoke
SlurmctldHost=host0
AuthType=auth/munge
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
# proctrack/linuxproc finds a job's processes by their parents in /proc:
# tourney's agents stay its descendants (in PID namespaces of their own,
# which /proc shows from here), so every process of a job gets Slurm's
# signals. proctrack/cgroup would make cgroups in the machine's own
# hierarchy, which these namespaces share (there is no cgroup namespace
# here), and in cgroup v2 asks systemd for a scope; linuxproc makes nothing
# outside the namespaces.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmctldPidFile=/run/slurm/slurmctld.pid
SlurmctldLogFile=/run/slurm/slurmctld.log
StateSaveLocation=/run/slurm/state
SlurmdPidFile=/run/slurm/slurmd.pid
SlurmdLogFile=/run/slurm/slurmd.log
SlurmdSpoolDir=/run/slurm/spool
MailProg=/bin/true
NodeName=host[1-3] CPUs=1 State=UNKNOWN
PartitionName=main Nodes=host[1-3] Default=YES MaxTime=INFINITE State=UP
EOF
# slurmd loads a cgroup plugin whatever ProctrackType says, and finds none
# to detect: `ip netns exec` mounted a /sys of the namespace's own, without
# the machine's cgroup hierarchies. cgroup/v1 loads without them.
echo "CgroupPlugin=cgroup/v1" >"$work/etc-slurm/cgroup.conf"
# Starts DAEMON... on host H, in the foreground: $! is the daemon.
daemon() {
    local h=$1
    shift
    nsenter -t "${holder[$h]}" -m -n -u -- "$@" >>"$work/daemons.log" 2>&1 &
    daemons+=($!)
}
for h in "${hosts[@]}"; do
    on "$h" mkdir -m 755 /run/munge /run/slurm /run/slurm/spool
    daemon "$h" /usr/sbin/munged -F --seed-file=/run/munge/munged.seed \
        --log-file=/run/munge/munged.log
done
daemon 0 /usr/sbin/slurmctld -D
for h in 1 2 3; do
    daemon "$h" /usr/sbin/slurmd -D
done
for _ in $(seq 100); do
    [ "$(on 0 sinfo -h -o '%t %D' 2>/dev/null)" = "idle 3" ] && break
    sleep 0.2
done
[ "$(on 0 sinfo -h -o '%t %D' 2>/dev/null)" = "idle 3" ] ||
    fail "the Slurm nodes are not idle: $(on 0 sinfo 2>&1; cat "$work/daemons.log")"
say "  $(on 0 sinfo -h -o '%P: %D nodes %N, %t, %c CPU each')"
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

# Compares MERGED with the unsharded run WHOLE (folders on host0, from its
# home) and fails on a difference, which it prints.
compare() {
    local what=$1 whole=$2 merged=$3
    on 0 bash -c "cd && python3 same-results.py '$whole' '$merged'" >"$work/compare.txt" 2>&1 ||
        { cat "$work/compare.txt" >&2; fail "$what: the merge differs from the unsharded run"; }
    say "$what: $(($(on 0 bash -c "cd && wc -l <'$merged/games.jsonl'") - 1)) games merged," \
        "identical to the unsharded run (same-results.py)"
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
compare "without a shared folder" whole merged

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
compare "with a shared folder" whole merged-shared

# Slurm: docs/distributed.md's section (c) as it is written, its scripts and
# commands read from there, with N, the CPUs and the time limit scaled down:
# 3 shards (one per node) of a tournament of 480 games of 4 by 4, three in a
# row, each long enough to meet a time limit of 1 minute. The cluster's
# shared filesystem is /srv/tourney; the jobs play in /srv/tourney/slurm.
slurm=$work/shared/slurm
mkdir -p "$slurm/config"
# Its agents search to a fixed depth, whatever the time; the budget per move
# is raised far above their moves' length (under 1 s) so that none loses on
# time on a loaded machine, which would make the game depend on the clock.
sed -e '/^games_per_pair/s/.*/games_per_pair = 48/' -e '/^name/s/.*/name = classic/' \
    -e '/^time_per_move_ms/s/.*/time_per_move_ms = 30000/' \
    -e '/^plugin = mnk/a rows = 4\ncols = 4\nk = 3' \
    tests/configs/resume.ini >"$slurm/config/classic.ini"

# The fenced block of section (c) of docs/distributed.md that holds TEXT.
doc_block() {
    awk -v want="$1" '/^## / { section = $0 == "## (c) A Slurm job array" }
        section && /^```/ {
            if (inside && index(block, want)) { printf "%s", block; exit }
            inside = !inside; block = ""; next
        }
        section && inside { block = block $0 "\n" }' docs/distributed.md
}
# TEXT with each of the WHAT=>WITH replacements, each of which must apply.
scaled() {
    local text=$1
    shift
    while [ $# -gt 0 ]; do
        [[ $text == *"$1"* ]] || fail "docs/distributed.md (c) no longer has '$1'"
        text=${text//"$1"/"$2"}
        shift 2
    done
    printf '%s\n' "$text"
}
scaled "$(doc_block '#SBATCH --array')" --array=0-15 --array=0-2 '/16"' '/3"' --cpus-per-task=8 \
    --cpus-per-task=1 --time=04:00:00 --time=1 "written out (16)" "written out (3)" \
    >"$slurm/shards.sbatch"
scaled "$(doc_block 'exec tourney merge')" >"$slurm/merge.sbatch"
# (The submission must set $array, which the script reads.)
submit=$(scaled "$(doc_block 'mkdir -p logs')" "sbatch --parsable shards.sbatch" \
    "sbatch --parsable shards.sbatch")
recovery=$(scaled "$(doc_block 'array=2,7 shards')" --array=2,7 "--array=\$ids")

# Runs on host0, in /srv/tourney/slurm, with ids=IDS, the submission
# COMMANDS, which set $array and print the merge job's "Submitted batch job
# M"; sets $array and $merge.
submit_round() {
    local round=$1 commands=$2
    on 0 bash -c "cd /srv/tourney/slurm && PATH=/root/tourney/bin:\$PATH && ids='${3:-}' &&
        $commands && echo \"array \$array\"" >"$work/submit-$round.out" 2>&1 ||
        { cat "$work/submit-$round.out" >&2; fail "the submission failed"; }
    array=$(sed -n 's/^array //p' "$work/submit-$round.out")
    merge=$(sed -n 's/^Submitted batch job //p' "$work/submit-$round.out")
    [ -n "$array" ] && [ -n "$merge" ] || fail "no job ids in $(cat "$work/submit-$round.out")"
}
# Waits for the merge job to end: its output in $work/merge-ROUND.out, its
# exit status in $merge_status.
wait_merge() {
    local round=$1
    for _ in $(seq 600); do
        on 0 squeue -h -j "$merge" 2>/dev/null | grep -q . || break
        sleep 0.5
    done
    cp "$slurm/logs/merge.out" "$work/merge-$round.out" 2>/dev/null ||
        fail "the merge job left no logs/merge.out: $(on 0 scontrol show job "$merge")"
    merge_status=$(on 0 scontrol -o show job "$merge" | sed -n 's/.* ExitCode=\([0-9]*\):.*/\1/p')
}
# The games in the log in DIR (none without one).
games_in() {
    local lines
    lines=$(cat "$1/games.jsonl" 2>/dev/null | wc -l)
    echo $((lines > 0 ? lines - 1 : 0))
}
# Each task of the array: its state and exit code as Slurm gives them.
say_tasks() {
    local id line
    for id in $(on 0 scontrol -o show job "$array" | sed -n 's/.* ArrayTaskId=\([0-9]*\) .*/\1/p' |
        sort -n); do
        line=$(on 0 scontrol -o show job "${array}_$id")
        say "  task $id: $(sed -n 's/.* JobState=\([A-Z]*\) .*/\1/p' <<<"$line")," \
            "exit $(sed -n 's/.* ExitCode=\([0-9:]*\) .*/\1/p' <<<"$line")," \
            "$(games_in "$slurm/shards/$id") games in shards/$id" \
            "on $(sed -n 's/.* NodeList=\([^ ]*\) .*/\1/p' <<<"$line")"
    done
}
# What the merge of ROUND said (its reports aside).
merge_lines() {
    grep -h '^tourney merge:\|^Merged' "$work/merge-$1.out" | sed 's/^/    /'
}
# The shards the merge named as having games missing ("0,2-3").
named_shards() {
    sed -n 's/^tourney merge: shards\{0,1\} \([0-9,-]*\) of [0-9]* ha.* games missing$/\1/p' \
        "$work/merge-$1.out"
}

say "Slurm, docs/distributed.md (c) on host0, in /srv/tourney/slurm; shards.sbatch scaled down:"
sed 's/^/    /' "$slurm/shards.sbatch"
say "the unsharded run, on host0, meanwhile"
on 0 bash -c 'cd /srv/tourney/slurm && PATH=$HOME/tourney/bin:$PATH tourney run config/classic.ini \
    --quiet --output /root/whole-slurm' >"$work/whole-slurm.out" 2>&1 &
whole=$!
started=$SECONDS
say "the submission, as the docs give it:"
sed 's/^/    /' <<<"$submit"
submit_round 1 "$submit"
# What the docs say of afterok, beside it: a merge that waits on the same
# array with afterok.
afterok=$(on 0 bash -c "cd /srv/tourney/slurm &&
    sbatch --parsable --dependency=afterok:$array merge.sbatch")
wait_merge 1
say "  over in $((SECONDS - started)) s; a time limit of 1 min: SIGTERM 45 s before it to the" \
    "batch shell, which is tourney (exit 143)"
say_tasks
say "  the merge (afterany, job $merge) exited with $merge_status:"
merge_lines 1
[ "$merge_status" = 3 ] || fail "the merge after the time limit exited with $merge_status, not 3"
ids=$(named_shards 1)
[ -n "$ids" ] || fail "the merge named no shard to submit again"
on 0 scontrol -o show job "$array" | grep -q 'JobState=FAILED .*ExitCode=143:0' ||
    fail "no task was stopped by the time limit's signal (exit 143)"
waiting=$(on 0 squeue -h -j "$afterok" -o '%T (%r)')
say "  a merge submitted with afterok in its place (job $afterok): ${waiting:-gone}"
[ "$waiting" = "PENDING (DependencyNeverSatisfied)" ] ||
    fail "the afterok merge is not left waiting as the docs say"
on 0 scancel "$afterok"
# What the docs say of --cpus-per-task: more than any node has is refused.
if big=$(on 0 bash -c "cd /srv/tourney/slurm &&
    sbatch --parsable --cpus-per-task=2 --array=0 shards.sbatch" 2>&1); then
    on 0 scancel "$big"
    fail "a task asking 2 CPUs of nodes of 1 was taken (job $big), not refused as the docs say"
fi
say "  a task asking 2 CPUs of nodes of 1 is refused:"
sed 's/^/    /' <<<"$big"

say "the recovery the docs give, with a longer limit (--time=5); a task is cancelled" \
    "(scancel) as it plays:"
longer=$(scaled "$recovery" "sbatch --parsable --array" "sbatch --parsable --time=5 --array")
sed "s/^/    ids=$ids; /;2,\$s/^    ids=$ids; /    /" <<<"$longer"
declare -A before
for k in 0 1 2; do
    before[$k]=$(games_in "$slurm/shards/$k")
done
started=$SECONDS
submit_round 2 "$longer" "$ids"
cancelled=
for _ in $(seq 1200); do
    for k in 0 1 2; do
        if on 0 squeue -h -t R -j "${array}_$k" 2>/dev/null | grep -q . &&
            [ "$(games_in "$slurm/shards/$k")" -ge $((before[$k] + 5)) ]; then
            on 0 scancel "${array}_$k"
            cancelled=$k
            break 2
        fi
    done
    sleep 0.1
done
[ -n "$cancelled" ] || fail "no task of the recovery ran long enough to be cancelled"
say "  scancel ${array}_$cancelled once shards/$cancelled had 5 more games"
wait_merge 2
cp "$slurm/logs/shard-$cancelled.out" "$work/cancelled.out"
say "  over in $((SECONDS - started)) s"
say_tasks
grep -h "stopped:" "$work/cancelled.out" | sed 's/^/    /' || true
say "  the merge (job $merge) exited with $merge_status:"
merge_lines 2
[ "$merge_status" = 3 ] || fail "the merge after the cancel exited with $merge_status, not 3"
on 0 scontrol -o show job "${array}_$cancelled" | grep -q 'JobState=CANCELLED' ||
    fail "task $cancelled was not cancelled"
[ "$(named_shards 2)" = "$cancelled" ] ||
    fail "the merge named shards '$(named_shards 2)', not the cancelled $cancelled"

say "the recovery again, for shard $cancelled (with the longer limit: the script's own would stop" \
    "it again)"
started=$SECONDS
submit_round 3 "$longer" "$cancelled"
wait_merge 3
say "  over in $((SECONDS - started)) s"
say_tasks
say "  the merge (job $merge) exited with $merge_status:"
merge_lines 3
[ "$merge_status" = 0 ] || fail "the last merge exited with $merge_status"
if grep -l '"crash"\|from outside' "$slurm"/shards/*/games.jsonl \
    "$slurm/reports/classic/games.jsonl"; then
    fail "a stop left a false result in a shard's log"
fi
wait "$whole" || { cat "$work/whole-slurm.out" >&2; fail "the unsharded run failed"; }
compare "Slurm" whole-slurm /srv/tourney/slurm/reports/classic

say "OK: every merge is the unsharded run; no stop left a false result" \
    "($((SECONDS / 60)) min $((SECONDS % 60)) s)"
