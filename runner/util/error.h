/*
 * error.h - the one way a failure is explained below main: a function that
 * can fail takes a struct error *, returns -1 (or NULL) and leaves the reason
 * in it; its caller adds what it was doing in front, and main prints it.
 *
 *     if (read_header(path, &header, err) != 0) {
 *         return tourney_error_prefix(err, "%s", path);   // "PATH: why"
 *     }
 *
 * The reason is plain text without a trailing newline or full stop. A config
 * with many mistakes is the one exception: its file:line diagnostics are
 * collected (diag.h) so that the user sees them all at once. How an agent
 * lost a game is not an error at all but game data (seat.h's seat_fault).
 */
#ifndef TOURNEY_RUNNER_ERROR_H
#define TOURNEY_RUNNER_ERROR_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Long enough for a path, a prefix or two and the reason. */
#define TOURNEY_ERROR_SIZE 1024

struct error {
    char text[TOURNEY_ERROR_SIZE];
};

/* An error with no reason yet. */
void tourney_error_clear(struct error *err);

bool tourney_error_is_set(const struct error *err);

/* Sets the reason (replacing one already there) and returns -1, so that a
 * function can `return tourney_error_set(err, ...)`. ERR may be NULL: the
 * caller does not want the reason. */
int tourney_error_set(struct error *err, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* As tourney_error_set, with the arguments in ARGS: for a function of its
 * own that takes a format. */
int tourney_error_vset(struct error *err, const char *format, va_list args)
    __attribute__((format(printf, 2, 0)));

/* As tourney_error_set, followed by ": " and strerror(errno) as it was on
 * entry. */
int tourney_error_set_errno(struct error *err, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Puts "PREFIX: " in front of the reason (or makes PREFIX the reason when
 * there is none yet) and returns -1. */
int tourney_error_prefix(struct error *err, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Sets "out of memory" and returns -1. */
int tourney_error_nomem(struct error *err);

/* What a function that can fail only for want of memory returns, and takes
 * no struct error: its type says that a failure is "out of memory" and
 * nothing else, so that its caller reports it as such (tourney_error_nomem)
 * without guessing. A function that can fail for any other reason returns
 * an int and explains itself in a struct error. */
enum alloc_status {
    ALLOC_OK = 0,
    ALLOC_NO_MEMORY = -1,
};

#endif /* TOURNEY_RUNNER_ERROR_H */
