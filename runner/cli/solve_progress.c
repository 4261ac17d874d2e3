/* glibc's fopencookie: stderr written through the progress line. */
#define _GNU_SOURCE
#include "solve_progress.h"

#include <inttypes.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>

#include "clock.h"

#define CLEAR_LINE "\r\033[K"

static void lock(struct solve_progress *p)
{
    if (p->locking) {
        pthread_mutex_lock(&p->lock);
    }
}

static void unlock(struct solve_progress *p)
{
    if (p->locking) {
        pthread_mutex_unlock(&p->lock);
    }
}

/* With the lock held. */
static void clear(struct solve_progress *p)
{
    if (p->drawn) {
        fputs(CLEAR_LINE, p->err);
        fflush(p->err);
        p->drawn = false;
    }
}

/* A write to P->stream: the line cleared first, the bytes written whole. */
static ssize_t stream_write(void *cookie, const char *buf, size_t size)
{
    struct solve_progress *p = cookie;
    lock(p);
    clear(p);
    size_t written = fwrite(buf, 1, size, p->err);
    fflush(p->err);
    unlock(p);
    return written > 0 || size == 0 ? (ssize_t)written : -1;
}

/* A warning of the solve's: the line cleared first, as for the stream, and
 * no line drawn while it is said. */
static void say_cleared(void *context, const char *text)
{
    struct solve_progress *p = context;
    lock(p);
    clear(p);
    if (p->forward != NULL && p->forward->say != NULL) {
        p->forward->say(p->forward->context, text);
    }
    unlock(p);
}

const struct warnings *tourney_solve_progress_warnings(struct solve_progress *p,
                                                       const struct warnings *to)
{
    p->forward = to;
    p->warn = (struct warnings){.say = say_cleared, .context = p};
    return &p->warn;
}

static bool make_lock(struct solve_progress *p)
{
    pthread_condattr_t attr;
    if (pthread_condattr_init(&attr) != 0) {
        return false;
    }
    /* The thread waits on the monotonic clock, as tourney_now_ns reads. */
    bool made = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC) == 0 &&
                pthread_cond_init(&p->wake, &attr) == 0;
    pthread_condattr_destroy(&attr);
    if (!made) {
        return false;
    }
    if (pthread_mutex_init(&p->lock, NULL) != 0) {
        pthread_cond_destroy(&p->wake);
        return false;
    }
    return true;
}

void tourney_solve_progress_init(struct solve_progress *p, FILE *err, bool live, bool file,
                                 uint64_t now_ns)
{
    memset(p, 0, sizeof(*p));
    p->err = err;
    p->stream = err;
    p->file = file;
    p->start_ns = now_ns;
    if (!live || !make_lock(p)) {
        return;
    }
    p->locking = true;
    cookie_io_functions_t io = {.write = stream_write};
    FILE *stream = fopencookie(p, "w", io);
    if (stream == NULL) {
        return;
    }
    /* A message reaches the terminal whole, at its end of line. */
    setvbuf(stream, NULL, _IOLBF, 0);
    p->stream = stream;
    p->live = true;
}

bool tourney_solve_progress_due(const struct solve_progress *p, uint64_t now_ns)
{
    if (!p->live || now_ns - p->start_ns < SOLVE_PROGRESS_DELAY_NS) {
        return false;
    }
    return !p->drawn || now_ns - p->drawn_ns >= SOLVE_PROGRESS_PERIOD_NS;
}

void tourney_solve_progress_text(const struct solve_progress *p, uint64_t now_ns, char *buf,
                                 size_t size)
{
    double seconds = (double)(now_ns - p->start_ns) / 1e9;
    if (!p->file) {
        snprintf(buf, size, "solving: %.1f s", seconds);
    } else {
        snprintf(buf, size, "solving line %zu: %.1f s, %zu position%s solved (%" PRIu64 " nodes)",
                 p->line, seconds, p->positions, p->positions == 1 ? "" : "s", p->nodes);
    }
}

void tourney_solve_progress_draw(struct solve_progress *p, uint64_t now_ns)
{
    char text[160];
    tourney_solve_progress_text(p, now_ns, text, sizeof(text));
    /* Over the last line, then what is left of it cleared: no flicker. */
    fprintf(p->err, "\r%s\033[K", text);
    fflush(p->err);
    p->drawn = true;
    p->drawn_ns = now_ns;
}

void tourney_solve_progress_position(struct solve_progress *p, size_t line, size_t positions,
                                     uint64_t nodes)
{
    lock(p);
    p->line = line;
    p->positions = positions;
    p->nodes = nodes;
    unlock(p);
}

static void *draw_loop(void *context)
{
    struct solve_progress *p = context;
    pthread_mutex_lock(&p->lock);
    while (!p->stop) {
        uint64_t now = tourney_now_ns();
        if (tourney_solve_progress_due(p, now)) {
            tourney_solve_progress_draw(p, now);
        }
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += (long)SOLVE_PROGRESS_PERIOD_NS;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        /* Woken early by tourney_solve_progress_stop. */
        pthread_cond_timedwait(&p->wake, &p->lock, &until);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

void tourney_solve_progress_run(struct solve_progress *p)
{
    if (p->live && !p->running) {
        p->running = pthread_create(&p->thread, NULL, draw_loop, p) == 0;
    }
}

void tourney_solve_progress_stop(struct solve_progress *p)
{
    if (p->running) {
        pthread_mutex_lock(&p->lock);
        p->stop = true;
        pthread_cond_signal(&p->wake);
        pthread_mutex_unlock(&p->lock);
        pthread_join(p->thread, NULL);
        p->running = false;
    }
    lock(p);
    clear(p);
    p->live = false;
    unlock(p);
}

void tourney_solve_progress_finish(struct solve_progress *p)
{
    tourney_solve_progress_stop(p);
    if (p->stream != p->err) {
        fclose(p->stream);
        p->stream = p->err;
    }
    if (p->locking) {
        pthread_cond_destroy(&p->wake);
        pthread_mutex_destroy(&p->lock);
        p->locking = false;
    }
}
