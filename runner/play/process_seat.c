#include "process_seat.h"

#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "filter_count.h"
#include "probe.h"
#include "rng.h"
#include "seat_faults.h"
#include "text_bytes.h"

/* The output an agent process's capture keeps is what a record shows. */
_Static_assert(CAPTURE_EXCERPT == RECORD_OUTPUT_EXCERPT, "capture and record excerpts differ");
/* An agent process sends no more log messages than a record keeps. */
_Static_assert(PROTOCOL_LOG_MAX == RECORD_LOG_MAX && PROTOCOL_LOG_TEXT == RECORD_LOG_TEXT,
               "protocol and record log limits differ");

#define MS UINT64_C(1000000)

static void on_log(void *context, const struct msg_log *log)
{
    struct process_seat *s = context;
    if (s->record != NULL && !s->quiet) {
        tourney_record_add_log(s->record, s->seat, (int)log->level, log->text);
    }
}

static uint64_t margin_ns(const struct process_seat *s)
{
    return s->settings->limits->time_margin_ns;
}

/* Kills the process, if it runs: it is started anew before the next game. */
static void discard(struct process_seat *s)
{
    tourney_agent_process_kill(&s->process);
    s->ready = s->loading = s->creating = s->ending = s->playing = false;
}

/* Turns a request that did not get its reply into the seat's fault (1), or
 * for PROCESS_FAILED into the runner's failure (-1, WHY in ERR). The
 * process is killed if it still runs, and started anew before the next
 * game. WHY is what the wait said, LIMIT describes the time limit, WHEN
 * where in the game it was. */
static int fail(struct process_seat *s, enum process_event event, const char *why,
                const char *limit, const char *when, struct seat_fault *fault, struct error *err)
{
    discard(s);
    return tourney_seat_event_fault(&s->process, s->settings->limits, event, why, limit, when,
                                    fault, err);
}

/* A reply of the wrong type, or one that does not decode. */
static int bad_reply(struct process_seat *s, const struct process_reply *reply, uint16_t expected,
                     const char *when, struct seat_fault *fault)
{
    char why[128];
    if (reply->header.type == expected) {
        snprintf(why, sizeof(why), "a malformed %s", tourney_msg_name(expected));
    } else {
        snprintf(why, sizeof(why), "%s instead of %s", tourney_msg_name(reply->header.type),
                 tourney_msg_name(expected));
    }
    return fail(s, PROCESS_PROTOCOL_ERROR, why, "", when, fault, NULL);
}

/* An agent function that returned an error: agent_error, or memory_limit
 * when the process came close to its address-space limit. */
static int agent_failed(struct process_seat *s, const struct msg_outcome *outcome,
                        const char *what, struct seat_fault *fault)
{
    fault->termination = TERMINATION_AGENT_ERROR;
    snprintf(fault->reason, sizeof(fault->reason), "%s", what);
    s->replace = true;
    if (outcome->memory_low) {
        size_t used = strlen(fault->reason);
        fault->termination = TERMINATION_MEMORY_LIMIT;
        snprintf(fault->reason + used, sizeof(fault->reason) - used,
                 " after using %llu of its %llu MiB of address space",
                 (unsigned long long)(outcome->peak_kb / 1024),
                 (unsigned long long)(s->settings->limits->memory_bytes / (1024 * 1024)));
    }
    return 1;
}

static void add_dropped(struct process_seat *s, uint32_t dropped)
{
    if (!s->quiet) {
        s->record->log_dropped += dropped;
    }
}

/* Starts the process and asks it to load the game and the agent. */
static int post_load(struct process_seat *s, struct error *err)
{
    const struct process_settings *settings = s->settings;
    struct agent_process *p = &s->process;
    tourney_agent_process_finish(p);
    struct host_argv args;
    tourney_host_argv(&args, settings->host_path);
    /* In namespaces of its own where the kernel allows, and stopped while
     * it is not asked anything: no pondering on the opponent's time. */
    const struct process_options options = {
        .output_limit = settings->limits->output_limit_bytes,
        .namespaces = true,
        .pause = true,
        .resting = settings->resting,
        .shared_channel = true,
    };
    if (tourney_agent_process_start(p, args.argv, &options, err) != 0) {
        return -1;
    }
    struct wire_writer *request = tourney_agent_process_request(p, &s->load_sequence);
    const struct msg_load message = {
        .kind = TOURNEY_KIND_AGENT,
        .flags = !settings->sandbox                        ? 0
                 : settings->limits->sandbox == SANDBOX_ON ? LOAD_SANDBOX | LOAD_SANDBOX_REQUIRED
                                                           : LOAD_SANDBOX,
        .memory_bytes = settings->limits->memory_bytes,
        .path = s->agent_path,
        .game_path = settings->game_path,
        .game_params = {.count = (uint32_t)settings->game_param_count,
                        .values = settings->game_params},
    };
    if (tourney_msg_put_load(request, s->load_sequence, &message) != 0 ||
        tourney_agent_process_post(p, err) != 0) {
        return tourney_error_nomem(err);
    }
    s->loading = true;
    s->load_deadline = tourney_now_ns() + PROBE_TIME_LIMIT_MS * MS;
    return 0;
}

