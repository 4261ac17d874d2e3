/*
 * agents/ab/tt.c - allocating the transposition table, see tt.h.
 */
#include <stdlib.h>

#include "tt.h"

int tt_init(struct tt *tt, int64_t mb)
{
    uint64_t bytes = (uint64_t)mb << 20;
    uint64_t count = 1;

    tt->buckets = NULL;
    tt->mask = 0;
    tt->age = 0;
    while (count * 2 * sizeof(struct tt_bucket) <= bytes) {
        count *= 2;
    }
    if (count > SIZE_MAX / sizeof(struct tt_bucket)) {
        return TOURNEY_ERR_NOMEM;
    }
    /* calloc: a zeroed entry is an empty one, and large blocks come from the
     * system already zeroed, page by page as the search touches them. */
    tt->buckets = calloc((size_t)count, sizeof(struct tt_bucket));
    if (tt->buckets == NULL) {
        return TOURNEY_ERR_NOMEM;
    }
    tt->mask = count - 1;
    return TOURNEY_OK;
}

void tt_finish(struct tt *tt)
{
    free(tt->buckets);
    tt->buckets = NULL;
    tt->mask = 0;
}
