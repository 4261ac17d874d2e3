"""The game binding (tourney.game) against the plugins' own C rules and search.

Run by `meson test` (suite python) with TOURNEY_PLUGIN_PATH set to the build tree.
"""

import copy
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from tourney.game import Game, GameError, State, Status, find_game_plugin  # noqa: E402

WIN = 1000000
INF = WIN + 1
POSITION_4X4 = "x x x . / o o o . / x . . . / . . . ."


def terminal_score(status, player, ply):
    """search_terminal_score of agents/common/search.c."""
    if status == Status.DRAW:
        return 0
    winner = 0 if status == Status.WIN_FIRST else 1
    return WIN - ply if winner == player else -(WIN - ply)


class PlainAlphaBeta:
    """negamax-ab-ids with every speed-up off (ordering=false tt_mb=0 window=full
    knowledge=false iterative=false): fail-soft alpha-beta over the moves in ascending
    order, every position entered counted, the root included (agents/ab/)."""

    def __init__(self):
        self.nodes = 0

    def node(self, state, player, ply, alpha, beta):
        self.nodes += 1
        status = state.status()
        if status != Status.ONGOING:
            return terminal_score(status, player, ply)
        mover = state.to_move()
        if mover == player:
            return self.expand(state, mover, ply, alpha, beta)
        return -self.expand(state, mover, ply, -beta, -alpha)

    def expand(self, state, mover, ply, lo, hi):
        best = -INF
        for move in state.legal_moves():
            state.apply(move)
            value = self.node(state, mover, ply + 1, lo, hi)
            state.undo(move)
            if value > best:
                best = value
                if best > lo:
                    lo = best
                    if lo >= hi:
                        break
        return best

    def root(self, state):
        """The value of STATE for its player to move and the lowest best move."""
        me = state.to_move()
        self.nodes += 1
        best, chosen = -INF, None
        for move in state.legal_moves():
            state.apply(move)
            value = self.node(state, me, 1, best, INF)
            state.undo(move)
            if value > best:
                best, chosen = value, move
        return best, chosen


class NodeCounts(unittest.TestCase):
    """The same tree as the C search, position for position (tests/agents/test_search.c)."""

    def test_empty_3x3(self):
        search = PlainAlphaBeta()
        value, move = search.root(Game("mnk").initial_state())
        self.assertEqual((search.nodes, value, move), (20866, 0, 0))

    def test_4x4_position(self):
        state = Game("mnk", rows=4, cols=4, k=4).parse_state(POSITION_4X4)
        self.assertEqual(state.to_move(), 1)
        search = PlainAlphaBeta()
        value, move = search.root(state)
        self.assertEqual((search.nodes, value, move), (562, WIN - 1, 7))


BUILD = os.environ.get("TOURNEY_TEST_BUILD_ROOT", "")


def perft(state, depth):
    if depth == 0:
        return 1
    total = 0
    for move in state.legal_moves():
        state.apply(move)
        total += perft(state, depth - 1)
        state.undo(move)
    return total


