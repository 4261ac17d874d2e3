#!/usr/bin/env python3
"""Writes the headers of an imagined ABI 1.3: this tree's headers with the
minor raised to 3 and one field appended to every struct that grows.

    make_headers.py SOURCE_DIR OUT_DIR

SOURCE_DIR holds the headers of include/tourney; OUT_DIR receives the same
files. A plugin built against them is what a plugin author gets by
rebuilding an unchanged plugin against a newer minor: larger descriptors
that claim minor 3, and host structs whose sizeof outgrows what a runner of
ABI 1.2 hands over. tests/abi/ checks that such plugins load and play.
"""
import os
import re
import sys

HEADERS = ["abi.h", "agent.h", "game.h", "tourney.h"]
# Every struct that carries its size grows at the end.
GROWING = ["tourney_param_info", "tourney_game_search", "tourney_game_api", "tourney_host",
           "tourney_agent_init", "tourney_move_request", "tourney_move_report",
           "tourney_agent_api"]
FIELD = "    uint64_t field_of_1_3; /* appended by tests/abi/future/make_headers.py */\n"


def grow(text, name):
    start = text.index("struct %s {\n" % name)
    end = text.index("\n};\n", start)
    return text[:end + 1] + FIELD + text[end + 1:]


def main():
    source, out = sys.argv[1], sys.argv[2]
    for header in HEADERS:
        with open(os.path.join(source, header), encoding="utf-8") as f:
            text = f.read()
        if header == "abi.h":
            text, count = re.subn(r"#define TOURNEY_ABI_MINOR 2\b", "#define TOURNEY_ABI_MINOR 3",
                                  text)
            if count != 1:
                sys.exit("make_headers.py: abi.h does not define TOURNEY_ABI_MINOR 2")
        for name in GROWING:
            if ("struct %s {\n" % name) in text:
                text = grow(text, name)
        with open(os.path.join(out, header), "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
