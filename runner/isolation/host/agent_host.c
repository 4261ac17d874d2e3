/* glibc interfaces: realpath. */
#define _GNU_SOURCE
#include "agent_host.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tourney/agent.h>

#include "child_limits.h"
#include "clock.h"
#include "confine.h"
#include "exec_command.h"
#include "filter_count.h"
#include "game_adapter.h"
#include "plugin.h"
#include "private_mounts.h"
#include "protocol.h"
#include "rng.h"
#include "shared_channel.h"
#include "syscall_filter.h"
#include "write_all.h"

struct host {
    int control;
    /* Requests and replies in memory shared with the runner, where it gave
     * it (shared_channel.h): NULL for the socket alone. */
    struct channel_memory *channel;
    struct channel_end requests;
    struct channel_end replies;
    int wake; /* the eventfd that wakes the runner */
    struct wire_writer writer;
    unsigned char *frame; /* the request being answered, then what came after it */
    size_t frame_capacity;
    size_t frame_size; /* of the request being answered */
    size_t buffered;   /* bytes in FRAME */
    struct wire_header header;
    struct plugin game_plugin;
    struct game_adapter game; /* the game the agent plays, made on LOAD */
    struct plugin agent_plugin;
    bool loaded;
    bool *sandboxed;
    void *state; /* the position, copied to memory aligned for the game */
    void *agent; /* this game's instance */
    struct tourney_param_value *agent_params;
    struct rng rng;
    uint32_t log_sent;    /* this game */
    uint32_t log_dropped; /* since the last reply */
};

static void wake_runner(struct host *h, uint32_t waits)
{
    if (tourney_channel_take_sleeper(&h->channel->runner_sleeping, waits)) {
        uint64_t one = 1;
        ssize_t written = write(h->wake, &one, sizeof(one));
        (void)written; /* the eventfd is full only of wake-ups already */
    }
}

/* Sleeps on the futex word until the runner says it wrote (WAITS_DATA) or
 * read (WAITS_ROOM), unless READY says it did while the word was set. */
static void sleep_until(struct host *h, uint32_t waits, bool (*ready)(const struct channel_end *),
                        const struct channel_end *end)
{
    tourney_channel_announce_sleep(&h->channel->agent_sleeping, waits);
    if (!ready(end)) {
        tourney_channel_host_sleep(h->channel, waits);
    }
    atomic_store_explicit(&h->channel->agent_sleeping, 0, memory_order_relaxed);
}

/* Reads what the request ring holds into the frame, or sleeps until the
 * runner writes. Returns -1 when the counts are broken. */
static int receive_from_channel(struct host *h, struct error *err)
{
    long got =
        tourney_channel_get(&h->requests, h->frame + h->buffered, h->frame_capacity - h->buffered);
    if (got < 0) {
        return tourney_error_set(err, "the counts of the shared memory are broken");
    }
    if (got == 0) {
        sleep_until(h, CHANNEL_WAITS_DATA, tourney_channel_readable, &h->requests);
        return 0;
    }
    h->buffered += (size_t)got;
    wake_runner(h, CHANNEL_WAITS_ROOM);
    return 0;
}

/* Writes LENGTH bytes into the reply ring, waiting for room as needed. */
static int send_through_channel(struct host *h, const void *bytes, size_t length)
{
    size_t done = 0;
    while (done < length) {
        long put =
            tourney_channel_put(&h->replies, (const unsigned char *)bytes + done, length - done);
        if (put < 0) {
            return -1;
        }
        if (put > 0) {
            done += (size_t)put;
            wake_runner(h, CHANNEL_WAITS_DATA);
        } else {
            sleep_until(h, CHANNEL_WAITS_ROOM, tourney_channel_writable, &h->replies);
        }
    }
    return 0;
}

/* Reads the next request. What the socket holds is read at once, so a
 * request usually takes one read. Returns 1, 0 at the end (the runner
 * closed the socket or is gone) or -1 for what is not a frame (ERR says
 * why) or when out of memory. */
