#include "line_protocol.h"

#include <stdio.h>
#include <string.h>

#include "text.h"
#include "text_bytes.h"

static const char *const words[] = {
    [AGENT_LINE_BLANK] = "",
    [AGENT_LINE_HELLO] = "tourney-protocol",
    [AGENT_LINE_READY] = "ready",
    [AGENT_LINE_INFO] = "info",
    [AGENT_LINE_LOG] = "log",
    [AGENT_LINE_MOVE] = "move",
    [AGENT_LINE_MOVE_TEXT] = "move-text",
    [AGENT_LINE_ERROR] = "error",
};

/* In the order of enum tourney_log_level. */
static const char *const levels[] = {"error", "warning", "info", "debug", NULL};

const char *tourney_agent_line_word(enum agent_line_type type)
{
    return words[type];
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static char *skip_blanks(char *p)
{
    while (is_blank(*p)) {
        p++;
    }
    return p;
}

/* The next word at *P, ended with a NUL in place; *P moves past it. NULL at
 * the end of the line. */
static char *next_word(char **p)
{
    char *word = skip_blanks(*p);
    if (*word == '\0') {
        *p = word;
        return NULL;
    }
    char *end = word;
    while (*end != '\0' && !is_blank(*end)) {
        end++;
    }
    *p = *end != '\0' ? end + 1 : end;
    *end = '\0';
    return word;
}

/* Whether nothing but blanks is left at P; else ERR names the first word. */
static int at_end(char *p, const char *keyword, struct error *err)
{
    char *extra = next_word(&p);
    if (extra != NULL) {
        return tourney_error_set(err, "'%s' takes no more words, not '%.*s'", keyword,
                                 tourney_utf8_prefix(extra, 40), extra);
    }
    return 0;
}

/* VALUE, the value of `info KEY`, as a figure of wire type u64 or i32. */
static int info_u64(const char *key, const char *value, uint64_t *out, struct error *err)
{
    if (!tourney_parse_uint64(value, out)) {
        return tourney_error_set(err, "'info %s' takes a whole number from 0, not '%.*s'", key,
                                 tourney_utf8_prefix(value, 40), value);
    }
    return 0;
}

static int info_i32(const char *key, const char *value, int32_t *out, struct error *err)
{
    int64_t number = 0;
    if (!tourney_parse_int64(value, &number) || number < INT32_MIN || number > INT32_MAX) {
        return tourney_error_set(err, "'info %s' takes a whole number of 32 bits, not '%.*s'", key,
                                 tourney_utf8_prefix(value, 40), value);
    }
    *out = (int32_t)number;
    return 0;
}

/* "nodes, depth and score": the words `info` knows, for its message. */
static void info_words(char *out, size_t size)
{
    static const char *const names[] = {
#define INFO_NAME(NAME, TYPE, WIRE, PRESENCE, FLAG, SOURCE) TOURNEY_MOVE_IF_REPORT(SOURCE, #NAME, )
        TOURNEY_MOVE_FIELDS(INFO_NAME)
#undef INFO_NAME
    };
    size_t count = sizeof(names) / sizeof(names[0]);
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < count && used < size; i++) {
        const char *glue = i == 0 ? "" : i + 1 == count ? " and " : ", ";
        int wrote = snprintf(out + used, size - used, "%s%s", glue, names[i]);
        used += wrote > 0 ? (size_t)wrote : 0;
    }
}

