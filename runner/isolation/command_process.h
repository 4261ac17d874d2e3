/*
 * command_process.h - an agent that is a program of its own (command =
 * ...), started and greeted: the agent host is started as for a plugin and
 * asked to become the program (EXEC), so that the program starts under the
 * same limits and sandbox; the two then speak the line protocol
 * (docs/protocol.md, line_protocol.h), which begins with the greeting
 * "tourney-protocol 1" each way. Also the probe that `validate` and `run`
 * make of such an agent before anything is played.
 */
#ifndef TOURNEY_RUNNER_COMMAND_PROCESS_H
#define TOURNEY_RUNNER_COMMAND_PROCESS_H

#include <stdbool.h>
#include <stdint.h>

#include "agent_process.h"
#include "error.h"
#include "line_protocol.h"
#include "protocol.h"

/* How the program of an agent is started. */
struct command_launch {
    const char *host_path;   /* the agent host program */
    const char *const *argv; /* NULL-terminated; argv[0] an absolute path */
    const char *dir;         /* its working directory: the config's */
    /* What it may read besides its program and the loader's files:
     * canonical paths, NULL-terminated; NULL for none (protocol.h). */
    const char *const *reads;
    uint64_t memory_bytes;  /* its address space; 0 for no limit */
    uint64_t output_limit;  /* what it may print (stderr and lines) per game, bytes */
    uint32_t sandbox_flags; /* LOAD_SANDBOX, LOAD_SANDBOX_REQUIRED */
    bool pause;             /* stopped between requests (agent_process.h) */
    /* Its worker's processes left running, which a long wait for this one
     * stops (agent_process.h); NULL for none. */
    struct resting_processes *resting;
};

/* Starts the agent host and asks it to become the program; *SEQUENCE is
 * the request's. Returns 0, or -1 with ERR saying why the runner could not
 * (finish PROCESS either way). */
int tourney_command_start(struct agent_process *process, const struct command_launch *launch,
                          uint32_t *sequence, struct error *err);

/* What a program started under. */
struct command_started {
    enum sandbox_state sandbox;
    char sandbox_error[256]; /* why it is unavailable */
    int landlock_abi;        /* 0 when Landlock was asked for and is unavailable */
    char landlock_error[160];
    bool namespaces; /* the process runs in namespaces of its own */
    char namespace_error[128];
};

/* How starting the program ended when it did not start. */
struct command_failure {
    bool refused;             /* the agent process could not run it: ERR says why */
    enum process_event event; /* otherwise how the wait ended (ERR as for a wait) */
};

/* Called with what an agent logs while the runner waits for a line. */
typedef void (*command_log_fn)(void *context, int level, const char *text);

/* Waits until DEADLINE_NS for the answer to EXEC request SEQUENCE, then
 * greets the program and waits for its greeting, passing what it logs
 * meanwhile to LOG (may be NULL). Returns 0 when it runs and speaks the
 * protocol's version (STARTED says under what), 1 when it did not start,
 * gave up (an `error` line: refused) or broke the protocol (FAILURE and
 * ERR say how), -1 when the runner failed (ERR). */
int tourney_command_greet(struct agent_process *process, uint32_t sequence, uint64_t deadline_ns,
                          command_log_fn log, void *log_context, struct command_started *started,
                          struct command_failure *failure, struct error *err);

/* Reads lines until DEADLINE_NS: blank lines are skipped and `log` lines
 * handed to LOG; any other line is read into *LINE (see
 * tourney_agent_line_parse). Returns PROCESS_REPLY with *LINE, or how the
 * wait ended; a line that does not parse is PROCESS_PROTOCOL_ERROR, with
 * ERR quoting it and saying what is wrong. */
enum process_event tourney_command_next_line(struct agent_process *process, uint64_t deadline_ns,
                                             command_log_fn log, void *log_context,
                                             struct agent_line *line, struct error *err);

/* Starts the program as for a game, greets it and asks it to quit: whether
 * it starts at all, under the limits and the sandbox, and speaks the
 * protocol. Returns 0, or -1 with ERR saying what went wrong, with the
 * last line it printed on stderr. */
int tourney_command_probe(const struct command_launch *launch, struct command_started *result,
                          struct error *err);

#endif /* TOURNEY_RUNNER_COMMAND_PROCESS_H */
