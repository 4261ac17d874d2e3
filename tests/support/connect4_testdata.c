/*
 * tests/support/connect4_testdata.c - choosing the solved Connect Four positions,
 * see connect4_testdata.h.
 */
#include <string.h>

#include "connect4_testdata.h"

const struct c4_difficulty c4_difficulties[C4_DIFFICULTY_COUNT] = {
    {"end_easy.txt", 28, 36, 150, UINT64_C(0x656e645f65617379)},
    {"mid_easy.txt", 22, 27, 150, UINT64_C(0x6d69645f65617379)},
};

/* Candidates of 29 to 40 moves always end within 13 more; of 15 to 28,
 * within 27 (a draw fills the board); of 14 or fewer, often later, and the
 * fewer the moves the costlier the search that tells: the beginning's
 * candidates have 8 to 14. */
const struct c4_level c4_levels[C4_LEVEL_COUNT] = {
    {"L3_R1_end_easy.txt", 2, 29, 40, 0, 13, 300},
    {"L2_R1_middle_easy.txt", 1, 15, 28, 0, 13, 200},
    {"L2_R2_middle_medium.txt", 1, 15, 28, 14, 27, 200},
    {"L1_R1_begin_easy.txt", 0, 8, 14, 0, 13, 200},
    {"L1_R2_begin_medium.txt", 0, 8, 14, 14, 27, 100},
};

const uint64_t c4_stage_seeds[3] = {
    UINT64_C(0x626567696e6e696e), /* "beginnin" */
    UINT64_C(0x6d6964646c652121), /* "middle!!" */
    UINT64_C(0x656e642d67616d65), /* "end-game" */
};

int c4_remaining(int stones, int score)
{
    if (score == 0) {
        return C4_CELLS - stones;
    }
    /* A score s is a win with stone 43 - 2s or 44 - 2s of the game, the one
     * whose parity is the winner's: the player to move (stones + 1, +3,
     * ...) for s > 0, the other for s < 0. */
    int s = score > 0 ? score : -score;
    int stone = C4_CELLS + 1 - 2 * s;
    int winner_parity = (stones + (score > 0 ? 1 : 0)) % 2;
    if (stone % 2 != winner_parity) {
        stone++;
    }
    return stone - stones;
}

/* xorshift64: small, and the same everywhere. */
uint64_t c4_next_random(uint64_t *x)
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

int c4_play_quiet_game(uint64_t *rng, int stones, c4_moves moves)
{
    struct c4_board b;
    int columns[C4_WIDTH];

    c4_board_init(&b);
    for (int ply = 0; ply < stones; ply++) {
        int n = quiet_moves(&b, columns);
        if (n == 0) {
            return -1;
        }
        int c = columns[c4_next_random(rng) % (uint64_t)n];
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
        int stones = d->min_stones + (int)(c4_next_random(&rng) % (uint64_t)span);
        if (c4_play_quiet_game(&rng, stones, moves[chosen]) != 0) {
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
