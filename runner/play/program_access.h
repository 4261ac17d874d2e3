/*
 * program_access.h - what each agent of a tournament that is a program may
 * read (program_reads.h), worked out from the tournament: never the
 * config, the output folder, nor another agent's files.
 */
#ifndef TOURNEY_RUNNER_PROGRAM_ACCESS_H
#define TOURNEY_RUNNER_PROGRAM_ACCESS_H

#include <stdbool.h>

#include "error.h"
#include "tournament.h"

/* Works out (again) each program agent's access (entrant.access); with
 * WITH_OUTPUT, the output folder the tournament's settings name now is
 * held back too (a probe, which runs before anything is written, does
 * without: the output folder is not known for sure yet). Returns 0, or -1
 * with ERR filled (out of memory). */
int tourney_tournament_plan_reads(struct tournament *tournament, bool with_output,
                                  struct error *err);

#endif /* TOURNEY_RUNNER_PROGRAM_ACCESS_H */
