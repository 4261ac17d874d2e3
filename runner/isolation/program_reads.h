/*
 * program_reads.h - what an agent that is a program (command = ...) may
 * read, from the real file system, never from the text of paths: every
 * path is canonical (realpath), and the agent host checks, as it opens
 * each, that it still names the same file (exec_command.h).
 *
 * A program may read (and execute):
 *  - its program and every interpreter its `#!` lines lead to (through
 *    `/usr/bin/env NAME`, NAME as PATH finds it), each with its
 *    installation: the folder it lives in and, for a folder named `bin`,
 *    `sbin` or `shims`, the folder above (`/usr`, a virtual environment, a
 *    conda or pyenv installation); for a program named through a link (a
 *    virtual environment's bin/python), the link's folder likewise;
 *  - its own files (the arguments that name files; the program itself when
 *    none does and its word was a relative path) and the folder of the
 *    first of them, its own folder;
 *  - the folders of its `read =` key, the entries of PYTHONPATH and the
 *    user's site-packages (~/.local/lib/pythonX.Y/site-packages);
 *  - the game's plugin file.
 * Never, whatever the above says: the file system's root, the home folder
 * (or a folder holding it), and the never paths (the config file, the
 * output folder); nor, unless `read =` names a folder that holds them, the
 * forbidden paths (other agents' files and folders). A folder that holds
 * such a path is not allowed whole: its other entries are, one by one, and
 * a note says what was held back and how to avoid it.
 */
#ifndef TOURNEY_RUNNER_PROGRAM_READS_H
#define TOURNEY_RUNNER_PROGRAM_READS_H

#include <stddef.h>

#include "error.h"

struct program_reads_input {
    const char *const *argv;    /* NULL-terminated; argv[0] the program's absolute path */
    const char *program_word;   /* the command's first word as written */
    const char *dir;            /* the config's directory: relative arguments start here */
    const char *const *folders; /* `read =`, relative to DIR; NULL-terminated or NULL */
    const char *game_plugin;    /* or NULL */
    const char *search_path;    /* PATH, for `#!/usr/bin/env NAME`; or NULL */
    const char *python_path;    /* PYTHONPATH, or NULL */
    const char *home;           /* HOME, or NULL */
    /* Never readable, even through `read =`: the config, the output
     * folder. NULL-terminated or NULL; need not exist. */
    const char *const *never;
    /* Not readable but through `read =`: other agents' files and folders. */
    const char *const *forbidden;
};

struct program_reads {
    char **paths; /* canonical, NULL-terminated: what Landlock allows */
    size_t count;
    size_t capacity;
    char **shown; /* NULL-terminated: each allowed thing and why, for validate */
    size_t shown_count;
    size_t shown_capacity;
    char *note;    /* what was held back from a folder, and the remedy; or NULL */
    char *workdir; /* its own folder, else DIR: where it runs */
    char **argv;   /* ARGV, arguments naming a file or folder relative to DIR made
                    * absolute (DIR/ARG); NULL-terminated */
};

/* Works out what the program of IN may read into *OUT (zeroed first).
 * Returns 0, or -1 with ERR filled (out of memory). Free OUT with
 * tourney_program_reads_finish either way. */
int tourney_program_reads(const struct program_reads_input *in, struct program_reads *out,
                          struct error *err);
void tourney_program_reads_finish(struct program_reads *out);

/* The canonical form of PATH, which need not exist: its longest existing
 * part resolved (realpath), the rest appended. Relative to DIR when
 * relative. A heap string, or NULL when out of memory. */
char *tourney_canonical_path(const char *path, const char *dir);

/* An agent's own files and its own folder, as program_reads_input says:
 * each argument of ARGV that names a file relative to DIR, else ARGV[0]
 * when PROGRAM_WORD was a relative path with a '/'; then the folder of the
 * first. Added (canonical) to the NULL-terminated *LIST of *COUNT (grown),
 * for the forbidden paths of the other agents. Returns 0 or -1 (out of
 * memory). */
int tourney_program_own_paths(const char *const *argv, const char *program_word, const char *dir,
                              char ***list, size_t *count);

#endif /* TOURNEY_RUNNER_PROGRAM_READS_H */
