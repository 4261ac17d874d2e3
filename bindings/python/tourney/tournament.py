"""Tournaments from Python: run the `tourney` binary, get its results as data.

    import tourney

    results = tourney.run_tournament({
        "tournament": {"name": "demo", "games_per_pair": 20, "time_per_move_ms": 100},
        "game": {"plugin": "mnk", "rows": 3, "cols": 3, "k": 3},
        "agents": {"mine": "my_agent.py", "random": "random"},
    })
    for row in results.standings:
        print(row.rank, row.name, row.elo, row.elo_low, row.elo_high)

The binary plays, as `tourney run` does; this module writes its config, shows its progress
line, and reads the reports it writes (summary.json and games.jsonl, docs/reports.md).
Standard library only: pandas (DataFrames) and matplotlib (a plot) are used when present.
"""

from __future__ import annotations

import inspect
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

__all__ = ["run_tournament", "read_results", "Results", "Standing", "Pair", "Rating",
           "Record", "GameRecord", "TourneyError", "find_binary", "config_text"]

# The longest line the config reader takes (docs/config.md, Syntax).
LINE_MAX = 197

Config = Union[str, os.PathLike, Mapping[str, Any]]


class TourneyError(Exception):
    """The binary refused the config or failed; `message` is what it said."""

    def __init__(self, message: str, returncode: Optional[int] = None,
                 stderr: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.returncode = returncode
        self.stderr = stderr


# ---- the results as objects ----------------------------------------------------------


@dataclass
class Record:
    """Games, wins, draws and losses, the score and the win rate with its 95% interval."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score: Optional[float] = None
    win_rate: Optional[float] = None
    win_rate_low: Optional[float] = None
    win_rate_high: Optional[float] = None

    @classmethod
    def from_json(cls, data: Optional[Mapping[str, Any]]) -> Optional["Record"]:
        if data is None:
            return None
        return cls(**{k: data.get(k) for k in cls.__dataclass_fields__})


@dataclass
class Rating:
    """An Elo rating with its 95% interval (None where no finite rating fits)."""

    elo: Optional[float]
    low: Optional[float]
    high: Optional[float]
    text: str = ""


@dataclass
class Standing:
    """One agent's line of the standings, best first."""

    rank: int
    name: str
    plugin: Optional[str]
    command: Optional[str]
    params: str
    rating: Rating
    all: Record
    first: Record
    second: Record
    vs_random: Optional[Record]
    search: Dict[str, Any] = field(default_factory=dict)
    faults: Dict[str, int] = field(default_factory=dict)

    @property
    def elo(self) -> Optional[float]:
        return self.rating.elo

    @property
    def elo_low(self) -> Optional[float]:
        return self.rating.low

    @property
    def elo_high(self) -> Optional[float]:
        return self.rating.high


@dataclass
class Pair:
    """What AGENT scored against OPPONENT (one cell of the cross-table)."""

    agent: str
    opponent: str
    record: Record
    elo: Optional[float]
    elo_low: Optional[float]
    elo_high: Optional[float]
    los: Optional[float]
    pentanomial: Optional[List[int]]
    distinct_games: Optional[int]


@dataclass
class GameRecord:
    """One game of games.jsonl: who played it, its moves and how it ended."""

    index: int
    first: str
    second: str
    result: str
    winner: Optional[str]
    termination: str
    moves: List[int]
    reason: Optional[str]
    raw: Dict[str, Any] = field(repr=False, default_factory=dict)


def _standing(data: Mapping[str, Any]) -> Standing:
    rating = data.get("rating") or {}
    return Standing(
        rank=data["rank"], name=data["name"], plugin=data.get("plugin"),
        command=data.get("command"), params=data.get("params", ""),
        rating=Rating(rating.get("elo"), rating.get("elo_low"), rating.get("elo_high"),
                      rating.get("elo_text", "")),
        all=Record.from_json(data.get("all")), first=Record.from_json(data.get("first")),
        second=Record.from_json(data.get("second")),
        vs_random=Record.from_json(data.get("vs_random")),
        search=dict(data.get("search") or {}), faults=dict(data.get("faults") or {}))


def _pair(data: Mapping[str, Any]) -> Pair:
    return Pair(agent=data["agent"], opponent=data["opponent"], record=Record.from_json(data),
                elo=data.get("elo"), elo_low=data.get("elo_low"), elo_high=data.get("elo_high"),
                los=data.get("los"), pentanomial=data.get("pentanomial"),
                distinct_games=data.get("distinct_games"))


def _game(data: Mapping[str, Any]) -> GameRecord:
    return GameRecord(index=data["game"], first=data["first"], second=data["second"],
                      result=data["result"], winner=data.get("winner"),
                      termination=data["termination"], moves=list(data.get("moves", [])),
                      reason=data.get("reason"), raw=dict(data))


class Results:
    """A finished (or resumed) tournament's results, read from its output folder.

    standings, pairs, ratings (name -> Rating), vs_random (name -> Record), games, and
    the whole summary.json as `summary`; frames() gives them as pandas DataFrames.
    vs_random holds the agents that played random (docs/reports.md).
    """

    def __init__(self, output_dir: str, summary: Dict[str, Any], games: List[GameRecord],
                 tables: str = "") -> None:
        self.output_dir = output_dir
        self.summary = summary
        self.tournament: Dict[str, Any] = summary.get("tournament", {})
        self.standings = [_standing(a) for a in summary.get("agents", [])]
        self.pairs = [_pair(p) for p in summary.get("crosstable", [])]
        self.ratings = {s.name: s.rating for s in self.standings}
        self.vs_random = {s.name: s.vs_random for s in self.standings
                          if s.vs_random is not None and s.vs_random.games > 0}
        self.games = games
        self.tables = tables

    def __repr__(self) -> str:
        return "<Results %s: %d agents, %d games in %s>" % (
            self.tournament.get("name", "?"), len(self.standings), len(self.games),
            self.output_dir)

    def frames(self) -> Dict[str, Any]:
        """{'standings', 'pairs', 'games'}: pandas DataFrames (pandas must be installed)."""
        try:
            import pandas
        except ImportError:
            raise ImportError("frames() needs pandas; the results are plain objects "
                              "without it (results.standings, .pairs, .games)") from None
        standings = pandas.DataFrame([{
            "rank": s.rank, "name": s.name, "elo": s.elo, "elo_low": s.elo_low,
            "elo_high": s.elo_high, "games": s.all.games, "wins": s.all.wins,
            "draws": s.all.draws, "losses": s.all.losses, "score": s.all.score,
            "win_rate": s.all.win_rate,
            "win_rate_vs_random": s.vs_random.win_rate if s.vs_random else None,
        } for s in self.standings])
        pairs = pandas.DataFrame([{
            "agent": p.agent, "opponent": p.opponent, "games": p.record.games,
            "wins": p.record.wins, "draws": p.record.draws, "losses": p.record.losses,
            "score": p.record.score, "elo": p.elo, "elo_low": p.elo_low,
            "elo_high": p.elo_high, "los": p.los} for p in self.pairs])
        games = pandas.DataFrame([{
            "game": g.index, "first": g.first, "second": g.second, "result": g.result,
            "winner": g.winner, "termination": g.termination, "plies": len(g.moves),
            "reason": g.reason} for g in self.games])
        return {"standings": standings, "pairs": pairs, "games": games}

    def plot(self, ax: Any = None) -> Any:
        """The ratings with their 95% intervals (matplotlib must be installed)."""
        import matplotlib.pyplot as plt

        rated = [s for s in self.standings if s.elo is not None]
        ax = ax if ax is not None else plt.subplots()[1]
        ax.errorbar([s.elo for s in rated], range(len(rated)), fmt="o", xerr=[
            [s.elo - (s.elo_low if s.elo_low is not None else s.elo) for s in rated],
            [(s.elo_high if s.elo_high is not None else s.elo) - s.elo for s in rated]])
        ax.set_yticks(range(len(rated)), [s.name for s in rated])
        ax.invert_yaxis()
        ax.set_xlabel("Elo (95% interval)")
        return ax

    def _repr_html_(self) -> str:
        """The standings, as a notebook shows the results."""
        import html

        rows = "".join(
            "<tr><td>%d</td><td>%s</td><td>%s</td><td>%d</td><td>%d-%d-%d</td>"
            "<td>%.1f</td></tr>" % (s.rank, html.escape(s.name), html.escape(s.rating.text),
                                    s.all.games, s.all.wins, s.all.draws, s.all.losses,
                                    100 * (s.all.score or 0)) for s in self.standings)
        return ("<table><tr><th>#</th><th>agent</th><th>Elo</th><th>games</th>"
                "<th>W-D-L</th><th>score%%</th></tr>%s</table>" % rows)


def read_results(output_dir: str, tables: str = "") -> Results:
    """The results in OUTPUT_DIR, a folder `tourney run` wrote."""
    with open(os.path.join(output_dir, "summary.json"), encoding="utf-8") as source:
        summary = json.load(source)
    games = []
    log = os.path.join(output_dir, "games.jsonl")
    if os.path.exists(log):
        with open(log, encoding="utf-8") as source:
            for line in source:
                record = json.loads(line) if line.strip() else {}
                if "moves" in record and "first" in record:
                    games.append(_game(record))
    return Results(output_dir, summary, games, tables)


# ---- the config ----------------------------------------------------------------------


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ", ".join(_value(v) for v in value)
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    return str(value)


def _path(value: str, base_dir: str) -> str:
    return os.path.normpath(os.path.join(base_dir, os.path.expanduser(value)))


_FUNCTION_RUNNER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "play_function.py")
# Where tourney_agent and this package lie: a program agent may read only its own folder
# besides what the config names (`read =`, docs/protocol.md), so the config names this.
_HELPER_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _reads(*folders: str) -> str:
    return " ".join(shlex.quote(folder) for folder in folders)


