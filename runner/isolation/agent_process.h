/*
 * agent_process.h - one child process seen from the runner: started in a
 * process group of its own (and, where the kernel allows, in user, PID and
 * network namespaces of its own: spawn_process.h) with a socket on its descriptor 3
 * and pipes on its stdout and stderr; spoken to in frames (wire.h), which
 * for the agent host go through memory shared with it (shared_channel.h,
 * where the process was started with it); waited
 * for with epoll against a deadline on the monotonic clock while its
 * output is drained and counted; killed with its whole group and reaped. A
 * process that answers within microseconds runs on the runner's processor
 * (processor_share.h).
 *
 * With PAUSE it runs only while a request of the runner is outstanding, or
 * through short waits while it is seen to sit idle: no pondering
 * (agent_pause.h has the policy).
 *
 * The CPU time of each
 * request (every thread of the process) is read by the runner from the
 * kernel (the process's CPU clock) as it is posted and as its reply comes,
 * never from anything the process says; a request may be given a CPU
 * limit, checked as the reply comes and every CPU_CHECK_NS meanwhile.
 *
 * A reply counts when the runner read it: one read after the wait's
 * deadline is no reply (PROCESS_TIMEOUT), however it came to be waiting in
 * the socket.
 *
 * Four files, one job each: its life here and in agent_process.c; its
 * bytes in agent_channel.h; waiting for it and judging what ends a wait in
 * agent_wait.c; when it is stopped in agent_pause.h.
 *
 * It knows nothing of games: process_seat.c gives the conversation its
 * meaning. An agent that is a program of its own (command = ...) speaks
 * lines of text on the same socket once it runs (tourney_agent_process_use_
 * lines), read one at a time; command_seat.c gives those their meaning. Every descriptor the
 * runner keeps is close-on-exec, and the runner's end of the socket never raises SIGPIPE
 * (MSG_NOSIGNAL), so a child that dies can never take the runner with it.
 */
#ifndef TOURNEY_RUNNER_AGENT_PROCESS_H
#define TOURNEY_RUNNER_AGENT_PROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "agent_channel.h"
#include "agent_pause.h"
#include "capture.h"
#include "plain_paths.h"
#include "processor_share.h"
#include "error.h"
#include "protocol.h"
#include "shared_channel.h"
#include "wire.h"

struct agent_process;

struct agent_process {
    bool open;   /* start was called: the descriptors below are valid or -1 */
    pid_t pid;   /* 0 when no process was started */
    int out;     /* the read end of its stdout, non-blocking; -1 once at end of file */
    int err;     /* and of its stderr */
    int pidfd;   /* readable once it has exited; -1 where the kernel has none */
    bool exited; /* reaped: WAIT_STATUS holds how it ended */
    bool killed; /* by the runner */
    bool quit_sent;
    int wait_status;
    uint32_t sequence;          /* of the last request */
    struct wire_writer request; /* where the next request is built */
    struct capture output;
    uint64_t output_limit; /* bytes of output per game (between takes) */
    bool memory_note;      /* it said it is dying close to its memory limit */
    struct msg_memory memory;
    struct processor_share share; /* held on the runner's processor while it is quick */
    struct fast_paths fast;       /* those TOURNEY_PLAIN_PATHS left on (plain_paths.h) */
    uint64_t posted_ns;           /* when the last request was posted */
    uint64_t reply_ns;            /* how long its last reply took; 0 before the first */
    /* Namespaces (spawn_process.h): whether it has them, or why not. */
    bool namespaces;
    char namespace_error[128];
    struct agent_channel io;  /* the requests and replies (agent_channel.h) */
    struct agent_pause pause; /* no pondering: when it is stopped (agent_pause.h) */
    /* CPU time, from the kernel's clock of the process (all its threads). */
    bool has_cpu_clock;
    clockid_t cpu_clock;
    bool cpu_posted_known;
    uint64_t cpu_posted_ns; /* its CPU time when the last request was posted */
    bool reply_cpu_known;
    uint64_t reply_cpu_ns; /* the CPU time the last reply took, from its request on */
    uint64_t cpu_limit_ns; /* for the request waited for; 0 for none (the caller sets it) */
    int dying_signal;      /* the signal it said it dies of (DYING), 0 when none */
    int outside_signal;    /* the signal from outside it said it stops on (OUTSIDE), or 0 */
    /* Waited for with one epoll instance, which watches the descriptors
     * above from the start on. */
    int epoll;
    uint32_t control_events; /* what CONTROL is watched for; 0 once it closed */
};

