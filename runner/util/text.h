/*
 * text.h - small string helpers the runner uses everywhere.
 */
#ifndef TOURNEY_RUNNER_TEXT_H
#define TOURNEY_RUNNER_TEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* printf into a new heap string; NULL when out of memory. */
char *tourney_format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *tourney_vformat(const char *fmt, va_list args) __attribute__((format(printf, 1, 0)));

/* strdup that accepts NULL (returning NULL). */
char *tourney_strdup(const char *text);

/* Parses a whole decimal number (optional sign, nothing else around it). */
bool tourney_parse_int64(const char *text, int64_t *out);
bool tourney_parse_uint64(const char *text, uint64_t *out);

/* Parses true/false, yes/no, on/off, 1/0 (any case). */
bool tourney_parse_bool(const char *text, bool *out);

bool tourney_has_suffix(const char *text, const char *suffix);

/* The value of a lower-case hex digit, or -1 for any other character. */
int tourney_hex_value(char c);

/* Text from a plugin or agent is untrusted and may not be UTF-8: turns
 * every byte but printable ASCII (and line breaks and tabs where
 * ALLOW_NEWLINES) into '?', which is always valid in JSON and on a
 * terminal. */
void tourney_make_printable(char *text, bool allow_newlines);

/* The directory part of PATH ("." when it has none); heap string. */
char *tourney_dirname(const char *path);

#endif /* TOURNEY_RUNNER_TEXT_H */
