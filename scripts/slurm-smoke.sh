#!/usr/bin/env bash
# A smoke test of sharded tournaments under Slurm, on a single node: a job
# array of 4 shards of tests/configs/resume.ini, then a merge job that waits
# for them (--dependency=afterany: it runs after failed tasks too, and its own
# exit status says whether games are missing), then a check that the merged
# log and reports are those of an unsharded run, times aside
# (scripts/same-results.py: the move times, the CPU times and the check
# digests differ between two runs of the same games). Run by hand; not part of the test
# suite, which cannot count on a Slurm installation.
#
# Usage: scripts/slurm-smoke.sh [BUILD_DIR]   (default: build)
#
# A single-node Slurm on Debian 12, as root (a sketch; see the Slurm docs):
#
#   apt-get install slurm-wlm munge
#   cat >/etc/slurm/slurm.conf <<EOF
#   ClusterName=smoke
#   SlurmctldHost=$(hostname -s)
#   ProctrackType=proctrack/linuxproc
#   ReturnToService=2
#   SlurmctldPidFile=/run/slurmctld.pid
#   SlurmdPidFile=/run/slurmd.pid
#   SlurmdSpoolDir=/var/lib/slurm/slurmd
#   StateSaveLocation=/var/lib/slurm/slurmctld
#   SelectType=select/cons_tres
#   NodeName=$(hostname -s) CPUs=$(nproc) State=UNKNOWN
#   PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
#   EOF
#   systemctl restart munge slurmctld slurmd
#   sinfo            # the node should be idle
#
# The working directory must be one the Slurm jobs can read and write (with
# one node, any local directory will do).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build=${1:-build}
tourney="$(pwd)/$build/tourney"
config="$(pwd)/tests/configs/resume.ini"
for program in sbatch squeue "$tourney"; do
  if ! command -v "$program" >/dev/null; then
    echo "slurm-smoke: $program not found (see the comment at the top of $0)" >&2
    exit 2
  fi
done

work=$(mktemp -d "$(pwd)/slurm-smoke.XXXXXX")
echo "slurm-smoke: working in $work"
cd "$work"
mkdir logs

cat >shards.sbatch <<EOF
#!/bin/bash
#SBATCH --job-name=tourney-smoke
#SBATCH --array=0-3
#SBATCH --cpus-per-task=1
#SBATCH --output=logs/shard-%a.out
# N is written out: SLURM_ARRAY_TASK_COUNT counts the tasks submitted, 1 for
# a task submitted again alone (--array=2).
exec "$tourney" run "$config" --quiet --jobs 1 --resume \\
  --shard "\${SLURM_ARRAY_TASK_ID}/4" \\
  --output "shards/\${SLURM_ARRAY_TASK_ID}"
EOF

cat >merge.sbatch <<EOF
#!/bin/bash
#SBATCH --job-name=tourney-smoke-merge
#SBATCH --output=logs/merge.out
exec "$tourney" merge merged shards/0 shards/1 shards/2 shards/3
EOF

array=$(sbatch --parsable shards.sbatch)
merge=$(sbatch --parsable --dependency=afterany:"$array" merge.sbatch)
echo "slurm-smoke: shards in job $array, the merge in job $merge"

# The reference, meanwhile, on this machine.
"$tourney" run "$config" --quiet --output whole

while squeue -h -j "$array,$merge" 2>/dev/null | grep -q .; do
  sleep 2
done
if [ ! -f merged/games.jsonl ]; then
  echo "slurm-smoke: no merged log; see $work/logs" >&2
  exit 1
fi

# Everything but what a clock measured (time_ns, cpu_ns, ...) and what names
# a build (check digests, paths).
if python3 "$root/scripts/same-results.py" whole merged; then
  echo "slurm-smoke: OK: 4 shards under Slurm merge into the unsharded run's log"
  cd .. && rm -rf "$work"
else
  echo "slurm-smoke: the merged log differs from the unsharded run's; see $work" >&2
  exit 1
fi
