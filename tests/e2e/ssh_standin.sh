#!/usr/bin/env bash
# A stand-in for ssh, for the tests of the GNU parallel recipe: each "host"
# is a folder of HOSTS_DIR, its home, in which `ssh [options] HOST COMMAND`
# runs COMMAND with bash, as sshd runs it with the user's shell (rsync -e
# and parallel --ssh call it so), with the host's own bin folder first on
# the PATH, as a user's ~/bin. A host whose folder is missing, or that
# has a file HOST.down beside it, cannot be reached (exit 255, as ssh).
# As sshd, it sets SHELL to the login shell whatever the caller's was: GNU
# parallel's worker starts each job with $SHELL, and without one it ran
# nothing and said nothing (a caller started from a bare environment).
set -u
: "${HOSTS_DIR:?set HOSTS_DIR to the folder of the hosts}"
while [ $# -gt 0 ]; do
    case $1 in
    -[bcDEeFIiJLlmOoPpQRSWw]) shift 2 ;;
    -*) shift ;;
    *) break ;;
    esac
done
host=${1:?no host}
shift
[ "${1:-}" != -- ] || shift
if [ ! -d "$HOSTS_DIR/$host" ] || [ -e "$HOSTS_DIR/$host.down" ]; then
    echo "ssh: connect to host $host port 22: No route to host" >&2
    exit 255
fi
cd "$HOSTS_DIR/$host" && HOME=$PWD SHELL=/bin/bash PATH=$PWD/bin:$PATH exec bash -c "$*"
