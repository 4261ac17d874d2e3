/*
 * warning_stream.h - a warnings sink (warning.h) for tests: each warning
 * written to a stream as main prints it, "PREFIX: text\n", so that a test
 * can compare what a function said with what users see.
 */
#ifndef TOURNEY_TESTS_WARNING_STREAM_H
#define TOURNEY_TESTS_WARNING_STREAM_H

#include <stdio.h>

#include "warning.h"

struct warning_stream {
    FILE *stream;
    const char *prefix; /* "tourney" or "tourney merge"; NULL for lines */
    struct warnings warn;
};

/* Makes S write the warnings it is given to STREAM after "PREFIX: "; hand
 * &S->warn to the function tested. With PREFIX NULL, each is written as
 * main prints a command's lines (commands.h): as it is, escaped for the
 * terminal. */
void warning_stream_init(struct warning_stream *s, FILE *stream, const char *prefix);

#endif /* TOURNEY_TESTS_WARNING_STREAM_H */
