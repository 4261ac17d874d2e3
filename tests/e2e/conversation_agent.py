"""An agent that is a program and writes down its conversation with the runner: it plays
the middle one of the legal moves, and before each of its answers logs every line it
read and the lines it is about to write, "> " before the runner's, "< " before its own,
joined by "|" into messages of at most 199 bytes (the most a log message keeps).

The lines read after its last answer of a game (the end of the game) come first in the
next game's log. scripts/regen-docs.py puts these logs together into the conversations
docs/protocol.md shows, so that they are what the runner says: an agent may write no
file, and its log is what reaches the results.
"""

import sys

# The bytes a log message keeps (docs/protocol.md).
LOG_MAX = 199

seen = []


def say(line):
    sys.stdout.write(line + "\n")


def answer(lines):
    """Logs what was read since the last answer, and LINES; then writes LINES."""
    seen.extend("< " + line for line in lines)
    message = ""
    for entry in seen:
        if message and len((message + "|" + entry).encode()) > LOG_MAX:
            say("log info " + message)
            message = ""
        message = message + "|" + entry if message else entry
    if message:
        say("log info " + message)
    seen.clear()
    for line in lines:
        say(line)
    sys.stdout.flush()


def main():
    legal = []
    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        seen.append("> " + line)
        word = line.split(" ", 1)[0]
        if word == "tourney-protocol":
            answer(["tourney-protocol 1"])
        elif word == "new-game":
            answer(["ready"])
        elif word == "legal":
            legal = line.split()[1:]
        elif word == "go":
            middle = legal[len(legal) // 2]
            answer(["info nodes %d depth 1 score 0" % len(legal), "move " + middle])
        elif word == "quit":
            return


if __name__ == "__main__":
    main()
