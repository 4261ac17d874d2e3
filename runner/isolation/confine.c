/* Linux interfaces: prctl, O_PATH, the Landlock system calls. */
#define _GNU_SOURCE
#include "confine.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "filter_count.h"
#include "syscall_filter.h"

/* The Landlock system calls have the same numbers on every architecture;
 * glibc has no wrappers. */
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif

/* Access rights by the ABI that brought them. The headers this is built
 * with may be older than the kernel it runs on (Debian 12's know ABI 2),
 * so the later ones are spelled out here, with their kernel values. */
#define FS_ABI_1 ((UINT64_C(1) << 13) - 1)     /* execute ... make_sym */
#define FS_REFER (UINT64_C(1) << 13)           /* ABI 2 */
#define FS_TRUNCATE (UINT64_C(1) << 14)        /* ABI 3 */
#define FS_IOCTL_DEV (UINT64_C(1) << 15)       /* ABI 5 */
#define NET_BIND_TCP (UINT64_C(1) << 0)        /* ABI 4 */
#define NET_CONNECT_TCP (UINT64_C(1) << 1)     /* ABI 4 */
#define SCOPE_ABSTRACT_UNIX (UINT64_C(1) << 0) /* ABI 6 */
#define SCOPE_SIGNAL (UINT64_C(1) << 1)        /* ABI 6 */
#define EXECUTE (UINT64_C(1) << 0)
#define READ_FILE (UINT64_C(1) << 2)
#define READ_DIR (UINT64_C(1) << 3)

/* struct landlock_ruleset_attr as of ABI 6; older kernels are given the
 * part they know, by its size. */
struct ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

/* What the dynamic loader reads: its cache and the library directories
 * (those missing here are skipped), and the process's own /proc directory
 * (limits, memory peak; sanitizers read their maps there). */
static const char *const loader_paths[] = {
    "/etc/ld.so.cache", "/lib",           "/lib64",           "/lib32",
    "/libx32",          "/usr/lib",       "/usr/lib64",       "/usr/lib32",
    "/usr/libx32",      "/usr/local/lib", "/usr/local/lib64", "/proc/self",
};

static size_t ruleset_size(int abi)
{
    return abi >= 6   ? sizeof(struct ruleset_attr)
           : abi >= 4 ? offsetof(struct ruleset_attr, scoped)
                      : offsetof(struct ruleset_attr, handled_access_net);
}

static struct ruleset_attr handled(int abi)
{
    struct ruleset_attr attr = {.handled_access_fs = FS_ABI_1};
    if (abi >= 2) {
        attr.handled_access_fs |= FS_REFER;
    }
    if (abi >= 3) {
        attr.handled_access_fs |= FS_TRUNCATE;
    }
    if (abi >= 4) {
        attr.handled_access_net = NET_BIND_TCP | NET_CONNECT_TCP;
    }
    if (abi >= 5) {
        attr.handled_access_fs |= FS_IOCTL_DEV;
    }
    if (abi >= 6) {
        attr.scoped = SCOPE_ABSTRACT_UNIX | SCOPE_SIGNAL;
    }
    return attr;
}

/* Whether the file open at FD is the one at PATH, a canonical path: the
 * kernel's own name for it, which no link, '.' or '..' can change. */
static bool opened_at(int fd, const char *path)
{
    char link[64];
    char name[PATH_MAX];
    snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
    ssize_t length = readlink(link, name, sizeof(name) - 1);
    if (length < 0) {
        return false;
    }
    name[length] = '\0';
    return strcmp(name, path) == 0;
}

/* Lets the ruleset read PATH (a file, or a directory and all beneath it),
 * and do EXTRA to it (execute). A path that does not exist is skipped.
 * With EXACT, PATH must be canonical, and still so as it is opened: else
 * it is refused, naming it. */
static int allow_reading(int ruleset, const char *path, uint64_t extra, bool exact,
                         struct error *err)
{
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) {
        return 0;
    }
    if (exact && !opened_at(fd, path)) {
        close(fd);
        return tourney_error_set(err, "%s is not where it was (a link, or moved)", path);
    }
    struct stat info;
    struct landlock_path_beneath_attr rule = {.parent_fd = fd};
    int status = fstat(fd, &info);
    if (status == 0) {
        rule.allowed_access = (S_ISDIR(info.st_mode) ? READ_FILE | READ_DIR : READ_FILE) | extra;
        status =
            (int)syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
    }
    if (status != 0) {
        tourney_error_set_errno(err, "cannot let the agent process read %s", path);
    }
    close(fd);
    return status;
}

