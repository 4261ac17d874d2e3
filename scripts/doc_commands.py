"""The examples of README.md and docs/ that show what a command prints, as the
build prints them: used by scripts/regen-docs.py, which puts each in the
fenced block after its marker and checks that it still is.

Each example is "$ COMMAND" lines, each followed by what the command printed
(standard output and error as a terminal shows them), run in a folder of its
own with the files the example needs. Paths that depend on where the build
is are written as they are in an installed tourney (/usr/local), and the
example's folder as the home folder the docs name.
"""

import json
import os
import re
import shlex
import shutil
import subprocess
import sys

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INSTALLED = "/usr/local/lib/x86_64-linux-gnu/tourney"
BUSY = re.compile(r"^tourney: warning: jobs = \d+, but \d+ processors of \d+ are free")


class Commands:
    """Runs the build's tourney as a user would, in folders of WORKDIR."""

    def __init__(self, tourney, workdir):
        self.tourney = tourney
        self.build = os.path.dirname(tourney)
        self.workdir = workdir
        # Folders shown under another name: (real, shown).
        self.shown = [(os.path.join(self.build, "agents"), INSTALLED + "/agents"),
                      (os.path.join(self.build, "games"), INSTALLED + "/games")]

    def folder(self, name, files=None, shown=None):
        """A new folder NAME in the work folder with FILES (name -> text),
        shown as SHOWN in the examples."""
        path = os.path.join(self.workdir, name)
        os.makedirs(path)
        for file, text in (files or {}).items():
            with open(os.path.join(path, file), "w", encoding="utf-8") as f:
                f.write(text)
        if shown:
            self.shown.insert(0, (path, shown))
        return path

    def show(self, text):
        for real, shown in self.shown:
            text = text.replace(real, shown)
        return text

    def run(self, cwd, command, env=None, status=None):
        """"$ COMMAND" and what it printed; COMMAND's tourney is the build's.
        STATUS: the exit status it must end with (by default 0)."""
        full = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "COLUMNS": "100",
            "NO_COLOR": "1",
        }
        full.update(env or {})
        words = shlex.split(command)
        # Variables set before the command are in ENV.
        while "=" in words[0]:
            words.pop(0)
        program = [self.tourney if w == "tourney" else w for w in words]
        result = subprocess.run(program, cwd=cwd, env=full, check=False,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != (status or 0):
            sys.exit("regen-docs: %s exited with %d, not %d:\n%s" %
                     (command, result.returncode, status or 0, result.stdout))
        # A warning that depends on the machine's load, not on the example.
        printed = "".join(line for line in result.stdout.splitlines(keepends=True)
                          if not BUSY.match(line))
        return "$ %s\n%s" % (command, self.show(printed))


def config_text(tournament, game, agents):
    """An INI file: the [tournament] and [game] keys, then the agents
    (name -> keys)."""
    lines = ["[tournament]"] + tournament + ["", "[game]"] + game
    for name, keys in agents:
        lines += ["", "[agent %s]" % name] + keys
    return "\n".join(lines) + "\n"


def plugin_listings(c):
    """docs/config.md: tourney agents and tourney games."""
    home = c.folder("listings")
    return {
        "agents": c.run(home, "tourney agents"),
        "games": c.run(home, "tourney games"),
    }


def config_errors(c):
    """docs/config.md: a config's mistakes, a game's refusal, the names
    meant and a tournament too large for any machine."""
    bad = os.path.join(SOURCE, "tests", "configs", "bad.ini")
    home = c.folder("errors", {
        "bad.ini": open(bad, encoding="utf-8").read(),
        "board.ini": config_text(["games_per_pair = 2"],
                                 ["plugin = connect4", "columns = 9", "rows = 7"],
                                 [("a", ["plugin = random"]), ("b", ["plugin = first-open"])]),
        "typos.ini": config_text(
            ["games_per_pair = 2", "format = gauntlet", "gauntlet_agent = randm", "sede = 1"],
            ["plugin = mnk"],
            [("random", ["plugin = random"]), ("deep", ["plugin = minimax", "dpeth = 9"]),
             ("shallow", ["plugin = minimax", "depth = 2"])]).replace(
                 "[agent shallow]", "[agnet shallow]"),
        "huge.ini": config_text(["games_per_pair = 1000"], ["plugin = mnk"],
                                [("a%d" % i, ["plugin = random"]) for i in range(10000)]),
    })
    return {
        "validate-errors": c.run(home, "tourney validate bad.ini", status=2),
        "board-refused": c.run(home, "tourney validate board.ini", status=2),
        "did-you-mean": c.run(home, "tourney validate typos.ini", status=2),
        "too-large": c.run(home, "tourney validate huge.ini", status=2),
    }


def solve(c):
    """docs/solve.md."""
    home = c.folder("solve")
    shutil.copytree(os.path.join(SOURCE, "tests", "data"), os.path.join(home, "tests", "data"))
    return {
        "solve": c.run(home, 'tourney solve mnk "x x x . / o o o . / x . . . / . . . ." '
                       'rows=4 cols=4 k=4'),
        "solve-json": c.run(home, 'tourney solve mnk ". . . / . . . / . . ." --json'),
        "solve-errors": c.run(home, 'tourney solve mnk "x x"', status=2) +
        c.run(home, 'tourney solve mnk "x x x / o o . / . . ."', status=2),
        "solve-file": c.run(
            home, "tourney solve connect4 --file tests/data/connect4/L2_R2_middle_medium.txt"),
    }


def exact_vs_random(c):
    """docs/exact-vs-random.md: the shipped agents on 3x3, and on 4x4 with
    k = 3, exactly against random."""
    home = c.folder("exact", {"exact.ini": config_text(
        ["name = exact", "games_per_pair = 2", "time_per_move_ms = 1000"],
        ["plugin = mnk"],
        [("first-open", ["plugin = first-open"]),
         ("negamax-d2", ["plugin = negamax", "depth = 2"]),
         ("perfect", ["plugin = perfect", "tie_break = lowest"]),
         ("random", ["plugin = random"])])})
    return {
        "exact-vs-random": c.run(home, "tourney exact-vs-random exact.ini") +
        c.run(home, "tourney exact-vs-random exact.ini perfect --set game.rows=4 "
              "--set game.cols=4"),
        "exact-vs-random-json": c.run(home, "tourney exact-vs-random exact.ini negamax-d2 --json"),
    }


def export(c):
    """docs/export.md: games 3 and 4 of tests/configs/export.ini (one lost
    to an illegal move, one by the rules), as text and CSV."""
    home = c.folder("export")
    shutil.copyfile(os.path.join(SOURCE, "tests", "configs", "export.ini"),
                    os.path.join(home, "export.ini"))
    plugins = {"TOURNEY_PLUGIN_PATH": os.path.join(c.build, "tests", "plugins")}
    c.run(home, "tourney run export.ini --quiet", plugins)
    text = c.run(home, "tourney export reports/export", plugins).split("\n", 1)[1]
    games = text.split("\n\n[Tournament")
    shown = "[Tournament" + "\n\n[Tournament".join(games[3:5])
    rows = c.run(home, "tourney export reports/export --format csv", plugins).split("\n")[1:]
    # The same games with their exact analysis: game 4 with its comments.
    c.run(home, "tourney analyze reports/export", plugins)
    analysed = c.run(home, "tourney export reports/export", plugins).split("\n", 1)[1]
    return {
        "export-analysed": "[Tournament" + analysed.split("\n\n[Tournament")[4].rstrip("\n") +
        "\n",
        "export-text": shown.rstrip("\n") + "\n",
        "export-csv": "\n".join([rows[0]] + [r for r in rows[1:] if r[:2] in ("3,", "4,")]) +
        "\n",
    }


def plugin_guide(c):
    """docs/plugins.md: the greedy example listed and validated, and a game
    that breaks its contract."""
    home = c.folder("greedy", {
        "try.ini": config_text(["games_per_pair = 20"], ["plugin = mnk"],
                               [("greedy", ["plugin = ./greedy.so"]),
                                ("random", ["plugin = random"]),
                                ("first-open", ["plugin = first-open"])]),
    }, shown="/home/me/greedy")
    subprocess.run(["cc", "-std=c17", "-Wall", "-Wextra", "-shared", "-fPIC", "-I",
                    os.path.join(SOURCE, "include"),
                    os.path.join(SOURCE, "examples", "greedy", "greedy.c"), "-o",
                    os.path.join(home, "greedy.so")], check=True)
    listing = c.run(home, "TOURNEY_PLUGIN_PATH=$PWD tourney agents", {"TOURNEY_PLUGIN_PATH": home})
    # Only greedy's entry: the others are the shipped plugins' (config.md).
    entries = listing.split("\n\n")
    first = entries[0].split("\n", 1)
    greedy = [e for e in [first[1]] + entries[1:] if e.startswith("greedy\n")]
    liar = c.folder("liar", {
        "liar.ini": config_text(["games_per_pair = 4", "jobs = 1"],
                                ["plugin = liar", "lie = status", "from_game = 2"],
                                [("first-open", ["plugin = first-open"]),
                                 ("random", ["plugin = random"])]),
    })
    lie = c.run(liar, "tourney run liar.ini --quiet",
                {"TOURNEY_PLUGIN_PATH": os.path.join(c.build, "tests", "games", "plugins")}, status=1)
    return {
        "greedy-listed": first[0] + "\n" + greedy[0] + "\n...\n",
        "greedy-validated": c.run(home, "tourney validate try.ini"),
        "liar": lie.split("\n", 1)[1],
    }


def conversation_logs(c, name, tournament, game, opponent):
    """The conversation of the conversation agent (first in the config) with
    the runner, game by game, from the logs of a tournament of two games."""
    agent = os.path.join(SOURCE, "tests", "e2e", "conversation_agent.py")
    home = c.folder(name, {
        "c.ini": config_text(["name = c", "seed = 3", "games_per_pair = 2", "jobs = 1"] +
                             tournament, game,
                             [("middle", ["command = python3 agent/conversation_agent.py"]),
                              opponent]),
    })
    os.makedirs(os.path.join(home, "agent"))
    shutil.copyfile(agent, os.path.join(home, "agent", "conversation_agent.py"))
    c.run(home, "tourney run c.ini --quiet")
    games = []
    with open(os.path.join(home, "reports", "c", "games.jsonl"), encoding="utf-8") as f:
        for line in f.read().splitlines()[1:]:
            record = json.loads(line)
            said = []
            for message in record.get("log", []):
                if message["agent"] == "middle":
                    said += message["message"].split("|")
            games.append([c.show(line) for line in said])
    return games


def protocol(c):
    """docs/protocol.md: a program's start that fails, and conversations."""
    home = c.folder("broken", {
        "t.ini": config_text(["games_per_pair = 2"], ["plugin = mnk"],
                             [("random", ["plugin = random"]),
                              ("greedy", ["command = python3 greedy/greedy.py"])]),
    })
    os.makedirs(os.path.join(home, "greedy"))
    with open(os.path.join(home, "greedy", "greedy.py"), "w", encoding="utf-8") as f:
        f.write("import my_search\n")
    start = c.run(home, "tourney validate t.ini", status=2).split("\n")[1]
    # Connect Four on a time per move, the agent second.
    games = conversation_logs(c, "connect4", ["time_per_move_ms = 100"], ["plugin = connect4"],
                              ("first-open", ["plugin = first-open"]))
    second = games[1]
    new_game = second[second.index("> game connect4"):second.index("< ready") + 1]
    moves = [i for i, line in enumerate(second) if line.startswith("< move")]
    move = second[moves[0] + 1:moves[1] + 1]
    # Tic-tac-toe on a clock, the agent first: its whole first game, to the
    # end, which the agent reads as the next begins.
    games = conversation_logs(c, "mnk", ["time_control = 5+0.1"], ["plugin = mnk"],
                              ("first-open", ["plugin = first-open"]))
    whole = games[0] + games[1][:games[1].index("> game mnk")]
    return {
        "program-fails": start + "\n",
        "new-game": "\n".join(new_game) + "\n",
        "move": "\n".join(move) + "\n",
        "conversation": "\n".join(whole) + "\n",
    }


def python_game(c):
    """docs/python.md: what the example of the game's rules prints, run as
    the page shows it (the Python block before the example)."""
    with open(os.path.join(SOURCE, "docs", "python.md"), encoding="utf-8") as f:
        text = f.read()
    before = text[:text.index("<!-- generated by scripts/regen-docs.py: python-game -->")]
    code = before[before.rindex("```python\n") + len("```python\n"):before.rindex("```")]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "PYTHONPATH": os.path.join(SOURCE, "bindings", "python"),
           "TOURNEY_PLUGIN_PATH": os.path.join(c.build, "games")}
    # A sanitized build's plugins need the sanitizers' runtimes loaded first
    # (tests/meson.build), as python.game preloads them.
    preload = os.environ.get("TOURNEY_DOCS_PYTHON_PRELOAD", "")
    if preload:
        env.update({"LD_PRELOAD": preload, "ASAN_OPTIONS": "abort_on_error=1:detect_leaks=0"})
    result = subprocess.run([sys.executable, "-c", code], cwd=c.folder("python"), env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            check=False)
    if result.returncode != 0:
        sys.exit("regen-docs: the game's rules in Python failed:\n" + result.stdout)
    return {"python-game": result.stdout}


def examples(tourney, workdir):
    """Every command example, by name."""
    c = Commands(tourney, workdir)
    made = {}
    for part in (plugin_listings, config_errors, solve, exact_vs_random, export, plugin_guide,
                 protocol, python_game):
        made.update(part(c))
    return made


# Figures that differ between two runs (times, the machine's memory),
# masked on both sides before comparing.
MASKS = {
    "solve": [r"(?m)^time: .*$"],
    "solve-json": [r'"(seconds|nodes_per_second)":[-+0-9.e]+'],
    "solve-file": [r"(?m)^(mean time|speed): .*$"],
    "too-large": [r"than the [0-9.]+ [KMGT]B this machine has"],
    "conversation": [r"(?m)^> go budget .*$"],
}


def mask(name, text):
    for pattern in MASKS.get(name, []):
        text = re.sub(pattern, "#", text)
    return text
