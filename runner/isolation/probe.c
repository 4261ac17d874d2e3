#include "probe.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "agent_process.h"
#include "filter_count.h"
#include "clock.h"
#include "host_path.h"
#include "text.h"

void tourney_host_argv(struct host_argv *args, const char *host_path)
{
    /* The runner's pid, so the child can tell whether it outlived it. */
    snprintf(args->parent, sizeof(args->parent), "%ld", (long)getpid());
    args->argv[0] = host_path;
    args->argv[1] = args->parent;
    args->argv[2] = NULL;
}

void tourney_probe_last_words(const struct agent_process *process, char *buf, size_t size)
{
    char text[CAPTURE_EXCERPT + 1];
    size_t length =
        process->output.length < CAPTURE_EXCERPT ? process->output.length : CAPTURE_EXCERPT;
    memcpy(text, process->output.tail + process->output.length - length, length);
    while (length > 0 && (text[length - 1] == '\n' || text[length - 1] == '\r')) {
        length--;
    }
    text[length] = '\0';
    const char *line = strrchr(text, '\n');
    line = line ? line + 1 : text;
    buf[0] = '\0';
    if (line[0] != '\0') {
        snprintf(buf, size, "; its last output: %.120s", line);
        tourney_make_printable(buf, false);
    }
}

/* Turns a LOADED reply into PLUGIN, checking it as plugin.c checks a
 * descriptor: what a child says is not trusted. */
static int accept_loaded(struct plugin *plugin, const char *path, enum tourney_plugin_kind kind,
                         pid_t pid, const struct process_reply *reply, struct probe_result *result,
                         struct error *err)
{
    struct msg_loaded loaded;
    if (tourney_msg_get_loaded(reply->payload, reply->header.length, &loaded) != 0) {
        return tourney_error_set(err, "%s: the process loading it sent a malformed description",
                                 path);
    }
    const struct plugin_about about = {
        .name = loaded.name,
        .description = loaded.description,
        .id = loaded.id,
        .version = loaded.version,
        .params = loaded.params,
        .param_count = loaded.param_count,
    };
    int status = tourney_plugin_check_about(path, &about, err);
    /* A sandbox it says is on is counted by the kernel: the two stages. */
    if (status == 0 && loaded.sandbox == SANDBOX_STATE_ACTIVE &&
        tourney_filter_count_expect(pid, 2, err) != 0) {
        status = tourney_error_prefix(err, "%s", path);
    }
    if (status == 0 && tourney_plugin_describe(plugin, path, kind, &about) != 0) {
        status = tourney_error_set(err, "%s: out of memory", path);
    }
    if (status == 0 && result != NULL) {
        result->sandbox = loaded.sandbox;
        snprintf(result->sandbox_error, sizeof(result->sandbox_error), "%s",
                 loaded.sandbox_error ? loaded.sandbox_error : "");
        result->landlock_abi = (int)loaded.landlock_abi;
        snprintf(result->landlock_error, sizeof(result->landlock_error), "%s",
                 loaded.landlock_error ? loaded.landlock_error : "");
    }
    tourney_msg_loaded_finish(&loaded);
    return status;
}

/* What the answer to LOAD was, as a result for tourney_plugin_probe. ERR
 * holds what the wait said, for a protocol error or a failure. */
static int answer(struct agent_process *process, enum process_event event,
                  const struct process_reply *reply, struct plugin *plugin, const char *path,
                  enum tourney_plugin_kind kind, struct probe_result *result, struct error *err)
{
    char words[160];
    char status[64];
    const char *message = NULL;
    switch (event) {
    case PROCESS_REPLY:
        if (reply->header.type == MSG_LOADED) {
            return accept_loaded(plugin, path, kind, process->pid, reply, result, err);
        }
        if (reply->header.type == MSG_LOAD_FAILED &&
            tourney_msg_get_load_failed(reply->payload, reply->header.length, &message) == 0) {
            return tourney_error_set(err, "%s", message);
        }
        return tourney_error_set(err, "%s: the process loading it answered with %s", path,
                                 tourney_msg_name(reply->header.type));
    case PROCESS_EXITED:
        tourney_describe_wait_status(process->wait_status, status, sizeof(status));
        tourney_probe_last_words(process, words, sizeof(words));
        if (WIFSIGNALED(process->wait_status) && WTERMSIG(process->wait_status) == SIGSYS) {
            return tourney_error_set(err,
                                     "%s: the plugin ended the process that loaded it (%s): "
                                     "its code made a system call that loading a plugin may "
                                     "not make (writing files, starting processes, sockets, "
                                     "signals to other processes, ...)%s",
                                     path, status, words);
        }
        return tourney_error_set(err,
                                 "%s: the plugin ended the process that loaded it (%s); plugins "
                                 "must never exit or crash%s",
                                 path, status, words);
    case PROCESS_TIMEOUT:
        return tourney_error_set(err, "%s: loading it took longer than %d ms", path,
                                 PROBE_TIME_LIMIT_MS);
    case PROCESS_OUTPUT_LIMIT:
        return tourney_error_set(err, "%s: it printed more than %llu bytes while loading", path,
                                 (unsigned long long)process->output_limit);
    case PROCESS_PROTOCOL_ERROR:
        return tourney_error_prefix(err, "%s: the process loading it broke the protocol", path);
    case PROCESS_CPU_LIMIT: /* loading has no CPU limit */
    case PROCESS_FAILED:
        break;
    }
    return tourney_error_prefix(err, "%s", path);
}

