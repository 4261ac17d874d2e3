/*
 * html_numbers.h - numbers as report.html shows them, one style for the
 * whole page: thousands separated by commas ("1,234,567"), a true minus sign
 * (U+2212) for negative values, an en dash (U+2013) for ranges and between
 * wins, draws and losses, and durations in the unit that suits them ("250
 * us", "12.3 ms", "1.50 s", with the micro sign). The machine-readable
 * values in data- attributes stay plain. Each writes into BUF, always
 * terminated.
 */
#ifndef TOURNEY_RUNNER_HTML_NUMBERS_H
#define TOURNEY_RUNNER_HTML_NUMBERS_H

#include <stddef.h>
#include <stdint.h>

/* The en dash and the minus sign, in UTF-8. */
#define HTML_DASH "\u2013"
#define HTML_MINUS "\u2212"

/* "1,234,567". */
void tourney_html_count_text(char *buf, size_t size, uint64_t value);

/* VALUE with DECIMALS decimals and separated thousands: "81,167.2",
 * "\u22123.5". */
void tourney_html_decimal_text(char *buf, size_t size, double value, int decimals);

/* TEXT with every '-' that starts a number made a minus sign: "[-41.0,
 * +152.7]" becomes "[\u221241.0, +152.7]", "<-800" "<\u2212800". */
void tourney_html_minus_text(char *buf, size_t size, const char *text);

/* NS nanoseconds to three significant digits: "512 ns", "16.4 \u00b5s",
 * "1.05 ms", "2.10 s". */
void tourney_html_duration_text(char *buf, size_t size, double ns);

/* A round duration of NS nanoseconds, as an axis labels it: "10 ns",
 * "100 \u00b5s", "1 s", "2.5 ms". */
void tourney_html_duration_tick(char *buf, size_t size, double ns);

#endif /* TOURNEY_RUNNER_HTML_NUMBERS_H */