class Rules(unittest.TestCase):
    def test_connect4_counts_and_facts(self):
        game = Game("connect4")
        self.assertEqual(game.params, {"columns": "7", "rows": "6"})
        self.assertEqual((game.move_limit, game.max_plies), (7, 42))
        start = game.initial_state()
        # docs/games.md: 7, 49, 343, 2401 move sequences of 1 to 4 plies.
        self.assertEqual([perft(start, d) for d in range(1, 5)], [7, 49, 343, 2401])
        self.assertEqual(start, game.initial_state())  # apply and undo left it as it was
        self.assertEqual([game.format_move(m) for m in range(7)], list("1234567"))

    def test_copies_are_independent(self):
        game = Game("connect4", columns=7, rows=6)
        state = game.parse_state("4453")
        twin, deep = state.copy(), copy.deepcopy(state)
        twin.apply(3)
        self.assertNotEqual(state, twin)
        self.assertEqual(state, deep)
        self.assertEqual(state.hash(), deep.hash())
        self.assertNotEqual(state.hash(), twin.hash())
        self.assertEqual(State(game, state.raw()), state)
        self.assertEqual(state.child(3), twin)
        twin.undo(3)
        self.assertEqual(twin, state)
        self.assertEqual(state.format(), ". . . . . . .\n" * 4 +
                         ". . . o . . .\n. . o x x . .\n")

    def test_status_and_turn(self):
        game = Game("mnk")
        state = game.state_from_moves([0, 3, 1, 4])
        self.assertEqual((state.status(), state.to_move()), (Status.ONGOING, 0))
        self.assertEqual(state.winning_move(), 2)
        state.apply(2)
        self.assertEqual(state.status(), Status.WIN_FIRST)
        self.assertTrue(state.is_over())
        self.assertEqual(state.legal_moves(), [])
        draw = game.parse_state("x o x / x o o / o x x")
        self.assertEqual(draw.status(), Status.DRAW)
        with self.assertRaises(GameError):
            game.state_from_moves([0, 0])
        for move in (9, -1, 4):
            with self.assertRaises(GameError):
                game.state_from_moves([4]).play(move)

    def test_search_knowledge(self):
        game = Game("mnk")
        self.assertTrue(game.has_search_knowledge)
        # o threatens a3 (cell 6) after x a1, o a2? no: o holds b1 and b2, x must block b3.
        state = game.parse_state("x o . / . o . / . . x")
        self.assertEqual(state.to_move(), 0)
        self.assertIsNone(state.winning_move())
        self.assertEqual(state.safe_moves(), [7])
        self.assertEqual(state.order_moves(), [3, 5, 7, 2, 6])
        self.assertEqual(state.order_moves([6, 2]), [2, 6])
        self.assertEqual(game.format_move(7), "b3")
        self.assertEqual(game.parse_move("B3", state), 7)
        self.assertEqual(game.initial_state().evaluate(), 0)
        self.assertEqual(game.parse_state("x . . / . . . / . . .").evaluate(), -3)

    def test_parameters(self):
        self.assertEqual(Game("mnk", {"rows": 4}, cols="5", k=4).params,
                         {"rows": 4, "cols": "5", "k": 4})
        cases = [({"k": 4}, "k = 4 cannot fit on a 3x3 board"), ({"k": 17}, "not in [1, 16]"),
                 ({"rows": "three"}, "not a whole number"), ({"rows": True}, "not in"),
                 ({"depth": 3}, "no parameter depth")]
        for params, message in cases:
            with self.subTest(params=params):
                with self.assertRaises(GameError) as caught:
                    Game("mnk", params)
                self.assertIn(message, str(caught.exception))

    def test_unreadable_positions(self):
        game = Game("mnk")
        for text in ("x x x / x . . / . . .", "o . . / . . . / . . .", "x x"):
            with self.subTest(text=text):
                with self.assertRaises(GameError):
                    game.parse_state(text)
        with self.assertRaises(GameError):
            Game("connect4").parse_state("4453 -3")


@unittest.skipUnless(BUILD, "TOURNEY_TEST_BUILD_ROOT names the build tree")
class Plugins(unittest.TestCase):
    def test_choice_parameter(self):
        liar = Game(os.path.join(BUILD, "tests", "games", "plugins", "liar.so"), lie="honest")
        self.assertEqual(liar.params["lie"], "honest")
        with self.assertRaises(GameError) as caught:
            Game(liar.path, lie="sometimes")
        self.assertIn("is not one of", str(caught.exception))

    def test_abi_1_0_game(self):
        """Parameters from the 1.0 array, no search knowledge."""
        old = Game(os.path.join(BUILD, "tests", "abi", "old_game_1_0.so"), stones=5)
        self.assertEqual(old.params, {"stones": 5, "max_take": "3"})
        self.assertFalse(old.has_search_knowledge)
        state = old.initial_state()
        self.assertEqual(state.legal_moves(), [0, 1, 2])
        self.assertIsNone(state.winning_move())
        self.assertEqual(state.safe_moves(), [0, 1, 2])

    def test_not_a_game(self):
        with self.assertRaises(GameError) as caught:
            Game(os.path.join(BUILD, "agents", "random.so"))
        self.assertIn("not a game plugin", str(caught.exception))
        with self.assertRaises(GameError) as caught:
            Game(__file__)
        self.assertIn("cannot be loaded", str(caught.exception))
        with self.assertRaises(GameError) as caught:
            Game(os.path.join(BUILD, "no-such.so"))
        self.assertIn("no file", str(caught.exception))

    def test_plugin_path(self):
        self.assertEqual(find_game_plugin("mnk", [BUILD]), os.path.join(BUILD, "games", "mnk.so"))
        with self.assertRaises(GameError) as caught:
            find_game_plugin("mnkk", [BUILD])
        self.assertIn("no mnkk.so found in " + BUILD, str(caught.exception))


