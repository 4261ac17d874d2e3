"""The example agents written on the binding, playing through the real `tourney` binary.

Every move of every game is pinned: the alpha-beta agent at a fixed depth and the MCTS
agent with a fixed number of iterations (its randomness from the game's seed) play the
same games every time, each loading the game plugin the runner names (game-plugin), under
the sandbox. Run by `meson test` with TOURNEY_TEST_EXE (the binary) and
TOURNEY_PLUGIN_PATH (the build tree) set.
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(os.path.dirname(HERE), "examples")
EXE = os.environ.get("TOURNEY_TEST_EXE", "")


def play(game_section, agents, games_per_pair=2):
    """Plays a round robin of AGENTS ({name: section lines}) and returns its games as
    {(first, second): (moves, result, termination)}."""
    with tempfile.TemporaryDirectory(prefix="tourney-py-") as folder:
        lines = ["[tournament]", "name = pinned", "seed = 7",
                 "games_per_pair = %d" % games_per_pair, "time_per_move_ms = 20000", "",
                 "[game]"] + game_section + [""]
        for name, section in agents.items():
            lines += ["[agent %s]" % name] + section + [""]
        config = os.path.join(folder, "t.ini")
        with open(config, "w") as out:
            out.write("\n".join(lines))
        done = subprocess.run([EXE, "run", config, "-o", os.path.join(folder, "out")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True)
        if done.returncode != 0:
            raise AssertionError("tourney run failed: " + done.stderr)
        games = {}
        with open(os.path.join(folder, "out", "games.jsonl")) as log:
            for line in log:
                record = json.loads(line)
                if "moves" in record:
                    games[(record["first"], record["second"])] = (
                        record["moves"], record["result"], record["termination"])
        return games


def command(script, *args):
    # The examples import tourney_agent and tourney from the folder above
    # their own, which a program may read only when the config says so.
    return ["command = %s %s %s" % (sys.executable, os.path.join(EXAMPLES, script),
                                    " ".join(args)),
            "read = %s" % os.path.dirname(EXAMPLES)]


@unittest.skipIf(os.environ.get("TOURNEY_TEST_SANITIZED"),
                 "a sanitized build's plugins load only where the sanitizers' runtimes are")
@unittest.skipUnless(EXE, "TOURNEY_TEST_EXE names the tourney binary")
class PinnedGames(unittest.TestCase):
    maxDiff = None

    def test_alphabeta_on_3x3(self):
        games = play(["plugin = mnk"], {
            "ab": command("alphabeta.py", "--depth", "9"),
            "negamax": ["plugin = negamax"],
            "first-open": ["plugin = first-open"],
        })
        self.assertEqual(games, {
            ("ab", "negamax"): (PINNED_3X3_AB_NEGAMAX, "1/2-1/2", "normal"),
            ("negamax", "ab"): (PINNED_3X3_NEGAMAX_AB, "1/2-1/2", "normal"),
            ("ab", "first-open"): (PINNED_3X3_AB_FIRST, "1-0", "normal"),
            ("first-open", "ab"): (PINNED_3X3_FIRST_AB, "0-1", "normal"),
            ("negamax", "first-open"): games[("negamax", "first-open")],
            ("first-open", "negamax"): games[("first-open", "negamax")],
        })

    def test_alphabeta_and_mcts_on_connect4(self):
        games = play(["plugin = connect4"], {
            "ab": command("alphabeta.py", "--depth", "5"),
            "mcts": command("mcts.py", "--iterations", "300"),
            "negamax": ["plugin = negamax", "depth = 4"],
        })
        self.assertEqual(games, PINNED_CONNECT4)


# 3x3 at depth 9 (the whole game): ab takes the centre, draws against the perfect negamax
# from both seats and wins against first-open from both.
PINNED_3X3_AB_NEGAMAX = [4, 0, 1, 7, 3, 5, 2, 6, 8]
PINNED_3X3_NEGAMAX_AB = [0, 4, 1, 2, 6, 3, 5, 7, 8]
PINNED_3X3_AB_FIRST = [4, 0, 1, 2, 7]
PINNED_3X3_FIRST_AB = [0, 4, 1, 2, 3, 6]

PINNED_CONNECT4 = {
    ("ab", "mcts"): ([3, 2, 3, 2, 3, 3, 2, 5, 4, 5, 5, 6, 3, 5, 2, 6, 2, 2, 3, 0, 5, 0, 0,
                      0, 1, 6, 6, 4, 4], "1-0", "normal"),
    ("ab", "negamax"): ([3, 3, 3, 2, 3, 4, 2, 2, 2, 4, 3, 3, 2, 2, 1, 6, 6, 6, 1, 1, 1, 6,
                         4, 4, 1, 0, 1], "1-0", "normal"),
    ("mcts", "ab"): ([3, 3, 4, 2, 2, 3, 5, 6, 2, 3, 3, 2, 5, 2, 0, 4, 0, 3, 0, 0, 5, 5, 4,
                      4], "0-1", "normal"),
    ("mcts", "negamax"): ([3, 3, 4, 2, 3, 2, 5, 6, 4, 4, 3, 3, 2, 2, 0, 0, 6, 2, 2, 0, 6,
                           3, 6, 6, 0, 0, 4, 0, 5, 1, 1], "1-0", "normal"),
    ("negamax", "ab"): ([2, 2, 3, 1, 4, 5, 4, 2, 2, 1, 1, 3, 4, 4, 3, 3, 0, 0], "0-1",
                        "normal"),
    ("negamax", "mcts"): ([2, 4, 4, 2, 5, 2, 5, 2, 2, 5, 4, 5, 4, 4, 6, 5, 5, 6, 4, 1, 1,
                           6, 2, 1, 3, 6, 6, 1, 3, 1, 1, 6, 0, 0, 0, 0, 0, 0, 3, 3], "0-1",
                          "normal"),
}
