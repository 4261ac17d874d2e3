/*
 * command_line.h - the command of an agent that is a program of its own
 * (`command = python3 my_agent.py`), split into words as a POSIX shell
 * would split it, but never given to a shell: blanks separate words, 'single
 * quotes' keep everything as it is, "double quotes" keep blanks and let a
 * backslash escape \, ", $ and `, and a backslash outside quotes keeps the
 * next character as it is. What only a shell could do (variables, globs,
 * pipes, redirections, ~) is refused unquoted, so that nothing is quietly
 * passed on as the wrong word.
 */
#ifndef TOURNEY_RUNNER_COMMAND_LINE_H
#define TOURNEY_RUNNER_COMMAND_LINE_H

#include <stddef.h>

#include "error.h"

/* The words of TEXT: a NULL-terminated array in one allocation (free() it),
 * at least one word. NULL with ERR saying what is wrong ("an unterminated
 * double quote", "'|' outside quotes: ...") or that memory ran out. */
char **tourney_command_split(const char *text, size_t *count, struct error *err);

/* Where the program PROGRAM (the first word) is: a name with a '/' is a
 * path, taken from DIR when relative; a name without one is looked for in
 * the directories of SEARCH_PATH (the value of PATH; NULL as empty) as a
 * shell would. Returns the absolute path (heap string) of an executable
 * file, or NULL with ERR saying what was looked for. */
char *tourney_command_find(const char *program, const char *dir, const char *search_path,
                           struct error *err);

#endif /* TOURNEY_RUNNER_COMMAND_LINE_H */
