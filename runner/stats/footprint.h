/*
 * footprint.h - what a tournament will need before it is played: the
 * memory the statistics and the reports take, and the size of the report
 * files, from the field and the games alone, so that `validate` and `run`
 * refuse a tournament that cannot fit instead of failing hours into it.
 *
 * The estimates are upper bounds of the structures' own sizes (hash tables
 * at their largest load, the report's per-pair arrays, the sparse fit's
 * per-edge arrays) and of the files' lines at their longest usual widths;
 * the plugins' own memory is not counted.
 */
#ifndef TOURNEY_RUNNER_FOOTPRINT_H
#define TOURNEY_RUNNER_FOOTPRINT_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"

struct footprint {
    uint64_t memory_bytes;  /* statistics and reports in memory */
    uint64_t reports_bytes; /* summary.json, results.csv, report.md, report.html */
};

/* The footprint of AGENTS agents playing GAMES games over PAIRS pairs. */
struct footprint tourney_footprint_estimate(size_t agents, uint64_t pairs, uint64_t games);

/* Fails, saying the estimate and the limit, when FOOTPRINT needs more
 * memory than MEMORY_LIMIT bytes or more disk than DISK_LIMIT bytes
 * (0: not known, not checked). */
int tourney_footprint_check(const struct footprint *footprint, uint64_t memory_limit,
                            uint64_t disk_limit, struct error *err);

/* "1.5 GB", "320 MB", "12 kB". */
void tourney_footprint_bytes_text(uint64_t bytes, char *buf, size_t size);

#endif /* TOURNEY_RUNNER_FOOTPRINT_H */
