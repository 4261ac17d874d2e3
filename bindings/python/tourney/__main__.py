"""python3 -m tourney game NAME [KEY=VALUE]...: a game's parameters and first position.
python3 -m tourney run CONFIG [OUTPUT_DIR]: a tournament, its standings as Python reads them.
"""

import sys
from typing import Sequence

from .game import Game, GameError
from .tournament import TourneyError, run_tournament

USAGE = __doc__.strip()


def main(argv: Sequence[str]) -> int:
    if len(argv) >= 2 and argv[0] == "game":
        try:
            game = Game(argv[1], dict(arg.split("=", 1) for arg in argv[2:] if "=" in arg))
        except GameError as error:
            print(error, file=sys.stderr)
            return 1
        print("%s (%s): %s" % (game.name, game.path, game.description))
        for p in game.param_info:
            print("  %s = %s  (%s)" % (p.name, game.params[p.name], p.help))
        print(game.initial_state().format(), end="")
        return 0
    if len(argv) in (2, 3) and argv[0] == "run":
        try:
            results = run_tournament(argv[1], argv[2] if len(argv) > 2 else None)
        except TourneyError as error:
            print(error.message, file=sys.stderr)
            return 1
        for s in results.standings:
            print("%d %-20s %s" % (s.rank, s.name, s.rating.text))
        print("results in %s" % results.output_dir)
        return 0
    print(USAGE, file=sys.stderr)
    return 2


sys.exit(main(sys.argv[1:]))
