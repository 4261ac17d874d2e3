"""tourney from Python (docs/python.md).

- tourney.Game: a game's rules through its plugin (tourney.game), for agents' searches;
- tourney.run_tournament: a tournament played by the tourney binary, its results as
  objects or DataFrames (tourney.tournament).

Standard library only; pandas and matplotlib are used when present.
"""

from .game import Game, GameError, State, Status, find_game_plugin, plugin_path

_TOURNAMENT = ("GameRecord", "Pair", "Rating", "Record", "Results", "Standing", "TourneyError",
               "config_text", "find_binary", "read_results", "run_tournament")


def __getattr__(name):
    """The tournament's names, imported when first used: an agent that only plays by the
    game's rules does not pay for subprocess, threading and the rest at its first move."""
    if name in _TOURNAMENT:
        from . import tournament

        return getattr(tournament, name)
    raise AttributeError("module 'tourney' has no attribute %r" % name)


__version__ = "0.1.0"

__all__ = ["Game", "GameError", "State", "Status", "find_game_plugin", "plugin_path",
           "GameRecord", "Pair", "Rating", "Record", "Results", "Standing", "TourneyError",
           "config_text", "find_binary", "read_results", "run_tournament"]
