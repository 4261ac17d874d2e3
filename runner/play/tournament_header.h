/*
 * tournament_header.h - the results log's header of a loaded tournament:
 * its settings, entrants and plugin digests, sealed.
 */
#ifndef TOURNEY_RUNNER_TOURNAMENT_HEADER_H
#define TOURNEY_RUNNER_TOURNAMENT_HEADER_H

#include "error.h"
#include "log_header.h"
#include "tournament.h"

/* Describes a loaded tournament. Returns -1 with a reason in ERR. */
int tourney_header_from_tournament(struct log_header *header, const struct tournament *t,
                                   struct error *err);

#endif /* TOURNEY_RUNNER_TOURNAMENT_HEADER_H */
