"""Agents given to run_tournament as functions (tests/test_tournament.py)."""


def last_legal(state):
    """Plays the highest-numbered legal move."""
    return state.legal[-1]


def winning_or_first(state):
    """Wins at once when the game's rules say it can, else plays the lowest legal move."""
    move = state.position().winning_move()
    return move if move is not None else state.legal[0]