/* The directories of LD_LIBRARY_PATH, where the loader looks too. */
static int allow_library_path(int ruleset, uint64_t extra, struct error *err)
{
    const char *value = getenv("LD_LIBRARY_PATH");
    if (value == NULL || value[0] == '\0') {
        return 0;
    }
    char *copy = strdup(value);
    if (copy == NULL) {
        return tourney_error_nomem(err);
    }
    int status = 0;
    char *rest = copy;
    for (char *dir = strsep(&rest, ":;"); status == 0 && dir != NULL; dir = strsep(&rest, ":;")) {
        if (dir[0] != '\0') {
            status = allow_reading(ruleset, dir, extra, false, err);
        }
    }
    free(copy);
    return status;
}

/* Landlock with read access, and EXTRA access besides, to PATHS (each
 * canonical when EXACT) and what the loader reads; as
 * tourney_confine_landlock. */
static int landlock(const char *const *paths, size_t count, uint64_t extra, bool exact, char *why,
                    size_t why_size, struct error *err)
{
    int abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1) {
        snprintf(why, why_size, "%s",
                 errno == EOPNOTSUPP ? "Landlock is disabled in this kernel"
                                     : "this kernel has no Landlock (Linux 5.13 or later has)");
        return 0;
    }
    struct ruleset_attr attr = handled(abi);
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, ruleset_size(abi), 0);
    if (ruleset < 0) {
        return tourney_error_set_errno(err, "cannot create a Landlock ruleset");
    }
    int status = 0;
    for (size_t i = 0; status == 0 && i < count; i++) {
        status = paths[i] != NULL ? allow_reading(ruleset, paths[i], extra, exact, err) : 0;
    }
    for (size_t i = 0; status == 0 && i < sizeof(loader_paths) / sizeof(loader_paths[0]); i++) {
        status = allow_reading(ruleset, loader_paths[i], extra, false, err);
    }
    if (status == 0) {
        status = allow_library_path(ruleset, extra, err);
    }
    /* Landlock needs no_new_privs (or privileges this process need not
     * have); it is set for the seccomp filter anyway. */
    if (status == 0 && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
        status = tourney_error_set_errno(err, "cannot set no_new_privs");
    }
    if (status == 0 && syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) {
        status = tourney_error_set_errno(err, "cannot apply the Landlock ruleset");
    }
    close(ruleset);
    return status == 0 ? abi : -1;
}

int tourney_confine_landlock(const char *const *paths, size_t count, char *why, size_t why_size,
                             struct error *err)
{
    return landlock(paths, count, 0, false, why, why_size, err);
}

/* Landlock with EXTRA access, then the filter of STAGE when FILTER. */
static int confine(const char *const *paths, size_t count, uint64_t extra, bool filter,
                   enum syscall_stage stage, const void *shared_word,
                   struct confine_report *report, struct error *err)
{
    memset(report, 0, sizeof(*report));
    /* A program's paths come from the runner, canonical (program_reads.h). */
    int abi = landlock(paths, count, extra, extra != 0, report->landlock_error,
                       sizeof(report->landlock_error), err);
    if (abi < 0) {
        return -1;
    }
    report->landlock_abi = abi;
    if (filter) {
        struct error why;
        if (tourney_syscall_filter_apply_checked(stage, shared_word, -1, &report->filter_count,
                                                 &why) == 0) {
            report->syscall_filter = true;
        } else {
            snprintf(report->filter_error, sizeof(report->filter_error), "%.150s", why.text);
        }
    }
    return 0;
}

int tourney_confine_self(const char *const *paths, size_t count, bool filter,
                         const void *shared_word, struct confine_report *report, struct error *err)
{
    return confine(paths, count, 0, filter, SYSCALL_STAGE_LOADING, shared_word, report, err);
}

int tourney_confine_program(const char *const *paths, size_t count, bool filter,
                            struct confine_report *report, struct error *err)
{
    /* A program, its interpreter and the loader are executed, not only
     * read: execve asks for that right, of each of them. */
    return confine(paths, count, EXECUTE, filter, SYSCALL_STAGE_COMMAND, NULL, report, err);
}