static int read_request(struct host *h, struct error *err)
{
    /* The request answered last goes. */
    if (h->frame_size > 0) {
        memmove(h->frame, h->frame + h->frame_size, h->buffered - h->frame_size);
        h->buffered -= h->frame_size;
        h->frame_size = 0;
    }
    for (;;) {
        int found = h->buffered == 0 ? 0
                                     : tourney_wire_frame(h->frame, h->buffered, PROTOCOL_VERSION,
                                                          &h->header, err);
        if (found < 0) {
            return -1;
        }
        if (found > 0) {
            h->frame_size = WIRE_HEADER_SIZE + (size_t)h->header.length;
            return 1;
        }
        size_t needed = h->buffered >= WIRE_HEADER_SIZE
                            ? WIRE_HEADER_SIZE + (size_t)h->header.length
                            : WIRE_HEADER_SIZE;
        if (h->frame_capacity < needed || h->frame_capacity - h->buffered < 4096) {
            size_t capacity = needed + 65536;
            unsigned char *frame = realloc(h->frame, capacity);
            if (frame == NULL) {
                return -1;
            }
            h->frame = frame;
            h->frame_capacity = capacity;
        }
        if (h->channel != NULL) {
            if (receive_from_channel(h, err) != 0) {
                return -1;
            }
            continue;
        }
        ssize_t got = read(h->control, h->frame + h->buffered, h->frame_capacity - h->buffered);
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got <= 0) {
            return 0;
        }
        h->buffered += (size_t)got;
    }
}

static const unsigned char *payload(const struct host *h)
{
    return h->frame + WIRE_HEADER_SIZE;
}

static int send_frame(struct host *h, int built)
{
    if (built != 0) {
        return -1;
    }
    if (h->channel != NULL) {
        return send_through_channel(h, h->writer.data, h->writer.length);
    }
    return tourney_write_all(h->control, h->writer.data, h->writer.length);
}

/* Host services, as the runner's executor gives them. */
static uint64_t host_now_ns(void *context)
{
    (void)context;
    return tourney_now_ns();
}

static uint64_t host_random_u64(void *context)
{
    struct host *h = context;
    return tourney_rng_next(&h->rng);
}

/* Sent at once, so the last words of an agent that then crashes are kept.
 * Only what the game's record can keep is sent; the rest is counted. */
static void host_log(void *context, uint32_t level, const char *message)
{
    struct host *h = context;
    if (h->log_sent >= PROTOCOL_LOG_MAX) {
        h->log_dropped++;
        return;
    }
    h->log_sent++;
    char text[PROTOCOL_LOG_TEXT];
    snprintf(text, sizeof(text), "%s", message ? message : "(null)");
    /* A buffer of its own: an agent's thread may log while a reply is built. */
    unsigned char buffer[WIRE_HEADER_SIZE + PROTOCOL_LOG_TEXT + 16];
    struct wire_writer writer;
    tourney_wire_writer_init(&writer, buffer, sizeof(buffer));
    struct msg_log log = {.level = level, .text = text};
    if (tourney_msg_put_log(&writer, h->header.sequence, &log) == 0) {
        /* On the socket, even with the channel: any thread may log. */
        tourney_write_all(h->control, writer.data, writer.length);
    }
}

static const struct tourney_host host_services = {
    .struct_size = sizeof(struct tourney_host),
    .now_ns = host_now_ns,
    .random_u64 = host_random_u64,
    .log = host_log,
};

/* What every reply after a call into the agent says. */
static struct msg_outcome outcome(struct host *h, int status)
{
    /* What the agent printed goes out before the reply does. */
    fflush(stdout);
    fflush(stderr);
    struct msg_outcome o = {.status = status, .log_dropped = h->log_dropped};
    h->log_dropped = 0;
    if (status != TOURNEY_OK) {
        o.peak_kb = tourney_child_peak_kb();
        o.memory_low = tourney_child_memory_low(o.peak_kb);
    }
    return o;
}

static int load_failed(struct host *h, const char *message)
{
    return send_frame(h, tourney_msg_put_load_failed(&h->writer, h->header.sequence, message));
}

/* The futex word the host sleeps on, in the memory it shares with the
 * runner alone: the one that is not private it may wait on. */
static const void *shared_word(const struct host *h)
{
    /* Only its address goes into the filter: an integer, not an access. */
    return h->channel != NULL ? (const void *)(uintptr_t)&h->channel->agent_sleeping : NULL;
}

