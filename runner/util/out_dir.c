/* Linux and glibc interfaces: O_PATH, renameat2. */
#define _GNU_SOURCE
#include "out_dir.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "output.h"
#include "text.h"

/* How many names NAME.N a set-aside tries before it gives up. */
#define ASIDE_LIMIT 100000
/* How many temporary names a write tries before it gives up. */
#define TEMPORARY_TRIES 64

static int refuse_link(const struct out_dir *dir, const char *name, struct error *err)
{
    return tourney_error_set(err,
                             "%s/%s is a symbolic link; tourney writes no file through a link: "
                             "remove it, or write into another directory",
                             dir->path, name);
}

static int refuse_hard_link(const struct out_dir *dir, const char *name, struct error *err)
{
    return tourney_error_set(err,
                             "%s/%s has another name (a hard link); tourney writes no file with "
                             "other names: remove it, or write into another directory",
                             dir->path, name);
}

static int refuse_special(const struct out_dir *dir, const char *name, struct error *err)
{
    return tourney_error_set(err,
                             "%s/%s is not a regular file; remove it, or write into another "
                             "directory",
                             dir->path, name);
}

/* PATH without its trailing slashes (a trailing slash makes the kernel
 * follow a link even with O_NOFOLLOW); "/" stays "/". Heap string. */
static char *without_trailing_slashes(const char *path)
{
    char *copy = strdup(path);
    if (copy == NULL) {
        return NULL;
    }
    size_t length = strlen(copy);
    while (length > 1 && copy[length - 1] == '/') {
        copy[--length] = '\0';
    }
    return copy;
}

/* Opens the directory PATH names above its last component (following
 * links: it is the user's path), creating it first when CREATE; a failure
 * to open it names PATH, which it then cannot be. */
static int open_parent(const char *path, const char *slash, bool create, struct error *err)
{
    char *parent = slash == NULL   ? strdup(".")
                   : slash == path ? strdup("/")
                                   : strndup(path, (size_t)(slash - path));
    if (parent == NULL) {
        return tourney_error_nomem(err);
    }
    int fd = -1;
    if (!create || tourney_mkdir_p(parent, err) == 0) {
        fd = open(parent, O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0) {
            tourney_error_set_errno(err, "cannot open directory %s", create ? parent : path);
        }
    }
    free(parent);
    return fd;
}

int tourney_out_dir_open(struct out_dir *dir, const char *path, bool create, struct error *err)
{
    dir->fd = -1;
    dir->path = without_trailing_slashes(path);
    if (dir->path == NULL) {
        return tourney_error_nomem(err);
    }
    if (strcmp(dir->path, "/") == 0) {
        dir->fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dir->fd < 0) {
            tourney_error_set_errno(err, "cannot open directory /");
            goto err_path;
        }
        return 0;
    }
    const char *slash = strrchr(dir->path, '/');
    const char *base = slash != NULL ? slash + 1 : dir->path;
    int parent = open_parent(dir->path, slash, create, err);
    if (parent < 0) {
        goto err_path;
    }
    if (create && mkdirat(parent, base, 0777) != 0 && errno != EEXIST) {
        tourney_error_set_errno(err, "cannot create directory %s", dir->path);
        goto err_parent;
    }
    dir->fd = openat(parent, base, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dir->fd < 0) {
        int saved = errno;
        struct stat info;
        if (fstatat(parent, base, &info, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(info.st_mode)) {
            tourney_error_set(err,
                              "%s is a symbolic link; tourney writes only into a directory "
                              "itself: give the directory's own path",
                              dir->path);
        } else if (saved == ENOTDIR) {
            tourney_error_set(err, "%s exists and is not a directory", dir->path);
        } else {
            errno = saved;
            tourney_error_set_errno(err, "cannot open directory %s", dir->path);
        }
        goto err_parent;
    }
    close(parent);
    return 0;
err_parent:
    close(parent);
err_path:
    free(dir->path);
    dir->path = NULL;
    return -1;
}

