#include "exact_value.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <tourney/tourney.h>

#include "text.h"

struct exact_value tourney_exact_from_score(int32_t score, bool has_score)
{
    struct exact_value v = {.result = EXACT_UNKNOWN, .plies = 0};

    if (!has_score) {
        return v;
    }
    if (score >= TOURNEY_SCORE_PROVEN) {
        v.result = EXACT_WIN;
        v.plies = TOURNEY_SCORE_WIN - score;
    } else if (score <= -TOURNEY_SCORE_PROVEN) {
        v.result = EXACT_LOSS;
        v.plies = TOURNEY_SCORE_WIN + score;
    } else {
        /* A search to the end of every line scores nothing but proven
         * results and draws. */
        v.result = EXACT_DRAW;
    }
    return v;
}

struct exact_value tourney_exact_at_end(int status, int seat)
{
    struct exact_value v = {.result = EXACT_DRAW, .plies = 0};

    if (status == TOURNEY_WIN_FIRST || status == TOURNEY_WIN_SECOND) {
        bool first_won = status == TOURNEY_WIN_FIRST;
        v.result = first_won == (seat == 0) ? EXACT_WIN : EXACT_LOSS;
    }
    return v;
}

struct exact_value tourney_exact_other(struct exact_value value)
{
    if (value.result == EXACT_WIN) {
        value.result = EXACT_LOSS;
    } else if (value.result == EXACT_LOSS) {
        value.result = EXACT_WIN;
    }
    return value;
}

struct exact_value tourney_exact_one_ply_up(struct exact_value after)
{
    if (after.result == EXACT_WIN || after.result == EXACT_LOSS) {
        after.plies++;
    }
    return after;
}

/* Higher is better for the player: a faster win, a slower loss. */
static int64_t rank_of(struct exact_value v)
{
    switch (v.result) {
    case EXACT_WIN:
        return INT64_C(1) << 40 | (int64_t)(INT32_MAX - v.plies);
    case EXACT_LOSS:
        return -(INT64_C(1) << 40) + v.plies;
    default:
        return 0;
    }
}

enum move_grade tourney_exact_grade(struct exact_value before, struct exact_value reached)
{
    if (before.result == EXACT_UNKNOWN || reached.result == EXACT_UNKNOWN) {
        return GRADE_UNKNOWN;
    }
    if (reached.result < before.result) {
        return GRADE_BLUNDER;
    }
    /* Exact values never let a move reach more than its position is worth:
     * the position's value is its best move's. */
    return rank_of(reached) >= rank_of(before) ? GRADE_BEST : GRADE_SLOWER;
}

void tourney_exact_text(struct exact_value value, char *buf, size_t size)
{
    switch (value.result) {
    case EXACT_WIN:
        snprintf(buf, size, "win %d", (int)value.plies);
        break;
    case EXACT_LOSS:
        snprintf(buf, size, "loss %d", (int)value.plies);
        break;
    case EXACT_DRAW:
        snprintf(buf, size, "draw");
        break;
    default:
        snprintf(buf, size, "unknown");
        break;
    }
}

bool tourney_exact_parse(const char *text, struct exact_value *value)
{
    int64_t plies = 0;

    value->plies = 0;
    if (strcmp(text, "draw") == 0 || strcmp(text, "unknown") == 0) {
        value->result = text[0] == 'd' ? EXACT_DRAW : EXACT_UNKNOWN;
        return true;
    }
    if (strncmp(text, "win ", 4) == 0 && isdigit((unsigned char)text[4]) &&
        tourney_parse_int64(text + 4, &plies)) {
        value->result = EXACT_WIN;
    } else if (strncmp(text, "loss ", 5) == 0 && isdigit((unsigned char)text[5]) &&
               tourney_parse_int64(text + 5, &plies)) {
        value->result = EXACT_LOSS;
    } else {
        return false;
    }
    if (plies < 0 || plies > INT32_MAX / 2) {
        return false;
    }
    value->plies = (int32_t)plies;
    return true;
}

const char *tourney_grade_name(enum move_grade grade)
{
    switch (grade) {
    case GRADE_BEST:
        return "best";
    case GRADE_SLOWER:
        return "slower";
    case GRADE_BLUNDER:
        return "blunder";
    default:
        return "unknown";
    }
}
