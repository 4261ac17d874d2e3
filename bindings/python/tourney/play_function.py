"""Plays a function of a Python file as an agent: python3 play_function.py FILE NAME.

run_tournament starts this for an agent given as a function: FILE is imported as a
module (its `if __name__ == "__main__":` block does not run) and NAME, called with the
helper's state for every move, is the agent's choose_move (docs/python.md).
"""

import importlib.util
import os
import sys


def main(argv):
    if len(argv) != 2:
        print("usage: play_function.py FILE FUNCTION", file=sys.stderr)
        return 2
    path, name = os.path.abspath(argv[0]), argv[1]
    # tourney_agent lies beside this package; the agent's own modules beside its file.
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path.insert(0, os.path.dirname(path))
    import tourney_agent

    spec = importlib.util.spec_from_file_location("tourney_agent_module", path)
    if spec is None or spec.loader is None:
        print("%s is not a Python file" % path, file=sys.stderr)
        return 1
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    choose_move = getattr(module, name, None)
    if not callable(choose_move):
        print("%s has no function %s" % (path, name), file=sys.stderr)
        return 1
    tourney_agent.run(choose_move)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
