/*
 * The INI reader on its own: sections and entries with the lines they stand
 * on, the syntax docs/config.md describes (comments, both separators, CRLF,
 * a last line without its newline, a byte order mark), and every line it
 * refuses named by its line, all of them in one pass.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "ini_file.h"
#include "warning_stream.h"

struct parsed {
    struct ini_document doc;
    struct diagnostics diag;
};

/* Parses TEXT as the file "t.ini"; returns what tourney_ini_parse_text did. */
static int parse(struct parsed *p, const char *text)
{
    tourney_diag_init(&p->diag);
    return tourney_ini_parse_text(&p->doc, "t.ini", text, strlen(text), &p->diag);
}

static void finish(struct parsed *p)
{
    tourney_ini_finish(&p->doc);
    tourney_diag_finish(&p->diag);
}

/* The diagnostics, one a line, for comparing with what is expected. */
static char *messages(const struct parsed *p)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    struct warning_stream lines;
    warning_stream_init(&lines, out, NULL);
    tourney_diag_say(&p->diag, &lines.warn);
    assert_int_equal(fclose(out), 0);
    return text;
}

static void assert_messages(const struct parsed *p, const char *expected)
{
    char *got = messages(p);
    assert_string_equal(got, expected);
    free(got);
}

static void assert_entry(const struct ini_section *section, size_t i, const char *key,
                         const char *value, int line)
{
    assert_true(i < section->entry_count);
    assert_string_equal(section->entries[i].key, key);
    assert_string_equal(section->entries[i].value, value);
    assert_int_equal(section->entries[i].line, line);
    assert_false(section->entries[i].used);
}

static void test_sections_and_keys_with_their_lines(void **state)
{
    (void)state;
    struct parsed p;
    assert_int_equal(parse(&p, "; a comment first\n"
                               "\n"
                               "[tournament]\n"
                               "name = classic\n"
                               "   games_per_pair   =   40   \n"
                               "# another comment\n"
                               "[agent deep one]\n"
                               "plugin: minimax\n"
                               "depth=4\n"
                               "empty =\n"),
                     0);
    assert_messages(&p, "");
    assert_string_equal(p.doc.path, "t.ini");
    assert_int_equal(p.doc.section_count, 2);
    const struct ini_section *tournament = &p.doc.sections[0];
    assert_string_equal(tournament->name, "tournament");
    assert_int_equal(tournament->line, 3);
    assert_int_equal(tournament->entry_count, 2);
    assert_entry(tournament, 0, "name", "classic", 4);
    assert_entry(tournament, 1, "games_per_pair", "40", 5);
    const struct ini_section *agent = &p.doc.sections[1];
    assert_string_equal(agent->name, "agent deep one");
    assert_int_equal(agent->line, 7);
    assert_int_equal(agent->entry_count, 3);
    assert_entry(agent, 0, "plugin", "minimax", 8);
    assert_entry(agent, 1, "depth", "4", 9);
    assert_entry(agent, 2, "empty", "", 10);
    finish(&p);
}

static void test_take_marks_an_entry_used(void **state)
{
    (void)state;
    struct parsed p;
    assert_int_equal(parse(&p, "[game]\nplugin = mnk\nrows = 4\n"), 0);
    struct ini_section *game = &p.doc.sections[0];
    struct ini_entry *rows = tourney_ini_take(game, "rows");
    assert_ptr_equal(rows, &game->entries[1]);
    assert_true(rows->used);
    assert_false(game->entries[0].used);
    assert_null(tourney_ini_take(game, "cols"));
    /* Keys are case-sensitive. */
    assert_null(tourney_ini_take(game, "Plugin"));
    assert_false(game->entries[0].used);
    finish(&p);
}

/* After a value, ';' behind a blank starts a comment; '#' and a ';' with no
 * blank before it are part of the value. Quotes are kept. */
static void test_comments_after_values(void **state)
{
    (void)state;
    struct parsed p;
    assert_int_equal(parse(&p, "[s]\n"
                               "a = 40 ; both seats\n"
                               "b = 3 # three\n"
                               "c = x;y\n"
                               "d = \"quoted\"\n"
                               "[t] ; a comment after a section\n"
                               "e = 1\n"
                               "[u]\t# and another\n"),
                     0);
    assert_messages(&p, "");
    assert_int_equal(p.doc.section_count, 3);
    const struct ini_section *s = &p.doc.sections[0];
    assert_int_equal(s->entry_count, 4);
    assert_entry(s, 0, "a", "40", 2);
    assert_entry(s, 1, "b", "3 # three", 3);
    assert_entry(s, 2, "c", "x;y", 4);
    assert_entry(s, 3, "d", "\"quoted\"", 5);
    assert_string_equal(p.doc.sections[1].name, "t");
    assert_int_equal(p.doc.sections[1].line, 6);
    assert_entry(&p.doc.sections[1], 0, "e", "1", 7);
    assert_string_equal(p.doc.sections[2].name, "u");
    assert_int_equal(p.doc.sections[2].line, 8);
    finish(&p);
}

