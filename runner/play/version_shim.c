/* pipe2 (GNU); fork, execve, kill, realpath. */
#define _GNU_SOURCE
#include "version_shim.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "text.h"
#include "whole_file.h"

extern char **environ;

/* A shim is a few hundred bytes; anything much larger is not one. */
#define SHIM_MAX_BYTES 65536
/* What the tool may print that is kept (a path, or its complaint). */
#define ANSWER_MAX 4096

/* The tools whose shims have pyenv's shape, with their root's variable. */
static const struct {
    const char *tool;
    const char *root_variable;
} tools[] = {
    {"pyenv", "PYENV_ROOT"},
    {"rbenv", "RBENV_ROOT"},
    {"nodenv", "NODENV_ROOT"},
};

/* The folder of PATH is named "shims". */
static bool in_shims_folder(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL || slash - path < 6) {
        return false;
    }
    return strncmp(slash - 6, "/shims", 6) == 0;
}

/* The value of LINE when it is `PREFIX"VALUE"SUFFIX` exactly, VALUE without
 * quotes, as a heap string; NULL otherwise. */
static char *quoted_between(const char *line, size_t length, const char *prefix,
                            const char *suffix)
{
    size_t before = strlen(prefix);
    size_t after = strlen(suffix);
    if (length < before + after + 2 || strncmp(line, prefix, before) != 0 || line[before] != '"') {
        return NULL;
    }
    const char *value = line + before + 1;
    const char *end = memchr(value, '"', length - before - 1);
    if (end == NULL || (size_t)(line + length - (end + 1)) != after ||
        strncmp(end + 1, suffix, after) != 0) {
        return NULL;
    }
    return tourney_format("%.*s", (int)(end - value), value);
}

/* From the shim's TEXT: the tool it executes (`exec "ROOT/libexec/TOOL"
 * exec "$program" "$@"`) into *TOOL_PATH and which of tools[] it is into
 * *WHICH, and the root it exports, if any, into *ROOT. Returns whether
 * TEXT is such a shim. */
static bool parse_shim(const char *text, char **tool_path, size_t *which, char **root)
{
    *tool_path = NULL;
    *root = NULL;
    if (strncmp(text, "#!", 2) != 0) {
        return false;
    }
    char *exported[sizeof(tools) / sizeof(tools[0])] = {NULL};
    for (const char *line = text; *line != '\0';) {
        size_t length = strcspn(line, "\n");
        while (length > 0 && (*line == ' ' || *line == '\t')) {
            line++;
            length--;
        }
        for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
            char prefix[32];
            snprintf(prefix, sizeof(prefix), "export %s=", tools[i].root_variable);
            char *value = quoted_between(line, length, prefix, "");
            if (value != NULL) {
                free(exported[i]);
                exported[i] = value;
            }
        }
        char *path = *tool_path == NULL
                         ? quoted_between(line, length, "exec ", " exec \"$program\" \"$@\"")
                         : NULL;
        for (size_t i = 0;
             path != NULL && *tool_path == NULL && i < sizeof(tools) / sizeof(tools[0]); i++) {
            char *tail = tourney_format("/libexec/%s", tools[i].tool);
            size_t n = strlen(path);
            size_t t = tail != NULL ? strlen(tail) : 0;
            if (tail != NULL && path[0] == '/' && n > t && strcmp(path + n - t, tail) == 0) {
                *tool_path = path;
                *which = i;
            }
            free(tail);
        }
        if (*tool_path == NULL) {
            free(path);
        }
        line += length;
        line += *line == '\n';
    }
    if (*tool_path != NULL) {
        *root = exported[*which];
        exported[*which] = NULL;
    }
    for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
        free(exported[i]);
    }
    return *tool_path != NULL;
}

/* The runner's environment, with VARIABLE=VALUE in place of any of its own
 * when VALUE is not NULL: a NULL-terminated array whose strings but the
 * added one are environ's. */
static char **environment_with(const char *variable, const char *value, char **added)
{
    size_t count = 0;
    while (environ[count] != NULL) {
        count++;
    }
    char **envp = calloc(count + 2, sizeof(*envp));
    if (envp == NULL) {
        return NULL;
    }
    size_t n = 0;
    size_t length = strlen(variable);
    for (size_t i = 0; i < count; i++) {
        if (value == NULL || strncmp(environ[i], variable, length) != 0 ||
            environ[i][length] != '=') {
            envp[n++] = environ[i];
        }
    }
    *added = value != NULL ? tourney_format("%s=%s", variable, value) : NULL;
    if (value != NULL && *added == NULL) {
        free(envp);
        return NULL;
    }
    if (*added != NULL) {
        envp[n++] = *added;
    }
    return envp;
}

