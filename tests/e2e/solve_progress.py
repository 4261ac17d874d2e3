"""`tourney solve` shows its progress on a terminal, and only there.

    solve_progress.py BUILD/tourney

Solves a Connect Four position that takes seconds, three times at once:
with stdout and stderr on a pseudo-terminal, the progress line is drawn in
place ("\\rsolving: 2.3 s" and the rest of the line cleared) and cleared
before the result is printed; with --quiet, and with stderr a pipe, no line
is drawn and stderr holds nothing. The position takes several times the
line's delay (half a second), so a line that should not be drawn would be.
"""

import os
import re
import subprocess
import sys
import time

# Solved in about 5 s on the 2-core test machine: the first player wins.
POSITION = "44444432"
DRAWN = re.compile(r"\rsolving: \d+\.\d s\x1b\[K")
CLEAR = "\r\x1b[K"


def fail(message):
    sys.exit("solve_progress: " + message)


def start(tourney, args, stderr_terminal):
    """tourney solve ARGS with stdout (and stderr when STDERR_TERMINAL) on a
    pseudo-terminal of its own; returns the process and the terminal."""
    controller, terminal = os.openpty()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm"}
    process = subprocess.Popen(
        [tourney, "solve", "connect4", POSITION] + args, stdin=subprocess.DEVNULL,
        stdout=terminal, stderr=terminal if stderr_terminal else subprocess.PIPE, env=env,
        start_new_session=True)
    os.close(terminal)
    return process, controller


def read_all(controller):
    """Everything written on the terminal, until its last writer closes it."""
    chunks = []
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # EIO: no writer left
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(controller)
    return b"".join(chunks).decode("utf-8", "replace")


def main():
    tourney = sys.argv[1]
    began = time.monotonic()
    runs = {
        "live": start(tourney, [], True),
        "quiet": start(tourney, ["--quiet"], True),
        "pipe": start(tourney, [], False),
    }
    shown = {}
    errors = {}
    for name, (process, controller) in runs.items():
        shown[name] = read_all(controller)
        errors[name] = process.stderr.read().decode() if process.stderr else ""
        if process.wait() != 0:
            fail("%s: exit status %d:\n%r" % (name, process.returncode, shown[name]))
        if "value:     win for the first player" not in shown[name]:
            fail("%s: no result:\n%r" % (name, shown[name]))
    took = time.monotonic() - began
    if took < 1.0:
        fail("the position took %.2f s: too quick to show a line" % took)

    live = shown["live"]
    if not DRAWN.search(live):
        fail("live: no progress line in %r" % live[:400])
    result = live.index("game:")
    before, after = live[:result], live[result:]
    if not before.endswith(CLEAR):
        fail("live: the line is not cleared before the result: %r" % before[-80:])
    if not DRAWN.sub("", before) == CLEAR:
        fail("live: more than progress lines before the result: %r" % before[:400])
    if "solving" in after or "\x1b" in after:
        fail("live: a progress line after the result: %r" % after)

    for name in ("quiet", "pipe"):
        if "solving" in shown[name] or "\x1b" in shown[name] or not shown[name].startswith(
                "game:"):
            fail("%s: a progress line, or something before the result: %r" %
                 (name, shown[name][:400]))
    if errors["pipe"] != "":
        fail("pipe: stderr holds %r" % errors["pipe"][:400])
    print("solve_progress: drawn and cleared on a terminal (%d draws), none with --quiet or "
          "to a pipe; %.1f s" % (len(DRAWN.findall(live)), took))


if __name__ == "__main__":
    main()
