/*
 * games/mnk/mnk.h - private layout of the m,n,k game's state, shared by the
 * plugin and its rules tests. Not part of the plugin ABI: agents and the
 * runner treat states as opaque bytes.
 */
#ifndef TOURNEY_GAMES_MNK_H
#define TOURNEY_GAMES_MNK_H

#include <stdint.h>

/* Largest board side and line length; 16 keeps column letters in a..p. */
#define MNK_MAX_SIDE 16
#define MNK_MAX_CELLS (MNK_MAX_SIDE * MNK_MAX_SIDE)

/* What a cell holds. Player p's stones are stored as p + 1. */
enum mnk_cell {
    MNK_EMPTY = 0,
    MNK_X = 1, /* player 0, moves first */
    MNK_O = 2, /* player 1 */
};

/*
 * A position. Every field is a byte so that a state has no alignment needs
 * and no padding: agents may keep states back to back at any offset, and
 * apply/undo can promise byte-for-byte restoration. The state is
 * sizeof(struct mnk_state) + cells bytes long.
 */
struct mnk_state {
    uint8_t ply_low;  /* stones on the board, low byte ... */
    uint8_t ply_high; /* ... and high byte (a 16x16 board holds 256) */
    uint8_t status;   /* enum tourney_status, kept up to date by apply/undo */
    uint8_t reserved; /* always 0 */
    uint8_t cells[];  /* enum mnk_cell, row-major */
};

#endif /* TOURNEY_GAMES_MNK_H */