/* Reads what FDS[0] (its output) and FDS[1] (its errors) carry into
 * OUT[0..1] (ANSWER_MAX each, the rest dropped) until both end or
 * DEADLINE_NS passes. Returns whether both ended in time. */
static bool read_answers(const int fds[2], char out[2][ANSWER_MAX], uint64_t deadline_ns)
{
    size_t used[2] = {0, 0};
    bool open[2] = {true, true};
    while (open[0] || open[1]) {
        uint64_t now = tourney_now_ns();
        if (now >= deadline_ns) {
            return false;
        }
        struct pollfd p[2] = {{.fd = open[0] ? fds[0] : -1, .events = POLLIN},
                              {.fd = open[1] ? fds[1] : -1, .events = POLLIN}};
        int ready = poll(p, 2, (int)((deadline_ns - now) / 1000000 + 1));
        if (ready < 0 && errno != EINTR) {
            return false;
        }
        for (size_t i = 0; ready > 0 && i < 2; i++) {
            if (!open[i] || p[i].revents == 0) {
                continue;
            }
            char chunk[1024];
            ssize_t got = read(fds[i], chunk, sizeof(chunk));
            if (got < 0 && errno == EINTR) {
                continue;
            }
            if (got <= 0) {
                open[i] = false;
                continue;
            }
            size_t keep = (size_t)got;
            if (keep > ANSWER_MAX - 1 - used[i]) {
                keep = ANSWER_MAX - 1 - used[i];
            }
            memcpy(out[i] + used[i], chunk, keep);
            used[i] += keep;
            out[i][used[i]] = '\0';
        }
    }
    return true;
}

/* The first line of TEXT, without surrounding blanks, in place. */
static char *first_line(char *text)
{
    text += strspn(text, " \t\r\n");
    text[strcspn(text, "\r\n")] = '\0';
    for (size_t n = strlen(text); n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t'); n--) {
        text[n - 1] = '\0';
    }
    return text;
}

/* Runs TOOL_PATH which NAME in WORKDIR with ENVP; its output and errors
 * into OUT. Returns its exit status (0 for success), or -1 with ERR filled
 * when it could not be run or did not end in time (then killed, with every
 * process it started). */