static int load_game(struct host *h, const struct msg_load *m, struct error *err)
{
    if (tourney_plugin_open_in_place(&h->game_plugin, m->game_path, TOURNEY_KIND_GAME, err) != 0) {
        return -1;
    }
    size_t count = 0;
    tourney_plugin_params(&h->game_plugin, &count);
    if (m->game_params.count != count) {
        return tourney_error_set(err, "%s: %u parameter values for %zu parameters", m->game_path,
                                 (unsigned)m->game_params.count, count);
    }
    struct tourney_param_value *values = calloc(count + 1, sizeof(*values));
    if (values == NULL) {
        return tourney_error_nomem(err);
    }
    for (uint32_t i = 0; i < m->game_params.count; i++) {
        values[i].i = tourney_msg_value(&m->game_params, i);
    }
    int status = tourney_game_adapter_init(&h->game, &h->game_plugin, values, err);
    free(values);
    if (status != 0) {
        return -1;
    }
    h->state = calloc(1, h->game.info.state_size);
    if (h->state == NULL) {
        return tourney_error_nomem(err);
    }
    return 0;
}

/* Confines the process before any code of the plugins runs (confine.h):
 * Landlock, with read access to the two plugin files and what the loader
 * needs, and the first stage of the system-call filter. */
static int confine(struct host *h, const struct msg_load *m, struct confine_report *report,
                   struct msg_loaded *loaded, struct error *err)
{
    const char *const paths[2] = {m->path, m->game_path};
    if (tourney_confine_self(paths, 2, true, shared_word(h), report, err) != 0) {
        return tourney_error_prefix(err, "cannot confine the agent process");
    }
    if (!report->syscall_filter && (m->flags & LOAD_SANDBOX_REQUIRED) != 0) {
        return tourney_error_set(err, "cannot apply the sandbox: %s", report->filter_error);
    }
    *h->sandboxed = report->syscall_filter;
    loaded->landlock_abi = (uint32_t)report->landlock_abi;
    loaded->landlock_error = report->landlock_abi > 0 ? NULL : report->landlock_error;
    return 0;
}

/* The second stage of the filter, now that the plugins are loaded: no file
 * may be opened any more. The plugins' code ran under the first stage,
 * which allows installing filters: one of its own could answer for the
 * kernel and keep the second from ever taking effect. So the kernel's
 * count of filters, read through a descriptor opened before that code ran,
 * must be the first stage's before (no filter of the plugin's) and one
 * more after; else the agent is refused. */
static int filter_playing(const struct host *h, const struct confine_report *report,
                          struct msg_loaded *loaded, struct error *err)
{
    if (!report->syscall_filter) {
        loaded->sandbox = SANDBOX_STATE_UNAVAILABLE;
        loaded->sandbox_error = report->filter_error;
        return 0;
    }
    int status_fd = tourney_child_status_fd();
    int before = tourney_filter_count_read(status_fd);
    if (before != report->filter_count) {
        return tourney_error_set(err,
                                 "the plugin installed a seccomp filter of its own as it loaded "
                                 "(%d filters where the sandbox installed %d), which could keep "
                                 "the sandbox from taking effect",
                                 before, report->filter_count);
    }
    int after = 0;
    if (tourney_syscall_filter_apply_checked(SYSCALL_STAGE_PLAYING, shared_word(h), status_fd,
                                             &after, err) != 0) {
        return tourney_error_prefix(err, "cannot apply the sandbox's playing stage");
    }
    loaded->sandbox = SANDBOX_STATE_ACTIVE;
    return 0;
}

/* The folders of the two plugins (a plugin may load libraries beside it)
 * and of LD_LIBRARY_PATH, kept in the agent's own view of the file system,
 * which it then enters. A plugin's path that led through a hidden place
 * ("/tmp/x/bin/../lib/a.so") is replaced by its canonical one, held in
 * CANONICAL. */
static int keep_plugin_folders(struct msg_load *m, char canonical[2][PATH_MAX], struct error *err)
{
    char folders[2][PATH_MAX];
    const char *keep[2 + 32];
    size_t count = 0;
    const char **plugins[2] = {&m->path, &m->game_path};
    for (size_t i = 0; i < 2; i++) {
        canonical[i][0] = '\0';
        if (*plugins[i] != NULL && realpath(*plugins[i], canonical[i]) != NULL) {
            memcpy(folders[i], canonical[i], strlen(canonical[i]) + 1);
            *strrchr(folders[i], '/') = '\0';
            keep[count++] = folders[i][0] != '\0' ? folders[i] : "/";
        }
    }
    char *libraries = getenv("LD_LIBRARY_PATH") ? strdup(getenv("LD_LIBRARY_PATH")) : NULL;
    char *rest = NULL;
    for (char *folder = libraries != NULL ? strtok_r(libraries, ":", &rest) : NULL;
         folder != NULL && count < sizeof(keep) / sizeof(keep[0]);
         folder = strtok_r(NULL, ":", &rest)) {
        if (folder[0] == '/') {
            keep[count++] = folder;
        }
    }
    char note[256];
    int made = tourney_private_mounts_make(keep, count, note, sizeof(note), err);
    free(libraries);
    if (made < 0) {
        return tourney_error_prefix(err, "cannot make the agent's view of the files");
    }
    for (size_t i = 0; i < 2; i++) {
        if (*plugins[i] != NULL && canonical[i][0] != '\0' && access(*plugins[i], R_OK) != 0) {
            *plugins[i] = canonical[i];
        }
    }
    return 0;
}

