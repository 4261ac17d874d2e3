/*
 * fits.c - a tournament's footprint against the machine (fits.h).
 */
#include "fits.h"

#include <stdio.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

/* The physical memory, or 0 when the system does not say. */
static uint64_t physical_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES);
    long page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
}

/* The free disk of the file system DIR will be made on (its nearest
 * existing ancestor's), or 0 when unknown. */
static uint64_t free_disk(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof(path), "%s", dir[0] != '\0' ? dir : ".");
    for (;;) {
        struct statvfs fs;
        if (statvfs(path, &fs) == 0) {
            return (uint64_t)fs.f_bavail * (uint64_t)fs.f_frsize;
        }
        char *slash = strrchr(path, '/');
        if (slash == NULL) {
            snprintf(path, sizeof(path), ".");
        } else if (slash == path) {
            path[1] = '\0';
        } else {
            *slash = '\0';
            continue;
        }
        return statvfs(path, &fs) == 0 ? (uint64_t)fs.f_bavail * (uint64_t)fs.f_frsize : 0;
    }
}

/* The pairs of agents T's format has play. */
static uint64_t pairs_of(const struct tournament *t)
{
    uint64_t agents = t->entrant_count;
    if (agents < 2) {
        return 0;
    }
    return t->gauntlet == TOURNEY_NO_GAUNTLET ? agents * (agents - 1) / 2 : agents - 1;
}

uint64_t tourney_fits_games(const struct tournament *t)
{
    return pairs_of(t) * t->config.settings.games_per_pair;
}

int tourney_fits_check(const struct tournament *t, uint64_t games, struct footprint *footprint,
                       struct error *err)
{
    *footprint = tourney_footprint_estimate(t->entrant_count, pairs_of(t), games);
    if (tourney_footprint_check(
            footprint, physical_memory(),
            free_disk(t->config.settings.output_dir != NULL ? t->config.settings.output_dir : "."),
            err) != 0) {
        return tourney_error_prefix(err, "%s: %zu agents, %llu games", t->config.path,
                                    t->entrant_count, (unsigned long long)games);
    }
    return 0;
}