/* Waits for LOADED. */
/* How long a process whose sandbox could not be counted is given to show
 * that it was dying. */
#define DEATH_GRACE_NS (200 * MS)

static int loaded(struct process_seat *s, struct seat_fault *fault, struct error *err)
{
    static const char when[] = "while loading its plugin";
    struct agent_process *p = &s->process;
    struct process_reply reply;
    struct error why;
    tourney_error_clear(&why);
    char limit[32];
    snprintf(limit, sizeof(limit), "%d ms", PROBE_TIME_LIMIT_MS);
    enum process_event event =
        tourney_agent_process_wait(p, s->load_sequence, s->load_deadline, on_log, s, &reply, &why);
    if (event != PROCESS_REPLY) {
        return fail(s, event, why.text, limit, when, fault, err);
    }
    s->loading = false;
    const char *message_text = NULL;
    if (reply.header.type == MSG_LOAD_FAILED &&
        tourney_msg_get_load_failed(reply.payload, reply.header.length, &message_text) == 0) {
        fault->termination = TERMINATION_AGENT_ERROR;
        snprintf(fault->reason, sizeof(fault->reason), "its plugin failed to load: %.*s",
                 tourney_utf8_prefix(message_text, 200), message_text);
        discard(s);
        return 1;
    }
    struct msg_loaded description;
    if (reply.header.type != MSG_LOADED ||
        tourney_msg_get_loaded(reply.payload, reply.header.length, &description) != 0) {
        return bad_reply(s, &reply, MSG_LOADED, when, fault);
    }
    /* A sandbox it says is on is counted by the kernel (filter_count.h). */
    if (description.sandbox == SANDBOX_STATE_ACTIVE &&
        tourney_filter_count_expect(p->pid, 2, &why) != 0) {
        tourney_msg_loaded_finish(&description);
        /* A process that died as it was counted has no count to read (it
         * may have been reaped as its reply was read): how it died says
         * whose doing it was (a signal from outside, say). What it sent
         * after the reply, the agent asked of it at once included, is let
         * go: a CREATED there, waited for as another reply, made a job's
         * SIGKILL that came just then this agent's agent_error. */
        struct error ignored;
        if (tourney_agent_process_wait_end(p, tourney_now_ns() + DEATH_GRACE_NS, &ignored) ==
            PROCESS_EXITED) {
            return fail(s, PROCESS_EXITED, "", limit, when, fault, err);
        }
        fault->termination = TERMINATION_AGENT_ERROR;
        snprintf(fault->reason, sizeof(fault->reason), "%.200s", why.text);
        discard(s);
        return 1;
    }
    const struct tourney_game_info *info = &s->rules->game->info;
    bool same_game = description.state_size == info->state_size &&
                     description.move_limit == info->move_limit &&
                     description.max_plies == info->max_plies;
    /* Its filter forbids starting processes, so its CPU clock shows all it
     * does between requests. What it says counts only where the runner
     * found that the sandbox applies here: then the filter was in place
     * before any code of the plugin ran, and no such code could say this. */
    if (s->settings->sandbox && description.sandbox == SANDBOX_STATE_ACTIVE &&
        s->settings->resting != NULL) {
        tourney_agent_process_watch_idle(p);
    }
    tourney_msg_loaded_finish(&description);
    if (!same_game) {
        /* The reply comes from a process the agent's code runs in, which
         * can write any frame on its socket (a constructor does, before
         * the host answers): the agent is at fault, not the game. */
        return fail(s, PROCESS_PROTOCOL_ERROR,
                    "its process described another game than the runner's", "", when, fault, err);
    }
    s->ready = true;
    return 0;
}

