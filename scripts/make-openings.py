#!/usr/bin/env python3
"""Writes the suites of openings in config/openings/, each position with its
exact value as tourney's own solver finds it (`tourney solve`, negamax-ab-ids
searched to the end of the game).

    scripts/make-openings.py [--tourney build/tourney] [--out config/openings] [SUITE...]

SUITE is one of the names below (all when none is given). The m,n,k suites
are every position after a number of plies, up to the board's symmetries;
the Connect Four suite is positions after 4 to 8 random plies, up to the
mirror image, kept when they are balanced. Everything is drawn from fixed
seeds, so the same program writes the same files. config/openings/README.md
says what each file holds.
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import textwrap

# name: (rows, cols, k, plies, keep)
MNK_SUITES = {
    "mnk-3x3-2ply": (3, 3, 3, 2, "all"),
    "mnk-3x3-3ply-draws": (3, 3, 3, 3, "draws"),
    "mnk-4x4-k3-2ply": (4, 4, 3, 2, "all"),
    "mnk-5x5-k4-2ply": (5, 5, 4, 2, "all"),
}

CONNECT4_SUITE = "connect4-balanced"
CONNECT4_SEED = 20261122
CONNECT4_COUNT = 12
# Positions solved at a time, each by its own tourney solve (a process per
# core): the solver takes from seconds to minutes per position.
CONNECT4_WORKERS = 2
CONNECT4_COLUMNS = 7
CONNECT4_ROWS = 6
# Pons's score of a won position is one more than half the moves the game
# could still have had after the winning one: 1 is a win with the winner's
# last stone, 2 with one of its last two. A balanced position is a draw or a
# win by one of these smallest margins.
CONNECT4_MARGIN = 2


def solve(tourney, game, position, params):
    """The value of POSITION for the player to move, from tourney solve."""
    command = [tourney, "solve", game, position, *params, "--json",
               "--agent-param", "tie_break=any"]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def describe(value, movers):
    """The value in words for people: 'draw', 'x wins in 7 plies'."""
    if value["result"] == "draw":
        return "draw"
    mover = movers[value["to_move"]]
    winner = mover if value["result"] == "win" else movers[1 - value["to_move"]]
    return "%s wins in %d plies" % (winner, value["plies"])


# ---- m,n,k ----

def mnk_symmetries(rows, cols):
    """The board's symmetries, each a list mapping a cell to its image."""
    def cell(r, c):
        return r * cols + c
    maps = []
    transforms = [lambda r, c: (r, c), lambda r, c: (r, cols - 1 - c),
                  lambda r, c: (rows - 1 - r, c), lambda r, c: (rows - 1 - r, cols - 1 - c)]
    if rows == cols:
        transforms += [lambda r, c: (c, r), lambda r, c: (c, rows - 1 - r),
                       lambda r, c: (cols - 1 - c, r), lambda r, c: (cols - 1 - c, rows - 1 - r)]
    for t in transforms:
        maps.append([cell(*t(r, c)) for r in range(rows) for c in range(cols)])
    return maps


def mnk_has_line(board, rows, cols, k, mark):
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= rr < rows and 0 <= cc < cols and board[rr * cols + cc] == mark
                       for rr, cc in cells):
                    return True
    return False


def mnk_positions(rows, cols, k, plies):
    """Every position after PLIES plies in which the game goes on, one of
    each class of symmetric positions (the least of the class as text)."""
    symmetries = mnk_symmetries(rows, cols)
    level = {"." * (rows * cols)}
    for ply in range(plies):
        mark = "xo"[ply % 2]
        following = set()
        for board in level:
            for cell, held in enumerate(board):
                if held == ".":
                    after = board[:cell] + mark + board[cell + 1:]
                    if not mnk_has_line(after, rows, cols, k, mark):
                        following.add(after)
        level = following
    canonical = set()
    for board in level:
        canonical.add(min("".join(board[m[i]] for i in range(rows * cols))
                          for m in symmetries))
    return sorted(canonical)


def mnk_text(board, rows, cols):
    return " / ".join(" ".join(board[r * cols:(r + 1) * cols]) for r in range(rows))


def write_mnk(tourney, out, name, rows, cols, k, plies, keep):
    params = ["rows=%d" % rows, "cols=%d" % cols, "k=%d" % k]
    lines = []
    for board in mnk_positions(rows, cols, k, plies):
        text = mnk_text(board, rows, cols)
        value = solve(tourney, "mnk", text, params)
        if keep == "draws" and value["result"] != "draw":
            continue
        lines.append("%s  # %s" % (text, describe(value, "xo")))
    if keep == "all":
        what = "every position after %d plies" % plies
    else:
        what = "the %d positions after %d plies that are drawn with perfect play" % (
            len(lines), plies)
    header = comment(
        "m,n,k with rows = %d, cols = %d, k = %d: %s, one of each class of positions the "
        "board's symmetries turn into each other (%d positions), each with its exact value "
        "for the player to move, as tourney solve finds it. Written by "
        "scripts/make-openings.py; see README.md." % (rows, cols, k, what, len(lines)))
    write(out, name, header, lines)


# ---- Connect Four ----

