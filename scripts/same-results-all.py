#!/usr/bin/env python3
"""Shows that a change to the runner changes no result: every shipped config
and test config played by the build of a base revision and by the build of
the working tree, the two output folders compared by same-results.py.

    scripts/same-results-all.py [--base REV] [--build DIR] [--games N]
                                [--jobs N] [--ignore KEY]... [--keep] [CONFIG...]

--base REV     the revision to compare with (default: origin/main), built
               in a folder of its own from a worktree of it
--build DIR    the working tree's build (default: build), already compiled
--games N      play N games a pair instead of the config's (default 4;
               0 keeps the config's): the same for both, so that the
               evidence takes minutes, not hours
--jobs N       games at once (default 1: two jobs share the machine's
               processors with each other, and a search bounded by time
               plays differently under load)
--as-written   play the configs' agents as written; by default an agent
               that searches until its time is spent is bounded otherwise
               (negamax-ab-ids to max_depth 5, mcts to 2000 playouts, a
               move's time 100 s), so that its games repeat
--ignore KEY   a key left out of the comparison wherever it is, for a
               figure the change adds (passed to same-results.py)
CONFIG...      the configs to play (default: config/*.ini and
               tests/configs/*.ini but those made to be refused)

A config whose agents are still bounded by time (a clock, --as-written)
need not repeat its games even with one build; each config is played a
second time by the working tree's build, and a config whose two runs of
the same build differ is reported as "not reproducible" rather than as a
difference. The test plugins (misbehaving agents) are the working tree
build's, for both. Prints one line a config and exits 1 when any
reproducible config differs.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Configs written to be refused, or to stop mid-way: nothing to compare.
REFUSED = {"tests/configs/bad.ini"}


def run(cmd, **kwargs):
    return subprocess.run(cmd, check=False, capture_output=True, text=True, **kwargs)


def build_base(rev, work):
    tree = os.path.join(work, "base")
    out = run(["git", "-C", ROOT, "worktree", "add", "--detach", tree, rev])
    if out.returncode != 0:
        sys.exit("same-results-all: cannot check out %s: %s" % (rev, out.stderr.strip()))
    build = os.path.join(tree, "build")
    for cmd in (["meson", "setup", build, "-Dtests=false"], ["meson", "compile", "-C", build]):
        out = run(cmd, cwd=tree)
        if out.returncode != 0:
            sys.exit("same-results-all: building %s failed:\n%s" % (rev, out.stdout[-2000:]))
    return tree, build


# What bounds a search that would stop when its time is spent, each kept
# for a config only when one of its agents has the parameter.
BOUNDS = [["--each", "max_depth=5"], ["--each", "iterations=2000"],
          ["--set", "tournament.time_per_move_ms=100000"]]


def environment(plugins):
    env = dict(os.environ)
    env["TOURNEY_PLUGIN_PATH"] = plugins
    return env


def bounds(tourney, config, plugins):
    """The BOUNDS that CONFIG's agents take."""
    kept = []
    for bound in BOUNDS:
        out = run([tourney, "validate", config] + bound, cwd=ROOT, env=environment(plugins))
        if out.returncode == 0:
            kept += bound
    return kept


def play(tourney, source_root, config, out_dir, games, jobs, extra, plugins):
    """Plays CONFIG (a path relative to SOURCE_ROOT) into OUT_DIR with the
    words EXTRA; the exit status and stderr's tail."""
    cmd = [tourney, "run", config, "--quiet", "--jobs", str(jobs), "--output", out_dir] + extra
    if games:
        cmd += ["--set", "tournament.games_per_pair=%d" % games]
    out = run(cmd, cwd=source_root, env=environment(plugins))
    return out.returncode, out.stderr.strip().splitlines()[-1:] or [""]


def compare(a, b, ignored=()):
    words = [w for key in ignored for w in ("--ignore", key)]
    out = run([sys.executable, os.path.join(ROOT, "scripts", "same-results.py")] + words + [a, b])
    return out.returncode == 0, (out.stdout + out.stderr).strip().splitlines()[:3]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", default="origin/main")
    parser.add_argument("--build", default="build")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the output folders")
    parser.add_argument("--as-written", action="store_true")
    parser.add_argument("--ignore", action="append", default=[])
    parser.add_argument("configs", nargs="*")
    args = parser.parse_args()

    configs = args.configs or sorted(
        c for c in glob.glob("config/*.ini", root_dir=ROOT) + glob.glob("tests/configs/*.ini", root_dir=ROOT)
        if c not in REFUSED)
    new_build = os.path.abspath(os.path.join(ROOT, args.build))
    new_tourney = os.path.join(new_build, "tourney")
    plugins = os.path.join(new_build, "tests", "plugins")
    if not os.access(new_tourney, os.X_OK):
        sys.exit("same-results-all: no %s: build the working tree first" % new_tourney)
    work = tempfile.mkdtemp(prefix="same-results-")
    base_tree, base_build = build_base(args.base, work)
    base_tourney = os.path.join(base_build, "tourney")
    differ = 0
    try:
        for config in configs:
            name = config.replace("/", "_")
            dirs = {k: os.path.join(work, "out-" + k, name) for k in ("base", "new", "again")}
            extra = [] if args.as_written else bounds(new_tourney, config, plugins)
            # Each build plays from its own tree, with its own plugins and
            # openings: the base as it was, the change as it is.
            status = {
                "base": play(base_tourney, base_tree, config, dirs["base"], args.games, args.jobs,
                             extra, plugins),
                "new": play(new_tourney, ROOT, config, dirs["new"], args.games, args.jobs, extra,
                            plugins),
                "again": play(new_tourney, ROOT, config, dirs["again"], args.games, args.jobs,
                              extra, plugins),
            }
            codes = {k: v[0] for k, v in status.items()}
            if len(set(codes.values())) != 1:
                print("%-32s DIFFERS: exit status base %d, new %d (%s)" % (
                    config, codes["base"], codes["new"], status["new"][1][0]))
                differ += 1
                continue
            if not os.path.exists(os.path.join(dirs["new"], "games.jsonl")):
                print("%-32s no results (exit status %d both): %s" % (config, codes["new"], status["new"][1][0]))
                continue
            same, first = compare(dirs["base"], dirs["new"], args.ignore)
            if same:
                print("%-32s same results%s" % (config, " (%s)" % " ".join(extra) if extra else ""))
                continue
            repeat, _ = compare(dirs["new"], dirs["again"])
            if not repeat:
                print("%-32s not reproducible: two runs of the same build differ (agents bound by time)" % config)
                continue
            print("%-32s DIFFERS: %s" % (config, " / ".join(first)))
            differ += 1
    finally:
        run(["git", "-C", ROOT, "worktree", "remove", "--force", base_tree])
        if args.keep:
            print("same-results-all: output folders kept in %s" % work)
        else:
            shutil.rmtree(work, ignore_errors=True)
    print("same-results-all: %d of %d configs differ from %s" % (differ, len(configs), args.base))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
