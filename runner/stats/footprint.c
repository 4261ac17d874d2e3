/*
 * footprint.c - the memory and the report files a tournament needs
 * (footprint.h).
 */
#include "footprint.h"

#include <inttypes.h>
#include <stdio.h>

#include "elo.h"
#include "stats.h"

/* Bytes of an open-addressing hash table's slot of SLOT bytes: at most
 * half full, and twice that while it grows into its successor. */
#define HASHED(slot) (3 * (uint64_t)(slot)*2)

/* Per agent: its statistics, the few rows of move-time histogram a field's
 * times fill, its score history and its report summary. */
#define AGENT_MEMORY (16 * 1024)

/* Per pair: its entry (in an array that doubles), its place in the pair
 * index (key, value, a flag), the report's Elo estimate and orderings (the
 * sort's scratch too), the sparse fit's arrays per edge, and the game
 * sample's count. */
static uint64_t pair_structures(void)
{
    return 2 * sizeof(struct pair_stats) + HASHED(2 * sizeof(uint64_t) + 1) +
           sizeof(struct elo_estimate) + 3 * sizeof(size_t) + 3 * 3 * sizeof(size_t) +
           8 * sizeof(double) + HASHED(2 * sizeof(uint64_t) + 1);
}

static uint64_t pair_memory(void)
{
    /* Twice the structures' sizes: the allocator's overhead and the reports'
     * passing buffers per pair, measured at about as much again on a
     * 300-agent round-robin (bench/README.md). */
    return 2 * pair_structures();
}

/* Per game: its key in the set of games seen. */
#define GAME_MEMORY HASHED(16)

/* Lines of the report files at their usual widths: summary.json's two
 * cross-table entries per pair (about 900 bytes each) and a line of
 * report.md's pairs table; an agent's summary.json entry, its results.csv
 * row and its report.md rows; and report.html, whose tables and charts
 * show a bounded number of agents and games. */
#define PAIR_REPORT_BYTES 2048
#define AGENT_REPORT_BYTES 8192
#define FIXED_REPORT_BYTES (4 * 1024 * 1024)

struct footprint tourney_footprint_estimate(size_t agents, uint64_t pairs, uint64_t games)
{
    struct footprint f;
    f.memory_bytes = (uint64_t)agents * AGENT_MEMORY + pairs * pair_memory() + games * GAME_MEMORY;
    f.reports_bytes =
        FIXED_REPORT_BYTES + (uint64_t)agents * AGENT_REPORT_BYTES + pairs * PAIR_REPORT_BYTES;
    return f;
}

void tourney_footprint_bytes_text(uint64_t bytes, char *buf, size_t size)
{
    static const char *const units[] = {"bytes", "kB", "MB", "GB", "TB"};
    double value = (double)bytes;
    size_t unit = 0;
    while (value >= 1000.0 && unit + 1 < sizeof(units) / sizeof(units[0])) {
        value /= 1000.0;
        unit++;
    }
    if (unit == 0) {
        snprintf(buf, size, "%" PRIu64 " bytes", bytes);
    } else {
        snprintf(buf, size, "%.*f %s", value < 10.0 ? 1 : 0, value, units[unit]);
    }
}

int tourney_footprint_check(const struct footprint *footprint, uint64_t memory_limit,
                            uint64_t disk_limit, struct error *err)
{
    char need[32];
    char have[32];
    if (memory_limit > 0 && footprint->memory_bytes > memory_limit) {
        tourney_footprint_bytes_text(footprint->memory_bytes, need, sizeof(need));
        tourney_footprint_bytes_text(memory_limit, have, sizeof(have));
        return tourney_error_set(
            err,
            "the statistics and reports would need about %s of memory, "
            "more than the %s this machine has: play fewer agents or pairs (a "
            "gauntlet)",
            need, have);
    }
    if (disk_limit > 0 && footprint->reports_bytes > disk_limit) {
        tourney_footprint_bytes_text(footprint->reports_bytes, need, sizeof(need));
        tourney_footprint_bytes_text(disk_limit, have, sizeof(have));
        return tourney_error_set(err,
                                 "the reports would take about %s, more than the %s free "
                                 "where they are written: play fewer agents or pairs",
                                 need, have);
    }
    return 0;
}
