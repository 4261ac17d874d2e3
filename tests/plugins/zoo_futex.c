/* Listens for another process through a futex on the first page of the C
 * library (its ELF header, mapped read-only and private by the loader, as
 * in every process): such a futex, unless marked private, is keyed by the
 * file and offset, so a process that never met this one could wake it and
 * so send it a bit at a time. In every move it waits there up to 300 ms
 * and logs how the wait ended: "woken" (by someone outside), "timed out",
 * or "refused: " and why. e2e.isolation runs the waker. */
/* Linux and glibc interfaces: dladdr, syscall. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <linux/futex.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <tourney/tourney.h>

static const struct tourney_host *zoo_host;
static void *zoo_host_context;

#define ZOO_ON_CREATE(init) (zoo_host = (init)->host, zoo_host_context = (init)->host_context)
#define ZOO_NAME "futex"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    (void)move;
    /* An address in the C library: that of one of its functions. */
    size_t (*function)(const char *) = strlen;
    void *address = NULL;
    memcpy(&address, &function, sizeof(address));
    Dl_info libc;
    char message[96];
    if (dladdr(address, &libc) == 0 || libc.dli_fbase == NULL) {
        snprintf(message, sizeof(message), "no C library found");
    } else {
        const uint32_t *word = libc.dli_fbase;
        struct timespec wait = {0, 300000000};
        long status = syscall(SYS_futex, word, FUTEX_WAIT, *word, &wait, NULL, 0);
        if (status == 0) {
            snprintf(message, sizeof(message), "woken");
        } else if (errno == ETIMEDOUT) {
            snprintf(message, sizeof(message), "timed out");
        } else {
            snprintf(message, sizeof(message), "refused: %s", strerror(errno));
        }
    }
    zoo_host->log(zoo_host_context, TOURNEY_LOG_INFO, message);
    return TOURNEY_OK;
}