void tourney_plugin_probe_start(struct plugin_probe *probe, const char *path,
                                enum tourney_plugin_kind kind, const struct probe_options *options)
{
    memset(probe, 0, sizeof(*probe));
    probe->kind = kind;
    tourney_error_clear(&probe->error);
    probe->path = strdup(path);
    if (probe->path == NULL) {
        tourney_error_set(&probe->error, "%s: out of memory", path);
        return;
    }
    struct host_argv args;
    tourney_host_argv(&args, options->host_path);
    /* In the confinement of an agent process that plays. */
    const struct process_options start = {
        .output_limit = options->output_limit,
        .namespaces = true,
    };
    if (tourney_agent_process_start(&probe->process, args.argv, &start, &probe->error) != 0) {
        tourney_error_prefix(&probe->error, "%s: cannot probe it", path);
        return;
    }
    struct wire_writer *request = tourney_agent_process_request(&probe->process, &probe->sequence);
    const struct msg_load load = {
        .kind = (uint32_t)kind,
        .flags = options->try_sandbox ? LOAD_SANDBOX : 0,
        .memory_bytes = options->memory_bytes,
        .path = path,
    };
    if (tourney_msg_put_load(request, probe->sequence, &load) != 0 ||
        tourney_agent_process_post(&probe->process, NULL) != 0) {
        tourney_error_set(&probe->error, "%s: out of memory", path);
        return;
    }
    probe->deadline_ns = tourney_now_ns() + (uint64_t)PROBE_TIME_LIMIT_MS * UINT64_C(1000000);
    probe->posted = true;
}

int tourney_plugin_probe_finish(struct plugin_probe *probe, struct plugin *plugin,
                                struct probe_result *result, struct error *err)
{
    memset(plugin, 0, sizeof(*plugin));
    if (result != NULL) {
        memset(result, 0, sizeof(*result));
        result->namespaces = probe->process.namespaces;
        snprintf(result->namespace_error, sizeof(result->namespace_error), "%s",
                 probe->process.namespace_error);
    }
    int status = -1;
    if (!probe->posted) {
        *err = probe->error;
    } else {
        struct process_reply reply;
        tourney_error_clear(err);
        enum process_event event = tourney_agent_process_wait(
            &probe->process, probe->sequence, probe->deadline_ns, NULL, NULL, &reply, err);
        status =
            answer(&probe->process, event, &reply, plugin, probe->path, probe->kind, result, err);
    }
    tourney_plugin_probe_cancel(probe);
    return status;
}

void tourney_plugin_probe_cancel(struct plugin_probe *probe)
{
    if (probe->posted) {
        tourney_agent_process_stop(&probe->process,
                                   tourney_now_ns() + AGENT_PROCESS_QUIT_GRACE_NS);
    }
    tourney_agent_process_finish(&probe->process);
    free(probe->path);
    memset(probe, 0, sizeof(*probe));
}

int tourney_plugin_probe(struct plugin *plugin, const char *path, enum tourney_plugin_kind kind,
                         const struct probe_options *options, struct probe_result *result,
                         struct error *err)
{
    struct plugin_probe probe;
    tourney_plugin_probe_start(&probe, path, kind, options);
    return tourney_plugin_probe_finish(&probe, plugin, result, err);
}

int tourney_plugin_open_probed(struct plugin *plugin, const char *path,
                               enum tourney_plugin_kind kind, const char *digest,
                               const struct probe_options *options, struct error *err)
{
    if (options->host_path != NULL && access(options->host_path, X_OK) == 0) {
        struct plugin probed;
        if (tourney_plugin_probe(&probed, path, kind, options, NULL, err) != 0) {
            memset(plugin, 0, sizeof(*plugin));
            return -1;
        }
        tourney_plugin_close(&probed);
    }
    return digest != NULL ? tourney_plugin_open_digest(plugin, path, kind, digest, err)
                          : tourney_plugin_open(plugin, path, kind, err);
}

int tourney_plugin_opener_init(struct plugin_opener *opener,
                               const struct tournament_config *config, const char *exe_path)
{
    memset(opener, 0, sizeof(*opener));
    opener->in_process = config->settings.isolation == ISOLATION_NONE;
    if (opener->in_process) {
        return 0;
    }
    struct isolation_limits limits = config->settings.limits;
    if (config->doc.path == NULL) {
        tourney_config_default_limits(&limits);
    }
    opener->host_path = tourney_agent_host_path(exe_path);
    opener->probe = (struct probe_options){
        .host_path = opener->host_path,
        .memory_bytes = limits.memory_bytes,
        .output_limit = limits.output_limit_bytes,
        .try_sandbox = limits.sandbox != SANDBOX_OFF,
    };
    return opener->host_path != NULL ? 0 : -1;
}

int tourney_plugin_opener_open(const struct plugin_opener *opener, struct plugin *plugin,
                               const char *path, enum tourney_plugin_kind kind, struct error *err)
{
    if (opener->in_process) {
        return tourney_plugin_open(plugin, path, kind, err);
    }
    return tourney_plugin_probe(plugin, path, kind, &opener->probe, NULL, err);
}

void tourney_plugin_opener_finish(struct plugin_opener *opener)
{
    free(opener->host_path);
    memset(opener, 0, sizeof(*opener));
}
