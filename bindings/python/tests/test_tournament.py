"""Tournaments from Python (tourney.run_tournament) against the binary's own reports.

Run by `meson test` with TOURNEY_TEST_EXE (the binary) and TOURNEY_PLUGIN_PATH set.
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import sample_agents  # noqa: E402
import tourney  # noqa: E402

EXE = os.environ.get("TOURNEY_TEST_EXE", "")
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
CLASSIC = os.path.join(SOURCE, "config", "classic.ini")

# config/classic.ini as a dict.
CLASSIC_SETTINGS = {
    "tournament": {"name": "classic", "seed": 20261122, "games_per_pair": 40,
                   "time_per_move_ms": 1000, "openings": "openings/mnk-3x3-3ply-draws.txt"},
    "game": {"plugin": "mnk", "rows": 3, "cols": 3, "k": 3},
    "agents": {"first-open": "first-open", "random": "random",
               "minimax": {"plugin": "minimax", "depth": 9},
               "negamax": {"plugin": "negamax", "depth": 9},
               "negamax-ab-ids": "negamax-ab-ids"},
}


def standings(agents):
    """What a standings table says of each agent, from summary.json's agents."""
    return [(a["rank"], a["name"], a["rating"]["elo"], a["rating"]["elo_low"],
             a["rating"]["elo_high"], a["all"]["games"], a["all"]["wins"], a["all"]["draws"],
             a["all"]["losses"], (a.get("vs_random") or {}).get("win_rate")) for a in agents]


def api_standings(results):
    return [(s.rank, s.name, s.elo, s.elo_low, s.elo_high, s.all.games, s.all.wins,
             s.all.draws, s.all.losses, s.vs_random.win_rate if s.vs_random else None)
            for s in results.standings]


@unittest.skipUnless(EXE, "TOURNEY_TEST_EXE names the tourney binary")
class Tournaments(unittest.TestCase):
    maxDiff = None

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory(prefix="tourney-py-")
        direct = os.path.join(cls.folder.name, "direct")
        subprocess.run([EXE, "run", CLASSIC, "-o", direct, "-q"], check=True)
        with open(os.path.join(direct, "summary.json")) as source:
            cls.summary = json.load(source)

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def test_classic_from_its_file(self):
        results = tourney.run_tournament(CLASSIC, os.path.join(self.folder.name, "file"),
                                         binary=EXE, progress=False)
        self.assertEqual(api_standings(results), standings(self.summary["agents"]))
        self.assertEqual(len(results.standings), 5)
        self.assertEqual(len(results.games), 400)
        self.assertEqual(len(results.pairs), 20)
        self.assertEqual(results.ratings["random"].elo, 0.0)
        self.assertEqual(sorted(results.vs_random), ["first-open", "minimax", "negamax",
                                                     "negamax-ab-ids"])
        self.assertIn("negamax-ab-ids", results.tables)
        try:
            import pandas  # noqa: F401
        except ImportError:
            with self.assertRaises(ImportError) as caught:
                results.frames()
            self.assertIn("frames() needs pandas", str(caught.exception))
        else:
            frames = results.frames()
            self.assertEqual(list(frames["standings"]["name"]),
                             [a["name"] for a in self.summary["agents"]])
            self.assertEqual(frames["games"].shape[0], 400)

    def test_classic_from_a_dict(self):
        results = tourney.run_tournament(CLASSIC_SETTINGS, binary=EXE, progress=False,
                                         base_dir=os.path.dirname(CLASSIC))
        self.assertEqual(api_standings(results), standings(self.summary["agents"]))
        self.assertFalse(results.output_dir.startswith(self.folder.name))

    @unittest.skipIf(os.environ.get("TOURNEY_TEST_SANITIZED"),
                     "a sanitized build's plugins load only where the sanitizers' runtimes are")
    def test_agents_as_files_and_functions(self):
        examples = os.path.join(os.path.dirname(HERE), "examples")
        results = tourney.run_tournament({
            "tournament": {"name": "py", "seed": 5, "games_per_pair": 2,
                           "time_per_move_ms": 5000},
            "game": "mnk",
            "agents": {"greedy": os.path.join(examples, "greedy.py"),
                       "last": sample_agents.last_legal,
                       "wins": sample_agents.winning_or_first},
        }, binary=EXE, progress=False)
        self.assertEqual(len(results.games), 6)
        self.assertEqual([(g.termination, g.reason) for g in results.games],
                         [("normal", None)] * 6)
        self.assertEqual({s.name: s.all.games for s in results.standings},
                         {"greedy": 4, "last": 4, "wins": 4})

    def test_errors_carry_the_binary_message(self):
        settings = dict(CLASSIC_SETTINGS, agents={"a": "random", "b": "randomm"})
        with self.assertRaises(tourney.TourneyError) as caught:
            tourney.run_tournament(settings, binary=EXE, progress=False)
        self.assertIn("unknown agent plugin 'randomm'", caught.exception.message)
        self.assertIn("did you mean 'random'?", caught.exception.message)
        self.assertNotEqual(caught.exception.returncode, 0)
        with self.assertRaises(tourney.TourneyError) as caught:
            tourney.run_tournament(settings, binary="/nonexistent/tourney")
        self.assertIn("cannot run /nonexistent/tourney", caught.exception.message)


class Config(unittest.TestCase):
    def test_text_of_a_dict(self):
        text = tourney.config_text({
            "tournament": {"name": "t", "games_per_pair": 2, "openings": "o.txt",
                           "sprt": (0, 100, 0.05, 0.05)},
            "game": {"plugin": "./g.so", "rows": 4},
            "agents": {"r": "random", "lib": "x.so", "py": "a.py",
                       "cmd": {"command": "java Agent"},
                       "deep": {"plugin": "negamax-ab-ids", "knowledge": False}},
        }, base_dir="/b", python="/usr/bin/python3")
        self.assertEqual(text, "\n".join([
            "[tournament]", "name = t", "games_per_pair = 2", "openings = /b/o.txt",
            "sprt = 0, 100, 0.05, 0.05", "",
            "[game]", "plugin = /b/g.so", "rows = 4", "",
            "[agent r]", "plugin = random", "",
            "[agent lib]", "plugin = /b/x.so", "",
            "[agent py]", "command = /usr/bin/python3 /b/a.py",
            "read = " + os.path.dirname(HERE), "",
            "[agent cmd]", "command = java Agent", "",
            "[agent deep]", "plugin = negamax-ab-ids", "knowledge = false", ""]))

    def test_refused_settings(self):
        for settings, message in [
                ({"games": {}}, "unknown settings games"),
                ({"agents": {"x": 3}}, "is not a plugin name"),
                ({"agents": {"x": lambda state: 0}}, "not a function defined in a file"),
                ({"agents": {"x": {"command": "a\nb"}}}, "more than one line"),
                ({"agents": {"x": {"command": "x" * 200}}}, "longer than 197")]:
            with self.subTest(message=message):
                with self.assertRaises(tourney.TourneyError) as caught:
                    tourney.config_text(settings)
                self.assertIn(message, caught.exception.message)
