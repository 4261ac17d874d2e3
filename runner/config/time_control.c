#include "time_control.h"

#include <stddef.h>

#define NS_PER_MS UINT64_C(1000000)

/* Reads seconds with at most 3 decimals, "10", "0.1", "2.250", from *TEXT
 * into milliseconds, moving *TEXT past them. False when there are no digits
 * before the point, none after it, more than 3 after it, or it exceeds
 * MAX_S seconds. */
static bool read_seconds(const char **text, uint64_t max_s, uint64_t *ms)
{
    const char *p = *text;
    uint64_t whole = 0;
    const char *digits = p;
    for (; *p >= '0' && *p <= '9'; p++) {
        whole = whole * 10 + (uint64_t)(*p - '0');
        if (whole > max_s) {
            return false;
        }
    }
    if (p == digits) {
        return false;
    }
    uint64_t fraction = 0;
    if (*p == '.') {
        p++;
        int places = 0;
        for (; *p >= '0' && *p <= '9'; p++, places++) {
            if (places == 3) {
                return false;
            }
            fraction = fraction * 10 + (uint64_t)(*p - '0');
        }
        if (places == 0) {
            return false;
        }
        for (; places < 3; places++) {
            fraction *= 10;
        }
    }
    *ms = whole * 1000 + fraction;
    if (*ms > max_s * 1000) {
        return false;
    }
    *text = p;
    return true;
}

bool tourney_time_control_parse(const char *text, struct time_control *clock)
{
    uint64_t base_ms = 0;
    uint64_t increment_ms = 0;
    if (text == NULL || !read_seconds(&text, TIME_CONTROL_MAX_BASE_S, &base_ms) || base_ms == 0) {
        return false;
    }
    if (*text == '+') {
        text++;
        if (!read_seconds(&text, TIME_CONTROL_MAX_INCREMENT_S, &increment_ms)) {
            return false;
        }
    }
    if (*text != '\0') {
        return false;
    }
    clock->base_ns = base_ms * NS_PER_MS;
    clock->increment_ns = increment_ms * NS_PER_MS;
    return true;
}

uint64_t tourney_clock_charge(const struct time_control *clock, uint64_t *left_ns,
                              uint64_t elapsed_ns)
{
    uint64_t at_end = *left_ns > elapsed_ns ? *left_ns - elapsed_ns : 0;
    *left_ns = at_end > 0 ? at_end + clock->increment_ns : 0;
    return at_end;
}
