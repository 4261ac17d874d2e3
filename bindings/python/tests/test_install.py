"""pip install bindings/python, offline, into a virtual environment made by the test; then
an agent that imports the installed package plays through the binary, under the sandbox.

Run by `meson test` with TOURNEY_TEST_VENV_PYTHON (the interpreter to make the environment
from: Debian's, whose setuptools and wheel build the package without the network) and
TOURNEY_TEST_EXE.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
EXE = os.environ.get("TOURNEY_TEST_EXE", "")
BASE_PYTHON = os.environ.get("TOURNEY_TEST_VENV_PYTHON", sys.executable)

AGENT = '''import tourney_agent

def choose_move(state):
    position = state.position()
    win = position.winning_move()
    return win if win is not None else position.order_moves()[0]

tourney_agent.run(choose_move)
'''


def run(args, **kwargs):
    done = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, **kwargs)
    if done.returncode != 0:
        raise AssertionError("%s failed:\n%s" % (" ".join(args), done.stdout))
    return done.stdout


@unittest.skipIf(os.environ.get("TOURNEY_TEST_SANITIZED"),
                 "a sanitized build's plugins load only where the sanitizers' runtimes are")
@unittest.skipUnless(EXE, "TOURNEY_TEST_EXE names the tourney binary")
class PipInstall(unittest.TestCase):
    def test_venv_install_and_play(self):
        with tempfile.TemporaryDirectory(prefix="tourney-venv-") as folder:
            # A copy: the build writes its files beside the sources.
            source = os.path.join(folder, "src")
            shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns(
                "tests", "build", "*.egg-info", "__pycache__"))
            venv = os.path.join(folder, "venv")
            run([BASE_PYTHON, "-m", "venv", "--system-site-packages", venv])
            python = os.path.join(venv, "bin", "python")
            run([python, "-m", "pip", "install", "--no-index", "--no-build-isolation",
                 "--no-cache-dir", source], cwd=folder)
            where = run([python, "-c", "import tourney, tourney_agent; "
                         "print(tourney.__file__); print(tourney_agent.__file__)"],
                        cwd=folder).split()
            self.assertTrue(all(path.startswith(venv + "/") for path in where), where)

            play = os.path.join(folder, "play")
            os.mkdir(play)
            with open(os.path.join(play, "agent.py"), "w") as out:
                out.write(AGENT)
            with open(os.path.join(play, "t.ini"), "w") as out:
                out.write("\n".join([
                    "[tournament]", "name = venv", "seed = 3", "games_per_pair = 2",
                    "time_per_move_ms = 20000", "", "[game]", "plugin = connect4", "",
                    "[agent mine]", "command = %s agent.py" % python, "",
                    "[agent first-open]", "plugin = first-open", ""]))
            run([EXE, "run", os.path.join(play, "t.ini"), "-o", os.path.join(folder, "out"),
                 "-q"])
            games = []
            with open(os.path.join(folder, "out", "games.jsonl")) as log:
                for line in log:
                    record = json.loads(line)
                    if "moves" in record:
                        games.append((record["first"], record["moves"], record["result"],
                                      record["termination"]))
            # The centre column each time (it does not block): a win first, a loss second.
            self.assertEqual(games, [
                ("mine", [3, 0, 3, 0, 3, 0, 3], "1-0", "normal"),
                ("first-open", [0, 3, 0, 3, 0, 3, 0], "1-0", "normal")])
