/*
 * game_sample.h - the games report.html lets a reader replay. A tournament
 * can have millions of games, so only some are kept: every game an agent
 * lost by a fault (the ones worth a look), then the first games of each
 * pairing, taken in turn, at most a limit in all. Games are offered one at
 * a time, in log order, as they are played or read; only those that could
 * be shown are copied, so memory stays bounded whatever the size of the
 * tournament, and a run and a report rebuilt from its log keep the same
 * games.
 */
#ifndef TOURNEY_RUNNER_GAME_SAMPLE_H
#define TOURNEY_RUNNER_GAME_SAMPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "id_map.h"
#include "record.h"

/* The most games report.html embeds. */
#define GAME_SAMPLE_LIMIT 300

/* What is kept of one game. */
struct sampled_game {
    uint32_t index;
    uint32_t agent[2];
    enum game_result result;
    enum termination termination;
    int fault_seat; /* -1 when nobody was at fault */
    char *reason;   /* "" when the game ended normally */
    int32_t *moves;
    unsigned char *seats; /* who made each move: 0 or 1 */
    size_t move_count;
    struct agent_message *log;
    size_t log_count;
    char *output[2];               /* what each seat's process printed, "" for nothing */
    struct record_opening opening; /* where it started, as in its record */
    size_t pair_position;          /* how many games of its pairing came before it */
};

struct game_sample {
    size_t limit;
    size_t agent_count;
    size_t per_pair;         /* first games kept of each pairing */
    struct id_map pair_seen; /* games offered per pairing that played */
    size_t faulted_kept;
    struct sampled_game *games; /* kept, in the order offered */
    size_t count;
    size_t capacity;
    uint64_t offered;
};

/* A sample of at most LIMIT games of a tournament of AGENT_COUNT agents
 * playing PAIRS pairings. Returns -1 when out of memory. */
int tourney_game_sample_init(struct game_sample *sample, size_t agent_count, size_t pairs,
                             size_t limit);
void tourney_game_sample_finish(struct game_sample *sample);

/* Whether the game RECORD would be kept if it were offered next. */
bool tourney_game_sample_wants(const struct game_sample *sample, const struct game_record *record);

/* Offers one finished game. Fails only for memory. */
enum alloc_status tourney_game_sample_add(struct game_sample *sample,
                                          const struct game_record *record);

/* The games to show: fills CHOSEN (room for sample->limit) with indices into
 * sample->games, in game order, and *COUNT with how many. Faulted games are
 * chosen first, then the first game of every pairing, then the second, ...
 * Returns -1 when out of memory. */
int tourney_game_sample_select(const struct game_sample *sample, size_t *chosen, size_t *count);

#endif /* TOURNEY_RUNNER_GAME_SAMPLE_H */