def _agent_section(name: str, agent: Any, base_dir: str, python: str) -> Dict[str, str]:
    """An agent given as a plugin name, a .so path, a Python file, a function defined in
    a file, a command ({'command': ...}) or a whole section ({'plugin': ..., KEY: ...})."""
    if callable(agent):
        source = inspect.getsourcefile(agent)
        if source is None or not os.path.isfile(source) or agent.__name__ == "<lambda>":
            raise TourneyError("agent %s: %r is not a function defined in a file (define "
                               "it in a .py file and import it)" % (name, agent))
        return {"command": " ".join([python, _FUNCTION_RUNNER, os.path.abspath(source),
                                     agent.__name__]),
                "read": _reads(_HELPER_DIR, os.path.dirname(os.path.abspath(source)))}
    if isinstance(agent, os.PathLike):
        agent = os.fspath(agent)
    if isinstance(agent, str):
        if agent.endswith(".py"):
            return {"command": "%s %s" % (python, _path(agent, base_dir)),
                    "read": _reads(_HELPER_DIR)}
        if agent.endswith(".so") or "/" in agent:
            return {"plugin": _path(agent, base_dir)}
        return {"plugin": agent}
    if isinstance(agent, Mapping):
        section = {str(k): _value(v) for k, v in agent.items()}
        plugin = section.get("plugin", "")
        if plugin.endswith(".so") or "/" in plugin:
            section["plugin"] = _path(plugin, base_dir)
        return section
    raise TourneyError("agent %s: %r is not a plugin name, a .so or .py file, a function or "
                       "a section" % (name, agent))


