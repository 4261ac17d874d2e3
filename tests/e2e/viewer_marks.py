#!/usr/bin/env python3
"""Checks the marks report.html's game viewer drew, as a browser left them.

    viewer_marks.py DOM ANALYSIS

DOM is the page's DOM after its scripts ran (chromium --dump-dom), ANALYSIS
the analysis.jsonl of its folder. The viewer shows one game: each move of
its list must carry one mark, of the class and symbol of the grade
ANALYSIS gives that move of that game (best \u2713, slower ?!, blunder ??,
unknown \u2013), and the move's tooltip its grade's name. Prints the marks
it checked; exits 1 at the first difference.
"""
import html.parser
import json
import sys

MARKS = {"best": ("g-b", "\u2713"), "slower": ("g-s", "?!"), "blunder": ("g-x", "??"),
         "unknown": ("g-u", "\u2013")}


class Viewer(html.parser.HTMLParser):
    """The replay data, the selected game's row and the listed moves."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.data_text = None
        self.selected = None
        self.moves = []  # per item: [title, [(class, text), ...]]
        self.in_data = False
        self.in_list = False
        self.mark = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script" and a.get("id") == "replay-data":
            self.in_data = True
            self.data_text = ""
        elif tag == "tr" and "selected" in (a.get("class") or "").split():
            self.selected = int(a["data-game"])
        elif tag == "ol" and a.get("id") == "viewer-moves":
            self.in_list = True
        elif tag == "li" and self.in_list:
            self.moves.append([a.get("title", ""), []])
        elif tag == "span" and self.in_list and "grade" in (a.get("class") or "").split():
            self.mark = [a["class"], ""]
            self.moves[-1][1].append(self.mark)

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_data = False
        elif tag == "ol":
            self.in_list = False
        elif tag == "span":
            self.mark = None

    def handle_data(self, data):
        if self.in_data:
            self.data_text += data
        elif self.mark is not None:
            self.mark[1] += data


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    viewer = Viewer()
    with open(sys.argv[1], encoding="utf-8") as f:
        viewer.feed(f.read())
    analysed = {}
    with open(sys.argv[2], encoding="utf-8") as f:
        for number, line in enumerate(f):
            if number > 0:
                game = json.loads(line)
                analysed[game["game"]] = game
    if viewer.data_text is None or viewer.selected is None:
        print("no replay data or no selected game in the DOM", file=sys.stderr)
        return 1
    game = json.loads(viewer.data_text)["games"][viewer.selected]
    moves = analysed[game["n"]]["moves"]
    if len(viewer.moves) != len(moves) or len(moves) == 0:
        print(f"game {game['n']}: {len(viewer.moves)} moves listed, analysis.jsonl has "
              f"{len(moves)}", file=sys.stderr)
        return 1
    for ply, ((title, marks), move) in enumerate(zip(viewer.moves, moves), start=1):
        want_class, want_symbol = MARKS[move["grade"]]
        if marks != [["grade " + want_class, want_symbol]] or \
                not title.startswith(move["grade"] + ": "):
            print(f"game {game['n']}, move {ply}: marked {marks} titled '{title}', "
                  f"analysis.jsonl says {move['grade']}", file=sys.stderr)
            return 1
    print(f"game {game['n']}: {len(moves)} moves marked as analysis.jsonl grades them: " +
          " ".join(m["grade"] for m in moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
