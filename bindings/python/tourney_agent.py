"""A tourney agent in Python: the line protocol of docs/protocol.md, spoken for you.

An agent is one function, choose_move(state), which returns a move's number (an int
from state.legal) or its name (a str from state.legal_text):

    import tourney_agent

    def choose_move(state):
        return state.legal[0]

    tourney_agent.run(choose_move)

state.position() is the current position on the game's own rules (a tourney.State, from
the game plugin the runner names), for an agent that searches.

Configure it in a tournament with `command = python3 my_agent.py` in its [agent NAME]
section (docs/python.md). Standard library only; Python 3.7 or later.
"""

import random
import sys
import time

PROTOCOL_VERSION = 1

# What a line the agent writes may hold, its newline included.
LINE_MAX = 4096

LEVELS = ("error", "warning", "info", "debug")


class ProtocolError(Exception):
    """The runner said something this helper does not understand."""


class State:
    """What the agent knows: the game (from new-game) and the position (from go).

    Times are seconds; remaining, increment and opponent are None without a clock.
    """

    def __init__(self, out):
        self._out = out
        self.game = None
        self.params = {}
        self.move_limit = 0
        self.max_plies = 0
        self.time_per_move = None
        self.time_control = None
        self.seat = 0
        self.seed = 0
        self.random = random.Random(0)
        self.plugin = None
        self._rules = None
        self._clear_position()

    def _clear_position(self):
        self.ply = 0
        self.moves = []
        self.moves_text = []
        self.board = []
        self.legal = []
        self.legal_text = []
        self.budget = 0.0
        self.remaining = None
        self.increment = None
        self.opponent = None
        self.deadline = time.monotonic()

    def rules(self):
        """The game's rules: a tourney.Game made from the game plugin itself, with this
        game's parameters (loaded once, and again only when the game changes)."""
        from tourney.game import Game

        # The file the runner plays (its game-plugin line), else the game found by name.
        key = (self.plugin or self.game, tuple(sorted(self.params.items())))
        if self._rules is None or self._rules[0] != key:
            self._rules = (key, Game(key[0], self.params))
        return self._rules[1]

    def position(self):
        """The current position as a tourney.State of the game's rules: the moves played
        applied to the start. A fresh copy each call, the agent's to search."""
        game = self.rules()
        state = game.initial_state()
        for move in self.moves:
            state.apply(move)
        return state

    def time_left(self):
        """Seconds until the budget of this move is spent (negative once it is)."""
        return self.deadline - time.monotonic()

    def log(self, level, text):
        """A message for the game's record; LEVEL is error, warning, info or debug."""
        if level not in LEVELS:
            raise ValueError("log level must be one of %s" % ", ".join(LEVELS))
        self._out.line("log %s %s" % (level, _one_line(text)))

    def info(self, nodes=None, depth=None, score=None, seldepth=None):
        """What the search found, kept with the move: positions, depth, score, and the
        selective depth (the deepest ply any line reached)."""
        fields = []
        for key, value in (("nodes", nodes), ("depth", depth), ("seldepth", seldepth),
                           ("score", score)):
            if value is not None:
                fields.append("%s %d" % (key, int(value)))
        if fields:
            self._out.line("info " + " ".join(fields))


class _Output:
    """Standard output, a line at a time, flushed."""

    def __init__(self, stream):
        self._stream = stream

    def line(self, text):
        data = text + "\n"
        if len(data.encode("utf-8", "replace")) > LINE_MAX:
            data = data.encode("utf-8", "replace")[:LINE_MAX - 1].decode("utf-8", "ignore")
            data += "\n"
        self._stream.write(data)
        self._stream.flush()


def _one_line(text):
    return " ".join(str(text).split())


def _numbers(fields):
    return [int(field) for field in fields]


