/*
 * agents/ab/tt_compact.c - allocating and doubling the compact table, see
 * tt_compact.h.
 */
#include <string.h>

#include "tt_compact.h"

/* The buckets a table starts with: 4 MiB, two huge pages. From there on
 * the stored bits hold every key bit that tells a bucket from its twin. */
#define TTC_FIRST_BUCKETS (UINT64_C(1) << TTC_KEY_SHIFT)

int ttc_init(struct ttc *t, int64_t mb)
{
    uint64_t count;

    memset(t, 0, sizeof(*t));
    t->buckets = tt_reserve(mb, sizeof(struct ttc_bucket), &count, &t->mapping, &t->mapped);
    if (t->buckets == NULL) {
        return TOURNEY_ERR_NOMEM;
    }
    t->max_mask = count - 1;
    t->mask = (count < TTC_FIRST_BUCKETS ? count : TTC_FIRST_BUCKETS) - 1;
    return TOURNEY_OK;
}

void ttc_grow(struct ttc *t)
{
    uint64_t half = t->mask + 1;

    /* An entry of bucket i belongs, by one more bit of its key (`half`,
     * stored where the key has it), to bucket i or to bucket i + half,
     * which is still empty; both keep the entries' order. */
    for (uint64_t i = 0; i < half; i++) {
        struct ttc_bucket *b = &t->buckets[i];
        struct ttc_bucket *twin = &t->buckets[i + half];
        int stay = 0;
        int go = 0;

        for (int j = 0; j < TTC_WAYS; j++) {
            uint64_t e = b->slot[j];

            if ((e & 3) == TT_EMPTY) {
                continue;
            }
            if ((e & half) != 0) {
                twin->slot[go++] = e;
            } else {
                b->slot[stay++] = e;
            }
        }
        while (stay < TTC_WAYS) {
            b->slot[stay++] = 0;
        }
    }
    t->mask = 2 * half - 1;
    t->stored = 0;
}

void ttc_finish(struct ttc *t)
{
    if (t->mapping != NULL) {
        tt_free_pages(t->mapping, t->mapped);
    }
    memset(t, 0, sizeof(*t));
}
