"""An agent that is a program, speaking the line protocol by hand, that plays the lowest
legal move of every position and, before each game, logs what it was asked to find out:

    --game-plugin     that the game-plugin line names a file it can read, beginning with
                      the bytes of an ELF file, and the game-param lines: "game plugin
                      NAME.so, params rows=3 ..." (or gives the game up, saying why not)
    --import MODULE   imports MODULE before it greets (a module of a virtual environment,
                      of PYTHONPATH, ...), and logs "imported MODULE from FOLDER"
    --env NAME        logs "env: NAME=VALUE" or "env: NAME unset"
    TAG=PATH          tries to read PATH (a file's first byte, a folder's listing) and logs
                      "reads: TAG ok; TAG PermissionError; ..." for all of them
    --targets FILE    the TAG=PATH words of FILE (a line each), as if given

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
        return "ok"
    except OSError as error:
        return type(error).__name__


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
    args = sys.argv[1:]
    want_plugin = False
    imported = []
    names = []
    reads = []
    while args:
        word = args.pop(0)
        if word == "--game-plugin":
            want_plugin = True
        elif word == "--import":
            module = __import__(args.pop(0))
            imported.append("imported %s from %s" % (module.__name__,
                                                      os.path.dirname(module.__file__)))
        elif word == "--env":
            names.append(args.pop(0))
        elif word == "--targets":
            with open(args.pop(0)) as targets:
                args[0:0] = targets.read().split()
        else:
            tag, path = word.split("=", 1)
            reads.append((tag, path))
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
            if want_plugin:
                found, trouble = game_plugin_report(plugin, params)
                say("log info " + found if found else "error " + trouble)
            for text in imported:
                say("log info " + text)
            for name in names:
                value = os.environ.get(name)
                say("log info env: " + (name + " unset" if value is None else name + "=" + value))
            if reads:
                say("log info reads: " + "; ".join(tag + " " + attempt(path)
                                                   for tag, path in reads))
            say("ready")
        elif words[0] == "legal":
            legal = words[1:]
        elif words[0] == "go":
            say("move " + legal[0])
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()