/* An indented line is a line of its own, never a continuation of the value
 * above it (which inih would make it). */
static void test_indented_lines_are_not_continuations(void **state)
{
    (void)state;
    struct parsed p;
    assert_int_equal(parse(&p, "[s]\na = 1\n    b = 2\n\t  c = 3\n"), 0);
    assert_messages(&p, "");
    const struct ini_section *s = &p.doc.sections[0];
    assert_int_equal(s->entry_count, 3);
    assert_entry(s, 0, "a", "1", 2);
    assert_entry(s, 1, "b", "2", 3);
    assert_entry(s, 2, "c", "3", 4);
    finish(&p);
}

static void test_crlf_and_a_last_line_without_newline(void **state)
{
    (void)state;
    struct parsed p;
    assert_int_equal(parse(&p, "[s]\r\na = 1\r\n\r\n; note\r\n[t]\r\nb = two words\r\nc = 3"), 0);
    assert_messages(&p, "");
    assert_int_equal(p.doc.section_count, 2);
    assert_string_equal(p.doc.sections[0].name, "s");
    assert_entry(&p.doc.sections[0], 0, "a", "1", 2);
    assert_string_equal(p.doc.sections[1].name, "t");
    assert_int_equal(p.doc.sections[1].line, 5);
    assert_int_equal(p.doc.sections[1].entry_count, 2);
    assert_entry(&p.doc.sections[1], 0, "b", "two words", 6);
    assert_entry(&p.doc.sections[1], 1, "c", "3", 7);
    finish(&p);

    /* A section header as the last line, without its newline. */
    assert_int_equal(parse(&p, "[s]\na = 1\n[last]"), 0);
    assert_messages(&p, "");
    assert_int_equal(p.doc.section_count, 2);
    assert_string_equal(p.doc.sections[1].name, "last");
    assert_int_equal(p.doc.sections[1].line, 3);
    finish(&p);
}

static void test_byte_order_mark_and_empty_text(void **state)
{
    (void)state;
    struct parsed p;
    assert_int_equal(parse(&p, "\xEF\xBB\xBF[s]\nk = v\n"), 0);
    assert_messages(&p, "");
    assert_string_equal(p.doc.sections[0].name, "s");
    assert_int_equal(p.doc.sections[0].line, 1);
    assert_entry(&p.doc.sections[0], 0, "k", "v", 2);
    finish(&p);

    assert_int_equal(parse(&p, ""), 0);
    assert_messages(&p, "");
    assert_int_equal(p.doc.section_count, 0);
    finish(&p);
}

/* A line of LENGTH characters, "k = vvv...", inside section [s] on line 2,
 * then "after = 1" on line 3; ENDING is "\n" or "\r\n". */
static char *long_line_text(size_t length, const char *ending)
{
    char *text = malloc(length + 32);
    assert_non_null(text);
    strcpy(text, "[s]\nk = ");
    size_t used = strlen(text);
    memset(text + used, 'v', length - 4);
    used += length - 4;
    sprintf(text + used, "%safter = 1\n", ending);
    return text;
}

