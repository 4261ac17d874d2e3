"""An agent that is a program, speaking the line protocol by hand, that misbehaves in
the way its first argument names once ply 2 is reached (before it, it plays the lowest
legal move), so that the fault comes in the middle of a game:

    garbage        a line that is not in the protocol
    out-of-range   move 99, a number that is no move at all
    bad-seldepth   'info' with a selective depth beyond 32 bits
    illegal        move-text of a move that is not legal
    silence        no answer at all
    long-line      a line of 5000 bytes
    exit           exits with status 3
    ready          'ready' where a move is awaited
    gives-up       'error', giving up the game
    old-greeting   greets with version 0 (from the start)
    sleep SECONDS  sleeps SECONDS before every move (clocks), and logs what go said
    loud           writes 2000 bytes on standard error before every move
    spin           computes forever (CPU time)
    cpu-limit      lowers its own limit of CPU time to a second (RLIMIT_CPU) and
                   computes: the kernel kills it with SIGKILL, which the runner
                   did not send (needs sandbox = false: the filter lets no program
                   lower a limit)
    snoop          tries to read /etc/passwd and to write a file in its directory, and
                   gives up saying how each went
    ponder         plays on, while a thread of its own spins all the time; each move
                   says (info nodes) how many microseconds of CPU time the thread used
                   from the previous move sent to the position's first line

Used by tests/e2e/test_commands.c and test_outside_stop.c.
"""

import resource
import signal
import sys
import threading
import time

spun_us = 0  # the spinning thread's CPU time, as it last looked


def spin():
    global spun_us
    while True:
        for _ in range(1000):
            pass
        spun_us = int(time.thread_time() * 1000000)


def attempt(what, action):
    try:
        action()
        return what + " worked"
    except OSError as error:
        return what + " failed: " + type(error).__name__


def snoop():
    with open("/etc/passwd") as secrets:
        secrets.read()


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def main():
    mode = sys.argv[1]
    legal = []
    ply = 0
    spun_at_move = 0
    pondered = 0
    if mode == "ponder":
        # The main thread waits for the interpreter's lock at most this long
        # once a request comes, while the thread spins on its own time.
        sys.setswitchinterval(0.0005)
        threading.Thread(target=spin, daemon=True).start()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "tourney-protocol":
            say("tourney-protocol 0" if mode == "old-greeting" else "tourney-protocol 1")
        elif words[0] == "new-game":
            say("ready")
        elif words[0] == "position":
            ply = int(words[1])
            pondered = spun_us - spun_at_move
        elif words[0] == "legal":
            legal = words[1:]
        elif words[0] == "go":
            if mode == "sleep":
                say("log info " + line.strip())
                time.sleep(float(sys.argv[2]))
            elif mode == "ponder":
                say("info nodes %d" % pondered)
            elif mode == "loud":
                sys.stderr.write("x" * 1999 + "\n")
                sys.stderr.flush()
            elif ply >= 2:
                if mode == "garbage":
                    say("hello there")
                elif mode == "out-of-range":
                    say("move 99")
                elif mode == "bad-seldepth":
                    say("info depth 2 seldepth 99999999999")
                elif mode == "illegal":
                    say("move-text zz9")
                    continue
                elif mode == "silence":
                    time.sleep(60)
                elif mode == "long-line":
                    say("log info " + "y" * 5000)
                elif mode == "exit":
                    sys.exit(3)
                elif mode == "ready":
                    say("ready")
                elif mode == "gives-up":
                    say("error cannot think today")
                elif mode == "spin":
                    while True:
                        pass
                elif mode == "cpu-limit":
                    # The hard limit is the soft one, and the kernel checks
                    # it first: SIGKILL, not SIGXCPU, which is ignored besides.
                    signal.signal(signal.SIGXCPU, signal.SIG_IGN)
                    resource.setrlimit(resource.RLIMIT_CPU, (1, 1))
                    while True:
                        pass
                elif mode == "snoop":
                    read = attempt("reading", snoop)
                    written = attempt("writing", lambda: open("snooped.txt", "w").close())
                    say("error " + read + "; " + written)
                    continue
            say("move " + legal[0])
            spun_at_move = spun_us
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()
