"""The nodes per second a search written in Python reaches through the game binding.

    TOURNEY_PLUGIN_PATH=build python3 bench/python-search-bench.py [repeats]

Times, through tourney.Game (bindings/python), the game plugins of the build tree (or
those on TOURNEY_PLUGIN_PATH):

1. plain alpha-beta on the empty 3x3 board, to the end (20,866 positions, as
   negamax-ab-ids visits with every speed-up off: compare search-bench's row);
2. perft of Connect Four to 6 plies by apply and undo on one state (137,257 positions);
3. the same to 5 plies by copying the state for every move (19,608 positions);
4. perft of Connect Four to 5 plies asking for the game's search knowledge at every
   position (winning_move, then safe_moves and order_moves where there is no win).

For each: the positions visited, the median time of REPEATS runs (default 5), and
thousands of positions per second. Speed is the binding's: what each position costs in
Python calls into the plugin, the plugin's own work being a small part of it.
"""

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bindings",
                                "python"))

from tourney.game import Game, Status  # noqa: E402

WIN = 1000000
INF = WIN + 1


class Counter:
    def __init__(self):
        self.nodes = 0


def alphabeta(state, ply, alpha, beta, count):
    """Fail-soft negamax alpha-beta, the moves in ascending order."""
    count.nodes += 1
    status = state.status()
    if status != Status.ONGOING:
        return 0 if status == Status.DRAW else -(WIN - ply)
    best = -INF
    for move in state.legal_moves():
        state.apply(move)
        value = -alphabeta(state, ply + 1, -beta, -max(alpha, best), count)
        state.undo(move)
        if value > best:
            best = value
            if best >= beta:
                break
    return best


def perft_undo(state, depth, count):
    count.nodes += 1
    if depth == 0 or state.is_over():
        return
    for move in state.legal_moves():
        state.apply(move)
        perft_undo(state, depth - 1, count)
        state.undo(move)


def perft_copy(state, depth, count):
    count.nodes += 1
    if depth == 0 or state.is_over():
        return
    for move in state.legal_moves():
        perft_copy(state.child(move), depth - 1, count)


def perft_knowledge(state, depth, count):
    count.nodes += 1
    if depth == 0 or state.is_over():
        return
    if state.winning_move() is None:
        state.order_moves(state.safe_moves())
    for move in state.legal_moves():
        state.apply(move)
        perft_knowledge(state, depth - 1, count)
        state.undo(move)


def measure(label, game, run, repeats):
    times = []
    nodes = 0
    for _ in range(repeats):
        count = Counter()
        state = game.initial_state()
        start = time.perf_counter()
        run(state, count)
        times.append(time.perf_counter() - start)
        nodes = count.nodes
    median = statistics.median(times)
    print("%-42s %9d %10.1f %10.1f" % (label, nodes, median * 1000, nodes / median / 1000))


def main(argv):
    repeats = int(argv[0]) if argv else 5
    mnk = Game("mnk")
    connect4 = Game("connect4")
    print("python %s, %d repeats" % (sys.version.split()[0], repeats))
    print("%-42s %9s %10s %10s" % ("search", "positions", "median ms", "kpos/s"))
    measure("alpha-beta, empty 3x3", mnk,
            lambda s, c: alphabeta(s, 0, -INF, INF, c), repeats)
    measure("perft 6, connect4, apply/undo", connect4,
            lambda s, c: perft_undo(s, 6, c), repeats)
    measure("perft 5, connect4, a copy a move", connect4,
            lambda s, c: perft_copy(s, 5, c), repeats)
    measure("perft 5, connect4, with search knowledge", connect4,
            lambda s, c: perft_knowledge(s, 5, c), repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