def connect4_board(moves):
    """The columns' stones of a move string, or None when a move is not
    legal or the game ends within it."""
    columns = [[] for _ in range(CONNECT4_COLUMNS)]
    for ply, move in enumerate(moves):
        column = columns[int(move) - 1]
        if len(column) == CONNECT4_ROWS:
            return None
        column.append("xo"[ply % 2])
        if connect4_four(columns, "xo"[ply % 2]):
            return None
    return columns


def connect4_four(columns, mark):
    def at(c, r):
        if 0 <= c < CONNECT4_COLUMNS and 0 <= r < len(columns[c]):
            return columns[c][r]
        return None
    for c in range(CONNECT4_COLUMNS):
        for r in range(CONNECT4_ROWS):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if all(at(c + i * dc, r + i * dr) == mark for i in range(4)):
                    return True
    return False


def connect4_key(columns):
    """The position up to its mirror image."""
    text = "/".join("".join(column) for column in columns)
    mirrored = "/".join("".join(column) for column in reversed(columns))
    return min(text, mirrored)


def solve_file(tourney, lines):
    """Pons's score of each of the move strings LINES (the value for the
    player to move), from one `tourney solve connect4 --file`: every line is
    given the score 0, and the solver names each one whose score differs."""
    scores = {moves: 0 for moves in lines}
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as file:
        file.write("".join("%s 0\n" % moves for moves in lines))
        file.flush()
        done = subprocess.run([tourney, "solve", "connect4", "--file", file.name],
                              capture_output=True, text=True)
    for line in done.stderr.splitlines():
        found = re.search(r": '([1-7]+)' scored (-?[0-9]+) \(agent score", line)
        if found is None:
            sys.exit("unexpected output of tourney solve: %s" % line)
        scores[found.group(1)] = int(found.group(2))
    # Exit status 1 says some scores differ from 0, as they do.
    if done.returncode not in (0, 1):
        sys.exit("tourney solve failed:\n" + done.stderr)
    return scores


def describe_score(score, moves):
    """Pons's SCORE of the position after MOVES in words."""
    if score == 0:
        return "draw"
    mover = "xo"[len(moves) % 2]
    winner = mover if score > 0 else "xo"[1 - len(moves) % 2]
    # The winner's stones when it wins: 22 - |score| (Pons's definition).
    return "%s wins with its stone %d of 21" % (winner, 22 - abs(score))


def write_connect4(tourney, out):
    rng = random.Random(CONNECT4_SEED)
    seen = set()
    kept = []
    drawn = 0
    with concurrent.futures.ThreadPoolExecutor(CONNECT4_WORKERS) as pool:
        while len(kept) < CONNECT4_COUNT:
            batch = []
            while len(batch) < CONNECT4_WORKERS:
                plies = rng.randint(4, 8)
                moves = "".join(str(rng.randint(1, CONNECT4_COLUMNS)) for _ in range(plies))
                columns = connect4_board(moves)
                if columns is None or connect4_key(columns) in seen:
                    continue
                seen.add(connect4_key(columns))
                batch.append(moves)
            solved = pool.map(lambda moves: solve_file(tourney, [moves]), batch)
            scores = {}
            for one in solved:
                scores.update(one)
            # The positions in the order drawn, up to the last one kept, so
            # that the count does not depend on the number of workers.
            for moves in batch:
                if len(kept) == CONNECT4_COUNT:
                    break
                drawn += 1
                score = scores[moves]
                print("%s: %s (score %d)" % (moves, describe_score(score, moves), score),
                      file=sys.stderr)
                if abs(score) <= CONNECT4_MARGIN:
                    kept.append((len(moves), moves, "%s  # %s (score %d)" % (
                        moves, describe_score(score, moves), score)))
    lines = [line for _, _, line in sorted(kept)]
    header = comment(
        "Connect Four, 7 columns and 6 rows: %d balanced positions after 4 to 8 plies, "
        "a draw or a win with one of the winner's last %d stones (Pons's score from -%d "
        "to %d), as tourney solve finds them; each written as the columns played from the "
        "empty board, "
        "with its value for the player to move. Drawn as random plies from seed %d: %d "
        "positions, distinct up to the mirror image, were solved to keep these. Written by "
        "scripts/make-openings.py; see README.md."
        % (len(kept), CONNECT4_MARGIN, CONNECT4_MARGIN, CONNECT4_MARGIN, CONNECT4_SEED,
           drawn))
    write(out, CONNECT4_SUITE, header, lines)


def comment(text):
    """TEXT as comment lines of at most 79 characters."""
    return ["# " + line for line in textwrap.wrap(text, 77, break_on_hyphens=False)]


def write(out, name, header, lines):
    path = os.path.join(out, name + ".txt")
    with open(path, "w") as file:
        file.write("\n".join(header) + "\n\n" + "\n".join(lines) + "\n")
    print("wrote %s: %d positions" % (path, len(lines)), file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tourney", default="build/tourney")
    parser.add_argument("--out", default="config/openings")
    parser.add_argument("suites", nargs="*")
    args = parser.parse_args()
    names = list(MNK_SUITES) + [CONNECT4_SUITE]
    for name in args.suites:
        if name not in names:
            parser.error("unknown suite %s (expected one of %s)" % (name, ", ".join(names)))
    for name in args.suites or names:
        if name == CONNECT4_SUITE:
            write_connect4(args.tourney, args.out)
        else:
            write_mnk(args.tourney, args.out, name, *MNK_SUITES[name])


if __name__ == "__main__":
    main()