static void test_overlong_lines_are_refused_with_their_line(void **state)
{
    (void)state;
    struct parsed p;
    /* 197 characters is the longest line read. */
    char *text = long_line_text(TOURNEY_INI_MAX_LINE, "\n");
    assert_int_equal(parse(&p, text), 0);
    assert_messages(&p, "");
    assert_int_equal(strlen(p.doc.sections[0].entries[0].value), TOURNEY_INI_MAX_LINE - 4);
    assert_entry(&p.doc.sections[0], 1, "after", "1", 3);
    finish(&p);
    free(text);

    /* One more is refused, and its tail never becomes a line of its own:
     * the next line is still line 3. */
    text = long_line_text(TOURNEY_INI_MAX_LINE + 1, "\n");
    assert_int_equal(parse(&p, text), 0);
    assert_messages(&p, "t.ini:2: line is 198 characters long; at most 197 are allowed\n");
    assert_int_equal(p.doc.sections[0].entry_count, 1);
    assert_entry(&p.doc.sections[0], 0, "after", "1", 3);
    finish(&p);
    free(text);

    /* The '\r' of a CRLF line counts. */
    text = long_line_text(TOURNEY_INI_MAX_LINE, "\r\n");
    assert_int_equal(parse(&p, text), 0);
    assert_messages(&p, "t.ini:2: line is 198 characters long; at most 197 are allowed\n");
    finish(&p);
    free(text);
    text = long_line_text(TOURNEY_INI_MAX_LINE - 1, "\r\n");
    assert_int_equal(parse(&p, text), 0);
    assert_messages(&p, "");
    assert_int_equal(strlen(p.doc.sections[0].entries[0].value), TOURNEY_INI_MAX_LINE - 5);
    finish(&p);
    free(text);

    /* Leading blanks count too: the line is what is in the file. */
    char indented[TOURNEY_INI_MAX_LINE + 32];
    snprintf(indented, sizeof(indented), "[s]\n%*s\n", TOURNEY_INI_MAX_LINE + 1, "k = v");
    assert_int_equal(parse(&p, indented), 0);
    assert_messages(&p, "t.ini:2: line is 198 characters long; at most 197 are allowed\n");
    finish(&p);

    /* A long comment is a long line as well; so is a last line without its
     * newline. */
    char comment[700];
    snprintf(comment, sizeof(comment), "[s]\n;%0300d\nk = v\n%0250d", 0, 0);
    assert_int_equal(parse(&p, comment), 0);
    assert_messages(&p, "t.ini:2: line is 301 characters long; at most 197 are allowed\n"
                        "t.ini:4: line is 250 characters long; at most 197 are allowed\n");
    assert_entry(&p.doc.sections[0], 0, "k", "v", 3);
    finish(&p);
}

static void test_names_at_most_49_characters(void **state)
{
    (void)state;
    char text[512];
    struct parsed p;
    snprintf(text, sizeof(text), "[%049d]\n%049d = 1\n", 0, 1);
    assert_int_equal(parse(&p, text), 0);
    assert_messages(&p, "");
    assert_int_equal(strlen(p.doc.sections[0].name), 49);
    assert_int_equal(strlen(p.doc.sections[0].entries[0].key), 49);
    finish(&p);

    /* Keys are measured without the blanks before the separator. */
    snprintf(text, sizeof(text), "[s]\n%050d   = 1\n[%050d]\nk = 2\n", 1, 0);
    assert_int_equal(parse(&p, text), 0);
    assert_messages(&p, "t.ini:2: key is 50 characters long; at most 49 are allowed\n"
                        "t.ini:3: section name is 50 characters long; at most 49 are allowed\n");
    /* The refused section is not there, so its key went nowhere: what
     * follows an error is still checked, never attached to the section
     * before it. */
    assert_int_equal(p.doc.section_count, 1);
    assert_int_equal(p.doc.sections[0].entry_count, 0);
    finish(&p);
}

static void test_syntax_errors_all_in_one_pass(void **state)
{
    (void)state;
    struct parsed p;
    assert_int_equal(parse(&p, "early = 1\n"
                               "[tournament\n"
                               "[game] plugin = mnk\n"
                               "[game]\n"
                               "just words\n"
                               "= 3\n"
                               "  : 4\n"
                               "rows = 3\n"
                               "rows = 4\n"
                               "cols = 5\n"),
                     0);
    assert_messages(&p, "t.ini:1: expected a [section] header before the first key\n"
                        "t.ini:2: expected ']' to close the section name\n"
                        "t.ini:3: expected nothing after ']' but a comment\n"
                        "t.ini:5: expected '[section]', 'key = value' or a comment\n"
                        "t.ini:6: expected a key before '='\n"
                        "t.ini:7: expected a key before ':'\n"
                        "t.ini:9: 'rows' is already set in [game] at line 8\n");
    /* What was right is kept, the first value of a repeated key with it. */
    assert_int_equal(p.doc.section_count, 1);
    const struct ini_section *game = &p.doc.sections[0];
    assert_string_equal(game->name, "game");
    assert_int_equal(game->line, 4);
    assert_int_equal(game->entry_count, 2);
    assert_entry(game, 0, "rows", "3", 8);
    assert_entry(game, 1, "cols", "5", 10);
    finish(&p);
}

static void test_nul_bytes_are_refused(void **state)
{
    (void)state;
    static const char text[] = "[s]\na = 1\0 = 2\nb = 3\n";
    struct parsed p;
    tourney_diag_init(&p.diag);
    assert_int_equal(tourney_ini_parse_text(&p.doc, "t.ini", text, sizeof(text) - 1, &p.diag), 0);
    assert_messages(&p, "t.ini:2: the line contains a NUL byte\n");
    assert_int_equal(p.doc.sections[0].entry_count, 1);
    assert_entry(&p.doc.sections[0], 0, "b", "3", 3);
    finish(&p);
}

