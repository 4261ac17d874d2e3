/* Switches the sandbox's playing stage off: its constructor, which runs
 * under the loading stage (that lets the agent host install the playing
 * stage later), installs a seccomp filter of its own that answers every
 * seccomp() with success and allows everything else. The host's playing
 * stage is then never loaded, and in its moves the agent opens a file,
 * which the playing stage forbids; it logs whether it could. Only inside a
 * sandboxed agent process (Seccomp: 2 in its status before it acts), so
 * that loading it anywhere else changes nothing. */
/* Linux interfaces: syscall. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <tourney/tourney.h>

static const struct tourney_host *zoo_host;
static void *zoo_host_context;

#define ZOO_ON_CREATE(init) (zoo_host = (init)->host, zoo_host_context = (init)->host_context)
#define ZOO_NAME "ctor-filter"
#include "zoo_agent.h"

static bool in_a_sandbox(void)
{
    int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return false;
    }
    char text[4096];
    ssize_t length = read(fd, text, sizeof(text) - 1);
    close(fd);
    if (length <= 0) {
        return false;
    }
    text[length] = '\0';
    return strstr(text, "\nSeccomp:\t2\n") != NULL;
}

__attribute__((constructor)) static void answer_for_the_kernel(void)
{
    if (!in_a_sandbox()) {
        return;
    }
    struct sock_filter code[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_seccomp, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = {.len = sizeof(code) / sizeof(code[0]), .filter = code};
    syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program);
}

static int misbehave(tourney_move *move)
{
    (void)move;
    int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        close(fd);
        zoo_host->log(zoo_host_context, TOURNEY_LOG_INFO, "opened a file in its move");
    }
    return TOURNEY_OK;
}
