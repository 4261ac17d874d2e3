/*
 * games/common/bits.h - counting and finding the set bits of a 64-bit word,
 * for the games' bitboards. GCC and clang get their builtins (one instruction
 * where the machine has it); other compilers get the plain C versions, which
 * the tests check against the builtins.
 */
#ifndef TOURNEY_GAMES_COMMON_BITS_H
#define TOURNEY_GAMES_COMMON_BITS_H

#include <stdint.h>

/* The number of set bits of x, in plain C. */
static inline int bits_count_portable(uint64_t x)
{
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* The index of the lowest set bit of x, which must not be 0, in plain C: the
 * bit alone, times a de Bruijn number, has a different top six bits for each
 * of the 64 positions. */
static inline int bits_lowest_portable(uint64_t x)
{
    static const int8_t index[64] = {
        0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,  62, 55, 59, 36, 53, 51,
        43, 22, 45, 39, 33, 30, 24, 18, 12, 5,  63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21,
        44, 32, 23, 11, 46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6,
    };
    return index[((x & (~x + 1)) * UINT64_C(0x03f79d71b4cb0a89)) >> 58];
}

/*
 * Put before a function that counts bits in its hot loop: on x86-64 with
 * GCC or clang, the function is compiled twice, once for processors with
 * the popcnt instruction and once for any, and the loader picks one when
 * the plugin is loaded (an ifunc, which glibc offers). Without popcnt in
 * the target (the default x86-64 has none), __builtin_popcountll is a call
 * to a library routine. Elsewhere it does nothing.
 */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && defined(__linux__) && \
    defined(__GLIBC__)
#define BITS_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define BITS_POPCNT_CLONES
#endif

/* The number of set bits of x. */
static inline int bits_count(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#else
    return bits_count_portable(x);
#endif
}

/* The index of the lowest set bit of x, which must not be 0. */
static inline int bits_lowest(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    return bits_lowest_portable(x);
#endif
}

#endif /* TOURNEY_GAMES_COMMON_BITS_H */
