#include "ini_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ini.h>

#include "text.h"
#include "whole_file.h"

/* inih truncates keys to 50 bytes (MAX_NAME) and section names to 50 bytes
 * (MAX_SECTION); refuse what it would silently cut. */
#define INI_MAX_NAME 49

struct reader {
    const char *text;
    size_t length;
    size_t offset;
    int line;
    struct ini_document *doc;
    struct diagnostics *diag;
    bool failed; /* out of memory */
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

/* Checks one line (blanks already stripped on the left) the way inih will
 * read it. Returns false, after reporting, when inih should not see it. */
static bool check_line(struct reader *r, const char *line, size_t length)
{
    const char *file = r->doc->path;
    if (memchr(line, '\0', length) != NULL) {
        tourney_diag_add(r->diag, file, r->line, "the line contains a NUL byte");
        return false;
    }
    if (length == 0 || line[0] == ';' || line[0] == '#') {
        return true;
    }
    if (line[0] == '[') {
        const char *close = memchr(line, ']', length);
        if (close == NULL) {
            tourney_diag_add(r->diag, file, r->line, "expected ']' to close the section name");
            return false;
        }
        const char *rest = close + 1;
        while (rest < line + length && is_blank(*rest)) {
            rest++;
        }
        if (rest < line + length && *rest != ';' && *rest != '#') {
            tourney_diag_add(r->diag, file, r->line, "expected nothing after ']' but a comment");
            return false;
        }
        size_t name_length = (size_t)(close - line - 1);
        if (name_length > INI_MAX_NAME) {
            tourney_diag_add(r->diag, file, r->line,
                             "section name is %zu characters long; at most %d are allowed",
                             name_length, INI_MAX_NAME);
            return false;
        }
        if (add_section(r->doc, line + 1, name_length, r->line) == NULL) {
            r->failed = true;
            return false;
        }
        return true;
    }
    size_t separator = key_end(line, length);
    size_t key_length = separator;
    if (key_length >= length) {
        tourney_diag_add(r->diag, file, r->line,
                         "expected '[section]', 'key = value' or a comment");
        return false;
    }
    while (key_length > 0 && is_blank(line[key_length - 1])) {
        key_length--;
    }
    if (key_length == 0) {
        tourney_diag_add(r->diag, file, r->line, "expected a key before '%c'", line[separator]);
        return false;
    }
    if (key_length > INI_MAX_NAME) {
        tourney_diag_add(r->diag, file, r->line,
                         "key is %zu characters long; at most %d are allowed", key_length,
                         INI_MAX_NAME);
        return false;
    }
    if (r->doc->section_count == 0) {
        tourney_diag_add(r->diag, file, r->line,
                         "expected a [section] header before the first key");
        return false;
    }
    return true;
}

/* The ini_reader inih calls for each line: hands over one whole line. */
static char *read_line(char *buffer, int size, void *stream)
{
    struct reader *r = stream;
    if (r->offset >= r->length || r->failed) {
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
        r->failed = true;
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
    bool ok;
    if (raw_length > TOURNEY_INI_MAX_LINE || length + 2 > (size_t)size) {
        tourney_diag_add(r->diag, r->doc->path, r->line,
                         "line is %zu characters long; at most %d are allowed", raw_length,
                         TOURNEY_INI_MAX_LINE);
        ok = false;
    } else {
        ok = check_line(r, start, length);
    }
    if (!ok) {
        /* inih sees an empty line, so line numbers stay aligned and the
         * broken text reaches no handler. */
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

static int on_entry(void *user, const char *section_name, const char *key, const char *value)
{
    struct reader *r = user;
    (void)section_name; /* the reader tracked the section, untruncated */
    struct ini_section *section = &r->doc->sections[r->doc->section_count - 1];
    for (size_t i = 0; i < section->entry_count; i++) {
        if (strcmp(section->entries[i].key, key) == 0) {
            tourney_diag_add(r->diag, r->doc->path, r->line,
                             "'%s' is already set in [%s] at line %d", key, section->name,
                             section->entries[i].line);
            return 1;
        }
    }
    if (append_entry(section, key, value, r->line) != 0) {
        r->failed = true;
        return 0;
    }
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
    int result = ini_parse_stream(read_line, &r, on_entry, &r);
    if (r.failed) {
        tourney_diag_add(diag, path, r.line, "out of memory while reading");
        return -1;
    }
    if (result != 0 && !tourney_diag_any(diag)) {
        /* Every line inih could refuse was checked above; this would be a
         * difference between our checks and inih's. Never ignore it. */
        tourney_diag_add(diag, path, result, "the INI parser refused this line");
    }
    return 0;
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
