#include "report_analysis.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

/* One entry per blunder, then counted up by ply and agent. */
struct blunders {
    struct ply_blunders *at;
    size_t count;
    size_t capacity;
};

static int add_blunder(struct blunders *b, int32_t ply, uint32_t agent)
{
    if (b->count == b->capacity) {
        size_t capacity = b->capacity ? 2 * b->capacity : 64;
        struct ply_blunders *grown = realloc(b->at, capacity * sizeof(*grown));
        if (grown == NULL) {
            return -1;
        }
        b->at = grown;
        b->capacity = capacity;
    }
    b->at[b->count++] = (struct ply_blunders){.ply = ply, .agent = agent, .count = 1};
    return 0;
}

static int by_ply_then_agent(const void *x, const void *y)
{
    const struct ply_blunders *a = x;
    const struct ply_blunders *b = y;
    if (a->ply != b->ply) {
        return a->ply < b->ply ? -1 : 1;
    }
    return (a->agent > b->agent) - (a->agent < b->agent);
}

/* Every game's grades added up per agent, and its blunders by ply. */
static int add_up(struct report_analysis *a, const struct analysis_read *read)
{
    struct blunders b = {0};
    for (size_t k = 0; k < read->count; k++) {
        const struct read_game *g = &read->games[k];
        tourney_grades_add_game(a->grades, g->agent, g->moves, g->move_count);
        for (size_t i = 0; i < g->move_count; i++) {
            const struct graded_move *m = &g->moves[i];
            if (m->grade == GRADE_BLUNDER && add_blunder(&b, m->ply, g->agent[m->seat]) != 0) {
                free(b.at);
                return -1;
            }
        }
    }
    if (b.count > 1) {
        qsort(b.at, b.count, sizeof(*b.at), by_ply_then_agent);
    }
    size_t kept = 0;
    for (size_t i = 0; i < b.count; i++) {
        struct ply_blunders *last = kept > 0 ? &b.at[kept - 1] : NULL;
        if (last != NULL && last->ply == b.at[i].ply && last->agent == b.at[i].agent) {
            last->count++;
        } else {
            b.at[kept++] = b.at[i];
        }
    }
    a->by_ply = b.at;
    a->by_ply_count = kept;
    return 0;
}

int tourney_report_analysis_add_up(struct report_analysis *analysis,
                                   const struct analysis_read *read, const char *path,
                                   const struct log_header *header, uint64_t games,
                                   struct error *why)
{
    memset(analysis, 0, sizeof(*analysis));
    if (read->count != games) {
        return tourney_error_set(why,
                                 "%s: an analysis of %zu game%s, and the log has %" PRIu64
                                 " (tourney analyze makes a new one)",
                                 path, read->count, read->count == 1 ? "" : "s", games);
    }
    analysis->agent_count = header->agent_count;
    analysis->grades = calloc(header->agent_count + 1, sizeof(*analysis->grades));
    analysis->games = read->count;
    analysis->budget = read->budget;
    if (analysis->grades == NULL || add_up(analysis, read) != 0) {
        tourney_report_analysis_finish(analysis);
        return tourney_error_nomem(why);
    }
    return 0;
}

void tourney_report_analysis_finish(struct report_analysis *analysis)
{
    free(analysis->grades);
    free(analysis->by_ply);
    memset(analysis, 0, sizeof(*analysis));
}

static double share(uint64_t part, uint64_t whole)
{
    return whole > 0 ? (double)part / (double)whole : NAN;
}

void tourney_analysis_figures(const struct agent_grades *g, struct analysis_figures *f)
{
    f->graded_share = share(g->graded, g->moves);
    f->accuracy = share(g->best + g->slower, g->graded);
    f->slower_share = share(g->slower, g->graded);
    f->blunders_per_game = share(g->blunders, g->games);
    f->first_blunder_ply = share(g->first_blunder_plies, g->games_with_blunder);
}