def _move_line(state, move):
    """The line that answers go with MOVE (a number or a name)."""
    if isinstance(move, bool) or move is None:
        raise TypeError("choose_move returned %r, not a move" % (move,))
    if isinstance(move, int):
        return "move %d" % move
    if isinstance(move, str) and move and not any(c.isspace() for c in move):
        return "move-text " + move
    raise TypeError("choose_move returned %r, not a move's number or name" % (move,))


def _set_time(state, fields):
    """Reads go's fields: budget MS [remaining MS increment MS opponent MS]."""
    start = time.monotonic()
    values = dict(zip(fields[0::2], fields[1::2]))
    state.budget = int(values.get("budget", "0")) / 1000.0
    for key in ("remaining", "increment", "opponent"):
        setattr(state, key, int(values[key]) / 1000.0 if key in values else None)
    state.deadline = start + state.budget


def run(choose_move, new_game=None, end_game=None, stdin=None, stdout=None):
    """Speaks the protocol until the runner says quit (or closes standard input).

    choose_move(state) is called for every move; new_game(state), when given, before
    each game; end_game(state, result), when given, after it, with result "win",
    "loss" or "draw". An exception in any of them gives up the game: it becomes an
    `error` line naming the exception, which the game's record keeps.
    """
    stdin = stdin if stdin is not None else sys.stdin
    out = _Output(stdout if stdout is not None else sys.stdout)
    state = State(out)
    for raw in stdin:
        words = raw.split()
        if not words:
            continue
        word, fields = words[0], words[1:]
        if word == "tourney-protocol":
            out.line("tourney-protocol %d" % PROTOCOL_VERSION)
        elif word == "game":
            state.game = fields[0]
            state.params = {}
            state.plugin = None
        elif word == "game-plugin":
            # The rest of the line: a path may hold blanks.
            state.plugin = raw.rstrip("\r\n")[len("game-plugin "):] or None
        elif word == "game-param":
            state.params[fields[0]] = fields[1]
        elif word == "move-limit":
            state.move_limit = int(fields[0])
        elif word == "max-plies":
            state.max_plies = int(fields[0])
        elif word == "time-per-move":
            state.time_per_move = int(fields[0]) / 1000.0
            state.time_control = None
        elif word == "time-control":
            state.time_control = (int(fields[0]) / 1000.0, int(fields[1]) / 1000.0)
            state.time_per_move = None
        elif word == "seat":
            state.seat = int(fields[0])
        elif word == "seed":
            state.seed = int(fields[0])
            state.random = random.Random(state.seed)
        elif word == "new-game":
            state._clear_position()
            _answer(out, lambda: new_game(state) if new_game else None, "ready")
        elif word == "position":
            state._clear_position()
            state.ply = int(fields[0])
        elif word == "moves":
            state.moves = _numbers(fields)
        elif word == "moves-text":
            state.moves_text = fields
        elif word == "board":
            # The row as the game drew it, its single spaces kept.
            state.board.append(raw.rstrip("\r\n")[len("board "):])
        elif word == "legal":
            state.legal = _numbers(fields)
        elif word == "legal-text":
            state.legal_text = fields
        elif word == "go":
            _set_time(state, fields)
            _answer(out, lambda: _move_line(state, choose_move(state)))
        elif word == "end-game":
            if end_game is not None:
                try:
                    end_game(state, fields[0] if fields else "")
                except Exception as error:  # the game is over: nothing to give up
                    _complain(error)
        elif word == "quit":
            return
        # Any other line is one a later tourney added: ignored, as the protocol asks.


def _answer(out, work, done=None):
    """Runs WORK, then writes its line (or DONE); an exception gives up the game."""
    try:
        line = work()
    except Exception as error:
        _complain(error)
        out.line("error " + _one_line("%s: %s" % (type(error).__name__, error))[:200])
        return
    out.line(done if done is not None else line)


def _complain(error):
    """The traceback goes to standard error, which the game's record keeps."""
    import traceback

    traceback.print_exception(type(error), error, error.__traceback__, file=sys.stderr)
    sys.stderr.flush()
