"""An agent that is a program, speaking the line protocol by hand, that plays the lowest
legal move of every position and, before each game, attacks what an agent without the
sandbox must not reach, each named by a word of its command line:

    socket=PATH   connects to the named Unix socket PATH and says hello
    oom=PID       writes 1000 into /proc/PID/oom_score_adj (the OOM killer's first victim)
    map=PATH      rewrites the first bytes of PATH through a MAP_SHARED mapping
    patch=PATH    patches, truncates, renames and removes PATH (another agent's plugin)

and logs "attacks: socket ENOENT; oom ok; ..." (ok, or the errno's name of the first
step that failed). Used by tests/e2e/test_unsandboxed.c.
"""

import errno
import mmap
import os
import socket
import sys


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def connect(path):
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(path)
        s.sendall(b"hello\n")


def oom(pid):
    with open("/proc/%s/oom_score_adj" % pid, "w") as f:
        f.write("1000\n")


def rewrite(path):
    fd = os.open(path, os.O_RDWR)
    try:
        with mmap.mmap(fd, 6, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE) as m:
            m[0:6] = b"forged"
            m.flush()
    finally:
        os.close(fd)


def patch(path):
    rewrite(path)
    os.truncate(path, 0)
    os.rename(path, path + ".old")


ATTACKS = {"socket": connect, "oom": oom, "map": rewrite, "patch": patch}


def attempt(kind, target):
    try:
        ATTACKS[kind](target)
        return "ok"
    except OSError as error:
        return errno.errorcode.get(error.errno, str(error.errno))


def main():
    attacks = [word.split("=", 1) for word in sys.argv[1:]]
    legal = []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "tourney-protocol":
            say("tourney-protocol 1")
        elif words[0] == "new-game":
            say("log info attacks: " + "; ".join(kind + " " + attempt(kind, target)
                                                  for kind, target in attacks))
            say("ready")
        elif words[0] == "legal":
            legal = words[1:]
        elif words[0] == "go":
            say("move " + legal[0])
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()
