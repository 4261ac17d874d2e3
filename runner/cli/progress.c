#include "progress.h"

#include <inttypes.h>
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

void tourney_progress_text(const struct progress *p, uint64_t now_ns, const char *leader,
                           double leader_score, char *buf, size_t size)
{
    double elapsed = (double)(now_ns - p->start_ns) / 1e9;
    size_t played = p->done - p->done_at_start;
    double rate = elapsed > 0 ? (double)played / elapsed : 0.0;
    char eta[32] = "?";
    if (p->done >= p->total) {
        duration(elapsed, eta, sizeof(eta));
    } else if (rate > 0) {
        duration((double)(p->total - p->done) / rate, eta, sizeof(eta));
    }
    int width = snprintf(NULL, 0, "%zu", p->total);
    double percent = p->total ? 100.0 * (double)p->done / (double)p->total : 100.0;
    snprintf(buf, size, "%*zu/%zu games (%5.1f%%)  %.1f games/s  %s %s  leader: %s %.1f%%", width,
             p->done, p->total, percent, rate, p->done >= p->total ? "took" : "ETA", eta,
             leader ? leader : "-", 100.0 * leader_score);
}

static void draw(struct progress *p, uint64_t now_ns, const char *leader, double leader_score)
{
    char line[256];
    tourney_progress_text(p, now_ns, leader, leader_score, line, sizeof(line));
    if (p->style == PROGRESS_PLAIN) {
        fprintf(p->err, "%s\n", line);
    } else if (p->colour) {
        /* The leader's name stands out; the rest stays plain. */
        char *at = strstr(line, "leader: ");
        if (at != NULL) {
            *at = '\0';
            fprintf(p->err, CLEAR_LINE "%s" BOLD "leader: " GREEN "%s" RESET, line,
                    at + strlen("leader: "));
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
    if (first || p->done >= p->total || now_ns - p->last_ns >= period ||
        (p->verbose && p->style == PROGRESS_LIVE)) {
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
