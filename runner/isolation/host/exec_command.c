#include "exec_command.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "child_limits.h"
#include "confine.h"
#include "private_mounts.h"
#include "protocol.h"
#include "stop_requests.h"
#include "write_all.h"

extern char **environ;

/* Sends the frame built in WRITER (BUILT: what building it returned). */
static int send_reply(int control, struct wire_writer *writer, int built)
{
    int status = built == 0 ? tourney_write_all(control, writer->data, writer->length) : -1;
    tourney_wire_writer_finish(writer);
    return status;
}

static int refuse(int control, uint32_t sequence, const char *message)
{
    struct wire_writer writer;
    tourney_wire_writer_init(&writer, NULL, 0);
    return send_reply(control, &writer,
                      tourney_msg_put_load_failed(&writer, sequence, message) == 0 ? 0 : -1);
}

/* Landlock and the filter of programs (confine.h), as for a plugin. */
static int confine_program(const struct msg_exec *m, struct msg_executing *answer,
                           struct confine_report *report, bool *sandboxed, struct error *err)
{
    /* What it may read was worked out by the runner (program_reads.h):
     * nothing of it is taken from the program's own words here. */
    int status = tourney_confine_program(m->reads, m->read_count, true, report, err);
    if (status != 0) {
        return tourney_error_prefix(err, "cannot confine the agent process");
    }
    answer->landlock_abi = (uint32_t)report->landlock_abi;
    answer->landlock_error = report->landlock_abi > 0 ? NULL : report->landlock_error;
    if (report->syscall_filter) {
        answer->sandbox = SANDBOX_STATE_ACTIVE;
        *sandboxed = true;
    } else if ((m->flags & LOAD_SANDBOX_REQUIRED) != 0) {
        return tourney_error_set(err, "cannot apply the sandbox: %s", report->filter_error);
    } else {
        answer->sandbox = SANDBOX_STATE_UNAVAILABLE;
        answer->sandbox_error = report->filter_error;
    }
    return 0;
}

/* Limits, directory, confinement: what the program starts under. Returns 0
 * with *ANSWER filled (its strings in REPORT), or -1 with the reason in
 * ERR. */
/* Without the sandbox, a view of the file system of its own
 * (private_mounts.h) that keeps what the runner worked out it may read,
 * its folder and the program itself. */
static int enter_private_view(const struct msg_exec *m, struct error *err)
{
    const char **keep = calloc((size_t)m->read_count + 2, sizeof(*keep));
    if (keep == NULL) {
        return tourney_error_nomem(err);
    }
    for (uint32_t i = 0; i < m->read_count; i++) {
        keep[i] = m->reads[i];
    }
    keep[m->read_count] = m->dir;
    keep[m->read_count + 1] = m->argv[0];
    char note[256];
    int made =
        tourney_private_mounts_make(keep, (size_t)m->read_count + 2, note, sizeof(note), err);
    free(keep);
    return made < 0 ? tourney_error_prefix(err, "cannot make the agent's view of the files") : 0;
}

static int prepare(const struct msg_exec *m, struct msg_executing *answer,
                   struct confine_report *report, bool *sandboxed, struct error *err)
{
    if ((m->flags & LOAD_SANDBOX) == 0 && enter_private_view(m, err) != 0) {
        return -1;
    }
    if (tourney_child_set_limits(m->memory_bytes, CHILD_PROGRAM_MAX_FILES, err) != 0 ||
        tourney_child_limit_tasks(false, err) != 0) {
        return -1;
    }
    if (chdir(m->dir) != 0) {
        return tourney_error_set_errno(err, "cannot enter %s", m->dir);
    }
    if (access(m->argv[0], X_OK) != 0) {
        return tourney_error_set_errno(err, "cannot run %s", m->argv[0]);
    }
    *answer = (struct msg_executing){.sandbox = SANDBOX_STATE_OFF};
    if ((m->flags & LOAD_SANDBOX) == 0) {
        return 0;
    }
    return confine_program(m, answer, report, sandboxed, err);
}

/* The requests to end that a job's end, a Ctrl-C or a stop of a whole
 * cgroup send to every process: blocked for the program (a mask outlives
 * execve, the handlers of this host do not), so that they never end a game
 * the runner would count. In a PID namespace of its own the program, as
 * process 1, would die of none of them anyway at their default action (the
 * kernel drops them); blocked, a handler it installs (Python's for SIGINT)
 * does not run either, and without the namespace it is the same. The
 * runner hears of the end itself. */
static void block_stop_requests(void)
{
    sigset_t requests;
    tourney_stop_requests(&requests);
    sigprocmask(SIG_BLOCK, &requests, NULL);
}

int tourney_host_exec(int control, const void *payload, size_t length, uint32_t sequence,
                      bool *sandboxed, struct error *err)
{
    struct msg_exec m;
    if (tourney_msg_get_exec(payload, length, &m) != 0) {
        return tourney_error_set(err, "a malformed EXEC request");
    }
    struct error why;
    tourney_error_clear(&why);
    struct msg_executing answer;
    struct confine_report report;
    if (prepare(&m, &answer, &report, sandboxed, &why) != 0) {
        tourney_msg_exec_finish(&m);
        return refuse(control, sequence, why.text) == 0 ? 0 : -1;
    }
    /* Blocked before EXECUTING goes out: from then on the runner reads
     * lines, where an OUTSIDE frame would be lost. */
    block_stop_requests();
    struct wire_writer writer;
    tourney_wire_writer_init(&writer, NULL, 0);
    if (send_reply(control, &writer, tourney_msg_put_executing(&writer, sequence, &answer)) != 0) {
        tourney_msg_exec_finish(&m);
        return tourney_error_set(err, "cannot answer EXEC");
    }
    /* The socket becomes the program's standard input and output. */
    if (dup2(control, 0) != 0 || dup2(control, 1) != 1 || (control > 1 && close(control) != 0)) {
        fprintf(stderr, "tourney-agent-host: cannot hand the socket to %s: %s\n", m.argv[0],
                strerror(errno));
        _exit(127);
    }
    /* execve's prototype predates const; it does not write to the list. */
    char *const *args;
    memcpy(&args, &m.argv, sizeof(args));
    execve(m.argv[0], args, environ);
    fprintf(stderr, "tourney-agent-host: cannot run %s: %s\n", m.argv[0], strerror(errno));
    _exit(127);
}
