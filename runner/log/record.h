/*
 * record.h - what is kept of one played game: the moves with the agents'
 * statistics, the result and how the game ended. Records are the results
 * log's unit; every report is computed from them.
 */
#ifndef TOURNEY_RUNNER_RECORD_H
#define TOURNEY_RUNNER_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "digest.h"
#include "error.h"
#include "json_out.h"
#include "move_fields.h"

enum game_result {
    RESULT_DRAW = 0,
    RESULT_FIRST_WINS = 1,  /* the agent in seat 0 won */
    RESULT_SECOND_WINS = 2, /* the agent in seat 1 won */
};

/* Every way a game can end. The agent at fault (fault_seat) loses. All but
 * the first three can only happen with isolation = process, where each agent
 * runs in a child process of its own. */
enum termination {
    TERMINATION_NORMAL = 0,            /* the rules ended it */
    TERMINATION_ILLEGAL_MOVE = 1,      /* an agent returned a move that is not legal */
    TERMINATION_AGENT_ERROR = 2,       /* an agent's create or choose_move failed */
    TERMINATION_TIME_FORFEIT = 3,      /* no answer within the budget plus the margin */
    TERMINATION_CRASH = 4,             /* its process was killed by a signal */
    TERMINATION_EARLY_EXIT = 5,        /* its process exited */
    TERMINATION_MEMORY_LIMIT = 6,      /* it ran out of its address space */
    TERMINATION_OUTPUT_LIMIT = 7,      /* it printed more than its output limit */
    TERMINATION_PROTOCOL_ERROR = 8,    /* its process sent what the protocol does not allow */
    TERMINATION_SANDBOX_VIOLATION = 9, /* it made a system call the sandbox forbids */
    TERMINATION_CPU_LIMIT = 10,        /* a move took more CPU time than cpu_limit allows */
    TERMINATION_COUNT
};

/* A move and its figures: a member for each that move_fields.h lists, and
 * the flag of each that a move may lack (has_score, has_cpu: cpu_ns is the
 * CPU time of the agent's process, all its threads, measured only with
 * isolation = process). */
struct move_record {
    int32_t seat; /* who moved: 0 or 1 */
    int32_t move;
    TOURNEY_MOVE_FIELDS(TOURNEY_MOVE_MEMBER)
};

/* At most this many agent log messages are kept per game, each cut to
 * RECORD_LOG_TEXT bytes: enough to explain a failure, never a flood. */
#define RECORD_LOG_MAX 16
#define RECORD_LOG_TEXT 200

struct agent_message {
    int seat;
    int level;
    int32_t ply;
    char text[RECORD_LOG_TEXT];
};

/* The last bytes an agent's process printed during a game are kept, as
 * printable ASCII, to explain a fault; isolation = none captures nothing. */
#define RECORD_OUTPUT_EXCERPT 1024

/* The position a game started from, when not the game's initial one
 * (openings.h): as text in the game's notation, and the plies that lead to
 * it from the initial position, when they are known. A game from the
 * initial position has neither. */
struct record_opening {
    char *position; /* NULL when not written */
    int32_t *moves; /* the plies, when moves_known */
    size_t move_count;
    bool moves_known;
};

struct game_record {
    uint32_t index;
    uint32_t agent[2]; /* entrant in seat 0 (first to move) and seat 1 */
    uint64_t seed;
    struct record_opening opening;
    struct move_record *moves;
    size_t move_count;
    size_t move_capacity;
    enum game_result result;
    enum termination termination;
    int fault_seat; /* -1 when nobody was at fault */
    char reason[256];
    struct agent_message log[RECORD_LOG_MAX];
    size_t log_count;
    size_t log_dropped;
    char output[2][RECORD_OUTPUT_EXCERPT + 1]; /* per seat; "" when it printed nothing */
};

void tourney_record_init(struct game_record *record);
void tourney_record_finish(struct game_record *record);
/* Appends a move. Fails only for memory. */
enum alloc_status tourney_record_add_move(struct game_record *record,
                                          const struct move_record *move);
/* Keeps a message the agent in SEAT logged, at the current ply; beyond
 * RECORD_LOG_MAX messages it is only counted as dropped. */
void tourney_record_add_log(struct game_record *record, int seat, int level, const char *text);
/* Keeps LENGTH bytes of TEXT as SEAT's output excerpt (the last
 * RECORD_OUTPUT_EXCERPT of them), made printable. */
void tourney_record_set_output(struct game_record *record, int seat, const char *text,
                               size_t length);

/* Whether the game started from an opening (it has a position or plies). */
bool tourney_record_has_opening(const struct record_opening *opening);
/* Sets OPENING to a copy of POSITION (NULL: none) and of the COUNT plies
 * MOVES (count -1: not known). Returns -1 when out of memory. */
int tourney_record_opening_set(struct record_opening *opening, const char *position,
                               const int32_t *moves, int32_t count);
/* Sets TO to a copy of FROM. Fails only for memory. */
enum alloc_status tourney_record_opening_copy(struct record_opening *to,
                                              const struct record_opening *from);
/* Frees what OPENING holds and empties it. */
void tourney_record_opening_clear(struct record_opening *opening);

/* What tells a game apart from every other game of its pair: a digest of
 * its opening (its position, or its plies where there is no position) and
 * of the moves played from it, so that games that differ only in their
 * opening are distinct. Two games with the same key are the same game played
 * again; statistics count each pair's distinct games with it. */
struct digest128 tourney_record_game_key(const struct game_record *record);

const char *tourney_termination_name(enum termination termination);
/* The termination named NAME; returns -1 for an unknown name. */
int tourney_termination_from_name(const char *name, enum termination *out);
const char *tourney_result_text(enum game_result result); /* "1-0", "0-1", "1/2-1/2" */
/* The result written TEXT; returns -1 for any other text. */
int tourney_result_from_text(const char *text, enum game_result *out);
/* "error", "warning", "info" or "debug" for an agent message's level. */
const char *tourney_log_level_name(int level);
/* The level named NAME; an unknown name reads as "info" (2). */
int tourney_log_level_from_name(const char *name);

/* Writes the record to OUT as the JSON object of its games.jsonl line; NAMES
 * are the entrants' names in seat order. A game from an opening has
 * "opening" (its position) and "opening_moves" (its plies) where it knows
 * them; a game from the initial position has neither key, as in logs
 * written before openings. */
void tourney_record_write_json(const struct game_record *record, const char *const names[2],
                               struct json_out *out);

#endif /* TOURNEY_RUNNER_RECORD_H */
