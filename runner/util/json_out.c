#include "json_out.h"

#include <stdlib.h>
#include <string.h>

void tourney_json_out_init(struct json_out *out, size_t capacity)
{
    memset(out, 0, sizeof(*out));
    out->text = malloc(capacity + 1);
    out->capacity = capacity;
    out->failed = out->text == NULL;
}

void tourney_json_out_finish(struct json_out *out)
{
    free(out->text);
    memset(out, 0, sizeof(*out));
}

/* Room for EXTRA more bytes and the NUL; false (and FAILED) when there is none. */
static bool reserve(struct json_out *out, size_t extra)
{
    if (out->failed) {
        return false;
    }
    if (out->length + extra <= out->capacity) {
        return true;
    }
    size_t capacity =
        out->capacity * 2 > out->length + extra ? out->capacity * 2 : out->length + extra;
    char *text = realloc(out->text, capacity + 1);
    if (text == NULL) {
        out->failed = true;
        return false;
    }
    out->text = text;
    out->capacity = capacity;
    return true;
}

void tourney_json_out_raw(struct json_out *out, const char *text, size_t length)
{
    if (reserve(out, length)) {
        memcpy(out->text + out->length, text, length);
        out->length += length;
    }
}

static void put_char(struct json_out *out, char c)
{
    if (reserve(out, 1)) {
        out->text[out->length++] = c;
    }
}

/* The comma owed to the previous element of the same container. */
static void begin_value(struct json_out *out)
{
    if (out->need_comma) {
        put_char(out, ',');
    }
    out->need_comma = true;
}

void tourney_json_out_open_object(struct json_out *out)
{
    begin_value(out);
    put_char(out, '{');
    out->need_comma = false;
}

void tourney_json_out_close_object(struct json_out *out)
{
    put_char(out, '}');
    out->need_comma = true;
}

void tourney_json_out_open_array(struct json_out *out)
{
    begin_value(out);
    put_char(out, '[');
    out->need_comma = false;
}

void tourney_json_out_close_array(struct json_out *out)
{
    put_char(out, ']');
    out->need_comma = true;
}

/* The length of the UTF-8 sequence starting at TEXT, or 0 when it is not
 * one jansson accepts (overlong forms, surrogates, beyond U+10FFFF). */
static size_t utf8_length(const unsigned char *text)
{
    unsigned char c = text[0];
    size_t length;
    uint32_t codepoint;
    if (c < 0x80) {
        return 1;
    } else if (c >= 0xc2 && c <= 0xdf) {
        length = 2;
        codepoint = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
        length = 3;
        codepoint = c & 0x0f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        length = 4;
        codepoint = c & 0x07;
    } else {
        return 0;
    }
    for (size_t i = 1; i < length; i++) {
        if ((text[i] & 0xc0) != 0x80) {
            return 0; /* also stops at the NUL */
        }
        codepoint = (codepoint << 6) | (text[i] & 0x3f);
    }
    bool overlong = (length == 3 && codepoint < 0x800) || (length == 4 && codepoint < 0x10000);
    bool surrogate = codepoint >= 0xd800 && codepoint <= 0xdfff;
    if (overlong || surrogate || codepoint > 0x10ffff) {
        return 0;
    }
    return length;
}

/* The escape jansson writes for byte C, or NULL when C stands for itself. */
static const char *escape_of(unsigned char c, char spelled[7])
{
    static const char hex[] = "0123456789ABCDEF";
    switch (c) {
    case '"':
        return "\\\"";
    case '\\':
        return "\\\\";
    case '\b':
        return "\\b";
    case '\f':
        return "\\f";
    case '\n':
        return "\\n";
    case '\r':
        return "\\r";
    case '\t':
        return "\\t";
    default:
        break;
    }
    if (c >= 0x20) {
        return NULL;
    }
    memcpy(spelled, "\\u00", 4);
    spelled[4] = hex[c >> 4];
    spelled[5] = hex[c & 0xf];
    spelled[6] = '\0';
    return spelled;
}

/* Whether byte C stands for itself in a JSON string, as jansson writes it:
 * printable ASCII but the quote and the backslash. */
static bool plain(unsigned char c)
{
    return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
}

void tourney_json_out_string(struct json_out *out, const char *text)
{
    begin_value(out);
    put_char(out, '"');
    const unsigned char *at = (const unsigned char *)text;
    while (*at != '\0' && !out->failed) {
        /* Copies the longest run that needs no escape in one go. */
        const unsigned char *run = at;
        while (plain(*at)) {
            at++;
        }
        tourney_json_out_raw(out, (const char *)run, (size_t)(at - run));
        if (*at == '\0') {
            break;
        }
        char spelled[7];
        const char *escape = escape_of(*at, spelled);
        if (escape != NULL) {
            tourney_json_out_raw(out, escape, strlen(escape));
            at++;
            continue;
        }
        size_t length = utf8_length(at);
        if (length == 0) {
            out->failed = true;
            break;
        }
        tourney_json_out_raw(out, (const char *)at, length);
        at += length;
    }
    put_char(out, '"');
}

void tourney_json_out_key(struct json_out *out, const char *key)
{
    /* Keys are the program's own words: one copy, with the comma before,
     * the quotes and the colon, unless one needs an escape after all. */
    size_t length = 0;
    while (plain((unsigned char)key[length])) {
        length++;
    }
    if (key[length] == '\0' && reserve(out, length + 4)) {
        char *at = out->text + out->length;
        if (out->need_comma) {
            *at++ = ',';
        }
        *at++ = '"';
        memcpy(at, key, length);
        at += length;
        *at++ = '"';
        *at++ = ':';
        out->length = (size_t)(at - out->text);
    } else {
        tourney_json_out_string(out, key);
        put_char(out, ':');
    }
    out->need_comma = false;
}

void tourney_json_out_string_or_null(struct json_out *out, const char *text)
{
    if (text == NULL) {
        tourney_json_out_null(out);
    } else {
        tourney_json_out_string(out, text);
    }
}

void tourney_json_out_int(struct json_out *out, int64_t value)
{
    /* The comma owed, in the same room as the digits. */
    bool comma = out->need_comma;
    out->need_comma = true;
    char digits[20];
    size_t count = 0;
    /* Works on the magnitude as unsigned, so INT64_MIN has one too. */
    uint64_t magnitude = value < 0 ? 0 - (uint64_t)value : (uint64_t)value;
    do {
        digits[count++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude != 0);
    if (!reserve(out, count + 2)) {
        return;
    }
    if (comma) {
        out->text[out->length++] = ',';
    }
    if (value < 0) {
        out->text[out->length++] = '-';
    }
    while (count > 0) {
        out->text[out->length++] = digits[--count];
    }
}

void tourney_json_out_raw_value(struct json_out *out, const char *text, size_t length)
{
    begin_value(out);
    tourney_json_out_raw(out, text, length);
}

void tourney_json_out_null(struct json_out *out)
{
    tourney_json_out_raw_value(out, "null", 4);
}

char *tourney_json_out_take(struct json_out *out)
{
    if (out->failed) {
        tourney_json_out_finish(out);
        return NULL;
    }
    out->text[out->length] = '\0';
    char *text = out->text;
    memset(out, 0, sizeof(*out));
    return text;
}
