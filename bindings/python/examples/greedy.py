"""A greedy agent for the shipped games, k in a row (mnk) and Connect Four (connect4).

It wins at once when it can, blocks the opponent's immediate win when it must, and
otherwise plays the move nearest the centre of the board; ties go to the lowest move
number, so it always plays the same move in the same position.

    [agent greedy]
    command = python3 bindings/python/examples/greedy.py
    read = bindings/python

It rebuilds the board from the moves played (state.moves): in both games the first
player moves first and the players alternate; an mnk move is a cell, numbered row by
row (row * cols + col), and a Connect Four move is a column, whose stone falls to the
lowest empty cell.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import tourney_agent  # noqa: E402 (found beside this folder)

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


class Board:
    """The cells of the game, each None or the seat (0 or 1) whose stone is there."""

    def __init__(self, state):
        params = state.params
        if state.game == "mnk":
            self.rows, self.cols = int(params["rows"]), int(params["cols"])
            self.k = int(params["k"])
            self.gravity = False
        elif state.game == "connect4":
            self.rows, self.cols = int(params["rows"]), int(params["columns"])
            self.k = 4
            self.gravity = True
        else:
            raise ValueError("greedy knows mnk and connect4, not " + str(state.game))
        self.cells = [[None] * self.cols for _ in range(self.rows)]
        for ply, move in enumerate(state.moves):
            row, col = self.landing(move)
            self.cells[row][col] = ply % 2

    def landing(self, move):
        """The cell (row, col) a stone played as MOVE goes to; row 0 is the bottom for
        Connect Four, the top for mnk (which does not matter to lines or the centre)."""
        if not self.gravity:
            return divmod(move, self.cols)
        col = move
        for row in range(self.rows):
            if self.cells[row][col] is None:
                return row, col
        raise ValueError("column %d is full" % col)

    def wins(self, move, seat):
        """Whether SEAT playing MOVE makes k in a row."""
        row, col = self.landing(move)
        for dr, dc in DIRECTIONS:
            count = 1
            for sign in (1, -1):
                r, c = row + sign * dr, col + sign * dc
                while 0 <= r < self.rows and 0 <= c < self.cols and self.cells[r][c] == seat:
                    count += 1
                    r, c = r + sign * dr, c + sign * dc
            if count >= self.k:
                return True
        return False

    def distance_from_centre(self, move):
        row, col = self.landing(move)
        return (2 * row - (self.rows - 1)) ** 2 + (2 * col - (self.cols - 1)) ** 2


def choose_move(state):
    board = Board(state)
    me, them = state.seat, 1 - state.seat
    state.info(nodes=len(state.legal), depth=1, seldepth=1)
    for move in state.legal:
        if board.wins(move, me):
            state.info(score=1000000 - 1)
            return move
    for move in state.legal:
        if board.wins(move, them):
            state.log("debug", "blocks %s" % state.legal_text[state.legal.index(move)])
            return move
    return min(state.legal, key=lambda move: (board.distance_from_centre(move), move))


if __name__ == "__main__":
    tourney_agent.run(choose_move)
