#include "capture.h"

#include <string.h>

void tourney_capture_init(struct capture *capture)
{
    capture->length = 0;
    capture->total = 0;
}

void tourney_capture_add(struct capture *capture, const char *bytes, size_t count)
{
    capture->total += count;
    if (count >= RECORD_OUTPUT_EXCERPT) {
        memcpy(capture->tail, bytes + count - RECORD_OUTPUT_EXCERPT, RECORD_OUTPUT_EXCERPT);
        capture->length = RECORD_OUTPUT_EXCERPT;
        return;
    }
    /* Twice the excerpt's room, so the oldest half moves out only now and
     * then rather than on every read. */
    if (capture->length + count > sizeof(capture->tail)) {
        size_t keep = RECORD_OUTPUT_EXCERPT - count;
        memmove(capture->tail, capture->tail + capture->length - keep, keep);
        capture->length = keep;
    }
    memcpy(capture->tail + capture->length, bytes, count);
    capture->length += count;
}

void tourney_capture_take(struct capture *capture, struct game_record *record, int seat)
{
    tourney_record_set_output(record, seat, capture->tail, capture->length);
    tourney_capture_init(capture);
}
