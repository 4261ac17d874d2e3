#include "exec_command.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "child_limits.h"
#include "protocol.h"
#include "sandbox.h"

extern char **environ;

static int write_all(int fd, const void *data, size_t length)
{
    const unsigned char *bytes = data;
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0 && errno == EINTR) {
            continue;
        }
        if (written <= 0) {
            return -1;
        }
        bytes += written;
        length -= (size_t)written;
    }
    return 0;
}

/* Sends the frame built in WRITER (BUILT: what building it returned). */
static int send_reply(int control, struct wire_writer *writer, int built)
{
    int status = built == 0 ? write_all(control, writer->data, writer->length) : -1;
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

/* Limits, directory, sandbox: what the program starts under. Returns 0
 * with *ANSWER filled, or -1 with the reason in ERR. */
static int prepare(const struct msg_exec *m, struct msg_executing *answer, bool *sandboxed,
                   struct error *err)
{
    if (tourney_child_set_limits(m->memory_bytes, err) != 0) {
        return -1;
    }
    if (chdir(m->dir) != 0) {
        return tourney_error_set_errno(err, "cannot enter %s", m->dir);
    }
    if (access(m->argv[0], X_OK) != 0) {
        return tourney_error_set_errno(err, "cannot run %s", m->argv[0]);
    }
    answer->sandbox = SANDBOX_STATE_OFF;
    answer->sandbox_error = NULL;
    if ((m->flags & LOAD_SANDBOX) == 0) {
        return 0;
    }
    if (tourney_sandbox_apply_command(err) == 0) {
        answer->sandbox = SANDBOX_STATE_ACTIVE;
        *sandboxed = true;
    } else if ((m->flags & LOAD_SANDBOX_REQUIRED) != 0) {
        return tourney_error_prefix(err, "cannot apply the sandbox");
    } else {
        answer->sandbox = SANDBOX_STATE_UNAVAILABLE;
        answer->sandbox_error = err->text;
    }
    return 0;
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
    if (prepare(&m, &answer, sandboxed, &why) != 0) {
        tourney_msg_exec_finish(&m);
        return refuse(control, sequence, why.text) == 0 ? 0 : -1;
    }
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
