"""tourney from Python: a game's rules through its plugin, and tournaments as data."""