class Helper(unittest.TestCase):
    """tourney_agent hands choose_move the position as a state of the game's rules."""

    def test_position_from_the_conversation(self):
        import io

        import tourney_agent

        seen = []

        def choose_move(agent):
            state = agent.position()
            seen.append((agent.rules().params, state.format(), state.legal_moves(),
                         state.to_move()))
            state.apply(state.legal_moves()[0])  # the agent's own copy
            return agent.position().safe_moves()[0]  # o must block x at 4

        conversation = io.StringIO("\n".join([
            "tourney-protocol 1", "game connect4", "game-param columns 5",
            "game-param rows 4", "move-limit 5", "max-plies 20", "time-per-move 100",
            "seat 1", "seed 3", "new-game", "position 5", "moves 0 0 1 1 2",
            "legal 0 1 2 3 4", "go budget 100", "quit", ""]))
        out = io.StringIO()
        tourney_agent.run(choose_move, stdin=conversation, stdout=out)
        self.assertEqual(out.getvalue(), "tourney-protocol 1\nready\nmove 3\n")
        self.assertEqual(seen, [({"columns": "5", "rows": "4"},
                                 ". . . . .\n. . . . .\no o . . .\nx x x . .\n",
                                 [0, 1, 2, 3, 4], 1)])

    @unittest.skipUnless(BUILD, "TOURNEY_TEST_BUILD_ROOT names the build tree")
    def test_the_plugin_the_runner_names(self):
        """game-plugin PATH (a path with a blank) is loaded, not a plugin found by name."""
        import io
        import shutil
        import tempfile

        import tourney_agent

        with tempfile.TemporaryDirectory() as folder:
            os.mkdir(os.path.join(folder, "a b"))
            plugin = os.path.join(folder, "a b", "connect4.so")
            shutil.copy(os.path.join(BUILD, "games", "connect4.so"), plugin)
            saved = os.environ.pop("TOURNEY_PLUGIN_PATH", None)
            try:
                paths = []

                def choose_move(agent):
                    paths.append(agent.rules().path)
                    return agent.position().order_moves()[0]

                out = io.StringIO()
                tourney_agent.run(choose_move, stdin=io.StringIO("\n".join([
                    "tourney-protocol 1", "game connect4", "game-plugin " + plugin,
                    "new-game", "position 0", "moves", "go budget 100",
                    "game nosuchgame", "new-game", "position 0", "moves", "go budget 100",
                    ""])), stdout=out)
            finally:
                if saved is not None:
                    os.environ["TOURNEY_PLUGIN_PATH"] = saved
        lines = out.getvalue().splitlines()
        self.assertEqual(lines[:3], ["tourney-protocol 1", "ready", "move 3"])
        self.assertEqual(paths, [plugin])
        # The next game names no file: the game is looked for by name, not in the file
        # of the game before, and the agent gives that game up with the reason.
        self.assertEqual(lines[3], "ready")
        self.assertTrue(lines[4].startswith("error GameError: unknown game plugin "
                                            "'nosuchgame': no nosuchgame.so found in "),
                        lines[4])
