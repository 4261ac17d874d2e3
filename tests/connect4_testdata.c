/*
 * tests/connect4_testdata.c - choosing the solved Connect Four positions,
 * see connect4_testdata.h.
 */
#include <string.h>

#include "connect4_testdata.h"

const struct c4_difficulty c4_difficulties[C4_DIFFICULTY_COUNT] = {
    {"end_easy.txt", 28, 36, 150, UINT64_C(0x656e645f65617379)},
    {"mid_easy.txt", 22, 27, 150, UINT64_C(0x6d69645f65617379)},
};

/* xorshift64: small, and the same everywhere. */
static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Whether the player to move can win with its next stone. */
static int can_win_now(struct c4_board *b)
{
    for (int c = 0; c < C4_WIDTH; c++) {
        if (c4_board_can_play(b, c)) {
            c4_board_play(b, c);
            int won = b->last_move_won;
            c4_board_unplay(b, c);
            if (won) {
                return 1;
            }
        }
    }
    return 0;
}

/* The columns where the player to move has a quiet move; returns how many. */
static int quiet_moves(struct c4_board *b, int *columns)
{
    int n = 0;

    for (int c = 0; c < C4_WIDTH; c++) {
        if (!c4_board_can_play(b, c)) {
            continue;
        }
        c4_board_play(b, c);
        int quiet = !b->last_move_won && !can_win_now(b);
        c4_board_unplay(b, c);
        if (quiet) {
            columns[n++] = c;
        }
    }
    return n;
}

/* Plays one game to `stones` stones into `moves`; returns 0, or -1 when a
 * player ran out of quiet moves. */
static int play_quiet_game(uint64_t *rng, int stones, c4_moves moves)
{
    struct c4_board b;
    int columns[C4_WIDTH];

    c4_board_init(&b);
    for (int ply = 0; ply < stones; ply++) {
        int n = quiet_moves(&b, columns);
        if (n == 0) {
            return -1;
        }
        int c = columns[next_random(rng) % (uint64_t)n];
        c4_board_play(&b, c);
        moves[ply] = (char)('1' + c);
    }
    moves[stones] = '\0';
    return 0;
}

void c4_choose_positions(const struct c4_difficulty *d, c4_moves *moves)
{
    uint64_t rng = d->seed;
    int chosen = 0;
    int span = d->max_stones - d->min_stones + 1;

    while (chosen < d->count) {
        int stones = d->min_stones + (int)(next_random(&rng) % (uint64_t)span);
        if (play_quiet_game(&rng, stones, moves[chosen]) != 0) {
            continue;
        }
        int repeated = 0;
        for (int i = 0; i < chosen; i++) {
            repeated |= strcmp(moves[i], moves[chosen]) == 0;
        }
        if (!repeated) {
            chosen++;
        }
    }
}
