#include "suggest.h"

#include <stdint.h>
#include <string.h>

/* How many edits still make a correction of a word of LENGTH characters:
 * "dpth" for "depth" (1), "games_per_par" for "games_per_pair" (1), "mnimax"
 * for "minimax" (1), but never "seed" for "deep" (2 of 4). */
static size_t edits_allowed(size_t length)
{
    size_t allowed = length <= 5 ? 1 : 1 + (length - 3) / 3;
    return allowed > 4 ? 4 : allowed;
}

static size_t smallest(size_t a, size_t b, size_t c)
{
    size_t m = a < b ? a : b;
    return m < c ? m : c;
}

size_t tourney_edit_distance(const char *a, size_t a_length, const char *b, size_t b_length,
                             size_t limit)
{
    if (a_length > TOURNEY_SUGGEST_MAX || b_length > TOURNEY_SUGGEST_MAX) {
        return limit + 1;
    }
    size_t difference = a_length > b_length ? a_length - b_length : b_length - a_length;
    if (difference > limit) {
        return limit + 1;
    }
    /* Three rows of the optimal string alignment table: the one before the
     * previous is what a swap of two neighbours looks back to. */
    size_t rows[3][TOURNEY_SUGGEST_MAX + 1];
    size_t *before = rows[0];
    size_t *previous = rows[1];
    size_t *current = rows[2];
    for (size_t j = 0; j <= b_length; j++) {
        previous[j] = j;
    }
    for (size_t i = 1; i <= a_length; i++) {
        current[0] = i;
        size_t row_best = current[0];
        for (size_t j = 1; j <= b_length; j++) {
            size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            current[j] = smallest(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                before[j - 2] + 1 < current[j]) {
                current[j] = before[j - 2] + 1;
            }
            row_best = current[j] < row_best ? current[j] : row_best;
        }
        if (row_best > limit) {
            return limit + 1; /* every path through this row is already too long */
        }
        size_t *oldest = before;
        before = previous;
        previous = current;
        current = oldest;
    }
    return previous[b_length] > limit ? limit + 1 : previous[b_length];
}

void tourney_suggest_init(struct suggestion *s, const char *word)
{
    s->word = word;
    s->distance = SIZE_MAX;
    s->best[0] = '\0';
}

void tourney_suggest_consider_n(struct suggestion *s, const char *candidate, size_t length)
{
    size_t word_length = strlen(s->word);
    if (length > TOURNEY_SUGGEST_MAX ||
        (length == word_length && memcmp(candidate, s->word, length) == 0)) {
        return;
    }
    size_t limit = edits_allowed(word_length);
    size_t distance = tourney_edit_distance(s->word, word_length, candidate, length, limit);
    if (distance <= limit && distance < s->distance) {
        s->distance = distance;
        memcpy(s->best, candidate, length);
        s->best[length] = '\0';
    }
}

void tourney_suggest_consider(struct suggestion *s, const char *candidate)
{
    if (candidate != NULL) {
        tourney_suggest_consider_n(s, candidate, strlen(candidate));
    }
}

const char *tourney_suggest_best(const struct suggestion *s)
{
    return s->distance == SIZE_MAX ? NULL : s->best;
}

const char *tourney_suggest(const char *word, const char *const *names, size_t count)
{
    struct suggestion s;
    tourney_suggest_init(&s, word);
    size_t best = count;
    for (size_t i = 0; i < count; i++) {
        size_t before = s.distance;
        tourney_suggest_consider(&s, names[i]);
        best = s.distance < before ? i : best;
    }
    return best < count ? names[best] : NULL;
}