static int process_begin(void *self, const struct match_rules *rules, uint64_t game_seed, int seat,
                         struct game_record *record, struct seat_fault *fault, struct error *err)
{
    struct process_seat *s = self;
    s->rules = rules;
    s->record = record;
    s->seat = seat;
    s->quiet = false;
    if (!s->ready || !tourney_agent_process_alive(&s->process)) {
        /* A process that cannot be started (the machine's tasks all taken,
         * say) costs this agent the game, never the tournament. */
        if (post_load(s, err) != 0) {
            discard(s);
            tourney_seat_at_fault(fault, TERMINATION_AGENT_ERROR,
                                  "its process could not be started: %.200s", err->text);
            tourney_error_clear(err);
            return 1;
        }
    }
    /* Asked at once: the process makes the agent as soon as it has loaded,
     * while the other seat's process does the same. */
    struct agent_process *p = &s->process;
    struct wire_writer *request = tourney_agent_process_request(p, &s->create_sequence);
    const struct msg_new_game message = {
        .random_seed = tourney_seat_seed(game_seed, seat),
        .seat = seat,
        .params = {.count = (uint32_t)s->param_count, .values = s->params},
    };
    int posted = tourney_msg_put_new_game(request, s->create_sequence, &message) != 0
                     ? tourney_error_nomem(err)
                     : tourney_agent_process_post_untimed(p, err);
    if (posted != 0) {
        discard(s);
        return -1;
    }
    s->creating = true;
    return 0;
}

static int process_begun(void *self, struct seat_fault *fault, struct error *err)
{
    static const char when[] = "while creating the agent";
    struct process_seat *s = self;
    if (s->loading) {
        int result = loaded(s, fault, err);
        if (result != 0) {
            return result;
        }
    }
    if (!s->creating) {
        return 0;
    }
    struct agent_process *p = &s->process;
    struct process_reply reply;
    struct error why;
    tourney_error_clear(&why);
    enum process_event event = tourney_agent_process_wait(
        p, s->create_sequence, tourney_now_ns() + s->rules->setup_ns + margin_ns(s), on_log, s,
        &reply, &why);
    if (event != PROCESS_REPLY) {
        char limit[128];
        tourney_seat_describe_limit(s->settings->limits, s->rules->setup_ns, false, limit,
                                    sizeof(limit));
        return fail(s, event, why.text, limit, when, fault, err);
    }
    s->creating = false;
    struct msg_created created;
    if (reply.header.type != MSG_CREATED ||
        tourney_msg_get_created(reply.payload, reply.header.length, &created) != 0) {
        return bad_reply(s, &reply, MSG_CREATED, when, fault);
    }
    add_dropped(s, created.outcome.log_dropped);
    s->playing = created.has_instance != 0;
    if (created.outcome.status != TOURNEY_OK || !created.has_instance) {
        char what[64];
        snprintf(what, sizeof(what), "create failed with status %d", (int)created.outcome.status);
        return agent_failed(s, &created.outcome, what, fault);
    }
    return 0;
}

/* "at ply PLY" in WHEN, for messages about a move. */
static const char *at_ply(char when[32], int32_t ply)
{
    snprintf(when, 32, "at ply %d", (int)ply);
    return when;
}

static int process_choose(void *self, const void *state,
                          const struct tourney_move_request *request,
                          const struct move_limits *limits, struct tourney_move_report *report,
                          tourney_move *move, struct seat_fault *fault, struct error *err)
{
    struct process_seat *s = self;
    struct agent_process *p = &s->process;
    char when[32]; /* "at ply N", written only when something went wrong */
    uint32_t sequence;
    struct wire_writer *frame = tourney_agent_process_request(p, &sequence);
    const struct msg_move message = {
        .ply = request->ply,
        .start_ns = request->start_ns,
        .budget_ns = request->budget_ns,
        .deadline_ns = request->deadline_ns,
        .remaining_ns = request->remaining_ns,
        .increment_ns = request->increment_ns,
        .opponent_remaining_ns = request->opponent_remaining_ns,
        .state = state,
        .state_size = s->rules->game->info.state_size,
    };
    if (tourney_msg_put_move(frame, sequence, &message) != 0) {
        return fail(s, PROCESS_FAILED, "out of memory", "", at_ply(when, request->ply), fault,
                    err);
    }
    struct process_reply reply;
    struct error why;
    tourney_error_clear(&why);
    /* The CPU time a move may take (seat.h), kept for the fault's reason. */
    p->cpu_limit_ns = limits->cpu_ns;
    enum process_event event =
        tourney_agent_process_call(p, limits->kill_ns, on_log, s, &reply, &why);
    s->move_cpu_known = p->reply_cpu_known;
    s->move_cpu_ns = p->reply_cpu_ns;
    if (event != PROCESS_REPLY) {
        char limit[128];
        tourney_seat_describe_limit(s->settings->limits, limits->forfeit_ns - limits->start_ns,
                                    request->remaining_ns > 0, limit, sizeof(limit));
        int status = fail(s, event, why.text, limit, at_ply(when, request->ply), fault, err);
        p->cpu_limit_ns = 0;
        return status;
    }
    p->cpu_limit_ns = 0;
    struct msg_moved moved;
    if (reply.header.type != MSG_MOVED ||
        tourney_msg_get_moved(reply.payload, reply.header.length, &moved) != 0) {
        return bad_reply(s, &reply, MSG_MOVED, at_ply(when, request->ply), fault);
    }
    add_dropped(s, moved.outcome.log_dropped);
    if (moved.outcome.status != TOURNEY_OK) {
        char what[64];
        snprintf(what, sizeof(what), "choose_move failed with status %d at ply %d",
                 (int)moved.outcome.status, (int)request->ply);
        return agent_failed(s, &moved.outcome, what, fault);
    }
    *move = moved.move;
    moved.report.struct_size = report->struct_size;
    *report = moved.report;
    return 0;
}

