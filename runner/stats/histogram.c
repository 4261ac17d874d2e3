#include "histogram.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int tourney_histogram_init(struct histogram *h)
{
    memset(h, 0, sizeof(*h));
    return 0;
}

void tourney_histogram_finish(struct histogram *h)
{
    for (size_t r = 0; r < HISTOGRAM_ROWS; r++) {
        free(h->rows[r]);
    }
    memset(h, 0, sizeof(*h));
}

/* Bucket B's count. */
static uint64_t count_of(const struct histogram *h, size_t b)
{
    const uint64_t *row = h->rows[b / HISTOGRAM_SUB_COUNT];
    return row != NULL ? row[b % HISTOGRAM_SUB_COUNT] : 0;
}

static int top_bit(uint64_t value)
{
    int bit = 0;
    while (value >>= 1) {
        bit++;
    }
    return bit;
}

size_t tourney_histogram_bucket(uint64_t value)
{
    if (value < HISTOGRAM_SUB_COUNT) {
        return (size_t)value;
    }
    int shift = top_bit(value) - HISTOGRAM_SUB_BITS;
    /* value >> shift lies in [SUB_COUNT, 2 SUB_COUNT): the row's offset. */
    return (size_t)(shift + 1) * HISTOGRAM_SUB_COUNT +
           (size_t)((value >> shift) - HISTOGRAM_SUB_COUNT);
}

void tourney_histogram_range(size_t bucket, uint64_t *low, uint64_t *high)
{
    if (bucket < HISTOGRAM_SUB_COUNT) {
        *low = *high = bucket;
        return;
    }
    int shift = (int)(bucket / HISTOGRAM_SUB_COUNT) - 1;
    uint64_t mantissa = HISTOGRAM_SUB_COUNT + bucket % HISTOGRAM_SUB_COUNT;
    *low = mantissa << shift;
    *high = *low + ((UINT64_C(1) << shift) - 1);
}

int tourney_histogram_add(struct histogram *h, uint64_t value)
{
    size_t b = tourney_histogram_bucket(value);
    uint64_t **row = &h->rows[b / HISTOGRAM_SUB_COUNT];
    if (*row == NULL && (*row = calloc(HISTOGRAM_SUB_COUNT, sizeof(**row))) == NULL) {
        return -1;
    }
    (*row)[b % HISTOGRAM_SUB_COUNT]++;
    if (h->total == 0 || value < h->min) {
        h->min = value;
    }
    if (value > h->max) {
        h->max = value;
    }
    h->total++;
    return 0;
}

void tourney_histogram_octaves(const struct histogram *h, uint64_t counts[HISTOGRAM_OCTAVES])
{
    memset(counts, 0, HISTOGRAM_OCTAVES * sizeof(counts[0]));
    for (size_t b = 0; b < HISTOGRAM_BUCKETS; b++) {
        uint64_t count = count_of(h, b);
        if (count == 0) {
            continue;
        }
        /* An exact value's own power of two; above, row r holds the values
         * of 2^(r + SUB_BITS - 1) up to the next power. */
        size_t k = b < HISTOGRAM_SUB_COUNT ? (size_t)top_bit(b > 0 ? b : 1)
                                           : b / HISTOGRAM_SUB_COUNT + HISTOGRAM_SUB_BITS - 1;
        counts[k] += count;
    }
}

double tourney_histogram_quantile(const struct histogram *h, double q)
{
    if (h->total == 0) {
        return 0.0;
    }
    double wanted = ceil(q * (double)h->total);
    uint64_t rank = wanted < 1.0 ? 1 : (uint64_t)wanted;
    uint64_t seen = 0;
    for (size_t b = 0; b < HISTOGRAM_BUCKETS; b++) {
        seen += count_of(h, b);
        if (seen >= rank) {
            uint64_t low, high;
            tourney_histogram_range(b, &low, &high);
            double middle = 0.5 * ((double)low + (double)high);
            return fmin(fmax(middle, (double)h->min), (double)h->max);
        }
    }
    return (double)h->max;
}
