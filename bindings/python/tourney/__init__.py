"""tourney from Python (docs/python.md).

- tourney.Game: a game's rules through its plugin (tourney.game), for agents' searches;
- tourney.run_tournament: a tournament played by the tourney binary, its results as
  objects or DataFrames (tourney.tournament).

Standard library only; pandas and matplotlib are used when present.
"""

from .game import Game, GameError, State, Status, find_game_plugin, plugin_path
from .tournament import (GameRecord, Pair, Rating, Record, Results, Standing, TourneyError,
                         config_text, find_binary, read_results, run_tournament)

__version__ = "0.1.0"

__all__ = ["Game", "GameError", "State", "Status", "find_game_plugin", "plugin_path",
           "GameRecord", "Pair", "Rating", "Record", "Results", "Standing", "TourneyError",
           "config_text", "find_binary", "read_results", "run_tournament"]