/* A program given as the config is one error, not one a line: NUL bytes
 * on two lines or more make a file no text. */
static void test_binary_file_is_one_error(void **state)
{
    (void)state;
    static const char text[] = "\x7f"
                               "ELF\x02\x01\x01\0\0\0\n\0\x03\0>\0\n[s]\na = 1\n"
                               "\n\n\0\0\n";
    struct parsed p;
    tourney_diag_init(&p.diag);
    assert_int_equal(tourney_ini_parse_text(&p.doc, "t.ini", text, sizeof(text) - 1, &p.diag), -1);
    assert_messages(&p, "t.ini: not a text file: 3 lines hold NUL bytes (the first is line 1); a "
                        "config is an INI file in UTF-8 (see docs/config.md)\n");
    assert_int_equal(p.doc.section_count, 0);
    finish(&p);
}

static void test_read_from_a_file(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "ini");
    char path[128];
    snprintf(path, sizeof(path), "%s/t.ini", dir);
    write_file(path, "[s]\r\nk = v\r\nbad\r\n");
    struct parsed p;
    tourney_diag_init(&p.diag);
    assert_int_equal(tourney_ini_read(&p.doc, path, &p.diag), 0);
    assert_string_equal(p.doc.path, path);
    assert_entry(&p.doc.sections[0], 0, "k", "v", 2);
    char expected[256];
    snprintf(expected, sizeof(expected),
             "%s:3: expected '[section]', 'key = value' or a comment\n", path);
    assert_messages(&p, expected);
    finish(&p);

    /* A file larger than the reader's first buffer reads whole. */
    char *big = malloc(2000 * 24 + 16);
    assert_non_null(big);
    size_t used = (size_t)sprintf(big, "[s]\n");
    for (int i = 0; i < 2000; i++) {
        used += (size_t)sprintf(big + used, "key%04d = %d\n", i, i * 7);
    }
    write_file(path, "%s", big);
    free(big);
    tourney_diag_init(&p.diag);
    assert_int_equal(tourney_ini_read(&p.doc, path, &p.diag), 0);
    assert_messages(&p, "");
    assert_int_equal(p.doc.sections[0].entry_count, 2000);
    assert_entry(&p.doc.sections[0], 1999, "key1999", "13993", 2001);
    finish(&p);

    /* A file that is not there. */
    snprintf(path, sizeof(path), "%s/missing.ini", dir);
    tourney_diag_init(&p.diag);
    assert_int_equal(tourney_ini_read(&p.doc, path, &p.diag), -1);
    assert_int_equal(p.doc.section_count, 0);
    snprintf(expected, sizeof(expected), "%s: cannot open: No such file or directory\n", path);
    assert_messages(&p, expected);
    finish(&p);
    remove_tree(dir);
}

/* A stand-in for inih built with every option the other way round from
 * Debian's: no comments after values, a call of the handler for each
 * section (name and value NULL) and for a key without a value (value
 * NULL), ';' alone starting a comment line, and a stop at the first error.
 * What it does with a line is inih's, as its documentation says. */
static int other_build(ini_reader reader, void *stream, ini_handler handler, void *user)
{
    char line[200];
    char section[50] = "";
    int number = 0;
    int error = 0;
    while (error == 0 && reader(line, sizeof(line), stream) != NULL) {
        number++;
        char *start = line;
        while (*start == ' ' || *start == '\t') {
            start++;
        }
        char *end = start + strlen(start);
        while (end > start &&
               (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' ' || end[-1] == '\t')) {
            *--end = '\0';
        }
        if (*start == ';' || *start == '\0') {
            continue;
        }
        if (*start == '[') {
            char *close = strchr(start + 1, ']');
            if (close == NULL) {
                error = number;
                continue;
            }
            *close = '\0';
            snprintf(section, sizeof(section), "%s", start + 1);
            if (!handler(user, section, NULL, NULL)) {
                error = number;
            }
            continue;
        }
        char *separator = start + strcspn(start, "=:");
        char *value = NULL;
        if (*separator != '\0') {
            *separator = '\0';
            value = separator + 1;
            while (*value == ' ' || *value == '\t') {
                value++;
            }
        }
        char *name_end = start + strlen(start);
        while (name_end > start && (name_end[-1] == ' ' || name_end[-1] == '\t')) {
            *--name_end = '\0';
        }
        if (!handler(user, section, start, value) || value == NULL) {
            error = number;
        }
    }
    return error;
}

