#include "ini_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "whole_file.h"

/* inih truncates keys to 50 bytes (MAX_NAME) and section names to 50 bytes
 * (MAX_SECTION); refuse what it would silently cut. */
#define INI_MAX_NAME 49

/*
 * inih splits every line; tourney's checks judge every line once, where
 * inih leaves it: an entry in on_entry, any other line (section, comment,
 * blank, or one inih refused) in finish_line, when inih asks for the next
 * line. The dialect is tourney's whatever options inih was compiled with:
 * an entry's value is taken from its line up to a comment (builds differ
 * there), a line starting with ';' or '#' is a comment however inih would
 * take it, and an indented line is never a continuation, since inih never
 * sees its blanks.
 */
struct reader {
    const char *text;
    size_t length;
    size_t offset;
    int line;
    const char *current; /* the line inih was last given, blanks stripped */
    size_t current_length;
    bool current_judged;         /* refused by the reader, or an entry on_entry took */
    bool header_seen;            /* a [section] line, good or bad, came before */
    struct ini_section *section; /* where entries go; NULL after a bad header */
    struct ini_document *doc;
    struct diagnostics *diag;
    bool failed;  /* out of memory */
    bool stopped; /* too many lines: said */
};

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static struct ini_section *add_section(struct ini_document *doc, const char *name,
                                       size_t name_length, int line)
{
    if (doc->section_count == doc->section_capacity) {
        size_t capacity = doc->section_capacity ? doc->section_capacity * 2 : 8;
        struct ini_section *sections = realloc(doc->sections, capacity * sizeof(*sections));
        if (sections == NULL) {
            return NULL;
        }
        doc->sections = sections;
        doc->section_capacity = capacity;
    }
    struct ini_section *section = &doc->sections[doc->section_count];
    memset(section, 0, sizeof(*section));
    section->name = strndup(name, name_length);
    if (section->name == NULL) {
        return NULL;
    }
    section->line = line;
    doc->section_count++;
    return section;
}

/* The length of the LENGTH bytes of TEXT before a comment: a ';' after a
 * blank (inih's inline comment, in every build). */
static size_t before_comment(const char *text, size_t length)
{
    for (size_t i = 1; i < length; i++) {
        if (text[i] == ';' && is_blank(text[i - 1])) {
            return i;
        }
    }
    return length;
}

/* LENGTH without the blanks that end the LENGTH bytes of TEXT. */
static size_t without_trailing_blanks(const char *text, size_t length)
{
    while (length > 0 && is_blank(text[length - 1])) {
        length--;
    }
    return length;
}

/* The index of the first '=' or ':' in the LENGTH bytes of LINE, or LENGTH.
 * Lines point into the file's text and are not NUL-terminated. */
static size_t key_end(const char *line, size_t length)
{
    size_t i = 0;
    while (i < length && line[i] != '=' && line[i] != ':') {
        i++;
    }
    return i;
}

/* A [section] line: its checks, and where the entries after it go. */
static void judge_header(struct reader *r, const char *line, size_t length)
{
    const char *file = r->doc->path;
    r->header_seen = true;
    r->section = NULL;
    length = before_comment(line, length);
    const char *close = memchr(line, ']', length);
    if (close == NULL) {
        tourney_diag_add(r->diag, file, r->line, "expected ']' to close the section name");
        return;
    }
    const char *rest = close + 1;
    while (rest < line + length && is_blank(*rest)) {
        rest++;
    }
    if (rest < line + length && *rest != ';' && *rest != '#') {
        tourney_diag_add(r->diag, file, r->line, "expected nothing after ']' but a comment");
        return;
    }
    size_t name_length = (size_t)(close - line - 1);
    if (name_length > INI_MAX_NAME) {
        tourney_diag_add(r->diag, file, r->line,
                         "section name is %zu characters long; at most %d are allowed",
                         name_length, INI_MAX_NAME);
        return;
    }
    r->section = add_section(r->doc, line + 1, name_length, r->line);
    r->failed = r->section == NULL;
}

/* The line inih was last given, when no entry came of it: a comment, a
 * blank line, a section header, or a line inih refused. */
static void finish_line(struct reader *r)
{
    const char *line = r->current;
    size_t length = r->current_length;
    if (line == NULL || r->current_judged) {
        return;
    }
    r->current_judged = true;
    if (length == 0 || line[0] == ';' || line[0] == '#') {
        return;
    }
    if (line[0] == '[') {
        judge_header(r, line, length);
        return;
    }
    /* Its text before any comment has no separator (or inih would have
     * made it an entry). */
    tourney_diag_add(r->diag, r->doc->path, r->line,
                     "expected '[section]', 'key = value' or a comment");
}

/* Whether the whole line is in order, said where it is not; read by inih
 * on a line that no handler may see. */
