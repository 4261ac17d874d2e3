/*
 * text_bytes.h - text an agent or a plugin controls, which may be any bytes,
 * kept as UTF-8 without loss, and cut only between characters.
 *
 * The escape (docs/reports.md, "Text agents send"): valid UTF-8 is kept as
 * it is; a byte that is not part of a valid UTF-8 character (and NUL) is
 * written as the four characters \xHH, HH its value in lower-case hex; a
 * backslash that would come before 'x' or another backslash is written \\.
 * Reading \\ as one backslash and \xHH as byte HH gives the bytes back; any
 * other backslash stands for itself, so text with no stray byte (a path
 * like C:\temp) reads as it was sent.
 */
#ifndef TOURNEY_RUNNER_TEXT_BYTES_H
#define TOURNEY_RUNNER_TEXT_BYTES_H

#include <stdbool.h>
#include <stddef.h>

/* The length of the longest valid UTF-8 character at TEXT (at most LENGTH
 * bytes), or 0 when the byte there starts none. NUL counts as none. */
size_t tourney_utf8_char_length(const char *text, size_t length);

/* Whether the LENGTH bytes at TEXT are valid UTF-8 without NUL. */
bool tourney_utf8_valid(const char *text, size_t length);

/* The longest prefix of the LENGTH bytes at TEXT, at most MAX bytes, that
 * does not end inside a valid UTF-8 character: what "%.*s" should print. */
size_t tourney_utf8_cut(const char *text, size_t length, size_t max);

/* The same for the C string TEXT, as the precision of "%.*s": a message
 * quoting at most MAX bytes of what an agent sent. */
int tourney_utf8_prefix(const char *text, size_t max);

/* The LENGTH bytes at BYTES escaped as above into OUT, which holds SIZE
 * bytes (SIZE > 0): NUL-terminated, cut between two characters or escapes
 * where it does not fit. Returns the length written. */
size_t tourney_text_escape(char *out, size_t size, const char *bytes, size_t length);

/* The same, keeping the end where it does not fit: the newest of output. */
size_t tourney_text_escape_tail(char *out, size_t size, const char *bytes, size_t length);

/* TEXT (a C string) escaped into OUT the same way. */
size_t tourney_text_escape_string(char *out, size_t size, const char *text);

/* TEXT escaped into a new heap string; NULL for NULL or out of memory. */
char *tourney_text_escape_dup(const char *text);

/* The bytes TEXT escapes, into OUT (room for strlen(TEXT) + 1 bytes; NUL
 * bytes among them are kept). Returns their number, the terminating NUL
 * left out. */
size_t tourney_text_unescape(char *out, const char *text);

/* TEXT, already valid UTF-8, copied into OUT of SIZE bytes (SIZE > 0), cut
 * between characters where it does not fit. */
void tourney_text_copy(char *out, size_t size, const char *text);

#endif /* TOURNEY_RUNNER_TEXT_BYTES_H */
