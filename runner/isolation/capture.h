/*
 * capture.h - what an agent process prints: counted, and the last bytes kept
 * to explain a fault, however much it prints.
 */
#ifndef TOURNEY_RUNNER_CAPTURE_H
#define TOURNEY_RUNNER_CAPTURE_H

#include <stddef.h>
#include <stdint.h>

/* How many of the newest bytes are kept: what a game's record shows of an
 * agent's output (record.h's RECORD_OUTPUT_EXCERPT, checked equal where both
 * meet). */
#define CAPTURE_EXCERPT 1024

struct capture {
    char tail[2 * CAPTURE_EXCERPT]; /* the newest bytes, oldest first */
    size_t length;
    uint64_t total; /* bytes since the last take */
};

void tourney_capture_init(struct capture *capture);
void tourney_capture_add(struct capture *capture, const char *bytes, size_t count);
/* The kept bytes, the newest CAPTURE_EXCERPT at most: *LENGTH of them at the
 * returned address, valid until the next add or init. */
const char *tourney_capture_tail(const struct capture *capture, size_t *length);

#endif /* TOURNEY_RUNNER_CAPTURE_H */