static bool line_is_readable(struct reader *r, const char *line, size_t length, size_t raw_length,
                             int size)
{
    if (raw_length > TOURNEY_INI_MAX_LINE || length + 2 > (size_t)size) {
        /* inih would split it: its tail, read as a line of its own, could
         * set a key the author never wrote. */
        tourney_diag_add(r->diag, r->doc->path, r->line,
                         "line is %zu characters long; at most %d are allowed", raw_length,
                         TOURNEY_INI_MAX_LINE);
        return false;
    }
    if (memchr(line, '\0', length) != NULL) {
        tourney_diag_add(r->diag, r->doc->path, r->line, "the line contains a NUL byte");
        return false;
    }
    return true;
}

/* The ini_reader inih calls for each line: hands over one whole line,
 * after judging the one before. */
static char *read_line(char *buffer, int size, void *stream)
{
    struct reader *r = stream;
    finish_line(r);
    r->current = NULL;
    if (r->offset >= r->length || r->failed || r->stopped) {
        return NULL;
    }
    const char *start = r->text + r->offset;
    size_t available = r->length - r->offset;
    const char *newline = memchr(start, '\n', available);
    size_t length = newline ? (size_t)(newline - start) : available;
    r->offset += newline ? length + 1 : length;
    if (r->line + 1 >= TOURNEY_DIAG_FIRST_PLACE) {
        /* Line numbers from here on name places outside the file (diag.h). */
        tourney_diag_add(r->diag, r->doc->path, 0, "the file has more than %d lines",
                         TOURNEY_DIAG_FIRST_PLACE - 1);
        r->stopped = true;
        return NULL;
    }
    r->line++;

    size_t raw_length = length;
    if (length > 0 && start[length - 1] == '\r') {
        length--;
    }
    while (length > 0 && is_blank(*start)) {
        start++;
        length--;
    }
    r->current = start;
    r->current_length = length;
    r->current_judged = !line_is_readable(r, start, length, raw_length, size);
    if (r->current_judged || (length > 0 && (start[0] == ';' || start[0] == '#'))) {
        /* inih sees an empty line: line numbers stay aligned, and neither
         * broken text nor a comment (which some builds of inih would read
         * as a key) reaches a handler. */
        length = 0;
    }
    memcpy(buffer, start, length);
    buffer[length] = '\n';
    buffer[length + 1] = '\0';
    return buffer;
}

static int append_entry(struct ini_section *section, const char *key, const char *value, int line)
{
    if (section->entry_count == section->entry_capacity) {
        size_t capacity = section->entry_capacity ? section->entry_capacity * 2 : 8;
        struct ini_entry *entries = realloc(section->entries, capacity * sizeof(*entries));
        if (entries == NULL) {
            return -1;
        }
        section->entries = entries;
        section->entry_capacity = capacity;
    }
    struct ini_entry *entry = &section->entries[section->entry_count];
    entry->key = strdup(key);
    entry->value = strdup(value);
    entry->line = line;
    entry->used = false;
    if (entry->key == NULL || entry->value == NULL) {
        free(entry->key);
        free(entry->value);
        return -1;
    }
    section->entry_count++;
    return 0;
}

/* Checks an entry inih read from the current line, and keeps it. */
static int on_entry(void *user, const char *section_name, const char *key, const char *value)
{
    struct reader *r = user;
    (void)section_name; /* the reader tracks sections, untruncated */
    /* inih's value is only a sign that the line holds one (below). */
    if (key == NULL || value == NULL || r->current_judged) {
        /* A section's call (INI_CALL_HANDLER_ON_NEW_SECTION), a key
         * without a value (INI_ALLOW_NO_VALUE), or a second call for one
         * line: finish_line judges the line itself. */
        return 1;
    }
    r->current_judged = true;
    const char *file = r->doc->path;
    const char *line = r->current;
    size_t separator = key_end(line, r->current_length);
    if (before_comment(line, r->current_length) < separator) {
        /* A comment starts before the separator: inih builds without
         * comments after values would have taken "k ;x" for a key. */
        tourney_diag_add(r->diag, file, r->line,
                         "expected '[section]', 'key = value' or a comment");
        return 1;
    }
    size_t key_length = strlen(key);
    if (key_length == 0) {
        tourney_diag_add(r->diag, file, r->line, "expected a key before '%c'", line[separator]);
        return 1;
    }
    if (key_length > INI_MAX_NAME) {
        tourney_diag_add(r->diag, file, r->line,
                         "key is %zu characters long; at most %d are allowed", key_length,
                         INI_MAX_NAME);
        return 1;
    }
    if (!r->header_seen) {
        tourney_diag_add(r->diag, file, r->line,
                         "expected a [section] header before the first key");
        return 1;
    }
    struct ini_section *section = r->section;
    if (section == NULL) {
        return 1; /* under a header that was refused: said there */
    }
    for (size_t i = 0; i < section->entry_count; i++) {
        if (strcmp(section->entries[i].key, key) == 0) {
            tourney_diag_add(r->diag, file, r->line, "'%s' is already set in [%s] at line %d", key,
                             section->name, section->entries[i].line);
            return 1;
        }
    }
    /* The value from the line itself, up to a comment, blanks around it
     * dropped: inih's builds differ there (with comments after values or
     * without; "k = ;x" is "" or ";x" by version), tourney's reading does
     * not. */
    const char *text = line + separator + 1;
    size_t text_length = before_comment(text, r->current_length - separator - 1);
    while (text_length > 0 && is_blank(*text)) {
        text++;
        text_length--;
    }
    char *kept = strndup(text, without_trailing_blanks(text, text_length));
    if (kept == NULL || append_entry(section, key, kept, r->line) != 0) {
        free(kept);
        r->failed = true;
        return 0;
    }
    free(kept);
    return 1;
}

