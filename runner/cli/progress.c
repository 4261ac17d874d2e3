#include "progress.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#define BOLD "\033[1m"
#define GREEN "\033[32m"
#define RESET "\033[0m"
#define CLEAR_LINE "\r\033[K"

bool tourney_progress_colour_ok(bool is_terminal, const char *no_color)
{
    return is_terminal && (no_color == NULL || no_color[0] == '\0');
}

void tourney_progress_init(struct progress *p, FILE *err, enum progress_style style, bool colour,
                           bool verbose, size_t total, size_t done, uint64_t now_ns)
{
    memset(p, 0, sizeof(*p));
    p->err = err;
    p->style = style;
    p->colour = colour && style == PROGRESS_LIVE;
    p->verbose = verbose;
    p->total = total;
    p->done = done;
    p->done_at_start = done;
    p->start_ns = now_ns;
    p->last_ns = 0;
}

void tourney_progress_rate_with(struct progress *p, progress_rate_fn *rate, void *context)
{
    p->rate = rate;
    p->rate_context = context;
}

/* "1:02:03" or "2:03". */
static void duration(double seconds, char *buf, size_t size)
{
    uint64_t s = seconds > 0 ? (uint64_t)(seconds + 0.5) : 0;
    if (s >= 3600) {
        snprintf(buf, size, "%" PRIu64 ":%02" PRIu64 ":%02" PRIu64, s / 3600, s / 60 % 60, s % 60);
    } else {
        snprintf(buf, size, "%" PRIu64 ":%02" PRIu64, s / 60, s % 60);
    }
}

bool tourney_progress_rate_known(const struct progress *p, uint64_t now_ns)
{
    return p->done - p->done_at_start >= PROGRESS_RATE_MIN_GAMES &&
           now_ns - p->start_ns >= PROGRESS_RATE_MIN_NS;
}

bool tourney_progress_ratings_due(const struct progress *p, uint64_t now_ns)
{
    return p->style == PROGRESS_LIVE && tourney_progress_rate_known(p, now_ns) &&
           (!p->rated || now_ns - p->rated_ns >= PROGRESS_RATINGS_PERIOD_NS ||
            p->done >= p->total);
}

/* Where a rating ranks: above the cap first, then by value, then below the
 * cap; unknown ones (not rated) are never leaders. */
static bool ranks_above(const struct rating *a, const struct rating *b)
{
    static const int order[] = {[ELO_ABOVE] = 0, [ELO_FINITE] = 1, [ELO_BELOW] = 2};
    if (a->elo.kind != b->elo.kind) {
        return order[a->elo.kind] < order[b->elo.kind];
    }
    return a->elo.kind == ELO_FINITE && a->elo.value > b->elo.value;
}

/* "+312±40", "0", ">+800": an Elo rating as the line shows it, whole. */
static void format_rating(const struct rating *r, char *buf, size_t size)
{
    if (r->elo.kind != ELO_FINITE) {
        snprintf(buf, size, "%s", r->elo.kind == ELO_ABOVE ? ">+800" : "<-800");
        return;
    }
    double value = round(r->elo.value);
    int used = value == 0 ? snprintf(buf, size, "0") : snprintf(buf, size, "%+.0f", value);
    if (r->low.kind == ELO_FINITE && r->high.kind == ELO_FINITE && r->high.value > r->low.value &&
        used > 0 && (size_t)used < size) {
        snprintf(buf + used, size - (size_t)used, "\u00b1%.0f",
                 (r->high.value - r->low.value) / 2);
    }
}

void tourney_progress_set_ratings(struct progress *p, uint64_t now_ns, const char *const *names,
                                  const struct ratings *ratings)
{
    size_t best[PROGRESS_LEADERS];
    size_t count = 0;
    for (size_t i = 0; i < ratings->agent_count; i++) {
        const struct rating *r = &ratings->agents[i];
        if (r->elo.kind == ELO_UNKNOWN) {
            continue;
        }
        /* Insertion into the few best so far; equals keep the field's order. */
        size_t at = count;
        while (at > 0 && ranks_above(r, &ratings->agents[best[at - 1]])) {
            at--;
        }
        if (at == PROGRESS_LEADERS) {
            continue;
        }
        size_t last = count < PROGRESS_LEADERS ? count : PROGRESS_LEADERS - 1;
        memmove(&best[at + 1], &best[at], (last - at) * sizeof(best[0]));
        best[at] = i;
        count = count < PROGRESS_LEADERS ? count + 1 : count;
    }
    for (size_t i = 0; i < count; i++) {
        char rating[32];
        format_rating(&ratings->agents[best[i]], rating, sizeof(rating));
        snprintf(p->leaders[i], sizeof(p->leaders[i]), "%s %s", names[best[i]], rating);
    }
    p->leader_count = count;
    p->rated = true;
    p->rated_ns = now_ns;
}

/* Characters as a terminal shows them: UTF-8 continuation bytes take no
 * column. */