static int parse_info(char *p, struct agent_line *out, struct error *err)
{
    for (char *key = next_word(&p); key != NULL; key = next_word(&p)) {
        char *value = next_word(&p);
        bool known = false;
#define INFO_KNOWS(NAME, TYPE, WIRE, PRESENCE, FLAG, SOURCE) \
    TOURNEY_MOVE_IF_REPORT(SOURCE, known = known || strcmp(key, #NAME) == 0;)
        TOURNEY_MOVE_FIELDS(INFO_KNOWS)
#undef INFO_KNOWS
        if (!known) {
            char figures[128];
            info_words(figures, sizeof(figures));
            return tourney_error_set(err, "'info' knows %s, not '%.*s'", figures,
                                     tourney_utf8_prefix(key, 40), key);
        }
        if (value == NULL) {
            return tourney_error_set(err, "'info %s' without a value", key);
        }
#define INFO_VALUE(NAME, TYPE, WIRE, PRESENCE, FLAG, SOURCE)     \
    TOURNEY_MOVE_IF_REPORT(                                      \
        SOURCE, if (strcmp(key, #NAME) == 0) {                   \
            if (info_##WIRE(key, value, &out->NAME, err) != 0) { \
                return -1;                                       \
            }                                                    \
            out->has_##NAME = true;                              \
        })
        TOURNEY_MOVE_FIELDS(INFO_VALUE)
#undef INFO_VALUE
    }
    return 0;
}

void tourney_agent_line_apply_info(const struct agent_line *line,
                                   struct tourney_move_report *report)
{
#define INFO_APPLY(NAME, TYPE, WIRE, PRESENCE, FLAG, SOURCE)  \
    TOURNEY_MOVE_IF_REPORT(                                   \
        SOURCE, if (line->has_##NAME) {                       \
            report->NAME = line->NAME;                        \
            TOURNEY_MOVE_IF_FLAG(PRESENCE, report->FLAG = 1;) \
        })
    TOURNEY_MOVE_FIELDS(INFO_APPLY)
#undef INFO_APPLY
}

static int parse_log(char *p, struct agent_line *out, struct error *err)
{
    char *level = next_word(&p);
    for (int i = 0; level != NULL && levels[i] != NULL; i++) {
        if (strcmp(level, levels[i]) == 0) {
            out->level = i;
            out->text = skip_blanks(p);
            return 0;
        }
    }
    return tourney_error_set(err,
                             "'log' takes a level (error, warning, info or debug), not "
                             "'%.*s'",
                             tourney_utf8_prefix(level ? level : "", 40), level ? level : "");
}

/* The word's type, or -1. */
static int type_of(const char *word)
{
    for (size_t i = AGENT_LINE_HELLO; i < sizeof(words) / sizeof(words[0]); i++) {
        if (strcmp(word, words[i]) == 0) {
            return (int)i;
        }
    }
    return -1;
}

int tourney_agent_line_parse(char *line, struct agent_line *out, struct error *err)
{
    memset(out, 0, sizeof(*out));
    size_t length = strlen(line);
    if (length > 0 && line[length - 1] == '\r') {
        line[length - 1] = '\0';
    }
    char *p = line;
    char *keyword = next_word(&p);
    if (keyword == NULL) {
        out->type = AGENT_LINE_BLANK;
        return 0;
    }
    int type = type_of(keyword);
    if (type < 0) {
        return tourney_error_set(err, "unknown word '%.*s'", tourney_utf8_prefix(keyword, 40),
                                 keyword);
    }
    out->type = (enum agent_line_type)type;
    char *value = NULL;
    switch (out->type) {
    case AGENT_LINE_HELLO:
        value = next_word(&p);
        if (value == NULL || !tourney_parse_uint64(value, &out->version)) {
            return tourney_error_set(err, "'tourney-protocol' takes a version number");
        }
        return at_end(p, keyword, err);
    case AGENT_LINE_READY:
        return at_end(p, keyword, err);
    case AGENT_LINE_INFO:
        return parse_info(p, out, err);
    case AGENT_LINE_LOG:
        return parse_log(p, out, err);
    case AGENT_LINE_MOVE:
        value = next_word(&p);
        if (value == NULL || !tourney_parse_int64(value, &out->move)) {
            return tourney_error_set(err, "'move' takes a move's number, not '%.*s'",
                                     tourney_utf8_prefix(value ? value : "", 40),
                                     value ? value : "");
        }
        return at_end(p, keyword, err);
    case AGENT_LINE_MOVE_TEXT:
        out->text = next_word(&p);
        if (out->text == NULL) {
            return tourney_error_set(err, "'move-text' takes a move's name");
        }
        return at_end(p, keyword, err);
    case AGENT_LINE_ERROR:
        out->text = skip_blanks(p);
        return 0;
    case AGENT_LINE_BLANK:
        break;
    }
    return 0;
}
