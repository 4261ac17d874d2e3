#include "move_grades.h"

#include <stdbool.h>

void tourney_grade_move(struct graded_move *move)
{
    move->grade = tourney_exact_grade(move->before, move->reached);
}

void tourney_grades_add_game(struct agent_grades *grades, const uint32_t agent[2],
                             const struct graded_move *moves, size_t count)
{
    for (int seat = 0; seat < 2; seat++) {
        struct agent_grades *g = &grades[agent[seat]];
        bool blundered = false;
        bool perfect = true;
        size_t made = 0;

        g->games++;
        for (size_t i = 0; i < count; i++) {
            const struct graded_move *m = &moves[i];
            if (m->seat != seat) {
                continue;
            }
            made++;
            g->moves++;
            perfect = perfect && m->grade == GRADE_BEST;
            if (m->grade == GRADE_UNKNOWN) {
                continue;
            }
            g->graded++;
            g->best += m->grade == GRADE_BEST;
            g->slower += m->grade == GRADE_SLOWER;
            if (m->grade == GRADE_BLUNDER) {
                g->blunders++;
                if (!blundered) {
                    blundered = true;
                    g->games_with_blunder++;
                    g->first_blunder_plies += (uint64_t)m->ply;
                }
            }
        }
        g->perfect_games += perfect && made > 0;
    }
}

static double ratio(uint64_t part, uint64_t whole)
{
    return whole > 0 ? (double)part / (double)whole : 0;
}

double tourney_grades_share_graded(const struct agent_grades *g)
{
    return ratio(g->graded, g->moves);
}

double tourney_grades_accuracy(const struct agent_grades *g)
{
    return ratio(g->best + g->slower, g->graded);
}

double tourney_grades_blunders_per_game(const struct agent_grades *g)
{
    return ratio(g->blunders, g->games);
}

double tourney_grades_first_blunder_ply(const struct agent_grades *g)
{
    return ratio(g->first_blunder_plies, g->games_with_blunder);
}
