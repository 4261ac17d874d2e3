#!/usr/bin/env python3
"""Checks that runner/'s stages only use the stages below them, that
docs/architecture.md says what every runner file is for, and that no stage
below cli/ prints on the process's own stderr or stdout.

The stage order (lowest first) is the one docs/architecture.md states. A file
may include headers of its own folder and of the folders before it in
STAGES, never of one after it. Header names are unique across runner/, so
that `#include "name.h"` says which stage a file uses. Every source file (a
.c, or a header without one) is named in its stage's table in
docs/architecture.md. Exits 1 and names every offending include and every
file the tables leave out.

Below cli/ a failure is returned in a struct error and a warning handed to
the caller's sink (util/warning.h); only `main` prints (docs/style.md 14).
A call that writes to stderr or stdout itself (fprintf(stderr, ...),
perror, printf, puts, ...) is named, but in the agent host's own program,
whose stderr is a pipe the runner reads.
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

# A call that writes on the process's own stderr or stdout.
PRINTS = re.compile(
    r"\b(?:v?fprintf|fputs|fputc|putc|fwrite)\s*\((?:[^;]*?,)?\s*std(?:err|out)\b"
    r"|\b(?:perror|putchar)\s*\("
    r"|(?<![\w.>])(?:v?printf|puts)\s*\(")

# Files below cli/ that may print, and why.
MAY_PRINT = {
    # The agent host is a program of its own: its main says why it stops.
    "isolation/host/agent_host_main.c",
    # The agent process after its fork, where exec failed: its stderr is the
    # pipe the runner reads the reason from.
    "isolation/host/exec_command.c",
}


def code_of(text):
    """TEXT without its comments and string literals, line numbers kept."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def printing(sources):
    """Every call below cli/ that prints on stderr or stdout itself."""
    problems = []
    for path, stage in sources:
        relative = f"{stage}/{os.path.basename(path)}"
        if stage == "cli" or relative in MAY_PRINT:
            continue
        with open(path, encoding="utf-8") as f:
            code = code_of(f.read())
        # The whole text, so that a call broken across lines is found too.
        for match in PRINTS.finditer(code):
            line_number = code.count("\n", 0, match.start()) + 1
            problems.append(f"{path}:{line_number}: prints on the process's stderr or "
                                "stdout below cli/; return the reason in a struct error, or "
                                "hand a warning to the caller's sink (util/warning.h)")
    return problems


def stage_sections(text):
    """{stage folder: the text of its section} of docs/architecture.md's
    "### `STAGE/`: ..." headings."""
    sections = {}
    for match in re.finditer(r"^### `([a-z/]+)/`:.*?(?=^#{2,3} |\Z)", text, re.M | re.S):
        sections[match.group(1)] = match.group(0)
    return sections


def undocumented(root, sources):
    """Every runner source file (a .c, or a header with no .c) named in its
    stage's table of docs/architecture.md, as `NAME` (`host/NAME` for the
    agent host's side, which isolation/'s table holds)."""
    doc = os.path.join(root, "..", "docs", "architecture.md")
    if not os.path.exists(doc):
        return []
    with open(doc, encoding="utf-8") as f:
        sections = stage_sections(f.read())
    problems = []
    names = {os.path.basename(path) for path, _ in sources}
    for path, stage in sources:
        name = os.path.basename(path)
        if name.endswith(".h") and name[:-2] + ".c" in names:
            continue
        section = sections.get(stage.split("/")[0], "")
        shown = {f"`{name}`", f"`{stage.split('/', 1)[-1]}/{name}`"}
        if not any(form in section for form in shown):
            problems.append(f"{path}: not in the table of runner/{stage.split('/')[0]}/ "
                            "in docs/architecture.md (say what the file is for)")
    return problems


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
    problems += undocumented(root, sources)
    problems += printing(sources)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"stages: {len(sources)} files in {len(STAGES)} stages, every include "
          "runs to the same or an earlier stage, none below cli/ prints")
    return 0


if __name__ == "__main__":
    sys.exit(main())
