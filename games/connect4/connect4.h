/*
 * games/connect4/connect4.h - private layout of the Connect Four state,
 * shared by the plugin and its tests. Not part of the plugin ABI: agents and
 * the runner treat states as opaque bytes.
 */
#ifndef TOURNEY_GAMES_CONNECT4_H
#define TOURNEY_GAMES_CONNECT4_H

#include <stdint.h>
#include <string.h>

/* The widest board: move strings write a column as one digit. */
#define CONNECT4_MAX_COLUMNS 9
/* A column takes rows + 1 bits and the board one 64-bit word. */
#define CONNECT4_MAX_BITS 64

/*
 * A position, as in Pascal Pons's solver: column c holds bits c * (rows + 1)
 * up to c * (rows + 1) + rows - 1, the bottom cell first; the bit above the
 * top cell of each column is always 0, which stops lines from running from
 * one column into the next. `mask` has a bit on every stone, `position` on
 * the stones of the player to move (whose turn ply & 1 says: 0 plays "x" and
 * moves first).
 *
 * Every field is a byte array so that a state has no alignment needs and no
 * padding; the words are read and written with memcpy in the machine's byte
 * order (states never leave the machine).
 */
struct connect4_state {
    uint8_t position[8];
    uint8_t mask[8];
    uint8_t ply;         /* stones on the board */
    uint8_t status;      /* enum tourney_status, kept up to date by apply/undo */
    uint8_t reserved[6]; /* always 0 */
};

static inline uint64_t connect4_get_position(const struct connect4_state *s)
{
    uint64_t v;
    memcpy(&v, s->position, sizeof(v));
    return v;
}

static inline uint64_t connect4_get_mask(const struct connect4_state *s)
{
    uint64_t v;
    memcpy(&v, s->mask, sizeof(v));
    return v;
}

static inline void connect4_set_position(struct connect4_state *s, uint64_t v)
{
    memcpy(s->position, &v, sizeof(v));
}

static inline void connect4_set_mask(struct connect4_state *s, uint64_t v)
{
    memcpy(s->mask, &v, sizeof(v));
}

#endif /* TOURNEY_GAMES_CONNECT4_H */
