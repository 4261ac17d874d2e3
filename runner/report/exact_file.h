/*
 * exact_file.h - exact-vs-random.json, the exact win rates against random
 * that `tourney run` computes after the games with exact_vs_random = yes
 * (exact_vs_random.h), kept beside the results log so that the reports,
 * rebuilt from the log by `tourney report`, show them as the run did.
 *
 * One JSON object: the tournament's settings digest, game and parameters,
 * the games of the log it covers, the budget, and per agent that played
 * random either its figure or why it is left out.
 */
#ifndef TOURNEY_RUNNER_EXACT_FILE_H
#define TOURNEY_RUNNER_EXACT_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "exact_vs_random.h"
#include "log_header.h"
#include "out_dir.h"

#define TOURNEY_EXACT_FILE_NAME "exact-vs-random.json"
/* The version of its layout. */
#define EXACT_FILE_FORMAT 1

/* One agent that played random: its figure, or why it has none. */
struct exact_entry {
    uint32_t agent; /* its index in the log's header */
    bool exact;     /* FIGURE holds it; else REASON says why not */
    char reason[TOURNEY_ERROR_SIZE];
    struct exact_vs_random figure;
};

struct exact_file {
    uint64_t budget;
    uint64_t games; /* the log's games when it was computed */
    size_t count;
    struct exact_entry *entries; /* in the header's order of agents */
};

/* Writes FILE, of the log of HEADER, as DIR/TOURNEY_EXACT_FILE_NAME, whole
 * and never through a link (out_dir.h). Returns 0, or -1 with ERR. */
int tourney_exact_file_write(const struct out_dir *dir, const struct log_header *header,
                             const struct exact_file *file, struct error *err);

/* Reads DIR's file into FILE when it is of the log of HEADER. Returns 0; 1
 * when there is none; -1 with ERR naming it and saying why it is not used
 * (of another tournament, malformed, a link). Finish FILE either way. */
int tourney_exact_file_read(const struct out_dir *dir, const struct log_header *header,
                            struct exact_file *file, struct error *err);
void tourney_exact_file_finish(struct exact_file *file);

#endif /* TOURNEY_RUNNER_EXACT_FILE_H */