/* A file with NUL bytes on more than one line is no text (a program, an
 * image, text in UTF-16): one error says so, rather than one for every
 * line of it (11,124 for a program). A single stray NUL is reported where
 * it is, as any bad line. */
static bool refuse_binary(const char *path, const char *text, size_t length,
                          struct diagnostics *diag)
{
    size_t lines = 0;
    int first = 0;
    int line = 1;
    bool seen_on_line = false;
    for (size_t i = 0; i < length; i++) {
        if (text[i] == '\n') {
            line++;
            seen_on_line = false;
        } else if (text[i] == '\0' && !seen_on_line) {
            seen_on_line = true;
            first = lines++ == 0 ? line : first;
        }
    }
    if (lines < 2) {
        return false;
    }
    tourney_diag_add(diag, path, 0,
                     "not a text file: %zu lines hold NUL bytes (the first is line %d); a "
                     "config is an INI file in UTF-8 (see docs/config.md)",
                     lines, first);
    return true;
}

int tourney_ini_parse_text(struct ini_document *doc, const char *path, const char *text,
                           size_t length, struct diagnostics *diag)
{
    return tourney_ini_parse_text_with(doc, path, text, length, diag, ini_parse_stream);
}

int tourney_ini_parse_text_with(struct ini_document *doc, const char *path, const char *text,
                                size_t length, struct diagnostics *diag, tourney_ini_parser parse)
{
    memset(doc, 0, sizeof(*doc));
    doc->path = strdup(path);
    if (doc->path == NULL) {
        tourney_diag_add(diag, path, 0, "out of memory");
        return -1;
    }
    /* A UTF-8 byte order mark is not part of the first line. */
    if (length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3;
        length -= 3;
    }
    if (refuse_binary(path, text, length, diag)) {
        return -1;
    }
    struct reader r = {.text = text, .length = length, .doc = doc, .diag = diag};
    /* inih's result names the first line it refused, which finish_line
     * has judged already. A build that stops at its first error returns
     * before the end: it reads on from where it stopped. */
    do {
        (void)parse(read_line, &r, on_entry, &r);
        finish_line(&r);
        r.current = NULL;
    } while (!r.failed && !r.stopped && r.offset < r.length);
    if (r.failed) {
        tourney_diag_add(diag, path, r.line, "out of memory while reading");
    }
    return r.failed || r.stopped ? -1 : 0;
}

int tourney_ini_read(struct ini_document *doc, const char *path, struct diagnostics *diag)
{
    memset(doc, 0, sizeof(*doc));
    char *text = NULL;
    size_t length = 0;
    struct error err;
    if (tourney_read_whole_file(path, &text, &length, &err) != 0) {
        tourney_diag_add(diag, path, 0, "%s", err.text);
        return -1;
    }
    int status = tourney_ini_parse_text(doc, path, text, length, diag);
    free(text);
    return status;
}

void tourney_ini_finish(struct ini_document *doc)
{
    for (size_t s = 0; s < doc->section_count; s++) {
        struct ini_section *section = &doc->sections[s];
        for (size_t e = 0; e < section->entry_count; e++) {
            free(section->entries[e].key);
            free(section->entries[e].value);
        }
        free(section->entries);
        free(section->name);
    }
    free(doc->sections);
    free(doc->path);
    memset(doc, 0, sizeof(*doc));
}

struct ini_entry *tourney_ini_take(struct ini_section *section, const char *key)
{
    for (size_t i = 0; i < section->entry_count; i++) {
        if (strcmp(section->entries[i].key, key) == 0) {
            section->entries[i].used = true;
            return &section->entries[i];
        }
    }
    return NULL;
}

struct ini_section *tourney_ini_section(struct ini_document *doc, const char *name, int line)
{
    for (size_t i = 0; i < doc->section_count; i++) {
        if (strcmp(doc->sections[i].name, name) == 0) {
            return &doc->sections[i];
        }
    }
    return add_section(doc, name, strlen(name), line);
}

int tourney_ini_set(struct ini_section *section, const char *key, const char *value, int line)
{
    for (size_t i = 0; i < section->entry_count; i++) {
        struct ini_entry *entry = &section->entries[i];
        if (strcmp(entry->key, key) == 0) {
            char *copy = strdup(value);
            if (copy == NULL) {
                return -1;
            }
            free(entry->value);
            entry->value = copy;
            entry->line = line;
            return 0;
        }
    }
    return append_entry(section, key, value, line);
}