static int handle_load(struct host *h)
{
    struct msg_load m;
    if (tourney_msg_get_load(payload(h), h->header.length, &m) != 0 || h->loaded ||
        (m.kind != TOURNEY_KIND_GAME && m.kind != TOURNEY_KIND_AGENT)) {
        return -1;
    }
    h->loaded = true;
    struct error err;
    struct error filter_err;
    struct confine_report report;
    struct msg_loaded loaded = {.sandbox = SANDBOX_STATE_OFF};
    bool sandbox = (m.flags & LOAD_SANDBOX) != 0;
    /* Limits and confinement first: the plugins' constructors run inside
     * them. Without the sandbox, a file system of its own where it can be
     * made (private_mounts.h), while the capability to mount is still
     * there. */
    char canonical[2][PATH_MAX];
    if (!sandbox && keep_plugin_folders(&m, canonical, &err) != 0) {
        return load_failed(h, err.text);
    }
    if (tourney_child_set_limits(m.memory_bytes, CHILD_MAX_FILES, &err) != 0 ||
        tourney_child_limit_tasks(true, &err) != 0) {
        return load_failed(h, err.text);
    }
    tourney_child_watch_memory(h->control, m.memory_bytes);
    if (sandbox && confine(h, &m, &report, &loaded, &err) != 0) {
        return load_failed(h, err.text);
    }
    if (m.game_path != NULL && load_game(h, &m, &err) != 0) {
        return load_failed(h, err.text);
    }
    struct plugin *plugin = &h->agent_plugin;
    if (tourney_plugin_open_in_place(plugin, m.path, (enum tourney_plugin_kind)m.kind, &err) !=
        0) {
        return load_failed(h, err.text);
    }
    loaded.state_size = h->game.info.state_size;
    loaded.move_limit = h->game.info.move_limit;
    loaded.max_plies = h->game.info.max_plies;
    loaded.name = tourney_plugin_name(plugin);
    loaded.description = tourney_plugin_description(plugin);
    loaded.id = tourney_plugin_id(plugin);
    loaded.version = tourney_plugin_version(plugin);
    loaded.params = tourney_plugin_params(plugin, &loaded.param_count);
    if (sandbox && filter_playing(h, &report, &loaded, &filter_err) != 0) {
        tourney_error_prefix(&filter_err, "%s", m.path);
        return load_failed(h, filter_err.text);
    }
    return send_frame(h, tourney_msg_put_loaded(&h->writer, h->header.sequence, &loaded));
}

static void destroy_agent(struct host *h)
{
    if (h->agent != NULL) {
        h->agent_plugin.agent->destroy(h->agent);
        h->agent = NULL;
    }
}

static int handle_new_game(struct host *h)
{
    struct msg_new_game m;
    const struct tourney_agent_api *api = h->agent_plugin.agent;
    if (tourney_msg_get_new_game(payload(h), h->header.length, &m) != 0 || api == NULL ||
        h->game.api == NULL) {
        return -1;
    }
    destroy_agent(h);
    h->log_sent = 0;
    int status = TOURNEY_ERR_INVALID; /* the runner sent the wrong number of values */
    free(h->agent_params);
    size_t count = 0;
    tourney_plugin_params(&h->agent_plugin, &count);
    h->agent_params = calloc(count + 1, sizeof(*h->agent_params));
    if (m.params.count == count && h->agent_params != NULL) {
        for (uint32_t i = 0; i < m.params.count; i++) {
            h->agent_params[i].i = tourney_msg_value(&m.params, i);
        }
        h->rng.state = m.random_seed;
        struct tourney_agent_init init = {
            .struct_size = sizeof(init),
            .game_api = h->game.api,
            .game = h->game.instance,
            .game_info = &h->game.info,
            .params = h->agent_params,
            .host = &host_services,
            .host_context = h,
            .seat = m.seat,
        };
        void *agent = NULL;
        status = api->create(&init, &agent);
        /* As in the runner: a failed create leaves no instance to destroy. */
        h->agent = status == TOURNEY_OK ? agent : NULL;
    }
    struct msg_created created = {.outcome = outcome(h, status), .has_instance = h->agent != NULL};
    return send_frame(h, tourney_msg_put_created(&h->writer, h->header.sequence, &created));
}

