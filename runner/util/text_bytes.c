#include "text_bytes.h"

#include <stdlib.h>
#include <string.h>

#include "text.h"

size_t tourney_utf8_char_length(const char *text, size_t length)
{
    const unsigned char *s = (const unsigned char *)text;
    if (length == 0 || s[0] == 0) {
        return 0;
    }
    if (s[0] < 0x80) {
        return 1;
    }
    /* The ranges of RFC 3629: no overlong forms, no surrogates, nothing
     * past U+10FFFF (what jansson accepts, and JSON readers expect). */
    size_t need;
    unsigned char low = 0x80;
    unsigned char high = 0xbf;
    if (s[0] >= 0xc2 && s[0] <= 0xdf) {
        need = 2;
    } else if (s[0] >= 0xe0 && s[0] <= 0xef) {
        need = 3;
        low = s[0] == 0xe0 ? 0xa0 : 0x80;
        high = s[0] == 0xed ? 0x9f : 0xbf;
    } else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
        need = 4;
        low = s[0] == 0xf0 ? 0x90 : 0x80;
        high = s[0] == 0xf4 ? 0x8f : 0xbf;
    } else {
        return 0;
    }
    if (length < need || s[1] < low || s[1] > high) {
        return 0;
    }
    for (size_t i = 2; i < need; i++) {
        if (s[i] < 0x80 || s[i] > 0xbf) {
            return 0;
        }
    }
    return need;
}

bool tourney_utf8_valid(const char *text, size_t length)
{
    size_t at = 0;
    while (at < length) {
        size_t n = tourney_utf8_char_length(text + at, length - at);
        if (n == 0) {
            return false;
        }
        at += n;
    }
    return true;
}

size_t tourney_utf8_cut(const char *text, size_t length, size_t max)
{
    if (length <= max) {
        return length;
    }
    size_t at = 0;
    while (at < max) {
        size_t n = tourney_utf8_char_length(text + at, length - at);
        n = n == 0 ? 1 : n; /* a stray byte is a unit of its own */
        if (at + n > max) {
            break;
        }
        at += n;
    }
    return at;
}

int tourney_utf8_prefix(const char *text, size_t max)
{
    return (int)tourney_utf8_cut(text, strnlen(text, max + 1), max);
}

/* The unit of the escaped text for the bytes at BYTES + AT: written into
 * UNIT (4 bytes), its length returned; *TAKEN says how many bytes it
 * stands for. */
static size_t escape_unit(const char *bytes, size_t at, size_t length, char unit[4], size_t *taken)
{
    static const char hex[] = "0123456789abcdef";
    size_t n = tourney_utf8_char_length(bytes + at, length - at);
    if (n == 0) {
        unsigned char byte = (unsigned char)bytes[at];
        unit[0] = '\\';
        unit[1] = 'x';
        unit[2] = hex[byte >> 4];
        unit[3] = hex[byte & 0xf];
        *taken = 1;
        return 4;
    }
    *taken = n;
    /* A backslash before what is written starting with 'x' or a backslash
     * (another backslash, or a byte written \xHH) is doubled. */
    if (bytes[at] == '\\' && at + 1 < length &&
        (bytes[at + 1] == 'x' || bytes[at + 1] == '\\' ||
         tourney_utf8_char_length(bytes + at + 1, length - at - 1) == 0)) {
        unit[0] = '\\';
        unit[1] = '\\';
        return 2;
    }
    memcpy(unit, bytes + at, n);
    return n;
}

size_t tourney_text_escape(char *out, size_t size, const char *bytes, size_t length)
{
    size_t used = 0;
    size_t at = 0;
    while (at < length) {
        char unit[4];
        size_t taken;
        size_t unit_length = escape_unit(bytes, at, length, unit, &taken);
        if (used + unit_length >= size) {
            break;
        }
        memcpy(out + used, unit, unit_length);
        used += unit_length;
        at += taken;
    }
    out[used] = '\0';
    return used;
}

size_t tourney_text_escape_tail(char *out, size_t size, const char *bytes, size_t length)
{
    /* The escaped length of each suffix is not known from its end, so
     * units are measured from the start and dropped from there. */
    size_t total = 0;
    size_t at = 0;
    while (at < length) {
        char unit[4];
        size_t taken;
        total += escape_unit(bytes, at, length, unit, &taken);
        at += taken;
    }
    size_t start = 0;
    while (total >= size) {
        char unit[4];
        size_t taken;
        total -= escape_unit(bytes, start, length, unit, &taken);
        start += taken;
    }
    return tourney_text_escape(out, size, bytes + start, length - start);
}

size_t tourney_text_escape_string(char *out, size_t size, const char *text)
{
    return tourney_text_escape(out, size, text, strlen(text));
}

char *tourney_text_escape_dup(const char *text)
{
    if (text == NULL) {
        return NULL;
    }
    size_t size = 4 * strlen(text) + 1;
    char *out = malloc(size);
    if (out != NULL) {
        tourney_text_escape_string(out, size, text);
    }
    return out;
}

size_t tourney_text_unescape(char *out, const char *text)
{
    size_t used = 0;
    while (*text != '\0') {
        if (text[0] == '\\' && text[1] == '\\') {
            out[used++] = '\\';
            text += 2;
        } else if (text[0] == '\\' && text[1] == 'x' && tourney_hex_value(text[2]) >= 0 &&
                   tourney_hex_value(text[3]) >= 0) {
            out[used++] = (char)(tourney_hex_value(text[2]) * 16 + tourney_hex_value(text[3]));
            text += 4;
        } else {
            out[used++] = *text++;
        }
    }
    out[used] = '\0';
    return used;
}

void tourney_text_copy(char *out, size_t size, const char *text)
{
    size_t length = strlen(text);
    size_t keep = tourney_utf8_cut(text, length, size - 1);
    memcpy(out, text, keep);
    out[keep] = '\0';
}
