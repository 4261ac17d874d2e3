/*
 * games/mnk/mnk.h - private layout of the m,n,k game's state, shared by the
 * plugin and its rules tests. Not part of the plugin ABI: agents and the
 * runner treat states as opaque bytes.
 */
#ifndef TOURNEY_GAMES_MNK_H
#define TOURNEY_GAMES_MNK_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Largest board side and line length; 16 keeps column letters in a..p. */
#define MNK_MAX_SIDE 16
#define MNK_MAX_CELLS (MNK_MAX_SIDE * MNK_MAX_SIDE)
/* 64-bit words of one player's bitboard on the largest board. */
#define MNK_MAX_WORDS (MNK_MAX_CELLS / 64)

/* What a cell holds. Player p's stones are p + 1. */
enum mnk_cell {
    MNK_EMPTY = 0,
    MNK_X = 1, /* player 0, moves first */
    MNK_O = 2, /* player 1 */
};

/*
 * A position. Every field is a byte array so that a state has no alignment
 * needs and no padding: agents may keep states back to back at any offset,
 * and apply/undo can promise byte-for-byte restoration. Multi-byte values
 * are read and written with memcpy, in the machine's byte order (states
 * never leave the machine).
 *
 * Each player's stones are a bitboard of `words` 64-bit words (one word on
 * boards of up to 64 cells): bit i of word w is cell 64 * w + i, cells
 * numbered row-major like moves. Bits past the last cell are always 0. The
 * state is sizeof(struct mnk_state) + 16 * words bytes long.
 */
struct mnk_state {
    uint8_t hash[8];     /* the Zobrist hash, kept up to date by apply/undo */
    uint8_t ply_low;     /* stones on the board, low byte ... */
    uint8_t ply_high;    /* ... and high byte (a 16x16 board holds 256) */
    uint8_t status;      /* enum tourney_status, kept up to date by apply/undo */
    uint8_t reserved[5]; /* always 0; puts the stones 8-byte aligned */
    uint8_t stones[];    /* player 0's words, then player 1's */
};

/* 64-bit words of one bitboard on a board of `cells` cells. */
static inline int mnk_words(int cells)
{
    return (cells + 63) / 64;
}

static inline size_t mnk_state_size(int cells)
{
    return sizeof(struct mnk_state) + 2 * sizeof(uint64_t) * (size_t)mnk_words(cells);
}

static inline uint64_t mnk_get_word(const struct mnk_state *s, int words, int player, int w)
{
    uint64_t v;
    memcpy(&v, s->stones + sizeof(v) * (size_t)(player * words + w), sizeof(v));
    return v;
}

static inline void mnk_set_word(struct mnk_state *s, int words, int player, int w, uint64_t v)
{
    memcpy(s->stones + sizeof(v) * (size_t)(player * words + w), &v, sizeof(v));
}

static inline uint64_t mnk_get_hash(const struct mnk_state *s)
{
    uint64_t h;
    memcpy(&h, s->hash, sizeof(h));
    return h;
}

static inline void mnk_set_hash(struct mnk_state *s, uint64_t h)
{
    memcpy(s->hash, &h, sizeof(h));
}

static inline int mnk_get_ply(const struct mnk_state *s)
{
    return s->ply_low | (s->ply_high << 8);
}

static inline void mnk_set_ply(struct mnk_state *s, int ply)
{
    s->ply_low = (uint8_t)(ply & 0xff);
    s->ply_high = (uint8_t)(ply >> 8);
}

/* What `cell` holds, on a board of `cells` cells. */
static inline enum mnk_cell mnk_cell_at(const struct mnk_state *s, int cells, int cell)
{
    int words = mnk_words(cells);
    uint64_t bit = UINT64_C(1) << (cell % 64);

    if (mnk_get_word(s, words, 0, cell / 64) & bit) {
        return MNK_X;
    }
    if (mnk_get_word(s, words, 1, cell / 64) & bit) {
        return MNK_O;
    }
    return MNK_EMPTY;
}

#endif /* TOURNEY_GAMES_MNK_H */
