/*
 * tests/support/pons_format.c - reading Pons's test sets and converting scores, see
 * pons_format.h.
 */
#include "pons_format.h"

#include <ctype.h>
#include <stdlib.h>

#include <tourney/agent.h>

int pons_parse_line(const char *line, char *moves, size_t moves_size, int *score)
{
    const char *p = line;
    size_t n = 0;
    char *end;
    long value;

    while (*p == ' ' || *p == '\t') {
        p++;
    }
    if (*p == '\0' || *p == '\n' || *p == '\r') {
        return 1;
    }
    while (isdigit((unsigned char)*p)) {
        if (n + 1 >= moves_size) {
            return -1;
        }
        moves[n++] = *p++;
    }
    moves[n] = '\0';
    if (*p != ' ' && *p != '\t') {
        return -1;
    }
    value = strtol(p, &end, 10);
    if (end == p || value < -100 || value > 100) {
        return -1;
    }
    while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n') {
        end++;
    }
    if (*end != '\0') {
        return -1;
    }
    *score = (int)value;
    return 0;
}

bool pons_score(int32_t score, int stones, int cells, int *pons)
{
    int32_t plies;

    if (score == 0) {
        *pons = 0;
        return true;
    }
    if (score < TOURNEY_SCORE_PROVEN && score > -TOURNEY_SCORE_PROVEN) {
        return false;
    }
    /* The winning move is the plies-th from here: `stones + plies - 1`
     * stones stand before it. */
    plies = TOURNEY_SCORE_WIN - (score > 0 ? score : -score);
    *pons = (cells + 1 - (stones + plies - 1)) / 2;
    if (score < 0) {
        *pons = -*pons;
    }
    return true;
}
