"""An agent that is a program and sends bytes that are not UTF-8 (or UTF-8
cut short by the runner's quoting) once ply 2 is reached, in the way its
first argument names; before it, it plays the lowest legal move:

    error       'error' with a byte that is not UTF-8, after printing such
                bytes and a NUL on standard error
    move-text   'move-text' of such a byte
    info        'info nodes' of such a byte
    ready       'ready' with half of a character, as it is told of a game
    log         'log' with such a byte as its level, and an escape sequence
    cut         'error' with 177 letters and then 'é' four times: the reason
                quotes 180 bytes, which ends in the middle of the second 'é'

Used by tests/e2e/test_bytes.c.
"""

import sys


def say(data):
    sys.stdout.buffer.write(data + b"\n")
    sys.stdout.buffer.flush()


def misbehave(mode):
    if mode == "error":
        sys.stderr.buffer.write(b"before \xff\x00\x1b[2J after\n")
        sys.stderr.buffer.flush()
        say(b"error \xff\xfe gave up")
    elif mode == "move-text":
        say(b"move-text \xff")
    elif mode == "info":
        say(b"info nodes \xff")
    elif mode == "log":
        say(b"log \xff\x1b[31mred")
    elif mode == "cut":
        say(b"error " + b"a" * 177 + "\u00e9".encode() * 4)
    else:
        return False
    return True


def main():
    mode = sys.argv[1]
    legal = []
    ply = 0
    for line in sys.stdin.buffer:
        words = line.split()
        if not words:
            continue
        if words[0] == b"tourney-protocol":
            say(b"tourney-protocol 1")
        elif words[0] == b"new-game":
            say(b"ready \xc3" if mode == "ready" else b"ready")
        elif words[0] == b"position":
            ply = int(words[1])
        elif words[0] == b"legal":
            legal = words[1:]
        elif words[0] == b"go":
            if ply >= 2 and misbehave(mode):
                continue
            say(b"move " + legal[0])
        elif words[0] == b"quit":
            return


if __name__ == "__main__":
    main()
