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
    if (count >= CAPTURE_EXCERPT) {
        memcpy(capture->tail, bytes + count - CAPTURE_EXCERPT, CAPTURE_EXCERPT);
        capture->length = CAPTURE_EXCERPT;
        return;
    }
    /* Twice the excerpt's room, so the oldest half moves out only now and
     * then rather than on every read. */
    if (capture->length + count > sizeof(capture->tail)) {
        size_t keep = CAPTURE_EXCERPT - count;
        memmove(capture->tail, capture->tail + capture->length - keep, keep);
        capture->length = keep;
    }
    memcpy(capture->tail + capture->length, bytes, count);
    capture->length += count;
}

const char *tourney_capture_tail(const struct capture *capture, size_t *length)
{
    size_t kept = capture->length < CAPTURE_EXCERPT ? capture->length : CAPTURE_EXCERPT;
    *length = kept;
    return capture->tail + capture->length - kept;
}
