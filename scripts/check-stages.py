#!/usr/bin/env python3
"""Checks that runner/'s stages only use the stages below them.

The stage order (lowest first) is the one docs/architecture.md states. A file
may include headers of its own folder and of the folders before it in
STAGES, never of one after it. Header names are unique across runner/, so
that `#include "name.h"` says which stage a file uses. Exits 1 and names
every offending include otherwise.
"""
import os
import re
import sys

STAGES = [
    "util",
    "config",
    "plugin",
    "schedule",
    "isolation",
    "isolation/host",
    "log",
    "play",
    "stats",
    "analysis",
    "report",
    "cli",
]

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "runner")
    problems = []
    stage_of_header = {}
    sources = []
    for folder, _dirs, files in os.walk(root):
        stage = os.path.relpath(folder, root).replace(os.sep, "/")
        for name in sorted(files):
            if not name.endswith((".c", ".h")):
                continue
            path = os.path.join(folder, name)
            if stage == "report/assets":
                continue  # a build tool, not part of the runner
            if stage not in STAGES:
                problems.append(f"{path}: not in a stage folder ({', '.join(STAGES)})")
                continue
            sources.append((path, stage))
            if name.endswith(".h"):
                if name in stage_of_header:
                    problems.append(f"{path}: header name also used in "
                                    f"{stage_of_header[name]}/")
                stage_of_header[name] = stage
    for path, stage in sources:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for line_number, line in enumerate(text.splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            header = match.group(1)
            used = stage_of_header.get(os.path.basename(header))
            if used is None:
                continue  # generated (report_assets.c's) or a system header
            if STAGES.index(used) > STAGES.index(stage):
                problems.append(f"{path}:{line_number}: stage {stage} includes "
                                f"\"{header}\" of the later stage {used}")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"stages: {len(sources)} files in {len(STAGES)} stages, every include "
          "runs to the same or an earlier stage")
    return 0


if __name__ == "__main__":
    sys.exit(main())
