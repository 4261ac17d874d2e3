#!/usr/bin/env python3
"""Checks that every function a plugin implements, as docs/ shows it, is the
public headers' declaration: the same text (blanks aside) and, compiled
against the headers, the same type.

    scripts/check-doc-signatures.py [--cc CC]

A signature is a line of a ```c block of README.md or docs/*.md of the form
`TYPE (*NAME)(PARAMETERS);` (it may run over several lines), as docs show the
members of the descriptors. Each must equal a member NAME declared in
include/tourney/*.h, word for word; the compiler then checks, for every
struct holding a member of that text, that the documented type is the
member's. Exits 1 naming each signature that differs, with the header's.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADERS = os.path.join(SOURCE, "include", "tourney")
DOCS = [os.path.join(SOURCE, "README.md")] + sorted(
    os.path.join(SOURCE, "docs", name)
    for name in os.listdir(os.path.join(SOURCE, "docs"))
    if name.endswith(".md"))

# TYPE (*NAME)(PARAMETERS); with no ';' or brace inside.
MEMBER = re.compile(r"([A-Za-z_][\w \t\*]*?)\(\s*\*\s*(\w+)\s*\)\s*\(([^;{}]*?)\)\s*;", re.S)
STRUCT = re.compile(r"struct\s+(\w+)\s*\{")


def normal(text):
    """TEXT with comments dropped and blanks made single spaces, none beside
    punctuation."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"\s+", " ", text).strip()
    return re.sub(r"\s*([(),*;])\s*", r"\1", text)


def header_members():
    """{name: [(struct, declaration text, header)]} for every function
    pointer member of a struct in the public headers."""
    members = {}
    for name in sorted(os.listdir(HEADERS)):
        if not name.endswith(".h"):
            continue
        text = open(os.path.join(HEADERS, name), encoding="utf-8").read()
        text = re.sub(r"/\*.*?\*/", lambda m: " " * len(m.group(0)), text, flags=re.S)
        for struct in STRUCT.finditer(text):
            depth = 1
            end = struct.end()
            while depth and end < len(text):
                depth += {"{": 1, "}": -1}.get(text[end], 0)
                end += 1
            body = text[struct.end():end - 1]
            for member in MEMBER.finditer(body):
                members.setdefault(member.group(2), []).append(
                    (struct.group(1), normal(member.group(0)), name))
    return members


def doc_signatures():
    """[(file, line, name, text)] for every signature in a C block of the docs."""
    found = []
    for path in DOCS:
        lines = open(path, encoding="utf-8").read().split("\n")
        block = None
        for number, line in enumerate(lines, 1):
            fence = line.strip()
            if block is None and fence.startswith("```c") and fence[3:].strip() == "c":
                block = (number + 1, [])
            elif block is not None and fence.startswith("```"):
                start, body = block
                text = "\n".join(body)
                for member in MEMBER.finditer(text):
                    # Only a declaration that opens its line: not a call, not
                    # a cast inside an expression.
                    before = text[:member.start()].rsplit("\n", 1)[-1]
                    if before.strip():
                        continue
                    line_no = start + text[:member.start()].count("\n")
                    found.append((os.path.relpath(path, SOURCE), line_no, member.group(2),
                                  member.group(0)))
                block = None
            elif block is not None:
                block[1].append(line)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"))
    args = parser.parse_args()
    members = header_members()
    signatures = doc_signatures()
    failures = []
    checks = []
    for path, line, name, text in signatures:
        candidates = members.get(name, [])
        matching = [c for c in candidates if c[1] == normal(text)]
        if not matching:
            shown = "; ".join(f"{struct} in {header}: {decl}" for struct, decl, header in
                              candidates) or "no such member in include/tourney/"
            failures.append(f"{path}:{line}: {normal(text)}\n  the headers: {shown}")
            continue
        for struct, _, _ in matching:
            checks.append((path, line, name, text, struct))
    if checks:
        unit = ["#include <tourney/tourney.h>"]
        for k, (path, line, name, text, struct) in enumerate(checks):
            declaration = re.sub(r"\(\s*\*\s*" + name + r"\s*\)", f"(*doc_{k})", text, count=1)
            unit.append(f"#line {line} \"{path}\"")
            unit.append("typedef " + declaration)
            unit.append(f"_Static_assert(__builtin_types_compatible_p(doc_{k}, "
                        f"__typeof__(((struct {struct} *)0)->{name})), "
                        f"\"{name} of struct {struct}\");")
        with tempfile.TemporaryDirectory() as scratch:
            source = os.path.join(scratch, "signatures.c")
            with open(source, "w", encoding="utf-8") as out:
                out.write("\n".join(unit) + "\n")
            result = subprocess.run(
                [args.cc, "-std=c17", "-Wall", "-Wextra", "-Werror", "-fsyntax-only",
                 "-I", os.path.join(SOURCE, "include"), source],
                capture_output=True, text=True, check=False)
            if result.returncode != 0:
                failures.append("the signatures do not compile against the headers:\n" +
                                result.stderr.strip())
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"{len(signatures)} signatures in the docs, {len(checks)} checks against the headers, "
          f"{len(failures)} differ")
    return 1 if failures or not signatures else 0


if __name__ == "__main__":
    sys.exit(main())