/* What went wrong after the game was decided (WHAT its process did, or what
 * failed) is only noted in the record; the process is replaced before its
 * next game. */
static void note_after_game(struct process_seat *s, const char *what)
{
    if (s->quiet) {
        return;
    }
    char text[RECORD_LOG_TEXT];
    snprintf(text, sizeof(text), "tourney: after the game, its process %.*s",
             tourney_utf8_prefix(what, 160), what);
    tourney_record_add_log(s->record, s->seat, TOURNEY_LOG_ERROR, text);
}

static void process_end(void *self)
{
    struct process_seat *s = self;
    struct agent_process *p = &s->process;
    if (s->loading || s->creating) {
        /* The other seat failed first: this agent is made and destroyed
         * unseen, as if it never had been. */
        s->quiet = true;
        struct seat_fault ignored;
        process_begun(s, &ignored, NULL);
    }
    if (!s->playing || !tourney_agent_process_alive(p)) {
        return;
    }
    s->playing = false;
    struct wire_writer *request = tourney_agent_process_request(p, &s->end_sequence);
    if (tourney_msg_put_empty(request, MSG_END_GAME, s->end_sequence) != 0 ||
        tourney_agent_process_post_untimed(p, NULL) != 0) {
        discard(s);
        note_after_game(s, "could not be asked to end: out of memory");
        return;
    }
    s->ending = true;
}

static void process_ended(void *self)
{
    static const char when[] = "while destroying the agent";
    struct process_seat *s = self;
    struct agent_process *p = &s->process;
    if (s->ending) {
        s->ending = false;
        struct process_reply reply;
        struct error why;
        tourney_error_clear(&why);
        enum process_event event = tourney_agent_process_wait(
            p, s->end_sequence, tourney_now_ns() + s->rules->setup_ns + margin_ns(s), on_log, s,
            &reply, &why);
        struct msg_outcome ended;
        struct seat_fault note;
        if (event == PROCESS_REPLY && reply.header.type == MSG_ENDED &&
            tourney_msg_get_outcome(reply.payload, reply.header.length, &ended) == 0) {
            add_dropped(s, ended.log_dropped);
        } else if (event == PROCESS_REPLY) {
            bad_reply(s, &reply, MSG_ENDED, when, &note);
            note_after_game(s, note.reason);
        } else {
            char limit[128];
            tourney_seat_describe_limit(s->settings->limits, s->rules->setup_ns, false, limit,
                                        sizeof(limit));
            int result = fail(s, event, why.text, limit, when, &note, NULL);
            /* A stop from outside is no news about the agent: the game
             * reads as it would without it. */
            if (result <= 0 || note.outside_signal == 0) {
                note_after_game(s, result > 0 ? note.reason : why.text);
            }
        }
    }
    if (p->open) {
        tourney_seat_keep_output(p, s->record, s->seat, s->quiet);
    }
    if (s->replace) {
        discard(s);
        s->replace = false;
    }
    if (!tourney_agent_process_alive(p)) {
        s->ready = false;
        tourney_agent_process_finish(p);
    }
    s->record = NULL;
    s->quiet = false;
}

static bool process_move_cpu(void *self, uint64_t *cpu_ns)
{
    const struct process_seat *s = self;
    *cpu_ns = s->move_cpu_ns;
    return s->move_cpu_known;
}

static const struct seat_ops process_ops = {
    .begin = process_begin,
    .begun = process_begun,
    .choose = process_choose,
    .end = process_end,
    .ended = process_ended,
    .move_cpu = process_move_cpu,
};

struct seat tourney_process_seat(struct process_seat *s, const struct process_settings *settings,
                                 const char *agent_path, const struct tourney_param_value *params,
                                 size_t param_count)
{
    memset(s, 0, sizeof(*s));
    s->settings = settings;
    s->agent_path = agent_path;
    s->params = params;
    s->param_count = param_count;
    return (struct seat){&process_ops, s};
}

void tourney_process_seat_quit(struct process_seat *s)
{
    tourney_agent_process_quit(&s->process);
}

void tourney_process_seat_finish(struct process_seat *s)
{
    tourney_agent_process_stop(&s->process, tourney_now_ns() + AGENT_PROCESS_QUIT_GRACE_NS);
    tourney_agent_process_finish(&s->process);
    s->ready = false;
}
