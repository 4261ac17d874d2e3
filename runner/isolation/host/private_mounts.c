/* Linux interfaces: unshare, mount, mount_setattr, O_PATH. */
#define _GNU_SOURCE
#include "private_mounts.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Where the machine keeps named Unix sockets: the system's services
 * (/run: D-Bus, systemd, Docker, databases; /var/run and /var/lock where
 * they are folders rather than links to /run), the user's session
 * (/run/user), X11 and tmux (/tmp), and what programs leave in /var/tmp
 * and /dev/shm. Each becomes an empty tmpfs. */
static const char *const hidden_places[] = {"/run", "/var/run", "/var/lock",
                                            "/tmp", "/var/tmp", "/dev/shm"};

/* Sockets that live in a folder that cannot be hidden (syslog's). */
static const char *const hidden_sockets[] = {"/dev/log"};

struct kept {
    char *path; /* canonical */
    int fd;     /* O_PATH, opened while it could still be reached */
    bool folder;
};

/* Whether PATH is PLACE or lies beneath it. */
static bool is_under(const char *path, const char *place)
{
    size_t length = strlen(place);
    if (strcmp(place, "/") == 0) {
        return true;
    }
    return strncmp(path, place, length) == 0 && (path[length] == '\0' || path[length] == '/');
}

static int refused(char *note, size_t note_size, const char *what)
{
    snprintf(note, note_size, "the kernel refused %s: %s", what, strerror(errno));
    return 0;
}

/* Every mount of this namespace read-only and without set-user-ID
 * programs or file capabilities (nothing can regain a privilege that
 * would undo the mounts), at once. */
static int make_read_only(void)
{
    struct mount_attr attr = {.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID};
    return (int)syscall(SYS_mount_setattr, AT_FDCWD, "/", AT_RECURSIVE, &attr, sizeof(attr));
}

static void forget(struct kept *kept, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (kept[i].fd >= 0) {
            close(kept[i].fd);
        }
        free(kept[i].path);
    }
    free(kept);
}

/* Opens what KEEP names, as it is before anything is hidden. Paths that do
 * not exist are left out (there is nothing to keep). */
static struct kept *open_kept(const char *const *keep, size_t count, size_t *opened,
                              struct error *err)
{
    struct kept *kept = calloc(count + 1, sizeof(*kept));
    if (kept == NULL) {
        tourney_error_nomem(err);
        return NULL;
    }
    *opened = 0;
    for (size_t i = 0; i < count; i++) {
        char *path = keep[i] != NULL ? realpath(keep[i], NULL) : NULL;
        int fd = path != NULL ? open(path, O_PATH | O_CLOEXEC) : -1;
        struct stat info;
        if (fd < 0 || fstat(fd, &info) != 0) {
            if (fd >= 0) {
                close(fd);
            }
            free(path);
            continue;
        }
        kept[*opened] = (struct kept){.path = path, .fd = fd, .folder = S_ISDIR(info.st_mode)};
        (*opened)++;
    }
    return kept;
}

/* Makes the folders leading to PATH inside the tmpfs at PLACE, then PATH
 * itself as a folder or an empty file, for a mount to land on. */
static int make_mount_point(const char *place, const struct kept *k, struct error *err)
{
    char path[PATH_MAX];
    snprintf(path, sizeof(path), "%s", k->path);
    for (char *slash = path + strlen(place) + 1; (slash = strchr(slash, '/')) != NULL; slash++) {
        *slash = '\0';
        if (mkdir(path, 0755) != 0 && errno != EEXIST) {
            return tourney_error_set_errno(err, "cannot make %s", path);
        }
        *slash = '/';
    }
    if (k->folder) {
        if (mkdir(path, 0755) != 0 && errno != EEXIST) {
            return tourney_error_set_errno(err, "cannot make %s", path);
        }
        return 0;
    }
    int fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
    if (fd < 0) {
        return tourney_error_set_errno(err, "cannot make %s", path);
    }
    close(fd);
    return 0;
}

/* Whether another kept path under the same place holds K (it is bound back
 * with it). */
