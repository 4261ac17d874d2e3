/* realpath (X/Open). */
#define _XOPEN_SOURCE 700
#include "exec_command.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "child_limits.h"
#include "confine.h"
#include "protocol.h"
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

/* The files a program needs to read and execute besides the loader's
 * (confine.h): a list of paths it owns. */
struct program_paths {
    char **paths;
    size_t count;
    size_t capacity;
};

static int add_path(struct program_paths *list, const char *path, struct error *err)
{
    if (list->count == list->capacity) {
        size_t capacity = list->capacity * 2 + 8;
        char **paths = realloc(list->paths, capacity * sizeof(*paths));
        if (paths == NULL) {
            return tourney_error_nomem(err);
        }
        list->paths = paths;
        list->capacity = capacity;
    }
    list->paths[list->count] = strdup(path);
    if (list->paths[list->count] == NULL) {
        return tourney_error_nomem(err);
    }
    list->count++;
    return 0;
}

static void free_paths(struct program_paths *list)
{
    for (size_t i = 0; i < list->count; i++) {
        free(list->paths[i]);
    }
    free(list->paths);
}

/* A program, and where it is installed: the program itself, the file its
 * symbolic links lead to, and for a program in a directory named bin the
 * directory above it (/usr for /usr/bin/python3, the environment for
 * venv/bin/python), where an interpreter keeps its modules and its
 * configuration. */
static int add_program(struct program_paths *list, const char *program, struct error *err)
{
    char real[PATH_MAX];
    const char *names[2] = {program, realpath(program, real)};
    for (size_t i = 0; i < 2; i++) {
        if (names[i] == NULL) {
            continue;
        }
        char dir[PATH_MAX];
        snprintf(dir, sizeof(dir), "%s", names[i]);
        char *parent = dirname(dir);
        if (add_path(list, names[i], err) != 0) {
            return -1;
        }
        size_t length = strlen(parent);
        if (length > 4 && strcmp(parent + length - 4, "/bin") == 0) {
            parent[length - 4] = '\0';
            if (add_path(list, parent, err) != 0) {
                return -1;
            }
        }
    }
    return 0;
}

/* A script's interpreter, from its first line (#!INTERPRETER ...), which
 * the kernel executes in its place. */
static int add_interpreter(struct program_paths *list, const char *script, struct error *err)
{
    int fd = open(script, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return 0;
    }
    char line[256];
    ssize_t got = read(fd, line, sizeof(line) - 1);
    close(fd);
    if (got < 3 || line[0] != '#' || line[1] != '!') {
        return 0;
    }
    line[got] = '\0';
    char *start = line + 2 + strspn(line + 2, " \t");
    start[strcspn(start, " \t\r\n")] = '\0';
    return start[0] == '/' ? add_program(list, start, err) : 0;
}

/* A script named on the command line: the file, its folder and the folder
 * above, where scripts keep their modules (bindings/python/examples/
 * greedy.py imports tourney_agent from bindings/python). */
static int add_script(struct program_paths *list, const char *path, struct error *err)
{
    char real[PATH_MAX];
    if (realpath(path, real) == NULL) {
        return 0;
    }
    char *dir = dirname(real);
    if (add_path(list, dir, err) != 0) {
        return -1;
    }
    return strcmp(dir, "/") == 0 ? 0 : add_path(list, dirname(dir), err);
}

/* What the program of M may read and execute: the program and its
 * interpreter where they are installed, the config's directory, and the
 * scripts its arguments name (add_script). */
static int program_paths(const struct msg_exec *m, struct program_paths *list, struct error *err)
{
    if (add_path(list, m->dir, err) != 0 || add_program(list, m->argv[0], err) != 0 ||
        add_interpreter(list, m->argv[0], err) != 0 || add_script(list, m->argv[0], err) != 0) {
        return -1;
    }
    for (uint32_t i = 0; i < m->read_count; i++) {
        if (add_path(list, m->reads[i], err) != 0) {
            return -1;
        }
    }
    for (uint32_t i = 1; i < m->argc; i++) {
        struct stat info;
        if (stat(m->argv[i], &info) == 0 && S_ISREG(info.st_mode) &&
            add_script(list, m->argv[i], err) != 0) {
            return -1;
        }
    }
    return 0;
}

/* Landlock and the filter of programs (confine.h), as for a plugin. */
static int confine_program(const struct msg_exec *m, struct msg_executing *answer,
                           struct confine_report *report, bool *sandboxed, struct error *err)
{
    struct program_paths list = {0};
    int status = program_paths(m, &list, err);
    if (status == 0) {
        status = tourney_confine_program((const char *const *)list.paths, list.count, true, report,
                                         err);
    }
    free_paths(&list);
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
static int prepare(const struct msg_exec *m, struct msg_executing *answer,
                   struct confine_report *report, bool *sandboxed, struct error *err)
{
    if (tourney_child_set_limits(m->memory_bytes, err) != 0 ||
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
