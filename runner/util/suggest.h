/*
 * suggest.h - "did you mean ...?": the known name closest to a mistyped one,
 * by edit distance (insertions, deletions, substitutions and swaps of two
 * neighbouring characters each count one), offered only when it is close
 * enough to be what was meant.
 */
#ifndef TOURNEY_RUNNER_SUGGEST_H
#define TOURNEY_RUNNER_SUGGEST_H

#include <stddef.h>

/* The longest name that is compared; longer candidates are never offered. */
#define TOURNEY_SUGGEST_MAX 64

struct suggestion {
    const char *word; /* what was written */
    size_t distance;  /* of best; SIZE_MAX while there is none */
    char best[TOURNEY_SUGGEST_MAX + 1];
};

/* Starts looking for the name closest to WORD (which must outlive S). */
void tourney_suggest_init(struct suggestion *s, const char *word);
/* Offers one known name; the first of several equally close ones is kept.
 * A name equal to WORD is never offered: it is not a correction. */
void tourney_suggest_consider(struct suggestion *s, const char *candidate);
/* The same for the LENGTH bytes at CANDIDATE. */
void tourney_suggest_consider_n(struct suggestion *s, const char *candidate, size_t length);
/* The closest name offered, when it is close enough to WORD: at most one
 * edit for a word of up to 5 characters, then one more per 3 characters
 * (at most 4 edits). NULL when none is. */
const char *tourney_suggest_best(const struct suggestion *s);

/* The closest of the COUNT NAMES to WORD, as tourney_suggest_best; NULL
 * when none is close enough. */
const char *tourney_suggest(const char *word, const char *const *names, size_t count);

/* The edit distance between A and B (A_LENGTH and B_LENGTH bytes), counted
 * up to LIMIT + 1: any larger distance is returned as LIMIT + 1. */
size_t tourney_edit_distance(const char *a, size_t a_length, const char *b, size_t b_length,
                             size_t limit);

#endif /* TOURNEY_RUNNER_SUGGEST_H */
