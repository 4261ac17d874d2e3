/*
 * free_processors.h - the processors free for a run as it starts, and the
 * warning `run` prints before the first game when it would play more games
 * at once than that: every game keeps a processor busy while an agent
 * thinks, and one that waits for a processor spends its time per move
 * waiting, so agents that think to their budget go over it or lose on time.
 *
 * Measured, not assumed: the processors this process may run on (its
 * affinity) less the tasks other than it that are ready to run, the median
 * of a few looks at /proc/stat's procs_running a millisecond or two apart.
 * TOURNEY_FREE_PROCESSORS, when set to a number, is taken instead: for a
 * machine whose other work tourney cannot see (a container's /proc/stat
 * counts its host's), and for tests.
 */
#ifndef TOURNEY_RUNNER_FREE_PROCESSORS_H
#define TOURNEY_RUNNER_FREE_PROCESSORS_H

#include <stdbool.h>
#include <stddef.h>

/* The environment variable that replaces the measure. */
#define TOURNEY_FREE_PROCESSORS_ENV "TOURNEY_FREE_PROCESSORS"

struct free_processors {
    bool known;      /* false: not measured, and nothing is said */
    bool told;       /* taken from TOURNEY_FREE_PROCESSORS, not measured */
    unsigned usable; /* the processors this process may run on */
    unsigned free;   /* those not busy with other work (as told, when told) */
};

/* The tasks ready to run in PROC_STAT, the text of /proc/stat (its
 * procs_running line), into *RUNNING; false when it has none. */
bool tourney_free_processors_running(const char *proc_stat, unsigned *running);

/* Of USABLE processors, those free when SAMPLES (COUNT of them, each the
 * procs_running of a look, this process included) were taken: usable less
 * the median of the others, never below 0. */
unsigned tourney_free_processors_of(unsigned usable, const unsigned *samples, size_t count);

/* Reads TOURNEY_FREE_PROCESSORS's value TOLD (NULL when unset) into *FREE:
 * a whole number from 0 to 4096; false (and nothing read) otherwise. */
bool tourney_free_processors_told(const char *told, unsigned *free);

/* Takes TOLD (the variable's value, or NULL) when it is a number, else
 * measures this machine now; `known` is false when it cannot (no /proc). */
struct free_processors tourney_free_processors_measure(const char *told);

/* Writes into BUF (SIZE bytes) the warning for JOBS games at once with
 * FREE, and returns true, when JOBS exceed the processors free; returns
 * false, writing nothing, when they do not or nothing is known. */
bool tourney_free_processors_warning(unsigned jobs, const struct free_processors *free, char *buf,
                                     size_t size);

#endif /* TOURNEY_RUNNER_FREE_PROCESSORS_H */
