/*
 * ini_file.h - reads an INI file with inih into sections and entries that
 * remember their line numbers, so later checks can say "file:line: ...".
 *
 * inih splits each line; tourney judges each line once, where inih leaves
 * it (an entry in inih's handler, any other line when inih asks for the
 * next). Lines are fed to inih by tourney's own reader, which (a) counts
 * lines, (b) refuses lines longer than inih's buffer instead of letting
 * inih split them (a split long value could inject a key), and (c) strips
 * leading blanks so that an indented line is never taken as the
 * continuation of the previous value. The dialect is docs/config.md's
 * whatever options the installed inih was compiled with.
 */
#ifndef TOURNEY_RUNNER_INI_FILE_H
#define TOURNEY_RUNNER_INI_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include <ini.h>

#include "diag.h"

/* The longest line content inih r55 reads whole (its buffer is 200 bytes and
 * needs room for "\r\n\0"). */
#define TOURNEY_INI_MAX_LINE 197

struct ini_entry {
    char *key;
    char *value;
    int line;
    bool used; /* set by whoever consumes it; unused entries are errors */
};

struct ini_section {
    char *name; /* the text between the brackets */
    int line;
    struct ini_entry *entries;
    size_t entry_count;
    size_t entry_capacity;
};

struct ini_document {
    char *path;
    struct ini_section *sections;
    size_t section_count;
    size_t section_capacity;
};

/* Reads and parses PATH. Syntax errors are added to DIAG; the document holds
 * whatever could be read. Returns 0, or -1 when the file could not be read at
 * all or is no text (NUL bytes on more than one line), with one error in
 * DIAG. */
int tourney_ini_read(struct ini_document *doc, const char *path, struct diagnostics *diag);

/* The same for text already in memory; PATH only names it in messages. */
int tourney_ini_parse_text(struct ini_document *doc, const char *path, const char *text,
                           size_t length, struct diagnostics *diag);

/* inih's ini_parse_stream, or in tests a stand-in that reads as inih built
 * with other options would. */
typedef int (*tourney_ini_parser)(ini_reader reader, void *stream, ini_handler handler,
                                  void *user);

/* tourney_ini_parse_text with PARSE in place of inih's ini_parse_stream. */
int tourney_ini_parse_text_with(struct ini_document *doc, const char *path, const char *text,
                                size_t length, struct diagnostics *diag, tourney_ini_parser parse);

void tourney_ini_finish(struct ini_document *doc);

/* The section NAME of DOC; added at LINE when there is none. NULL when out
 * of memory. A pointer into DOC: valid until the next section is added. */
struct ini_section *tourney_ini_section(struct ini_document *doc, const char *name, int line);

/* Sets KEY of SECTION to VALUE at LINE, in place of the value the file gave
 * it or as a new entry: what a setting from the command line does. Returns
 * -1 when out of memory. */
int tourney_ini_set(struct ini_section *section, const char *key, const char *value, int line);

/* The entry KEY of SECTION, or NULL. Marks it used. */
struct ini_entry *tourney_ini_take(struct ini_section *section, const char *key);

#endif /* TOURNEY_RUNNER_INI_FILE_H */
