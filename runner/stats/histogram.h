/*
 * histogram.h - a fixed-size log-linear histogram of durations, so that the
 * median and the 95th percentile of a million games' move times take the
 * same few kilobytes as those of ten moves.
 *
 * Values below 2^HISTOGRAM_SUB_BITS are counted exactly; above, each power
 * of two is cut into 2^HISTOGRAM_SUB_BITS equal buckets, so a quantile is
 * reported to within 1/2^(HISTOGRAM_SUB_BITS+1) of its true value (0.4%).
 * A row of buckets (a power of two) takes memory only once a value falls
 * in it: move times span a few powers of two, so an agent's histogram takes
 * a few kilobytes, and a field of a thousand agents a few megabytes.
 */
#ifndef TOURNEY_RUNNER_HISTOGRAM_H
#define TOURNEY_RUNNER_HISTOGRAM_H

#include <stddef.h>
#include <stdint.h>

#define HISTOGRAM_SUB_BITS 7
#define HISTOGRAM_SUB_COUNT (1u << HISTOGRAM_SUB_BITS)
/* Exact values, then one row of buckets per power of two up to 2^63. */
#define HISTOGRAM_ROWS (64 - HISTOGRAM_SUB_BITS + 1)
#define HISTOGRAM_BUCKETS (HISTOGRAM_ROWS * HISTOGRAM_SUB_COUNT)

struct histogram {
    uint64_t *rows[HISTOGRAM_ROWS]; /* HISTOGRAM_SUB_COUNT buckets each; NULL while empty */
    uint64_t total;
    uint64_t min;
    uint64_t max;
};

int tourney_histogram_init(struct histogram *h);
void tourney_histogram_finish(struct histogram *h);
/* Counts VALUE. Returns -1 when out of memory (nothing counted). */
int tourney_histogram_add(struct histogram *h, uint64_t value);

/* The bucket a value falls in, and the range [low, high] of a bucket. */
size_t tourney_histogram_bucket(uint64_t value);
void tourney_histogram_range(size_t bucket, uint64_t *low, uint64_t *high);

/* The values counted per power of two: COUNTS[k] (k from 0 to 63) gets
 * those in [2^k, 2^(k+1)), 0 going with 1 into COUNTS[0]. Exact, as every
 * bucket lies within one power of two. */
#define HISTOGRAM_OCTAVES 64
void tourney_histogram_octaves(const struct histogram *h, uint64_t counts[HISTOGRAM_OCTAVES]);

/* The Q-quantile (0 < Q <= 1) by the nearest-rank rule: the smallest value
 * with at least ceil(Q * total) values at or below it, as the middle of its
 * bucket (exact for small values) and never outside [min, max]. 0 when
 * empty. */
double tourney_histogram_quantile(const struct histogram *h, double q);

#endif /* TOURNEY_RUNNER_HISTOGRAM_H */
