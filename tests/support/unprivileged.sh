#!/bin/sh
# unprivileged.sh COMMAND [ARGUMENT...] - runs a test as users run tourney:
# not as root. CI runs the tests as root, where the confinement, the folders
# and the files a test makes behave otherwise, so as root the command runs
# as nobody (setpriv), from /tmp; as any other user it runs as that user.
#
# Skipped (exit 77) where nobody cannot use what the test needs: COMMAND
# (run, or read when it is a script run by an interpreter named first:
# `unprivileged.sh bash test.sh`) and each path in UNPRIVILEGED_NEEDS. A
# PYTHON nobody cannot run (a pyenv shim under /root) becomes Debian's.
if [ "$(id -u)" != 0 ]; then
    exec "$@"
fi
as_nobody="setpriv --reuid=nobody --regid=nogroup --clear-groups"
if [ -n "${PYTHON:-}" ] && ! $as_nobody test -x "$PYTHON"; then
    export PYTHON=/usr/bin/python3
    needs_python=$PYTHON
fi
case $1 in
bash | sh) $as_nobody test -r "$2" || exit 77 ;;
*) $as_nobody test -x "$1" || exit 77 ;;
esac
# What root may run, nobody must be able to run; anything else, to read.
for path in $UNPRIVILEGED_NEEDS ${needs_python:-}; do
    if [ -x "$path" ] && [ ! -d "$path" ]; then
        $as_nobody test -x "$path" || exit 77
    else
        $as_nobody test -r "$path" || exit 77
    fi
done
cd /tmp && exec $as_nobody "$@"
