/*
 * sample_log.h - a small tournament's results log made in the test, without
 * playing it: alpha against beta at 3x3 tic-tac-toe (the built mnk.so), each
 * game the same win of the first to move. For the unit tests of the log's
 * reader and writer and of merging logs.
 */
#ifndef TOURNEY_TESTS_SAMPLE_LOG_H
#define TOURNEY_TESTS_SAMPLE_LOG_H

#include <stddef.h>
#include <stdint.h>

#include "log_header.h"
#include "record.h"

/* The header of the sample tournament of GAMES games (games per pair, as
 * alpha and beta are one pair) and SEED, sealed; finish it. */
void sample_header(struct log_header *header, uint32_t games, uint64_t seed);

/* Game INDEX: alpha first in even games, beta in odd ones; seven moves, the
 * first to move wins. TIME_NS is every move's time, which differs between
 * two plays of a game. Initialised here; finish it. */
void sample_game(struct game_record *record, uint32_t index, uint64_t time_ns);

/* HEADER as the first line of a log (free it). */
char *sample_header_line(const struct log_header *header);

/* RECORD as its line in a log of HEADER (free it). */
char *sample_line(const struct log_header *header, const struct game_record *record);

/* Writes DIR/games.jsonl: HEADER, then the COUNT games GAMES in that order,
 * each with moves of 1000 ns. */
void sample_log(const char *dir, const struct log_header *header, const uint32_t *games,
                size_t count);

/* The same with the COUNT games RECORDS, made by the caller. */
void sample_log_of(const char *dir, const struct log_header *header,
                   const struct game_record *records, size_t count);

/* A temporary directory for a log of the sample tournament: the fixture of
 * the tests of one log. */
struct sample_dir {
    char dir[64];
    char path[96]; /* DIR/games.jsonl, not written yet */
    struct log_header header;
};

/* A new one, /tmp/tourney-PREFIX-XXXXXX, with the header of GAMES games and
 * SEED; destroy removes the directory and all in it. */
struct sample_dir *sample_dir_create(const char *prefix, uint32_t games, uint64_t seed);
void sample_dir_destroy(struct sample_dir *sample);

#endif /* TOURNEY_TESTS_SAMPLE_LOG_H */