static bool held_by_another(const struct kept *kept, size_t count, size_t k)
{
    for (size_t i = 0; i < count; i++) {
        if (i != k && is_under(kept[k].path, kept[i].path) &&
            (strcmp(kept[k].path, kept[i].path) != 0 || i < k)) {
            return true;
        }
    }
    return false;
}

/* An empty tmpfs over PLACE, with the kept paths beneath it bound back. A
 * place that is a link (to /run, hidden already) or absent is left; one
 * that is itself kept stays as it is. */
static int hide_place(const char *place, const struct kept *kept, size_t count, struct error *err)
{
    struct stat info;
    if (lstat(place, &info) != 0 || !S_ISDIR(info.st_mode)) {
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        if (strcmp(kept[i].path, place) == 0) {
            return 0;
        }
    }
    if (mount("tmpfs", place, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=0755") != 0) {
        return tourney_error_set_errno(err, "cannot hide %s", place);
    }
    for (size_t i = 0; i < count; i++) {
        if (!is_under(kept[i].path, place) || held_by_another(kept, count, i)) {
            continue;
        }
        if (make_mount_point(place, &kept[i], err) != 0) {
            return -1;
        }
        char source[64];
        snprintf(source, sizeof(source), "/proc/self/fd/%d", kept[i].fd);
        if (mount(source, kept[i].path, NULL, MS_BIND | MS_REC, NULL) != 0) {
            return tourney_error_set_errno(err, "cannot keep %s", kept[i].path);
        }
    }
    return 0;
}

static int hide_socket(const char *path, struct error *err)
{
    struct stat info;
    if (lstat(path, &info) != 0 || !S_ISSOCK(info.st_mode)) {
        return 0;
    }
    if (mount("/dev/null", path, NULL, MS_BIND, NULL) != 0) {
        return tourney_error_set_errno(err, "cannot hide %s", path);
    }
    return 0;
}

int tourney_private_mounts_make(const char *const *keep, size_t count, char *note,
                                size_t note_size, struct error *err)
{
    note[0] = '\0';
    /* Process 1 of a PID namespace: started in namespaces of its own, with
     * the capability (in its user namespace only) to mount in it. */
    if (getpid() != 1) {
        snprintf(note, note_size, "it has no namespaces of its own");
        return 0;
    }
    char cwd[PATH_MAX];
    bool has_cwd = getcwd(cwd, sizeof(cwd)) != NULL;
    if (unshare(CLONE_NEWNS) != 0) {
        return refused(note, note_size, "a mount namespace");
    }
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) {
        return refused(note, note_size, "private mounts");
    }
    /* A /proc of its PID namespace before anything else: the machine's
     * leads, through /proc/PID/root of any process of the same user (the
     * runner's), back into a view that is writable. */
    if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_RDONLY, NULL) != 0) {
        return refused(note, note_size, "a /proc of its own");
    }
    if (make_read_only() != 0) {
        int why = errno;
        umount2("/proc", MNT_DETACH);
        errno = why;
        return refused(note, note_size, "a read-only view of the file system");
    }
    /* From here on the view is no longer the machine's: a step that fails
     * leaves it half made, and the agent must not run in it. */
    size_t kept_count = 0;
    struct kept *kept = open_kept(keep, count, &kept_count, err);
    if (kept == NULL) {
        return -1;
    }
    int status = 0;
    for (size_t i = 0; status == 0 && i < sizeof(hidden_places) / sizeof(hidden_places[0]); i++) {
        status = hide_place(hidden_places[i], kept, kept_count, err);
    }
    for (size_t i = 0; status == 0 && i < sizeof(hidden_sockets) / sizeof(hidden_sockets[0]);
         i++) {
        status = hide_socket(hidden_sockets[i], err);
    }
    /* The tmpfs and what was bound back are read-only too. */
    if (status == 0 && make_read_only() != 0) {
        status = tourney_error_set_errno(err, "cannot make its file system read-only");
    }
    forget(kept, kept_count);
    if (status != 0) {
        return -1;
    }
    /* Its working folder found again through the new mounts: the old one
     * may be a hidden place, reachable by ".." from it. */
    if (!has_cwd || chdir(cwd) != 0) {
        if (chdir("/") != 0) {
            return tourney_error_set_errno(err, "cannot enter /");
        }
    }
    return 1;
}
