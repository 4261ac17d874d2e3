/*
 * text_escape.h - text from outside (agents, plugins, logs anyone can edit)
 * written where its bytes could be read as something else: one function per
 * format, used everywhere that format is written.
 *
 * Every one writes control characters (C0, DEL, C1), and bytes that are not
 * part of a valid UTF-8 character, as \xHH: on a terminal they would move
 * the cursor, clear the screen or set the window's title; in a file they
 * would break its lines.
 */
#ifndef TOURNEY_RUNNER_TEXT_ESCAPE_H
#define TOURNEY_RUNNER_TEXT_ESCAPE_H

#include <stdbool.h>
#include <stdio.h>

/* For a terminal (and the console's tables): TEXT with control characters
 * escaped; with LINES, line breaks and tabs are kept as they are (for text
 * of many lines, such as an agent's output). */
void tourney_terminal_text(FILE *out, const char *text, bool lines);

/* A message for a terminal on a line of its own: PREFIX, tourney's own
 * words ("tourney: "), as it is, then TEXT escaped as above: how a command
 * says what went wrong, whatever a plugin, an agent, a config or a log put
 * into the reason. */
void tourney_terminal_say(FILE *out, const char *prefix, const char *text);

/* The same into OUT of SIZE bytes (SIZE > 0), cut between two characters
 * or escapes where it does not fit: for text that a table or a message
 * formats later. */
void tourney_terminal_copy(char *out, size_t size, const char *text);

/* For Markdown outside code (a table's cell, a line of a list): control
 * characters escaped, and every character with a meaning in Markdown or in
 * its tables (\ ` * _ [ ] < > | & ~) after a backslash, so that it reads
 * as itself; an underscore inside a word, which emphasises nothing, is
 * left as it is. */
void tourney_markdown_text(FILE *out, const char *text);

/* For Markdown as code: TEXT between enough backticks that none of its own
 * ends the code span, control characters escaped (a line break would end
 * the list item, or the table row, it is in). */
void tourney_markdown_code(FILE *out, const char *text);

/* A CSV field (RFC 4180): control characters escaped, the field between
 * double quotes (its own doubled) when it holds a comma or a quote. */
void tourney_csv_field(FILE *out, const char *text);

#endif /* TOURNEY_RUNNER_TEXT_ESCAPE_H */