static int handle_move(struct host *h)
{
    struct msg_move m;
    if (tourney_msg_get_move(payload(h), h->header.length, &m) != 0) {
        return -1;
    }
    struct msg_moved moved = {.move = -1};
    int status = TOURNEY_ERR_INVALID; /* no agent, or a position of the wrong size */
    if (h->agent != NULL && m.state_size == h->game.info.state_size) {
        memcpy(h->state, m.state, m.state_size);
        struct tourney_move_request request = {
            .struct_size = sizeof(request),
            .budget_ns = m.budget_ns,
            .deadline_ns = m.deadline_ns,
            .ply = m.ply,
            .remaining_ns = m.remaining_ns,
            .increment_ns = m.increment_ns,
            .opponent_remaining_ns = m.opponent_remaining_ns,
            .start_ns = m.start_ns,
        };
        struct tourney_move_report report;
        memset(&report, 0, sizeof(report));
        report.struct_size = sizeof(report);
        tourney_move move = -1;
        status = h->agent_plugin.agent->choose_move(h->agent, h->state, &request, &report, &move);
        moved.move = move;
        moved.report = report;
    }
    moved.outcome = outcome(h, status);
    return send_frame(h, tourney_msg_put_moved(&h->writer, h->header.sequence, &moved));
}

static int handle_end_game(struct host *h)
{
    if (tourney_msg_get_empty(payload(h), h->header.length) != 0) {
        return -1;
    }
    destroy_agent(h);
    struct msg_outcome ended = outcome(h, TOURNEY_OK);
    return send_frame(h,
                      tourney_msg_put_outcome(&h->writer, MSG_ENDED, h->header.sequence, &ended));
}

/* An agent that is a program of its own: this process becomes it. Nothing
 * may follow the request, since the program would never see it. */
static int handle_exec(struct host *h, struct error *err)
{
    if (h->loaded || h->buffered != h->frame_size) {
        return tourney_error_set(err, "EXEC after another request, or followed by one");
    }
    h->loaded = true;
    return tourney_host_exec(h->control, payload(h), h->header.length, h->header.sequence,
                             h->sandboxed, err);
}

static void host_finish(struct host *h)
{
    destroy_agent(h);
    free(h->agent_params);
    free(h->state);
    tourney_game_adapter_finish(&h->game);
    /* Code is unloaded after every instance it made is gone. */
    tourney_plugin_close(&h->agent_plugin);
    tourney_plugin_close(&h->game_plugin);
    tourney_wire_writer_finish(&h->writer);
    free(h->frame);
}

int tourney_agent_host_run(int control, struct channel_memory *channel, int wake, bool *sandboxed,
                           struct error *err)
{
    struct host h;
    memset(&h, 0, sizeof(h));
    h.control = control;
    h.channel = channel;
    h.wake = wake;
    if (channel != NULL) {
        tourney_channel_ends(channel, &h.requests, &h.replies);
    }
    h.sandboxed = sandboxed;
    *sandboxed = false;
    tourney_wire_writer_init(&h.writer, NULL, 0);
    int status = 0;
    for (;;) {
        int got = read_request(&h, err);
        if (got <= 0) {
            status = got < 0 ? 2 : 0;
            break;
        }
        tourney_child_set_sequence(h.header.sequence);
        int handled = -1;
        switch (h.header.type) {
        case MSG_LOAD:
            handled = handle_load(&h);
            break;
        case MSG_NEW_GAME:
            handled = handle_new_game(&h);
            break;
        case MSG_MOVE:
            handled = handle_move(&h);
            break;
        case MSG_END_GAME:
            handled = handle_end_game(&h);
            break;
        case MSG_QUIT:
            handled = 1;
            break;
        case MSG_EXEC:
            handled = handle_exec(&h, err);
            break;
        }
        if (handled != 0) {
            status = handled > 0 ? 0 : 2;
            break;
        }
    }
    host_finish(&h);
    return status;
}