static size_t columns(const char *text)
{
    size_t n = 0;
    for (const char *c = text; *c != '\0'; c++) {
        n += ((unsigned char)*c & 0xC0) != 0x80;
    }
    return n;
}

void tourney_progress_text(const struct progress *p, uint64_t now_ns, const char *leader,
                           double leader_score, char *buf, size_t size)
{
    double elapsed = (double)(now_ns - p->start_ns) / 1e9;
    size_t played = p->done - p->done_at_start;
    bool finished = p->done >= p->total;
    char rate[32] = "-";
    char eta[32] = "?";
    if (finished || tourney_progress_rate_known(p, now_ns)) {
        double per_second = elapsed > 0 ? (double)played / elapsed : 0.0;
        snprintf(rate, sizeof(rate), "%.1f", per_second);
        if (finished) {
            duration(elapsed, eta, sizeof(eta));
        } else if (per_second > 0) {
            duration((double)(p->total - p->done) / per_second, eta, sizeof(eta));
        }
    }
    int width = snprintf(NULL, 0, "%zu", p->total);
    double percent = p->total ? 100.0 * (double)p->done / (double)p->total : 100.0;
    int used = snprintf(buf, size, "%*zu/%zu games (%5.1f%%)  %s games/s  %s %s  ", width, p->done,
                        p->total, percent, rate, finished ? "took" : "ETA", eta);
    if (used < 0 || (size_t)used >= size) {
        return;
    }
    char *rest = buf + used;
    size_t room = size - (size_t)used;
    if (p->leader_count == 0) {
        if (leader != NULL) {
            snprintf(rest, room, "leader: %s %.1f%%", leader, 100.0 * leader_score);
        } else {
            snprintf(rest, room, "leader: none yet"); /* no one surely ahead */
        }
        return;
    }
    /* As many leaders as the terminal's width has room for, the first
     * always. */
    snprintf(rest, room, "leaders: %s", p->leaders[0]);
    for (size_t i = 1; i < p->leader_count; i++) {
        size_t length = strlen(rest);
        if (p->width > 0 && columns(buf) + 2 + columns(p->leaders[i]) >= p->width) {
            break;
        }
        snprintf(rest + length, room - length, ", %s", p->leaders[i]);
    }
}

/* Cuts TEXT to fewer than WIDTH columns, never within a character. */
static void fit_width(char *text, size_t width)
{
    size_t shown = 0;
    for (char *c = text; *c != '\0'; c++) {
        if (((unsigned char)*c & 0xC0) != 0x80 && ++shown == width) {
            *c = '\0';
            return;
        }
    }
}

static void draw(struct progress *p, uint64_t now_ns, const char *leader, double leader_score)
{
    char line[512];
    tourney_progress_text(p, now_ns, leader, leader_score, line, sizeof(line));
    /* A live line that wrapped could no longer be redrawn in place. */
    if (p->style == PROGRESS_LIVE && p->width > 0) {
        fit_width(line, p->width);
    }
    if (p->style == PROGRESS_PLAIN) {
        fprintf(p->err, "%s\n", line);
    } else if (p->colour) {
        /* The leaders' names stand out; the rest stays plain. */
        char *at = strstr(line, p->leader_count > 0 ? "leaders: " : "leader: ");
        if (at != NULL) {
            const char *label = p->leader_count > 0 ? "leaders: " : "leader: ";
            *at = '\0';
            fprintf(p->err, CLEAR_LINE "%s" BOLD "%s" GREEN "%s" RESET, line, label,
                    at + strlen(label));
        } else {
            fprintf(p->err, CLEAR_LINE "%s", line);
        }
    } else {
        fprintf(p->err, CLEAR_LINE "%s", line);
    }
    p->drawn = p->style == PROGRESS_LIVE;
    p->last_ns = now_ns;
    fflush(p->err);
}

void tourney_progress_game(struct progress *p, uint64_t now_ns, const char *leader,
                           double leader_score, const char *game_line)
{
    bool first = p->done == p->done_at_start;
    p->done++;
    if (p->style == PROGRESS_OFF) {
        return;
    }
    if (p->verbose && game_line != NULL) {
        if (p->drawn) {
            fputs(CLEAR_LINE, p->err);
            p->drawn = false;
        }
        fprintf(p->err, "%s\n", game_line);
    }
    uint64_t period =
        p->style == PROGRESS_PLAIN ? PROGRESS_PLAIN_PERIOD_NS : PROGRESS_LIVE_PERIOD_NS;
    bool redraw = first || p->done >= p->total || now_ns - p->last_ns >= period ||
                  (p->verbose && p->style == PROGRESS_LIVE);
    if (p->rate != NULL && tourney_progress_ratings_due(p, now_ns)) {
        p->rate(p->rate_context, p, now_ns);
        redraw = true; /* new figures are worth showing at once */
    }
    if (redraw) {
        draw(p, now_ns, leader, leader_score);
    }
}

void tourney_progress_finish(struct progress *p, uint64_t now_ns)
{
    (void)now_ns;
    if (p->drawn) {
        fputc('\n', p->err);
        fflush(p->err);
        p->drawn = false;
    }
}