static int run_which(const char *tool_path, const char *name, const char *workdir,
                     char *const *envp, char out[2][ANSWER_MAX], struct error *err)
{
    int pipes[2][2] = {{-1, -1}, {-1, -1}};
    if (pipe2(pipes[0], O_CLOEXEC) != 0 || pipe2(pipes[1], O_CLOEXEC) != 0) {
        tourney_error_set_errno(err, "cannot make a pipe");
        goto err_pipes;
    }
    /* execve's arguments are not const; copies made before the fork. */
    char tool_word[PATH_MAX];
    char which_word[] = "which";
    char name_word[NAME_MAX + 1];
    snprintf(tool_word, sizeof(tool_word), "%s", tool_path);
    snprintf(name_word, sizeof(name_word), "%s", name);
    char *const argv[] = {tool_word, which_word, name_word, NULL};
    pid_t pid = fork();
    if (pid < 0) {
        tourney_error_set_errno(err, "cannot start %s", tool_path);
        goto err_pipes;
    }
    if (pid == 0) {
        /* Its own group, so that a tool that hangs dies with its children. */
        setpgid(0, 0);
        int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
        if (null < 0 || dup2(null, 0) < 0 || dup2(pipes[0][1], 1) < 0 ||
            dup2(pipes[1][1], 2) < 0 || chdir(workdir) != 0) {
            _exit(127);
        }
        execve(tool_path, argv, envp);
        static const char failed[] = "cannot execute the tool\n";
        (void)!write(2, failed, sizeof(failed) - 1);
        _exit(127);
    }
    setpgid(pid, pid);
    close(pipes[0][1]);
    close(pipes[1][1]);
    const int fds[2] = {pipes[0][0], pipes[1][0]};
    bool ended = read_answers(fds, out, tourney_now_ns() + TOURNEY_SHIM_TIMEOUT_MS * 1000000ULL);
    if (!ended) {
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
    }
    close(pipes[0][0]);
    close(pipes[1][0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!ended) {
        return tourney_error_set(err, "it did not answer within %d s",
                                 TOURNEY_SHIM_TIMEOUT_MS / 1000);
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);

err_pipes:
    for (size_t i = 0; i < 2; i++) {
        for (size_t j = 0; j < 2; j++) {
            if (pipes[i][j] >= 0) {
                close(pipes[i][j]);
            }
        }
    }
    return -1;
}

/* ANSWER (what the tool printed) as a program: absolute, its folder
 * canonical (the file's own name kept, so a virtual environment's
 * bin/python stays itself), an executable regular file. A heap string, or
 * NULL with ERR saying why not. */
static char *answer_program(const char *answer, struct error *err)
{
    const char *slash = strrchr(answer, '/');
    if (answer[0] != '/' || slash == NULL || slash[1] == '\0') {
        tourney_error_set(err, "it printed '%s', not the path of a program", answer);
        return NULL;
    }
    char *folder = tourney_format("%.*s", (int)(slash - answer), answer);
    char real[PATH_MAX];
    bool found = folder != NULL && realpath(folder[0] != '\0' ? folder : "/", real) != NULL;
    free(folder);
    if (!found) {
        tourney_error_set_errno(err, "it named '%s', whose folder cannot be found", answer);
        return NULL;
    }
    char *program = tourney_format("%s%s", strcmp(real, "/") == 0 ? "" : real, slash);
    struct stat st;
    if (program == NULL) {
        tourney_error_nomem(err);
    } else if (stat(program, &st) != 0 || !S_ISREG(st.st_mode) || access(program, X_OK) != 0) {
        tourney_error_set(err, "it named '%s', which is not an executable file", answer);
        free(program);
        program = NULL;
    }
    return program;
}

int tourney_version_shim_resolve(const char *program, const char *workdir,
                                 struct version_shim *shim, struct error *err)
{
    memset(shim, 0, sizeof(*shim));
    struct stat st;
    if (!in_shims_folder(program) || stat(program, &st) != 0 || !S_ISREG(st.st_mode) ||
        st.st_size > SHIM_MAX_BYTES) {
        return 0;
    }
    char *text = NULL;
    size_t length = 0;
    if (tourney_read_whole_file(program, &text, &length, NULL) != 0) {
        return 0; /* not readable: started as it is, and told of then */
    }
    char *tool_path = NULL;
    char *root = NULL;
    size_t which = 0;
    bool is_shim = strlen(text) == length && parse_shim(text, &tool_path, &which, &root);
    free(text);
    if (!is_shim) {
        return 0;
    }
    const char *name = strrchr(program, '/') + 1;
    int status = -1;
    char *added = NULL;
    char **envp = environment_with(tools[which].root_variable, root, &added);
    char out[2][ANSWER_MAX] = {{0}, {0}};
    struct error why;
    tourney_error_clear(&why);
    int exit_status = envp != NULL ? run_which(tool_path, name, workdir, envp, out, &why) : -1;
    if (envp == NULL) {
        tourney_error_nomem(err);
    } else if (exit_status != 0) {
        const char *said = exit_status < 0 ? why.text : first_line(out[1]);
        tourney_error_set(err, "%s is a %s shim, and '%s which %s' (in %s) failed: %s", program,
                          tools[which].tool, tool_path, name, workdir,
                          said[0] != '\0' ? said : "it said nothing");
    } else if ((shim->resolved = answer_program(first_line(out[0]), &why)) == NULL) {
        tourney_error_set(err, "%s is a %s shim, and '%s which %s' (in %s) failed: %s", program,
                          tools[which].tool, tool_path, name, workdir, why.text);
    } else if ((shim->tool = strdup(tools[which].tool)) == NULL) {
        tourney_error_nomem(err);
    } else {
        status = 1;
    }
    free(envp);
    free(added);
    free(tool_path);
    free(root);
    return status;
}

void tourney_version_shim_finish(struct version_shim *shim)
{
    free(shim->tool);
    free(shim->resolved);
    shim->tool = NULL;
    shim->resolved = NULL;
}