def config_text(settings: Mapping[str, Any], base_dir: Optional[str] = None,
                python: Optional[str] = None) -> str:
    """The INI text of SETTINGS: {'tournament': {...}, 'game': {...} or a plugin name,
    'agents': {NAME: agent}}. Paths relative to BASE_DIR (default: the working folder)
    are made absolute, so that the file may be written anywhere."""
    base = os.path.abspath(base_dir or os.getcwd())
    python = python or sys.executable
    unknown = set(settings) - {"tournament", "game", "agents"}
    if unknown:
        raise TourneyError("unknown settings %s (expected tournament, game and agents)" %
                           ", ".join(sorted(map(str, unknown))))
    tournament = {str(k): _value(v) for k, v in dict(settings.get("tournament", {})).items()}
    for key in ("openings", "plugin_path"):
        if key in tournament:
            tournament[key] = ":".join(_path(p, base) for p in tournament[key].split(":"))
    game = settings.get("game", {})
    game = _agent_section("game", game, base, python) if not isinstance(game, Mapping) else {
        str(k): _value(v) for k, v in game.items()}
    if game.get("plugin", "").endswith(".so") or "/" in game.get("plugin", ""):
        game["plugin"] = _path(game["plugin"], base)
    sections = [("tournament", tournament), ("game", game)]
    for name, agent in dict(settings.get("agents", {})).items():
        sections.append(("agent " + str(name), _agent_section(str(name), agent, base, python)))
    lines = []
    for title, keys in sections:
        lines.append("[%s]" % title)
        for key, value in keys.items():
            lines.append("%s = %s" % (key, value))
        lines.append("")
    for line in lines:
        if "\n" in line or "\r" in line or len(line) > LINE_MAX:
            raise TourneyError("the config line '%s' is %s" % (
                line[:60], "longer than %d characters" % LINE_MAX if len(line) > LINE_MAX
                else "more than one line"))
    return "\n".join(lines)


