/*
 * protocol.h - what the runner and an agent process say to each other, in
 * frames of wire.h.
 *
 * The runner asks, the agent process answers each request with one reply
 * carrying the request's sequence number:
 *
 *     LOAD      -> LOADED | LOAD_FAILED   limits, then load the plugins, then the sandbox
 *     NEW_GAME  -> CREATED                the agent's create for one game and seat
 *     MOVE      -> MOVED                  choose_move on a position
 *     END_GAME  -> ENDED                  the agent's destroy
 *     QUIT                                no reply: the process exits
 *     EXEC      -> EXECUTING | LOAD_FAILED  limits, confinement, then it
 *                                         becomes an agent's own program
 *                                         (command = ...), which speaks the
 *                                         line protocol (line_protocol.h)
 *                                         on the same socket from then on
 *
 * Before a reply, the agent process may send any number of LOG frames (what
 * the agent logs, as it logs it) and, as it dies of a fatal signal close to
 * its address-space limit, one MEMORY frame; as process 1 of a PID
 * namespace, which a signal it sends itself cannot kill, one DYING frame
 * before it exits instead (see agent_process.h); and, as a signal sent
 * from outside the tournament stops it, one OUTSIDE frame before it exits
 * with 128 + the signal (the game it was in is not a result). A probe is a LOAD without
 * a game: the answer describes the plugin, and nothing is played.
 */
#ifndef TOURNEY_RUNNER_PROTOCOL_H
#define TOURNEY_RUNNER_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#include <tourney/abi.h>
#include <tourney/agent.h>

#include "wire.h"

/* Bumped for any change in what a frame holds. 2: LOADED carries the
 * plugin's id and version (ABI 1.2). 3: MOVE carries the clocks; EXEC (on
 * one branch), or LOADED says whether Landlock confines the process; DYING
 * (on another; neither was released). 4: all of them, and EXECUTING says
 * whether Landlock confines the program. 5: OUTSIDE. 6: MOVED carries the
 * agent's report whole, its figures written from util/move_fields.h
 * (seldepth among them). 7: MOVE carries the move's start (start_ns).
 * tests/plugins/zoo_forged_frame.h, which forges frames, keeps a copy of
 * the number (e2e.bytes fails when they differ). */
#define PROTOCOL_VERSION 7

/* At most this many LOG frames per game, each of at most this many bytes
 * (the NUL included): what a game's record keeps (record.h's RECORD_LOG_MAX
 * and RECORD_LOG_TEXT, checked equal where both meet). */
#define PROTOCOL_LOG_MAX 16
#define PROTOCOL_LOG_TEXT 200

enum protocol_type {
    /* runner -> agent process */
    MSG_LOAD = 1,
    MSG_NEW_GAME = 2,
    MSG_MOVE = 3,
    MSG_END_GAME = 4,
    MSG_QUIT = 5,
    MSG_EXEC = 6,
    /* agent process -> runner */
    MSG_LOADED = 16,
    MSG_LOAD_FAILED = 17,
    MSG_CREATED = 18,
    MSG_MOVED = 19,
    MSG_ENDED = 20,
    MSG_LOG = 21,
    MSG_MEMORY = 22,
    MSG_DYING = 23,
    MSG_EXECUTING = 24,
    MSG_OUTSIDE = 25,
};

/* Parameter values: the runner encodes VALUES; a decoded message holds RAW,
 * read with tourney_msg_value. */
struct msg_values {
    uint32_t count;
    const struct tourney_param_value *values;
    const unsigned char *raw;
};
int64_t tourney_msg_value(const struct msg_values *values, uint32_t i);

/* LOAD flags */
/* Confine the process before loading (Landlock, the first filter stage:
 * confine.h) and apply the second filter stage after. */
#define LOAD_SANDBOX UINT32_C(1)
#define LOAD_SANDBOX_REQUIRED UINT32_C(2) /* and fail when it cannot be applied */

struct msg_load {
    uint32_t kind; /* enum tourney_plugin_kind of PATH */
    uint32_t flags;
    uint64_t memory_bytes; /* the address-space limit; 0 for none */
    const char *path;      /* the plugin */
    const char *game_path; /* the game to play, or NULL for a probe */
    struct msg_values game_params;
};

/* What LOADED says about the sandbox. */
enum sandbox_state {
    SANDBOX_STATE_OFF = 0, /* not asked for */
    SANDBOX_STATE_ACTIVE = 1,
    SANDBOX_STATE_UNAVAILABLE = 2, /* asked for, but this system cannot apply it */
};

struct msg_loaded {
    uint32_t sandbox;           /* enum sandbox_state */
    const char *sandbox_error;  /* why it is unavailable, or NULL */
    uint32_t landlock_abi;      /* the Landlock ABI confining it, 0 for none */
    const char *landlock_error; /* why none, when the sandbox was asked for; or NULL */
    uint64_t state_size;        /* of the game the process created; 0 for a probe */
    int32_t move_limit;
    int32_t max_plies;
    const char *name;
    const char *description;
    const char *id;      /* NULL when the plugin has none */
    const char *version; /* NULL when the plugin has none */
    size_t param_count;
    const struct tourney_param_info *params; /* decoded: owned, see _finish */
};

/* An agent that is a program of its own: what the agent process does to
 * itself before it executes the program in its place. */
struct msg_exec {
    uint32_t flags;          /* LOAD_SANDBOX, LOAD_SANDBOX_REQUIRED */
    uint64_t memory_bytes;   /* the address-space limit; 0 for none */
    const char *dir;         /* its working directory */
    uint32_t argc;           /* at least 1: ARGV[0] is the program's absolute path */
    const char *const *argv; /* decoded: owned, see _finish; NULL-terminated */
    /* What it may read besides what the loader needs: canonical paths
     * (files, or folders with all beneath them) the agent process opens and
     * checks before it confines itself (exec_command.h). */
    uint32_t read_count;
    const char *const *reads; /* decoded: owned, see _finish */
};

