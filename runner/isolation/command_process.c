#include "command_process.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "clock.h"
#include "probe.h"
#include "text.h"
#include "text_bytes.h"

int tourney_command_start(struct agent_process *p, const struct command_launch *launch,
                          uint32_t *sequence, struct error *err)
{
    struct host_argv args;
    tourney_host_argv(&args, launch->host_path);
    /* In namespaces of its own where the kernel allows, as a plugin's. */
    const struct process_options options = {
        .output_limit = launch->output_limit,
        .namespaces = true,
        .pause = launch->pause,
        .resting = launch->resting,
    };
    if (tourney_agent_process_start(p, args.argv, &options, err) != 0) {
        return -1;
    }
    uint32_t argc = 0;
    while (launch->argv[argc] != NULL) {
        argc++;
    }
    uint32_t read_count = 0;
    while (launch->reads != NULL && launch->reads[read_count] != NULL) {
        read_count++;
    }
    struct wire_writer *request = tourney_agent_process_request(p, sequence);
    const struct msg_exec message = {
        .flags = launch->sandbox_flags,
        .memory_bytes = launch->memory_bytes,
        .dir = launch->dir,
        .argc = argc,
        .argv = launch->argv,
        .read_count = read_count,
        .reads = launch->reads,
    };
    if (tourney_msg_put_exec(request, *sequence, &message) != 0) {
        return tourney_error_nomem(err);
    }
    return tourney_agent_process_post(p, err);
}

enum process_event tourney_command_next_line(struct agent_process *p, uint64_t deadline_ns,
                                             command_log_fn log, void *log_context,
                                             struct agent_line *line, struct error *err)
{
    for (;;) {
        char *text = NULL;
        enum process_event event =
            tourney_agent_process_read_line(p, deadline_ns, LINE_PROTOCOL_MAX, &text, err);
        if (event != PROCESS_REPLY) {
            return event;
        }
        /* The line as it came, for a message, before parsing cuts it up. */
        char quoted[104];
        snprintf(quoted, sizeof(quoted), "%.*s", tourney_utf8_prefix(text, 100), text);
        struct error why;
        if (tourney_agent_line_parse(text, line, &why) != 0) {
            tourney_error_set(err, "it sent \"%s\" (%s)", quoted, why.text);
            return PROCESS_PROTOCOL_ERROR;
        }
        if (line->type == AGENT_LINE_LOG) {
            if (log != NULL) {
                log(log_context, line->level, line->text);
            }
        } else if (line->type != AGENT_LINE_BLANK) {
            return PROCESS_REPLY;
        }
    }
}

/* The answer to EXEC: 0 when the program is being executed, 1 when it
 * cannot be (FAILURE, ERR). */
static int executing(struct agent_process *p, uint32_t sequence, uint64_t deadline_ns,
                     struct command_started *started, struct command_failure *failure,
                     struct error *err)
{
    struct process_reply reply;
    failure->event = tourney_agent_process_wait(p, sequence, deadline_ns, NULL, NULL, &reply, err);
    if (failure->event != PROCESS_REPLY) {
        return failure->event == PROCESS_FAILED ? -1 : 1;
    }
    const char *message = NULL;
    if (reply.header.type == MSG_LOAD_FAILED &&
        tourney_msg_get_load_failed(reply.payload, reply.header.length, &message) == 0) {
        failure->refused = true;
        tourney_error_set(err, "%s", message);
        return 1;
    }
    struct msg_executing answer;
    if (reply.header.type != MSG_EXECUTING ||
        tourney_msg_get_executing(reply.payload, reply.header.length, &answer) != 0) {
        failure->event = PROCESS_PROTOCOL_ERROR;
        tourney_error_set(err, "%s instead of EXECUTING", tourney_msg_name(reply.header.type));
        return 1;
    }
    started->sandbox = (enum sandbox_state)answer.sandbox;
    snprintf(started->sandbox_error, sizeof(started->sandbox_error), "%s",
             answer.sandbox_error ? answer.sandbox_error : "");
    started->landlock_abi = (int)answer.landlock_abi;
    snprintf(started->landlock_error, sizeof(started->landlock_error), "%s",
             answer.landlock_error ? answer.landlock_error : "");
    started->namespaces = p->namespaces;
    snprintf(started->namespace_error, sizeof(started->namespace_error), "%s", p->namespace_error);
    return 0;
}

