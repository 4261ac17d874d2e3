#!/usr/bin/env python3
"""Sends a signal to every process of a job at once, as Slurm, systemd or a
container's stop do: the process PID and all its descendants (agent
processes in PID namespaces of their own included, as this namespace sees
them), found by walking /proc.

    signal_job.py PID [SIGNAL] [ORDER]

SIGNAL is a name (TERM, INT, HUP, KILL; TERM by default), or two joined
by a colon: the first for the processes of the program PID runs (the
runner and its workers), the second for the others (the agent processes),
as when a job's end kills outright what it does not ask to stop, or a
process gets SIGKILL from the kernel. ORDER says who
is signalled first: "leaves" (the deepest processes, the agents, first:
the order that lets an agent die before the runner hears of it), "root"
(the runner first) or "random" (a seeded shuffle: ORDER is random:SEED).
Prints how many processes it signalled."""

import os
import random
import signal
import sys


def children_map():
    """Each process's children, and each process's command name."""
    children = {}
    names = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                text = stat.read().decode("ascii", "replace")
        except OSError:
            continue
        # The command is in parentheses and may hold anything: the fields
        # follow its last closing one.
        fields = text[text.rindex(")") + 2:].split()
        children.setdefault(int(fields[1]), []).append(int(entry))
        names[int(entry)] = text[text.index("(") + 1:text.rindex(")")]
    return children, names


def job(root):
    """The processes of the job, each with its depth below ROOT and whether
    it runs ROOT's program (by its command name)."""
    children, names = children_map()
    found = [(root, 0)]
    at = 0
    while at < len(found):
        pid, depth = found[at]
        found.extend((child, depth + 1) for child in children.get(pid, []))
        at += 1
    return [(pid, depth, names.get(pid) == names.get(root)) for pid, depth in found]


def main():
    root = int(sys.argv[1])
    signals = (sys.argv[2] if len(sys.argv) > 2 else "TERM").split(":")
    own, other = (signal.Signals["SIG" + name] for name in (signals * 2)[:2])
    order = sys.argv[3] if len(sys.argv) > 3 else "leaves"
    processes = job(root)
    if order == "leaves":
        processes.sort(key=lambda p: -p[1])
    elif order.startswith("random"):
        random.Random(order).shuffle(processes)
    sent = 0
    for pid, _, runner in processes:
        try:
            os.kill(pid, own if runner else other)
            sent += 1
        except ProcessLookupError:
            pass
    print(sent)


if __name__ == "__main__":
    main()
