/*
 * fits.h - whether a tournament's statistics and reports fit this machine:
 * the footprint (footprint.h) of its field and games against the physical
 * memory and the free disk where its reports go, checked by `validate` and
 * by `run` before anything is played.
 */
#ifndef TOURNEY_RUNNER_FITS_H
#define TOURNEY_RUNNER_FITS_H

#include <stdint.h>

#include "error.h"
#include "footprint.h"
#include "tournament.h"

/* The games T schedules: every pair's (or the gauntlet's) games_per_pair. */
uint64_t tourney_fits_games(const struct tournament *t);

/* Estimates T's footprint for GAMES games into *FOOTPRINT and fails, with
 * the estimate and the limit in ERR, when it cannot fit. */
int tourney_fits_check(const struct tournament *t, uint64_t games, struct footprint *footprint,
                       struct error *err);

#endif /* TOURNEY_RUNNER_FITS_H */
