/*
 * warning.h - what a function below main says and goes on with: a game
 * left out of a report because its end does not follow from its moves, an
 * analysis file that is not of this log, a torn last record. A failure is
 * returned in a struct error (error.h); a warning does not stop the work,
 * so it is handed, as it happens, to the sink its caller gave, and main's
 * sink prints it on stderr the way it prints a failure ("tourney: why"),
 * escaped for the terminal. A function that warns takes a
 * `const struct warnings *` (NULL: nobody listens) and never a stream.
 *
 *     tourney_warn(warn, "%s ends in a torn record; it is left out", path);
 */
#ifndef TOURNEY_RUNNER_WARNING_H
#define TOURNEY_RUNNER_WARNING_H

struct warnings {
    /* Called with each warning: plain text as a struct error holds it, no
     * prefix, no newline; its bytes are not escaped yet. */
    void (*say)(void *context, const char *text);
    void *context;
};

/* Formats the warning and hands it to WARN; does nothing when WARN is
 * NULL. A warning is said whole, however long (cut to a struct error's
 * length only when there is no memory for it). */
void tourney_warn(const struct warnings *warn, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

#endif /* TOURNEY_RUNNER_WARNING_H */
