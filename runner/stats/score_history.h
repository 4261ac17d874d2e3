/*
 * score_history.h - every agent's games and points at checkpoints of the
 * tournament, so that reports can show the scores settling as games are
 * played. Memory is fixed by the number of agents: checkpoints are taken
 * every EVERY games (1 at first), and when SCORE_HISTORY_POINTS of them are
 * kept, every other one is dropped and EVERY doubles. So the checkpoints are
 * always evenly spaced over the games counted, 32 to 64 of them.
 */
#ifndef TOURNEY_RUNNER_SCORE_HISTORY_H
#define TOURNEY_RUNNER_SCORE_HISTORY_H

#include <stddef.h>
#include <stdint.h>

#define SCORE_HISTORY_POINTS 64

/* An agent at a checkpoint: its games so far and its half points in them
 * (2 a win, 1 a draw). */
struct score_point {
    uint32_t games;
    uint32_t points;
};

struct score_history {
    size_t agent_count;
    uint64_t every;             /* games between checkpoints */
    size_t count;               /* checkpoint k (from 0) was taken after (k + 1) * every games */
    struct score_point *points; /* [k * agent_count + i]: agent i at checkpoint k */
};

int tourney_score_history_init(struct score_history *history, size_t agent_count);
void tourney_score_history_finish(struct score_history *history);

/* Called once for every game counted, with the games counted so far (1, 2,
 * 3, ...). When GAMES is a checkpoint, returns the row the caller fills with
 * each agent's games and points; else NULL. */
struct score_point *tourney_score_history_due(struct score_history *history, uint64_t games);

/* Agent AGENT at checkpoint K. */
const struct score_point *tourney_score_history_at(const struct score_history *history, size_t k,
                                                   size_t agent);

#endif /* TOURNEY_RUNNER_SCORE_HISTORY_H */
