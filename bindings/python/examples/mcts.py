"""A Monte Carlo tree search agent for any game, on the game's own rules (tourney.Game).

    command = python3 bindings/python/examples/mcts.py --iterations 2000
    read = bindings/python

UCT with random playouts (a win at once taken when the game knows one); without
--iterations it runs while half the move's budget lasts. Its randomness is the game's seed.
"""

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import tourney_agent  # noqa: E402 (found beside this folder)
from tourney import Status  # noqa: E402

EXPLORATION = 1.4


class Node:
    def __init__(self, state, mover):
        self.mover = mover  # who moved into this node: its wins are counted here
        self.untried = state.legal_moves()
        self.children = {}
        self.visits = 0
        self.wins = 0.0

    def select(self):
        log_n = math.log(self.visits)
        return max(self.children.items(), key=lambda item: item[1].wins / item[1].visits +
                   EXPLORATION * math.sqrt(log_n / item[1].visits))


def playout(state, rng):
    """Plays STATE out at random; the winner (0 or 1) or None for a draw."""
    while not state.is_over():
        move = state.winning_move()
        if move is None:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
        state.apply(move)
    status = state.status()
    return None if status == Status.DRAW else status - Status.WIN_FIRST


def iterate(root, root_state, rng):
    state, node, path = root_state.copy(), root, [root]
    while not node.untried and node.children:
        move, node = node.select()
        state.apply(move)
        path.append(node)
    if node.untried:
        move = node.untried.pop(rng.randrange(len(node.untried)))
        mover = state.to_move()
        state.apply(move)
        node.children[move] = node = Node(state, mover)
        path.append(node)
    winner = playout(state, rng)
    for visited in path:
        visited.visits += 1
        visited.wins += 0.5 if winner is None else float(winner == visited.mover)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=0, help="0: while time lasts")
    iterations = parser.parse_args().iterations

    def choose_move(agent):
        state = agent.position()
        root = Node(state, 1 - state.to_move())
        done = 0
        while (done < iterations if iterations > 0 else
               done == 0 or agent.time_left() > agent.budget / 2):
            iterate(root, state, agent.random)
            done += 1
        move, best = max(root.children.items(), key=lambda item: (item[1].visits, -item[0]))
        agent.info(nodes=done, score=round(200 * best.wins / best.visits) - 100)
        return move

    tourney_agent.run(choose_move)


if __name__ == "__main__":
    main()