void tourney_out_dir_close(struct out_dir *dir)
{
    if (dir->fd >= 0) {
        close(dir->fd);
    }
    dir->fd = -1;
    free(dir->path);
    dir->path = NULL;
}

char *tourney_out_dir_name(const struct out_dir *dir, const char *name)
{
    return tourney_format("%s/%s", dir->path, name);
}

int tourney_out_dir_open_file(const struct out_dir *dir, const char *name, int flags,
                              struct error *err)
{
    /* O_NONBLOCK: a FIFO planted under the name must not hang the open. */
    int fd = openat(dir->fd, name, flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0666);
    if (fd < 0) {
        /* errno stays the open's, for callers that try another name. */
        int saved = errno;
        struct stat info;
        if (saved == ENOENT && (flags & O_CREAT) == 0) {
            fd = TOURNEY_OUT_DIR_NO_FILE;
            tourney_error_set(err, "cannot open %s/%s: %s", dir->path, name, strerror(saved));
        } else if (saved == ELOOP || (fstatat(dir->fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 &&
                                      S_ISLNK(info.st_mode))) {
            refuse_link(dir, name, err);
        } else {
            tourney_error_set(err, "cannot open %s/%s: %s", dir->path, name, strerror(saved));
        }
        errno = saved;
        return fd;
    }
    struct stat info;
    int status = 0;
    if (fstat(fd, &info) != 0) {
        status = tourney_error_set_errno(err, "cannot read the status of %s/%s", dir->path, name);
    } else if (!S_ISREG(info.st_mode)) {
        status = refuse_special(dir, name, err);
    } else if (info.st_nlink > 1) {
        status = refuse_hard_link(dir, name, err);
    } else if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) {
        status = tourney_error_set_errno(err, "cannot open %s/%s", dir->path, name);
    }
    if (status != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int tourney_out_dir_read_stream(const struct out_dir *dir, const char *name, FILE **in,
                                struct error *err)
{
    int fd = tourney_out_dir_open_file(dir, name, O_RDONLY, err);
    if (fd == TOURNEY_OUT_DIR_NO_FILE) {
        return 1;
    }
    if (fd < 0) {
        return -1;
    }
    *in = fdopen(fd, "r");
    if (*in == NULL) {
        close(fd);
        return tourney_error_nomem(err);
    }
    return 0;
}

/* Whatever is at DIR/NAME may be replaced by a rename: nothing, or a
 * regular file (a rename replaces the name, never writes into the file,
 * so a hard link is no danger here). */
static int check_replaceable(const struct out_dir *dir, const char *name, struct error *err)
{
    struct stat info;
    if (fstatat(dir->fd, name, &info, AT_SYMLINK_NOFOLLOW) != 0) {
        return errno == ENOENT ? 0
                               : tourney_error_set_errno(err, "cannot read the status of %s/%s",
                                                         dir->path, name);
    }
    if (S_ISLNK(info.st_mode)) {
        return refuse_link(dir, name, err);
    }
    return S_ISREG(info.st_mode) ? 0 : refuse_special(dir, name, err);
}

/* A new temporary file beside NAME, under a name no file had (O_EXCL): a
 * link planted at a name tourney once used, or the file a dead run left
 * behind, is neither written through nor removed. Returns its descriptor,
 * its name in TEMPORARY. */
static int create_temporary(const struct out_dir *dir, const char *name, char **temporary,
                            struct error *err)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint32_t salt = (uint32_t)now.tv_nsec ^ ((uint32_t)getpid() << 12);
    for (int tries = 0; tries < TEMPORARY_TRIES; tries++) {
        salt = salt * 1664525u + 1013904223u; /* another name on each try */
        *temporary = tourney_format(".%s.%08" PRIx32 ".tmp", name, salt);
        if (*temporary == NULL) {
            tourney_error_nomem(err);
            return -1;
        }
        int fd = tourney_out_dir_open_file(dir, *temporary, O_WRONLY | O_CREAT | O_EXCL, err);
        if (fd >= 0 || errno != EEXIST) {
            if (fd < 0) {
                free(*temporary);
                *temporary = NULL;
            }
            return fd;
        }
        free(*temporary);
        *temporary = NULL;
    }
    return tourney_error_set(err, "cannot find a free temporary name for %s/%s", dir->path, name);
}

int tourney_out_dir_write(const struct out_dir *dir, const char *name,
                          int (*write)(const void *context, FILE *out), const void *context,
                          struct error *err)
{
    if (check_replaceable(dir, name, err) != 0) {
        return -1;
    }
    char *temporary = NULL;
    int fd = create_temporary(dir, name, &temporary, err);
    if (fd < 0) {
        return -1;
    }
    int status = -1;
    FILE *file = fdopen(fd, "w");
    if (file == NULL) {
        tourney_error_set_errno(err, "cannot write %s/%s", dir->path, temporary);
        close(fd);
        goto err_temporary;
    }
    errno = 0;
    int written = write(context, file);
    int flushed = fflush(file);
    int synced = fsync(fileno(file));
    int closed = fclose(file);
    if (written != 0 || flushed != 0 || synced != 0 || closed != 0) {
        tourney_error_set(err, "cannot write %s/%s: %s", dir->path, temporary,
                          errno ? strerror(errno) : "write failed");
        goto err_temporary;
    }
    /* Checked again: the name may have changed while the file was written.
     * A link planted after this check is replaced, never written through. */
    if (check_replaceable(dir, name, err) != 0) {
        goto err_temporary;
    }
    if (renameat(dir->fd, temporary, dir->fd, name) != 0) {
        tourney_error_set_errno(err, "cannot rename %s/%s to %s", dir->path, temporary, name);
        goto err_temporary;
    }
    status = 0;
    goto out;
err_temporary:
    unlinkat(dir->fd, temporary, 0); /* the file this call created */
out:
    free(temporary);
    return status;
}

/* Moves FROM to TO in DIR unless TO exists: -1 with errno EEXIST then. */
static int rename_no_replace(const struct out_dir *dir, const char *from, const char *to)
{
    if (renameat2(dir->fd, from, dir->fd, to, RENAME_NOREPLACE) == 0) {
        return 0;
    }
    if (errno != EINVAL && errno != ENOSYS) {
        return -1;
    }
    /* A file system without RENAME_NOREPLACE: a new name, then the old one
     * removed (linkat never replaces). */
    if (linkat(dir->fd, from, dir->fd, to, 0) != 0) {
        return -1;
    }
    return unlinkat(dir->fd, from, 0);
}

char *tourney_out_dir_free_name(const struct out_dir *dir, const char *name)
{
    for (unsigned n = 1; n <= ASIDE_LIMIT; n++) {
        char *aside = tourney_format("%s.%u", name, n);
        struct stat info;
        if (aside == NULL || fstatat(dir->fd, aside, &info, AT_SYMLINK_NOFOLLOW) != 0) {
            return aside;
        }
        free(aside);
    }
    return NULL;
}

int tourney_out_dir_set_aside(const struct out_dir *dir, const char *name, char **aside,
                              struct error *err)
{
    *aside = NULL;
    for (unsigned n = 1; n <= ASIDE_LIMIT; n++) {
        char *candidate = tourney_format("%s.%u", name, n);
        if (candidate == NULL) {
            return tourney_error_nomem(err);
        }
        if (rename_no_replace(dir, name, candidate) == 0) {
            *aside = candidate;
            return 0;
        }
        free(candidate);
        if (errno != EEXIST) {
            return tourney_error_set_errno(err, "cannot move %s/%s aside", dir->path, name);
        }
    }
    return tourney_error_set(err, "cannot move %s/%s aside: %s.1 to %s.%d are all taken",
                             dir->path, name, name, name, ASIDE_LIMIT);
}