/* How a process is started. */
struct process_options {
    uint64_t output_limit; /* bytes of output per game (between takes of the capture) */
    bool namespaces;       /* in user, PID and network namespaces of its own, where possible */
    bool pause;            /* stopped whenever no request of the runner is outstanding */
    /* The worker's processes left running, which a long wait for this one
     * stops (and this one joins once watched: watch_idle); NULL for none. */
    struct resting_processes *resting;
    /* Requests and replies go through shared memory: the program is the
     * agent host (tourney-agent-host), which finds it on its descriptors 4
     * and 5. Otherwise everything goes through the socket. */
    bool shared_channel;
};

/* How long the runner, waiting for the reply of a process that answers
 * quickly in the shared memory, gives its processor away (sched_yield)
 * before it sleeps: where the agent runs on the runner's processor, the
 * reply is there when the yield returns, with no wake-up at all. */
#define CHANNEL_YIELD_NS UINT64_C(20000)

/* How often the CPU time of a request with a CPU limit is looked at while
 * its reply is waited for. */
#define CPU_CHECK_NS UINT64_C(10000000)

enum process_event {
    PROCESS_REPLY,          /* the reply to the request arrived */
    PROCESS_TIMEOUT,        /* no reply before the deadline */
    PROCESS_EXITED,         /* it ended; wait_status says how */
    PROCESS_OUTPUT_LIMIT,   /* it printed more than its limit */
    PROCESS_PROTOCOL_ERROR, /* it sent what is not a frame, or a reply out of turn */
    PROCESS_CPU_LIMIT,      /* the request took more CPU time than its limit */
    PROCESS_FAILED,         /* the runner itself failed (memory, poll) */
};

/* A reply: valid until the next call on the process. */
struct process_reply {
    struct wire_header header;
    const unsigned char *payload;
};

/* Called with each LOG frame that arrives while the runner waits. */
typedef void (*process_log_fn)(void *context, const struct msg_log *log);

/* Starts ARGV[0] (an absolute path) with ARGV, as OPTIONS say. Returns 0,
 * or -1 with ERR filled. Call tourney_agent_process_finish in every case. */
int tourney_agent_process_start(struct agent_process *process, const char *const *argv,
                                const struct process_options *options, struct error *err);

/* The writer to build the next request in, and its sequence number. */
struct wire_writer *tourney_agent_process_request(struct agent_process *process,
                                                  uint32_t *sequence);

/* Queues the request built in the writer and starts sending it, without
 * waiting: several requests may be in flight, answered in order. Returns
 * 0, or -1 when it could not be built or queued (ERR says why). */
int tourney_agent_process_post(struct agent_process *process, struct error *err);

/* As tourney_agent_process_post, for a request whose CPU time nothing uses
 * (no CPU limit, not a move): its CPU clock is not read, so the reply's
 * CPU time is not known. */
int tourney_agent_process_post_untimed(struct agent_process *process, struct error *err);

/* Waits until DEADLINE_NS (on tourney_now_ns's clock) for the reply to
 * request SEQUENCE, sending what is queued and handing LOG frames to LOG
 * (may be NULL) meanwhile. Replies come in the order of the requests: one
 * to another request first is a protocol error. On PROCESS_PROTOCOL_ERROR
 * and PROCESS_FAILED, ERR says what happened (what the process sent, or how
 * the runner failed). */
enum process_event tourney_agent_process_wait(struct agent_process *process, uint32_t sequence,
                                              uint64_t deadline_ns, process_log_fn log,
                                              void *log_context, struct process_reply *reply,
                                              struct error *err);