/* The answer just before the program is executed. */
struct msg_executing {
    uint32_t sandbox;           /* enum sandbox_state */
    const char *sandbox_error;  /* why it is unavailable, or NULL */
    uint32_t landlock_abi;      /* the Landlock ABI confining it, 0 for none */
    const char *landlock_error; /* why none, when the sandbox was asked for; or NULL */
};

struct msg_new_game {
    uint64_t random_seed; /* of the agent's random stream (rng.h) */
    int32_t seat;
    struct msg_values params;
};

struct msg_move {
    int32_t ply;
    uint64_t start_ns; /* the move's limits, as in struct tourney_move_request */
    uint64_t budget_ns;
    uint64_t deadline_ns;
    uint64_t remaining_ns; /* the clocks, as in struct tourney_move_request */
    uint64_t increment_ns;
    uint64_t opponent_remaining_ns;
    const void *state;
    size_t state_size;
};

/* The part every reply to NEW_GAME, MOVE and END_GAME has. */
struct msg_outcome {
    int32_t status;       /* what the agent's function returned */
    uint32_t log_dropped; /* messages logged but not sent since the last reply */
    uint64_t peak_kb;     /* the process's peak address space so far */
    uint32_t memory_low;  /* nonzero when the peak came close to the limit */
};

struct msg_created {
    struct msg_outcome outcome;
    uint32_t has_instance; /* create stored an instance (it may succeed without one) */
};

/* The move and what the agent reported with it: each figure of
 * move_fields.h that the agent reports, as its list says. */
struct msg_moved {
    struct msg_outcome outcome;
    int32_t move;
    struct tourney_move_report report;
};

struct msg_log {
    uint32_t level;
    const char *text;
};

struct msg_memory {
    uint64_t peak_kb;
    uint64_t limit_kb;
    uint32_t signal; /* the fatal signal it is dying of */
};

/* Encoding: each starts a frame in WRITER and ends it; 0, or -1 when it
 * could not be built. */
int tourney_msg_put_load(struct wire_writer *w, uint32_t seq, const struct msg_load *m);
int tourney_msg_put_loaded(struct wire_writer *w, uint32_t seq, const struct msg_loaded *m);
int tourney_msg_put_load_failed(struct wire_writer *w, uint32_t seq, const char *message);
int tourney_msg_put_new_game(struct wire_writer *w, uint32_t seq, const struct msg_new_game *m);
int tourney_msg_put_move(struct wire_writer *w, uint32_t seq, const struct msg_move *m);
int tourney_msg_put_outcome(struct wire_writer *w, uint16_t type, uint32_t seq,
                            const struct msg_outcome *m);
int tourney_msg_put_created(struct wire_writer *w, uint32_t seq, const struct msg_created *m);
int tourney_msg_put_moved(struct wire_writer *w, uint32_t seq, const struct msg_moved *m);
int tourney_msg_put_empty(struct wire_writer *w, uint16_t type, uint32_t seq);
int tourney_msg_put_log(struct wire_writer *w, uint32_t seq, const struct msg_log *m);
int tourney_msg_put_memory(struct wire_writer *w, uint32_t seq, const struct msg_memory *m);
int tourney_msg_put_dying(struct wire_writer *w, uint32_t seq, uint32_t signal_number);
int tourney_msg_put_outside(struct wire_writer *w, uint32_t seq, uint32_t signal_number);
int tourney_msg_put_exec(struct wire_writer *w, uint32_t seq, const struct msg_exec *m);
int tourney_msg_put_executing(struct wire_writer *w, uint32_t seq, const struct msg_executing *m);

/* Decoding a payload of LENGTH bytes: 0, or -1 when it is not a well-formed
 * message of that type. Strings and bytes point into PAYLOAD. */
int tourney_msg_get_load(const void *payload, size_t length, struct msg_load *m);
/* Allocates the parameter list; free it with tourney_msg_loaded_finish. */
int tourney_msg_get_loaded(const void *payload, size_t length, struct msg_loaded *m);
void tourney_msg_loaded_finish(struct msg_loaded *m);
int tourney_msg_get_load_failed(const void *payload, size_t length, const char **message);
int tourney_msg_get_new_game(const void *payload, size_t length, struct msg_new_game *m);
int tourney_msg_get_move(const void *payload, size_t length, struct msg_move *m);
int tourney_msg_get_outcome(const void *payload, size_t length, struct msg_outcome *m);
int tourney_msg_get_created(const void *payload, size_t length, struct msg_created *m);
int tourney_msg_get_moved(const void *payload, size_t length, struct msg_moved *m);
int tourney_msg_get_empty(const void *payload, size_t length);
int tourney_msg_get_log(const void *payload, size_t length, struct msg_log *m);
int tourney_msg_get_memory(const void *payload, size_t length, struct msg_memory *m);
int tourney_msg_get_dying(const void *payload, size_t length, uint32_t *signal_number);
/* OUTSIDE holds what DYING holds: the signal. */
int tourney_msg_get_outside(const void *payload, size_t length, uint32_t *signal_number);
/* Allocates the lists; free them with tourney_msg_exec_finish. */
int tourney_msg_get_exec(const void *payload, size_t length, struct msg_exec *m);
void tourney_msg_exec_finish(struct msg_exec *m);
int tourney_msg_get_executing(const void *payload, size_t length, struct msg_executing *m);

/* "LOAD", "MOVED", ... for messages about the protocol itself. */
const char *tourney_msg_name(uint16_t type);

#endif /* TOURNEY_RUNNER_PROTOCOL_H */
