/*
 * capture.h - what an agent process prints: counted, and the last bytes kept
 * to explain a fault, however much it prints.
 */
#ifndef TOURNEY_RUNNER_CAPTURE_H
#define TOURNEY_RUNNER_CAPTURE_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"

struct capture {
    char tail[2 * RECORD_OUTPUT_EXCERPT]; /* the newest bytes, oldest first */
    size_t length;
    uint64_t total; /* bytes since the last take */
};

void tourney_capture_init(struct capture *capture);
void tourney_capture_add(struct capture *capture, const char *bytes, size_t count);
/* Hands the kept bytes to SEAT's output in RECORD and starts counting anew. */
void tourney_capture_take(struct capture *capture, struct game_record *record, int seat);

#endif /* TOURNEY_RUNNER_CAPTURE_H */
