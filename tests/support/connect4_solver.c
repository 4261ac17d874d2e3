/*
 * tests/support/connect4_solver.c - the exhaustive solver of connect4_solver.h.
 */
#include <stdlib.h>
#include <string.h>

#include "connect4_solver.h"

/* Lower than every score, so that any move's score replaces it. */
#define C4_NO_SCORE (-C4_CELLS)

void c4_board_init(struct c4_board *b)
{
    memset(b, 0, sizeof(*b));
}

int c4_board_can_play(const struct c4_board *b, int c)
{
    return !b->last_move_won && b->ply < C4_CELLS && c >= 0 && c < C4_WIDTH &&
           b->height[c] < C4_HEIGHT;
}

static int colour_at(const struct c4_board *b, int c, int r)
{
    if (c < 0 || c >= C4_WIDTH || r < 0 || r >= C4_HEIGHT) {
        return 0;
    }
    return b->cell[c][r];
}

/* Whether the stone at (c, r) is part of four in a row: count its colour
 * both ways along each of the four directions. */
static int four_through(const struct c4_board *b, int c, int r)
{
    static const int dc[4] = {1, 0, 1, 1};
    static const int dr[4] = {0, 1, 1, -1};
    int colour = b->cell[c][r];

    for (int d = 0; d < 4; d++) {
        int run = 1;
        for (int i = 1; colour_at(b, c + i * dc[d], r + i * dr[d]) == colour; i++) {
            run++;
        }
        for (int i = 1; colour_at(b, c - i * dc[d], r - i * dr[d]) == colour; i++) {
            run++;
        }
        if (run >= 4) {
            return 1;
        }
    }
    return 0;
}

void c4_board_play(struct c4_board *b, int c)
{
    int r = b->height[c]++;
    b->cell[c][r] = (uint8_t)(1 + b->ply % 2);
    b->ply++;
    b->last_move_won = four_through(b, c, r);
}

void c4_board_unplay(struct c4_board *b, int c)
{
    b->cell[c][--b->height[c]] = 0;
    b->ply--;
    /* Moves are only ever played on a game still going. */
    b->last_move_won = 0;
}

int c4_board_read(struct c4_board *b, const char *moves)
{
    c4_board_init(b);
    for (const char *p = moves; *p != '\0'; p++) {
        int c = *p - '1';
        if (*p < '1' || *p > '9' || !c4_board_can_play(b, c)) {
            return -1;
        }
        c4_board_play(b, c);
    }
    return 0;
}

uint64_t c4_board_key(const struct c4_board *b)
{
    uint64_t key = 0;

    for (int c = 0; c < C4_WIDTH; c++) {
        uint64_t column = (uint64_t)b->height[c] << C4_HEIGHT;
        /* Cells above the stones are empty, so reading them adds nothing. */
        for (int r = 0; r < C4_HEIGHT; r++) {
            column |= (uint64_t)(b->cell[c][r] == 2) << r;
        }
        key |= column << (9 * c);
    }
    return key;
}

int c4_solver_init(struct c4_solver *s)
{
    memset(s, 0, sizeof(*s));
    s->capacity = 1 << 16;
    s->keys = calloc(s->capacity, sizeof(*s->keys));
    s->scores = calloc(s->capacity, sizeof(*s->scores));
    if (s->keys == NULL || s->scores == NULL) {
        c4_solver_finish(s);
        return -1;
    }
    return 0;
}

void c4_solver_finish(struct c4_solver *s)
{
    free(s->keys);
    free(s->scores);
    s->keys = NULL;
    s->scores = NULL;
}

static size_t slot_of(uint64_t key, size_t capacity)
{
    /* Mixed (the splitmix64 finaliser) so that every bit of the key moves
     * the low bits that pick the slot. */
    key = (key ^ (key >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    key = (key ^ (key >> 27)) * UINT64_C(0x94d049bb133111eb);
    return (size_t)(key ^ (key >> 31)) & (capacity - 1);
}

/* The slot holding `key`, or the free slot where it would go. */
static size_t find_slot(const struct c4_solver *s, uint64_t key)
{
    size_t i = slot_of(key, s->capacity);
    while (s->keys[i] != 0 && s->keys[i] != key + 1) {
        i = (i + 1) & (s->capacity - 1);
    }
    return i;
}

static int grow(struct c4_solver *s)
{
    struct c4_solver bigger = *s;

    bigger.capacity = 2 * s->capacity;
    bigger.keys = calloc(bigger.capacity, sizeof(*bigger.keys));
    bigger.scores = calloc(bigger.capacity, sizeof(*bigger.scores));
    if (bigger.keys == NULL || bigger.scores == NULL) {
        free(bigger.keys);
        free(bigger.scores);
        return -1;
    }
    for (size_t i = 0; i < s->capacity; i++) {
        if (s->keys[i] != 0) {
            size_t j = find_slot(&bigger, s->keys[i] - 1);
            bigger.keys[j] = s->keys[i];
            bigger.scores[j] = s->scores[i];
        }
    }
    c4_solver_finish(s);
    *s = bigger;
    return 0;
}

/* The score of `b` for the player to move, looking `depth` plies ahead (a
 * position cut off there counts as a draw), or C4_NO_SCORE - 1 when out of
 * memory. */
static int negamax(struct c4_solver *s, struct c4_board *b, int depth)
{
    s->nodes++;
    /* The opponent's last stone made four: lost, as late as it went. */
    if (b->last_move_won) {
        return -(C4_CELLS + 2 - b->ply) / 2;
    }
    if (b->ply == C4_CELLS || depth == 0) {
        return 0;
    }
    uint64_t key = c4_board_key(b);
    size_t slot = find_slot(s, key);
    if (s->keys[slot] != 0) {
        return s->scores[slot];
    }

    int best = C4_NO_SCORE;
    for (int c = 0; c < C4_WIDTH; c++) {
        if (b->height[c] == C4_HEIGHT) {
            continue;
        }
        c4_board_play(b, c);
        int score = negamax(s, b, depth - 1);
        c4_board_unplay(b, c);
        if (score < C4_NO_SCORE) {
            return score;
        }
        if (-score > best) {
            best = -score;
        }
    }

    if (2 * (s->count + 1) > s->capacity && grow(s) != 0) {
        return C4_NO_SCORE - 1;
    }
    slot = find_slot(s, key);
    s->keys[slot] = key + 1;
    s->scores[slot] = (int8_t)best;
    s->count++;
    return best;
}

int c4_solve(struct c4_solver *s, struct c4_board *b, int *score)
{
    return c4_solve_within(s, b, C4_CELLS, score);
}

int c4_solve_within(struct c4_solver *s, struct c4_board *b, int depth, int *score)
{
    int result = negamax(s, b, depth);
    if (result < C4_NO_SCORE) {
        return -1;
    }
    *score = result;
    return 0;
}
