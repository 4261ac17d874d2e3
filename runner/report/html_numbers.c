#include "html_numbers.h"

#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Appends TEXT to BUF at *USED, as far as it fits. */
static void append(char *buf, size_t size, size_t *used, const char *text)
{
    size_t length = strlen(text);
    if (*used + length >= size) {
        length = *used + 1 < size ? size - *used - 1 : 0;
    }
    memcpy(buf + *used, text, length);
    *used += length;
    buf[*used] = '\0';
}

/* DIGITS (a run of decimal digits) with a comma before every group of
 * three from the right. */
static void group(char *buf, size_t size, size_t *used, const char *digits)
{
    size_t n = strlen(digits);
    for (size_t i = 0; i < n; i++) {
        char one[2] = {digits[i], '\0'};
        append(buf, size, used, one);
        if (i + 1 < n && (n - i - 1) % 3 == 0) {
            append(buf, size, used, ",");
        }
    }
}

void tourney_html_count_text(char *buf, size_t size, uint64_t value)
{
    char digits[32];
    snprintf(digits, sizeof(digits), "%" PRIu64, value);
    size_t used = 0;
    buf[0] = '\0';
    group(buf, size, &used, digits);
}

void tourney_html_decimal_text(char *buf, size_t size, double value, int decimals)
{
    char plain[64];
    snprintf(plain, sizeof(plain), "%.*f", decimals, fabs(value));
    size_t used = 0;
    buf[0] = '\0';
    /* No sign for a value that rounds to zero. */
    if (value < 0.0 && strspn(plain, "0.") != strlen(plain)) {
        append(buf, size, &used, HTML_MINUS);
    }
    char *point = strchr(plain, '.');
    if (point != NULL) {
        *point = '\0';
    }
    group(buf, size, &used, plain);
    if (point != NULL) {
        append(buf, size, &used, ".");
        append(buf, size, &used, point + 1);
    }
}

void tourney_html_minus_text(char *buf, size_t size, const char *text)
{
    size_t used = 0;
    buf[0] = '\0';
    for (const char *p = text; *p != '\0'; p++) {
        char one[2] = {*p, '\0'};
        append(buf, size, &used, *p == '-' && isdigit((unsigned char)p[1]) ? HTML_MINUS : one);
    }
}

/* The unit of NS (seconds down to nanoseconds): the largest that NS reaches
 * THRESHOLD of; *VALUE is NS in it. */
static const char *duration_unit(double ns, double threshold, double *value)
{
    static const struct {
        double scale;
        const char *unit;
    } units[] = {{1e9, "s"}, {1e6, "ms"}, {1e3, "\u00b5s"}, {1.0, "ns"}};
    size_t i = 0;
    while (i + 1 < sizeof(units) / sizeof(units[0]) && ns < units[i].scale * threshold) {
        i++;
    }
    *value = ns / units[i].scale;
    return units[i].unit;
}

void tourney_html_duration_tick(char *buf, size_t size, double ns)
{
    double value = 0.0;
    const char *unit = duration_unit(ns, 0.999, &value);
    snprintf(buf, size, "%g %s", value, unit);
}

void tourney_html_duration_text(char *buf, size_t size, double ns)
{
    /* 999.6 us is written 1.00 ms, not 1000 us. */
    double value = 0.0;
    const char *unit = duration_unit(ns, 0.9995, &value);
    int decimals = ns < 999.5 || value >= 100.0 ? 0 : value >= 10.0 ? 1 : 2;
    snprintf(buf, size, "%.*f %s", decimals, value, unit);
}