/* Waits until DEADLINE_NS (on tourney_now_ns's clock) for a process that
 * speaks frames to end, whatever it sends meanwhile: its replies are let
 * go (nothing that waits for its end believes them), what it says of its
 * end (DYING, OUTSIDE, MEMORY) is taken as in any wait. PROCESS_EXITED
 * once it has ended, wait_status saying how; else how the wait ended
 * (PROCESS_TIMEOUT, PROCESS_OUTPUT_LIMIT, PROCESS_PROTOCOL_ERROR for bytes
 * that are no frames, PROCESS_FAILED, with ERR). */
enum process_event tourney_agent_process_wait_end(struct agent_process *process,
                                                  uint64_t deadline_ns, struct error *err);

/* Posts the request built in the writer and waits for its reply. */
enum process_event tourney_agent_process_call(struct agent_process *process, uint64_t deadline_ns,
                                              process_log_fn log, void *log_context,
                                              struct process_reply *reply, struct error *err);

/* From now on the process speaks lines of text (an agent's own program,
 * after EXECUTING): what followed the reply handed out last stays in the
 * inbox as the start of its first line. */
void tourney_agent_process_use_lines(struct agent_process *process);

/* Queues LENGTH bytes of TEXT (whole lines) to be sent, and starts sending
 * them, without waiting. Returns 0, or -1 when out of memory. */
int tourney_agent_process_send(struct agent_process *process, const char *text, size_t length,
                               struct error *err);

/* Waits until DEADLINE_NS for the next line of a process that speaks
 * lines, sending what is queued meanwhile. On PROCESS_REPLY, *LINE is the
 * line without its newline, NUL-terminated and writable, valid until the
 * next call on the process. A line longer than MAX bytes (its newline
 * included) is PROCESS_PROTOCOL_ERROR, with ERR saying so and quoting its
 * start. The lines count towards the output limit, with what the process
 * prints on stderr. */
enum process_event tourney_agent_process_read_line(struct agent_process *process,
                                                   uint64_t deadline_ns, size_t max, char **line,
                                                   struct error *err);

/* A process that speaks lines has no reply that ends a request: with
 * PAUSE, whoever reads its lines stops it once it has said all it was
 * asked (the next text sent continues it). The CPU time, the CPU limit and
 * the deadline are judged at each line as for a reply, from the last text
 * sent on. */
void tourney_agent_process_pause(struct agent_process *process);

/* With PAUSE and a list of resting processes: the process cannot start
 * processes of its own (its system-call filter forbids it), so it may be
 * left running through short waits between requests, watched by its CPU
 * clock (see the top). */
void tourney_agent_process_watch_idle(struct agent_process *process);

/* Whether the process is running (started, not yet reaped). */
bool tourney_agent_process_alive(const struct agent_process *process);

/* Its CPU time so far, all its threads together: true with *NS, or false
 * when the kernel cannot say (the process is gone). */
bool tourney_agent_process_cpu_ns(const struct agent_process *process, uint64_t *ns);

/* Kills its process group with SIGKILL, reaps it and drains its output. */
void tourney_agent_process_kill(struct agent_process *process);

/* Asks it to quit, without waiting. */
void tourney_agent_process_quit(struct agent_process *process);
/* How long a process asked to quit is usually given to exit. */
#define AGENT_PROCESS_QUIT_GRACE_NS UINT64_C(1000000000)

/* Asks it to quit (unless done already) and waits until DEADLINE_NS for it
 * to exit, then kills it if need be. */
void tourney_agent_process_stop(struct agent_process *process, uint64_t deadline_ns);

/* Stops it (at once) and releases everything. Safe on a zeroed process. */
void tourney_agent_process_finish(struct agent_process *process);

/* "exited with status 3", "killed by SIGSEGV" for a wait status. A process
 * 1 of a PID namespace that said it is dying of signal N (DYING) and then
 * exited with status 128 + N has the wait status of a death by N: the
 * kernel does not let a process 1 die of a signal it sends itself (abort,
 * raise, SIGXFSZ from its file-size limit), so it exits in its place. */
void tourney_describe_wait_status(int status, char *buf, size_t size);

#endif /* TOURNEY_RUNNER_AGENT_PROCESS_H */
