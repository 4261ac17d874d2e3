/*
 * out_dir.h - the directory tourney writes into, opened once, and every file
 * it writes there opened relative to that descriptor, never through a link.
 *
 * An output directory may be writable by someone else than the user who
 * runs tourney on it (a shared folder, a course's hand-in folder, an agent
 * run with sandbox = false). What they plant there must never make tourney
 * write a file outside it, or one it did not make:
 * - the directory itself is not a link: its last component is opened with
 *   O_NOFOLLOW (the directories above it are the user's path, followed as
 *   any program follows them);
 * - a file written in place (the results log, the lock file) is opened with
 *   O_NOFOLLOW and must be a regular file with no other name (a hard link
 *   would let tourney write into the file it shares);
 * - a file written whole (the reports, a merged log, an export) is written
 *   into a new temporary file (O_EXCL, a name no one chose before) and
 *   renamed over its name, which must not be a link or anything but a
 *   regular file;
 * - a file moved aside (a results log started over) takes a name that was
 *   free, never replacing another file.
 * A link where tourney would write is an error naming it.
 */
#ifndef TOURNEY_RUNNER_OUT_DIR_H
#define TOURNEY_RUNNER_OUT_DIR_H

#include <stdbool.h>
#include <stdio.h>

#include "error.h"

struct out_dir {
    int fd;     /* -1 when not open */
    char *path; /* as given, without trailing slashes: for messages */
};

/* What tourney_out_dir_open_file returns for a file that is not there. */
#define TOURNEY_OUT_DIR_NO_FILE (-2)

/* Opens the directory at PATH (creating it and its parents first when
 * CREATE). Returns 0; or -1 with ERR naming PATH when it cannot be opened
 * or is a symbolic link. */
int tourney_out_dir_open(struct out_dir *dir, const char *path, bool create, struct error *err);

/* Closes DIR; does nothing to a directory not open. */
void tourney_out_dir_close(struct out_dir *dir);

/* DIR/NAME (heap string; NULL when out of memory), for messages. */
char *tourney_out_dir_name(const struct out_dir *dir, const char *name);

/* Opens the regular file NAME of DIR with FLAGS (O_RDWR or O_WRONLY, maybe
 * O_CREAT, O_EXCL, O_APPEND; close-on-exec always), never through a link.
 * Returns its descriptor; TOURNEY_OUT_DIR_NO_FILE when it is not there and
 * FLAGS do not create it; or -1 with ERR naming it when it is a link, has
 * another name, is not a regular file, or cannot be opened. */
int tourney_out_dir_open_file(const struct out_dir *dir, const char *name, int flags,
                              struct error *err);

/* Opens the regular file NAME of DIR for reading as a stream, never
 * through a link (as tourney_out_dir_open_file). Returns 0 with *IN; 1
 * when it is not there; -1 with ERR. */
int tourney_out_dir_read_stream(const struct out_dir *dir, const char *name, FILE **in,
                                struct error *err);

/* Writes DIR/NAME through WRITE (which returns 0 on success) atomically:
 * into a new temporary file, flushed to disk, then renamed over NAME. A
 * link or anything but a regular file at NAME is refused by name, and left
 * as it is. */
int tourney_out_dir_write(const struct out_dir *dir, const char *name,
                          int (*write)(const void *context, FILE *out), const void *context,
                          struct error *err);

/* Renames DIR/NAME to the first free name of NAME.1, NAME.2, ... (never
 * over another file), which *ASIDE is then (heap string). */
int tourney_out_dir_set_aside(const struct out_dir *dir, const char *name, char **aside,
                              struct error *err);

/* The first name NAME.N that DIR holds nothing under (heap string), for a
 * message that says where tourney_out_dir_set_aside would put it. */
char *tourney_out_dir_free_name(const struct out_dir *dir, const char *name);

#endif /* TOURNEY_RUNNER_OUT_DIR_H */