# ---- running the binary --------------------------------------------------------------


def find_binary(binary: Optional[str] = None) -> str:
    """BINARY, else $TOURNEY_EXE, else `tourney` on PATH."""
    candidate = binary or os.environ.get("TOURNEY_EXE") or shutil.which("tourney")
    if not candidate:
        raise TourneyError("no tourney binary: install tourney (meson install), put it on "
                           "PATH, or pass binary=")
    return candidate


def _pump(stream, sink, kept: List[str]) -> None:
    """Copies the binary's lines to SINK as they come, and keeps them."""
    for line in iter(stream.readline, ""):
        kept.append(line)
        if sink is not None:
            sink.write(line)
            sink.flush()


def run_tournament(config: Config, output_dir: Optional[str] = None, *,
                   binary: Optional[str] = None, base_dir: Optional[str] = None,
                   resume: bool = False, jobs: Optional[int] = None,
                   overrides: Optional[Mapping[str, Any]] = None, progress: bool = True,
                   frames: bool = False) -> Any:
    """Plays CONFIG (an INI file's path, or the same settings as a dict, see config_text)
    with the tourney binary and returns its Results (their frames() when FRAMES).

    OUTPUT_DIR is where the reports go: by default a fresh folder made for this call.
    The binary refuses a folder that already holds a tournament's log unless RESUME,
    which plays only the games missing from it. The progress line (and, after it, the
    binary's tables in Results.tables) is the binary's own; PROGRESS=False hides it.
    A failure raises TourneyError with the binary's message.
    """
    exe = find_binary(binary)
    if output_dir is None:
        output_dir = tempfile.mkdtemp(prefix="tourney-results-")
        os.rmdir(output_dir)  # the binary makes it, as it would any new output folder
    output_dir = os.path.abspath(output_dir)
    written = None
    if isinstance(config, Mapping):
        # Beside nothing else: an agent may read its config's folder, never the results.
        written = tempfile.mkdtemp(prefix="tourney-config-")
        path = os.path.join(written, "tournament.ini")
        with open(path, "w", encoding="utf-8") as out:
            out.write(config_text(config, base_dir))
    else:
        path = os.fspath(config)
    args = [exe, "run", path, "-o", output_dir]
    if resume:
        args.append("--resume")
    if jobs is not None:
        args += ["-j", str(jobs)]
    for key, value in (overrides or {}).items():
        args += ["--set", "%s=%s" % (key, _value(value))]
    try:
        process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   stdin=subprocess.DEVNULL, universal_newlines=True,
                                   encoding="utf-8", errors="replace")
    except OSError as error:
        raise TourneyError("cannot run %s: %s" % (exe, error)) from None
    out: List[str] = []
    err: List[str] = []
    threads = [threading.Thread(target=_pump, args=(process.stdout, None, out)),
               threading.Thread(target=_pump, args=(process.stderr,
                                                    sys.stderr if progress else None, err))]
    for thread in threads:
        thread.start()
    try:
        status = process.wait()
    except KeyboardInterrupt:
        process.terminate()
        process.wait()
        raise
    finally:
        for thread in threads:
            thread.join()
        process.stdout.close()
        process.stderr.close()
        if written is not None:
            shutil.rmtree(written, ignore_errors=True)
    if status != 0:
        message = _message(err) or "tourney run exited with status %d" % status
        raise TourneyError(message, status, "".join(err))
    results = read_results(output_dir, "".join(out))
    return results.frames() if frames else results


def _message(lines: Sequence[str]) -> str:
    """The binary's error lines: what it printed that is not its progress line."""
    kept = [line.rstrip("\n") for line in lines
            if line.strip() and " games (" not in line]
    return "\n".join(kept)