/* Every text reads into the same sections, entries and messages with the
 * installed inih and with the stand-in of a build with other options: the
 * dialect is tourney's, not the build's. */
static void test_the_same_whatever_inih_build(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "[s]\na = 40 ; both seats\nb = 3 # three\nc = x;y\nd = ;x\ne =\t; only a comment\n",
        "[t] ; a comment after a section\ne = 1\n[u]\t# and another\nf:2\n[v];c\ng = 3\n",
        "# a comment\n; another\n[s]\n  # indented comment\nk = v\n",
        "[s]\njust words\nk ;x = 1\n[a ;b]\nz = 1\n[w]\nlast = 1\n",
        "early = 1\n[tournament\n[game] plugin = mnk\n[game]\n= 3\n  : 4\nrows = 3\nrows = 4\n",
        "[s]\nk = v ; c ; d\nm = a\t;b\nn = \"quoted ; not\" ; cut\n",
    };
    for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        struct parsed installed;
        struct parsed other;
        assert_int_equal(parse(&installed, texts[i]), 0);
        tourney_diag_init(&other.diag);
        assert_int_equal(tourney_ini_parse_text_with(&other.doc, "t.ini", texts[i],
                                                     strlen(texts[i]), &other.diag, other_build),
                         0);
        char *expected = messages(&installed);
        assert_messages(&other, expected);
        free(expected);
        assert_int_equal(other.doc.section_count, installed.doc.section_count);
        for (size_t s = 0; s < installed.doc.section_count; s++) {
            const struct ini_section *a = &installed.doc.sections[s];
            const struct ini_section *b = &other.doc.sections[s];
            assert_string_equal(b->name, a->name);
            assert_int_equal(b->line, a->line);
            assert_int_equal(b->entry_count, a->entry_count);
            for (size_t e = 0; e < a->entry_count; e++) {
                assert_entry(b, e, a->entries[e].key, a->entries[e].value, a->entries[e].line);
            }
        }
        finish(&installed);
        finish(&other);
    }

    /* What the first two read, to the byte. */
    struct parsed p;
    assert_int_equal(parse(&p, texts[0]), 0);
    assert_messages(&p, "");
    const struct ini_section *s = &p.doc.sections[0];
    assert_int_equal(s->entry_count, 5);
    assert_entry(s, 0, "a", "40", 2);
    assert_entry(s, 1, "b", "3 # three", 3);
    assert_entry(s, 2, "c", "x;y", 4);
    assert_entry(s, 3, "d", "", 5);
    assert_entry(s, 4, "e", "", 6);
    finish(&p);
    assert_int_equal(parse(&p, texts[3]), 0);
    assert_messages(&p, "t.ini:2: expected '[section]', 'key = value' or a comment\n"
                        "t.ini:3: expected '[section]', 'key = value' or a comment\n"
                        "t.ini:4: expected ']' to close the section name\n");
    /* z went nowhere: its header was refused. */
    assert_int_equal(p.doc.section_count, 2);
    assert_int_equal(p.doc.sections[0].entry_count, 0);
    assert_string_equal(p.doc.sections[1].name, "w");
    assert_entry(&p.doc.sections[1], 0, "last", "1", 7);
    finish(&p);
    assert_int_equal(parse(&p, texts[5]), 0);
    assert_entry(&p.doc.sections[0], 0, "k", "v", 2);
    assert_entry(&p.doc.sections[0], 1, "m", "a", 3);
    assert_entry(&p.doc.sections[0], 2, "n", "\"quoted", 4);
    finish(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sections_and_keys_with_their_lines),
        cmocka_unit_test(test_take_marks_an_entry_used),
        cmocka_unit_test(test_comments_after_values),
        cmocka_unit_test(test_indented_lines_are_not_continuations),
        cmocka_unit_test(test_crlf_and_a_last_line_without_newline),
        cmocka_unit_test(test_byte_order_mark_and_empty_text),
        cmocka_unit_test(test_overlong_lines_are_refused_with_their_line),
        cmocka_unit_test(test_names_at_most_49_characters),
        cmocka_unit_test(test_syntax_errors_all_in_one_pass),
        cmocka_unit_test(test_nul_bytes_are_refused),
        cmocka_unit_test(test_binary_file_is_one_error),
        cmocka_unit_test(test_read_from_a_file),
        cmocka_unit_test(test_the_same_whatever_inih_build),
    };
    return cmocka_run_group_tests_name("ini_file", tests, NULL, NULL);
}
