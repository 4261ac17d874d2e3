"""An alpha-beta agent for any game, on the game's own rules (tourney.Game).

    command = python3 bindings/python/examples/alphabeta.py --depth 4
    read = bindings/python

Negamax with alpha-beta to DEPTH plies, the game's evaluation at the horizon and its search
knowledge where it has it. Without --depth it deepens while half the move's budget lasts.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import tourney_agent  # noqa: E402 (found beside this folder)
from tourney import Status  # noqa: E402

WIN = 1000000  # a win in p plies scores WIN - p (docs/protocol.md, Scores)


class OutOfTime(Exception):
    """The move's time is up: the deepest finished iteration answers."""


def negamax(state, depth, ply, alpha, beta, search):
    """The value of STATE for the player to move, searched DEPTH plies deep."""
    search["nodes"] += 1
    if search["nodes"] % 1024 == 0 and search["deadline"]():
        raise OutOfTime()
    if state.is_over():
        return 0 if state.status() == Status.DRAW else -(WIN - ply)  # the last mover won
    if depth == 0:
        return state.evaluate()
    if state.winning_move() is not None:
        return WIN - ply - 1
    moves = state.order_moves(state.safe_moves())
    if not moves:
        return -(WIN - ply - 2)  # every move lets the opponent win at once
    best = -WIN - 1
    for move in moves:
        state.apply(move)
        value = -negamax(state, depth - 1, ply + 1, -beta, -max(alpha, best), search)
        state.undo(move)
        if value > best:
            best = value
            if best >= beta:
                break
    return best


def best_move(state, depth, search):
    """The best root move and its value at DEPTH."""
    win = state.winning_move()
    if win is not None:
        return win, WIN - 1
    moves = state.order_moves(state.safe_moves()) or state.order_moves()
    best, chosen = -WIN - 1, moves[0]
    for move in moves:
        state.apply(move)
        value = -negamax(state, depth - 1, 1, -WIN - 1, -best, search)
        state.undo(move)
        if value > best:
            best, chosen = value, move
    return chosen, best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=0, help="plies (0: as deep as time lets)")
    depth = parser.parse_args().depth

    def choose_move(agent):
        state = agent.position()
        timed = depth <= 0
        search = {"nodes": 0, "deadline": lambda: timed and agent.time_left() < agent.budget / 2}
        chosen, value, reached = agent.legal[0], 0, 0
        for d in range(1, (depth if depth > 0 else agent.max_plies) + 1):
            try:
                chosen, value = best_move(state, d, search)
            except OutOfTime:
                break
            reached = d
            if abs(value) >= WIN - agent.max_plies or search["deadline"]():
                break
        agent.info(nodes=search["nodes"], depth=reached, score=value)
        return chosen

    tourney_agent.run(choose_move)


if __name__ == "__main__":
    main()