int tourney_command_greet(struct agent_process *p, uint32_t sequence, uint64_t deadline_ns,
                          command_log_fn log, void *log_context, struct command_started *started,
                          struct command_failure *failure, struct error *err)
{
    memset(started, 0, sizeof(*started));
    memset(failure, 0, sizeof(*failure));
    int status = executing(p, sequence, deadline_ns, started, failure, err);
    if (status != 0) {
        return status;
    }
    tourney_agent_process_use_lines(p);
    char hello[32];
    int length = snprintf(hello, sizeof(hello), "tourney-protocol %d\n", LINE_PROTOCOL_VERSION);
    if (tourney_agent_process_send(p, hello, (size_t)length, err) != 0) {
        failure->event = PROCESS_FAILED;
        return -1;
    }
    struct agent_line line;
    failure->event = tourney_command_next_line(p, deadline_ns, log, log_context, &line, err);
    if (failure->event != PROCESS_REPLY) {
        return failure->event == PROCESS_FAILED ? -1 : 1;
    }
    if (line.type == AGENT_LINE_ERROR) {
        failure->refused = true;
        tourney_error_set(err, "it gave up before its first game: %.*s",
                          tourney_utf8_prefix(line.text, 150), line.text);
        return 1;
    }
    failure->event = PROCESS_PROTOCOL_ERROR;
    if (line.type != AGENT_LINE_HELLO) {
        tourney_error_set(err,
                          "it answered the greeting with '%s' instead of 'tourney-protocol %d'",
                          tourney_agent_line_word(line.type), LINE_PROTOCOL_VERSION);
        return 1;
    }
    if (line.version != LINE_PROTOCOL_VERSION) {
        tourney_error_set(err, "it speaks version %llu of the protocol, the runner version %d",
                          (unsigned long long)line.version, LINE_PROTOCOL_VERSION);
        return 1;
    }
    failure->event = PROCESS_REPLY;
    tourney_agent_process_pause(p);
    return 0;
}

/* What a program killed by the sandbox most likely did: a launcher (pyenv's
 * shims, a shell script) starts the interpreter as another process, which
 * the sandbox forbids (docs/protocol.md). */
static const char *sandbox_hint(int wait_status)
{
    if (!WIFSIGNALED(wait_status) || WTERMSIG(wait_status) != SIGSYS) {
        return "";
    }
    return " (the sandbox forbade a system call: a launcher that starts the interpreter as "
           "another process cannot run under it; name the interpreter itself)";
}

int tourney_command_probe(const struct command_launch *launch, struct command_started *result,
                          struct error *err)
{
    struct agent_process p;
    uint32_t sequence = 0;
    int status = tourney_command_start(&p, launch, &sequence, err);
    if (status == 0) {
        struct command_failure failure;
        uint64_t deadline = tourney_now_ns() + (uint64_t)PROBE_TIME_LIMIT_MS * UINT64_C(1000000);
        status = tourney_command_greet(&p, sequence, deadline, NULL, NULL, result, &failure, err);
        if (status > 0 && !failure.refused) {
            char how[64] = "";
            char words[160];
            tourney_probe_last_words(&p, words, sizeof(words));
            switch (failure.event) {
            case PROCESS_EXITED:
                tourney_describe_wait_status(p.wait_status, how, sizeof(how));
                tourney_error_set(err, "it %s%s before it answered the greeting%s%s",
                                  WIFSIGNALED(p.wait_status) ? "was " : "", how, words,
                                  sandbox_hint(p.wait_status));
                break;
            case PROCESS_TIMEOUT:
                tourney_error_set(err, "it did not answer the greeting within %d ms%s",
                                  PROBE_TIME_LIMIT_MS, words);
                break;
            case PROCESS_OUTPUT_LIMIT:
                tourney_error_set(err, "it printed more than %llu bytes before its greeting",
                                  (unsigned long long)launch->output_limit);
                break;
            case PROCESS_PROTOCOL_ERROR:
                tourney_error_prefix(err, "it broke the protocol");
                break;
            case PROCESS_REPLY:
            case PROCESS_CPU_LIMIT: /* starting has no CPU limit */
            case PROCESS_FAILED:
                break;
            }
        }
    }
    tourney_agent_process_stop(&p, tourney_now_ns() + AGENT_PROCESS_QUIT_GRACE_NS);
    tourney_agent_process_finish(&p);
    return status == 0 ? 0 : -1;
}
