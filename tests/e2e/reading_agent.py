"""An agent that is a program, speaking the line protocol by hand, that plays the lowest
legal move and reports at its first move what it could read, as the reason of an `error`
line (so the game's record keeps it), when its first argument asks:

    play             plays every move, and nothing else
    game-plugin      checks the game-plugin line names a file it can read, beginning with
                     the bytes of an ELF file, and that the game-param lines came; logs
                     what it found and plays on (gives up, saying why, when not)
    read PATH...     tries to read each PATH (a file's bytes, a folder's listing) and
                     gives up saying how each went: "PATH: ok" or "PATH: <error's name>"
    env NAME...      gives up saying each variable's value, or "unset"
    import MODULE    imports MODULE before greeting, and plays on

Used by tests/e2e/test_paths.c.
"""

import os
import sys


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def attempt(path):
    try:
        if os.path.isdir(path):
            os.listdir(path)
        else:
            with open(path, "rb") as f:
                f.read(1)
        return path + ": ok"
    except OSError as error:
        return path + ": " + type(error).__name__


def game_plugin_report(plugin, params):
    if plugin is None:
        return None, "no game-plugin line"
    try:
        with open(plugin, "rb") as f:
            magic = f.read(4)
    except OSError as error:
        return None, "cannot read %s: %s" % (plugin, type(error).__name__)
    if magic != b"\x7fELF":
        return None, "%s is no ELF file" % plugin
    return "game plugin %s, params %s" % (os.path.basename(plugin), " ".join(params)), None


def main():
    mode = sys.argv[1]
    if mode == "import":
        __import__(sys.argv[2])
    legal = []
    plugin = None
    params = []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "tourney-protocol":
            say("tourney-protocol 1")
        elif words[0] == "game":
            plugin = None
            params = []
        elif words[0] == "game-plugin":
            plugin = line[len("game-plugin "):].rstrip("\n")
        elif words[0] == "game-param":
            params.append(words[1] + "=" + words[2])
        elif words[0] == "new-game":
            if mode == "game-plugin":
                found, trouble = game_plugin_report(plugin, params)
                say("log info " + found if found else "error " + trouble)
            say("ready")
        elif words[0] == "legal":
            legal = words[1:]
        elif words[0] == "go":
            if mode == "read":
                say("error " + "; ".join(attempt(path) for path in sys.argv[2:]))
                continue
            if mode == "env":
                values = [os.environ.get(name, "unset") for name in sys.argv[2:]]
                say("error " + "; ".join(values))
                continue
            say("move " + legal[0])
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()
