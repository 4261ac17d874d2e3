#include "filter_count.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int tourney_filter_count_read(int status_fd)
{
    /* No allocation: the host reads it after a plugin's code ran. */
    char text[4096];
    ssize_t length = status_fd >= 0 ? pread(status_fd, text, sizeof(text) - 1, 0) : -1;
    if (length <= 0) {
        return -1;
    }
    text[length] = '\0';
    static const char key[] = "\nSeccomp_filters:";
    const char *line = strstr(text, key);
    if (line == NULL) {
        return -1;
    }
    line += sizeof(key) - 1;
    while (*line == ' ' || *line == '\t') {
        line++;
    }
    if (*line < '0' || *line > '9') {
        return -1;
    }
    int count = 0;
    for (; *line >= '0' && *line <= '9' && count < 100000; line++) {
        count = count * 10 + (*line - '0');
    }
    return count;
}

int tourney_filter_count_of(pid_t pid)
{
    char path[64];
    if (pid == 0) {
        snprintf(path, sizeof(path), "/proc/self/status");
    } else {
        snprintf(path, sizeof(path), "/proc/%ld/status", (long)pid);
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return -1;
    }
    int count = tourney_filter_count_read(fd);
    close(fd);
    return count;
}

int tourney_filter_count_expect(pid_t pid, int added, struct error *err)
{
    int own = tourney_filter_count_of(0);
    int found = tourney_filter_count_of(pid);
    if (own < 0 || found < 0) {
        return tourney_error_set(err, "the sandbox cannot be checked: no count of seccomp "
                                      "filters in /proc");
    }
    if (found != own + added) {
        return tourney_error_set(err,
                                 "the sandbox did not take effect: the kernel enforces %d "
                                 "seccomp filters on the agent's process, not the sandbox's %d",
                                 found - own, added);
    }
    return 0;
}
