# tests/e2e/without_namespaces.sh - sourced first by a test script that can
# run where the kernel refuses namespaces (agent processes are then ordinary
# processes): with NO_NAMESPACES=1 it runs the script ($0) again inside a
# user namespace of its own in which no more may be made, or skips it (77)
# where none can be made at all.
if [ "${NO_NAMESPACES:-0}" = 1 ] && [ -z "${TOURNEY_TEST_WITHOUT_NAMESPACES:-}" ]; then
    unshare --user --map-root-user true 2>/dev/null || { echo "no user namespaces: skipped"; exit 77; }
    exec unshare --user --map-root-user env TOURNEY_TEST_WITHOUT_NAMESPACES=1 bash -c \
        'echo 0 >/proc/sys/user/max_user_namespaces && exec bash "$0"' "$0"
fi
