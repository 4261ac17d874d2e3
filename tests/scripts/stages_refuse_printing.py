"""scripts/check-stages.py refuses a stage below cli/ that prints on the
process's stderr or stdout: a copy of runner/ with such calls planted (one
broken across lines, others in comments and strings that must not count)
fails with each call named by file and line, and cli/ may print.

Usage: tests/scripts/stages_refuse_printing.py CHECK_STAGES RUNNER_DIR
"""
import os
import shutil
import subprocess
import sys
import tempfile

PLANTED_UTIL = """
void shout(void);
void shout(void)
{
    /* fprintf(stderr, "a comment is no call") */
    const char *text = "perror(";
    (void)text;
    fprintf(
        stderr, "broken across lines");
    fputs("y", stdout);
}
"""

PLANTED_LOG = """
static void say(void)
{
    perror("z");
    printf("a");
    fputc('\\n', stderr);
    snprintf(NULL, 0, "a buffer is no stream");
}
"""

PLANTED_CLI = """
static void main_may(void)
{
    fprintf(stderr, "cli/ prints for main");
}
"""


def plant(path, text):
    """Appends TEXT to PATH; returns the line the text's first line lands on."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().count("\n")
    with open(path, "a", encoding="utf-8") as f:
        f.write(text)
    return lines + 1


def main():
    check, runner = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as work:
        copy = os.path.join(work, "runner")
        shutil.copytree(runner, copy)
        util = os.path.join(copy, "util", "text.c")
        log = os.path.join(copy, "log", "record.c")
        at_util = plant(util, PLANTED_UTIL)
        at_log = plant(log, PLANTED_LOG)
        plant(os.path.join(copy, "cli", "main.c"), PLANTED_CLI)
        done = subprocess.run([sys.executable, check, copy], capture_output=True, text=True,
                              check=False)
        named = sorted(line.split(": prints")[0] for line in done.stderr.splitlines()
                       if ": prints on the process's stderr or stdout below cli/" in line)
        expected = sorted([f"{util}:{at_util + 7}", f"{util}:{at_util + 9}",
                           f"{log}:{at_log + 3}", f"{log}:{at_log + 4}",
                           f"{log}:{at_log + 5}"])
        if done.returncode != 1 or named != expected or len(done.stderr.splitlines()) != 5:
            print(f"exit {done.returncode}, expected 1; named:\n  " + "\n  ".join(named) +
                  "\nexpected:\n  " + "\n  ".join(expected) + "\nstderr:\n" + done.stderr)
            return 1
    print("check-stages.py names each of the 5 calls planted below cli/, and no other")
    return 0


if __name__ == "__main__":
    sys.exit(main())
