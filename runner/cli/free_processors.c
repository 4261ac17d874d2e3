/*
 * free_processors.c - the processors free as a run starts, and the warning
 * when a run would play more games at once; see free_processors.h.
 */
#define _GNU_SOURCE
#include "free_processors.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "whole_file.h"

/* Looks at procs_running, and the time between two: a task that runs for a
 * moment (a shell, a compiler's pass) shows in one look, a busy one in most. */
#define LOOKS 5
#define LOOK_GAP_NS 2000000L
/* More than any machine tourney runs on has (and than TOURNEY_MAX_JOBS). */
#define MOST_PROCESSORS 4096u

bool tourney_free_processors_running(const char *proc_stat, unsigned *running)
{
    static const char key[] = "procs_running ";
    for (const char *line = proc_stat; line != NULL && *line != '\0';) {
        if (strncmp(line, key, sizeof(key) - 1) == 0) {
            char *end;
            errno = 0;
            unsigned long value = strtoul(line + sizeof(key) - 1, &end, 10);
            if (errno != 0 || end == line + sizeof(key) - 1 || (*end != '\n' && *end != '\0') ||
                value > MOST_PROCESSORS * 64ul) {
                return false;
            }
            *running = (unsigned)value;
            return true;
        }
        line = strchr(line, '\n');
        line = line != NULL ? line + 1 : NULL;
    }
    return false;
}

static int compare_unsigned(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a;
    unsigned y = *(const unsigned *)b;
    return (x > y) - (x < y);
}

unsigned tourney_free_processors_of(unsigned usable, const unsigned *samples, size_t count)
{
    if (count == 0) {
        return usable;
    }
    unsigned sorted[LOOKS];
    count = count < LOOKS ? count : LOOKS;
    memcpy(sorted, samples, count * sizeof(*sorted));
    qsort(sorted, count, sizeof(*sorted), compare_unsigned);
    /* The lower median: a look that caught one more passing task does not
     * make a processor busy. This process is one of the tasks running. */
    unsigned running = sorted[(count - 1) / 2];
    unsigned others = running > 0 ? running - 1 : 0;
    return usable > others ? usable - others : 0;
}

bool tourney_free_processors_told(const char *told, unsigned *free)
{
    if (told == NULL || *told < '0' || *told > '9') {
        return false;
    }
    char *end;
    errno = 0;
    unsigned long value = strtoul(told, &end, 10);
    if (errno != 0 || *end != '\0' || value > MOST_PROCESSORS) {
        return false;
    }
    *free = (unsigned)value;
    return true;
}

/* The processors this process may run on: its affinity, else those online. */
static unsigned usable_processors(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0) {
        return (unsigned)CPU_COUNT(&set);
    }
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online < 1 ? 1 : online > (long)MOST_PROCESSORS ? MOST_PROCESSORS : (unsigned)online;
}

struct free_processors tourney_free_processors_measure(const char *told)
{
    struct free_processors f = {.known = false, .told = false, .usable = usable_processors()};
    if (tourney_free_processors_told(told, &f.free)) {
        f.known = true;
        f.told = true;
        return f;
    }
    unsigned samples[LOOKS];
    size_t count = 0;
    for (int look = 0; look < LOOKS; look++) {
        if (look > 0) {
            nanosleep(&(struct timespec){0, LOOK_GAP_NS}, NULL);
        }
        char *text = NULL;
        size_t size = 0;
        struct error error;
        if (tourney_read_whole_file("/proc/stat", &text, &size, &error) != 0) {
            continue;
        }
        count += tourney_free_processors_running(text, &samples[count]) ? 1 : 0;
        free(text);
    }
    if (count > 0) {
        f.known = true;
        f.free = tourney_free_processors_of(f.usable, samples, count);
    }
    return f;
}

bool tourney_free_processors_warning(unsigned jobs, const struct free_processors *f, char *buf,
                                     size_t size)
{
    if (!f->known || jobs <= f->free) {
        return false;
    }
    char advice[64];
    if (f->free > 0) {
        snprintf(advice, sizeof(advice), "use --jobs %u or an idle machine", f->free);
    } else {
        snprintf(advice, sizeof(advice), "use an idle machine");
    }
    snprintf(buf, size,
             "jobs = %u, but %u processor%s of %u %s free as the run starts (%s): an agent "
             "waiting for a processor spends its time per move waiting, and may go over its "
             "budget or lose on time; %s",
             jobs, f->free, f->free == 1 ? "" : "s", f->usable, f->free == 1 ? "is" : "are",
             f->told ? "as " TOURNEY_FREE_PROCESSORS_ENV " says" : "the others are busy", advice);
    return true;
}
