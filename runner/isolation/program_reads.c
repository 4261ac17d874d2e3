/* realpath (X/Open), lstat. */
#define _XOPEN_SOURCE 700
#include "program_reads.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "text.h"

/* How deep `#!` lines are followed, and folders are opened to hold back a
 * forbidden path; and how many paths a program may be given, at most. */
#define MAX_INTERPRETERS 4
#define MAX_TRIM_DEPTH 8
#define MAX_PATHS 20000

/* A NULL-terminated list of heap strings. */
static int push(char ***list, size_t *count, size_t *capacity, char *owned)
{
    if (owned == NULL) {
        return -1;
    }
    if (*count + 1 >= *capacity) {
        size_t more = *capacity * 2 + 8;
        char **grown = realloc(*list, more * sizeof(*grown));
        if (grown == NULL) {
            free(owned);
            return -1;
        }
        *list = grown;
        *capacity = more;
    }
    (*list)[(*count)++] = owned;
    (*list)[*count] = NULL;
    return 0;
}

static void free_list(char **list)
{
    for (size_t i = 0; list != NULL && list[i] != NULL; i++) {
        free(list[i]);
    }
    free(list);
}

/* Whether PATH is FOLDER or beneath it (both canonical). */
static bool beneath(const char *path, const char *folder)
{
    size_t length = strlen(folder);
    if (length == 1 && folder[0] == '/') {
        return true;
    }
    return strncmp(path, folder, length) == 0 && (path[length] == '/' || path[length] == '\0');
}

/* PATH, absolute: from DIR when relative. */
static char *absolute(const char *path, const char *dir)
{
    return path[0] == '/' ? strdup(path) : tourney_format("%s/%s", dir, path);
}

/* realpath of PATH into a heap string, or NULL (missing, or no memory). */
static char *real(const char *path)
{
    char buffer[PATH_MAX];
    return realpath(path, buffer) != NULL ? strdup(buffer) : NULL;
}

char *tourney_canonical_path(const char *path, const char *dir)
{
    char *full = absolute(path, dir);
    if (full == NULL) {
        return NULL;
    }
    char *resolved = real(full);
    if (resolved != NULL) {
        free(full);
        return resolved;
    }
    /* The longest part that exists, resolved, and the rest as it is. */
    char *slash = strrchr(full, '/');
    char *canonical = NULL;
    if (slash == full) {
        canonical = full[1] == '\0' ? strdup("/") : strdup(full);
    } else {
        *slash = '\0';
        char *parent = tourney_canonical_path(full, "/");
        const char *base = slash + 1;
        if (parent != NULL && (base[0] == '\0' || strcmp(base, ".") == 0)) {
            canonical = strdup(parent);
        } else if (parent != NULL && strcmp(base, "..") == 0) {
            char *up = strrchr(parent, '/');
            canonical = up == parent ? strdup("/") : strndup(parent, (size_t)(up - parent));
        } else if (parent != NULL) {
            canonical =
                tourney_format("%s%s%s", parent, strcmp(parent, "/") == 0 ? "" : "/", base);
        }
        free(parent);
    }
    free(full);
    return canonical;
}

/* Whether PATH names something of type S_IFMT bits KIND. */
static bool is_kind(const char *path, mode_t kind)
{
    struct stat info;
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == kind;
}

int tourney_program_own_paths(const char *const *argv, const char *program_word, const char *dir,
                              char ***list, size_t *count)
{
    size_t capacity = *count + 1;
    char *first = NULL;
    for (size_t i = 1; argv[i] != NULL; i++) {
        char *path = absolute(argv[i], dir);
        if (path == NULL) {
            return -1;
        }
        char *file = is_kind(path, S_IFREG) ? real(path) : NULL;
        free(path);
        if (file != NULL) {
            if (first == NULL && (first = strdup(file)) == NULL) {
                free(file);
                return -1;
            }
            if (push(list, count, &capacity, file) != 0) {
                free(first);
                return -1;
            }
        }
    }
    if (first == NULL && program_word[0] != '/' && strchr(program_word, '/') != NULL) {
        first = real(argv[0]);
        if (first != NULL && push(list, count, &capacity, strdup(first)) != 0) {
            free(first);
            return -1;
        }
    }
    if (first != NULL) {
        char *slash = strrchr(first, '/');
        *(slash == first ? slash + 1 : slash) = '\0';
        if (push(list, count, &capacity, first) != 0) {
            return -1;
        }
    }
    return 0;
}

/* The work in progress: the input, what is allowed so far, and the paths
 * that are never allowed. */
struct reads {
    const struct program_reads_input *in;
    struct program_reads *out;
    size_t shown_capacity;
    char **forbidden; /* canonical, NULL-terminated: IN's never, then IN's forbidden */
    size_t forbidden_count;
    size_t never_count; /* of them, IN's never */
    size_t checked;     /* how many of them the checks heed now: all, or the never ones */
    char *home;         /* canonical, or NULL */
    char *own_folder;
    char **notes;
    size_t note_count;
    size_t note_capacity;
    bool full; /* MAX_PATHS reached */
};

static bool listed(char *const *list, const char *path)
{
    for (size_t i = 0; list != NULL && list[i] != NULL; i++) {
        if (strcmp(list[i], path) == 0) {
            return true;
        }
    }
    return false;
}

/* Allows PATH (canonical), unless it is there already. */
static int add_path(struct reads *r, const char *path)
{
    if (listed(r->out->paths, path)) {
        return 0;
    }
    if (r->out->count >= MAX_PATHS) {
        r->full = true;
        return 0;
    }
    return push(&r->out->paths, &r->out->count, &r->out->capacity, strdup(path));
}

static int show(struct reads *r, char *owned)
{
    if (owned != NULL && listed(r->out->shown, owned)) {
        free(owned);
        return 0;
    }
    return push(&r->out->shown, &r->out->shown_count, &r->shown_capacity, owned);
}

static int note(struct reads *r, char *owned)
{
    if (owned != NULL && listed(r->notes, owned)) {
        free(owned);
        return 0;
    }
    return push(&r->notes, &r->note_count, &r->note_capacity, owned);
}

static int allow_file(struct reads *r, const char *path, const char *why)
{
    if (add_path(r, path) != 0) {
        return -1;
    }
    return show(r, tourney_format("%s (%s)", path, why));
}

/* Whether PATH is forbidden, or beneath a forbidden folder. */
static bool forbidden(const struct reads *r, const char *path)
{
    for (size_t i = 0; i < r->checked; i++) {
        if (beneath(path, r->forbidden[i])) {
            return true;
        }
    }
    return false;
}

/* Whether a forbidden path lies strictly beneath FOLDER. */
static bool holds_forbidden(const struct reads *r, const char *folder)
{
    for (size_t i = 0; i < r->checked; i++) {
        if (strcmp(r->forbidden[i], folder) != 0 && beneath(r->forbidden[i], folder)) {
            return true;
        }
    }
    return false;
}

/* Allows the entries of FOLDER one by one, but for the forbidden ones, and
 * those of its folders that hold forbidden ones likewise. Links are left
 * out: a link in an allowed folder leads nowhere Landlock allows either. */
static int allow_entries(struct reads *r, const char *folder, int depth)
{
    DIR *dir = opendir(folder);
    if (dir == NULL) {
        return 0;
    }
    int status = 0;
    for (struct dirent *entry = readdir(dir); status == 0 && entry != NULL; entry = readdir(dir)) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) {
            continue;
        }
        char *path =
            tourney_format("%s%s%s", folder, strcmp(folder, "/") == 0 ? "" : "/", entry->d_name);
        if (path == NULL) {
            status = -1;
            break;
        }
        struct stat info;
        if (lstat(path, &info) == 0 && !S_ISLNK(info.st_mode) && !forbidden(r, path)) {
            if (!S_ISDIR(info.st_mode) || !holds_forbidden(r, path)) {
                status = add_path(r, path);
            } else if (depth < MAX_TRIM_DEPTH) {
                status = allow_entries(r, path, depth + 1);
            }
        }
        free(path);
    }
    closedir(dir);
    return status;
}

/* The forbidden paths beneath FOLDER, for a message: "a, b". */
static char *held_back(const struct reads *r, const char *folder)
{
    char *text = strdup("");
    for (size_t i = 0; text != NULL && i < r->checked; i++) {
        if (beneath(r->forbidden[i], folder)) {
            char *longer = tourney_format("%s%s%s", text, text[0] ? ", " : "", r->forbidden[i]);
            free(text);
            text = longer;
        }
    }
    return text;
}

/* Allows FOLDER (canonical) and all beneath it, for WHY; but never the
 * root, the home or a folder holding it, nor a forbidden path. Returns 0
 * when allowed (in part, when it holds forbidden paths: NOTE says so), 1
 * when refused, -1 when out of memory. */
static int allow_folder(struct reads *r, const char *folder, const char *why)
{
    if (strcmp(folder, "/") == 0 || (r->home != NULL && beneath(r->home, folder)) ||
        forbidden(r, folder)) {
        const char *what = strcmp(folder, "/") == 0 ? "the root of the file system"
                           : r->home != NULL && beneath(r->home, folder)
                               ? "the home folder or holds it"
                               : "the config, the output folder or another agent's";
        return note(r, tourney_format("%s (%s) is %s: it is not readable (give the agent a "
                                      "folder of its own, or name what it reads with read =)",
                                      folder, why, what)) == 0
                   ? 1
                   : -1;
    }
    if (!holds_forbidden(r, folder)) {
        if (add_path(r, folder) != 0) {
            return -1;
        }
        return show(r, tourney_format("%s (%s)", folder, why));
    }
    char *held = held_back(r, folder);
    if (held == NULL || allow_entries(r, folder, 0) != 0 ||
        show(r, tourney_format("%s, all but %s (%s)", folder, held, why)) != 0 ||
        note(r, tourney_format("%s (%s) also holds %s, which it may not read; it may open the "
                               "folder's other files by name but not list the folder (so Python "
                               "cannot import from it): give the agent a folder of its own, or "
                               "name what it reads with read =",
                               folder, why, held)) != 0) {
        free(held);
        return -1;
    }
    free(held);
    return 0;
}

/* The folder of PATH (canonical), as a heap string. */
static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash == NULL || slash == path ? strdup("/") : strndup(path, (size_t)(slash - path));
}

static const char *base_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

/* Where a program in FOLDER is installed: the folder above a bin, sbin or
 * shims folder, else FOLDER itself (falling back to FOLDER when the one
 * above is refused). */
static int allow_installation(struct reads *r, const char *folder, const char *program)
{
    const char *name = base_of(folder);
    char *why = tourney_format("where %s is installed", base_of(program));
    if (why == NULL) {
        return -1;
    }
    int status = 1;
    if (strcmp(name, "bin") == 0 || strcmp(name, "sbin") == 0 || strcmp(name, "shims") == 0) {
        char *above = folder_of(folder);
        status = above == NULL ? -1 : strcmp(above, "/") == 0 ? 1 : allow_folder(r, above, why);
        free(above);
    }
    if (status == 1) {
        status = allow_folder(r, folder, why);
    }
    free(why);
    return status < 0 ? -1 : 0;
}

static int add_program(struct reads *r, const char *link, int depth);

/* NAME as PATH finds it (for env), added as a program. */
static int add_found(struct reads *r, const char *name, int depth)
{
    if (strchr(name, '/') != NULL) {
        return name[0] == '/' ? add_program(r, name, depth) : 0;
    }
    const char *search = r->in->search_path != NULL ? r->in->search_path : "";
    while (*search != '\0') {
        size_t length = strcspn(search, ":");
        char *candidate = tourney_format("%.*s/%s", (int)length, search, name);
        if (candidate == NULL) {
            return -1;
        }
        bool found = length > 0 && access(candidate, X_OK) == 0 && is_kind(candidate, S_IFREG);
        int status = found ? add_program(r, candidate, depth) : 0;
        free(candidate);
        if (found || status != 0) {
            return status;
        }
        search += length + (search[length] == ':');
    }
    return 0;
}

/* The first word of WORDS (blank-separated, NULL-terminated list) that is
 * not an option nor NAME=VALUE: what env runs. */
static const char *env_program(const char *const *words)
{
    for (size_t i = 0; words[i] != NULL; i++) {
        if (words[i][0] != '-' && strchr(words[i], '=') == NULL) {
            return words[i];
        }
    }
    return NULL;
}

/* The interpreter of the script PATH (#!INTERPRETER [ARGUMENT]), which the
 * kernel executes in its place. */
static int add_interpreter(struct reads *r, const char *path, int depth)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
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
    line[strcspn(line, "\r\n")] = '\0';
    char *words[16] = {0};
    size_t count = 0;
    char *rest = line + 2;
    for (char *word = strtok_r(rest, " \t", &rest); word != NULL && count < 15;
         word = strtok_r(NULL, " \t", &rest)) {
        words[count++] = word;
    }
    if (count == 0 || words[0][0] != '/') {
        return 0;
    }
    if (add_program(r, words[0], depth) != 0) {
        return -1;
    }
    if (strcmp(base_of(words[0]), "env") == 0) {
        const char *program = env_program((const char *const *)words + 1);
        return program != NULL ? add_found(r, program, depth) : 0;
    }
    return 0;
}

/* The program LINK (an absolute path, perhaps a link) and its
 * installation, and its interpreter's when it is a script. */
static int add_program(struct reads *r, const char *link, int depth)
{
    if (depth > MAX_INTERPRETERS) {
        return 0;
    }
    char *file = real(link);
    if (file == NULL) {
        return 0;
    }
    char *folder = folder_of(file);
    char *link_folder_text = folder_of(link);
    char *link_folder = link_folder_text != NULL ? real(link_folder_text) : NULL;
    int status = folder == NULL || link_folder_text == NULL ? -1 : allow_file(r, file, "program");
    if (status == 0) {
        status = allow_installation(r, folder, file);
    }
    if (status == 0 && link_folder != NULL && strcmp(link_folder, folder) != 0) {
        status = allow_installation(r, link_folder, link);
    }
    if (status == 0) {
        status = add_interpreter(r, file, depth + 1);
    }
    free(file);
    free(folder);
    free(link_folder_text);
    free(link_folder);
    return status;
}

/* Each folder of PYTHONPATH, and of the user's site-packages. */
static int add_python_paths(struct reads *r)
{
    const char *path = r->in->python_path != NULL ? r->in->python_path : "";
    while (*path != '\0') {
        size_t length = strcspn(path, ":");
        char *entry = strndup(path, length);
        char *folder = entry != NULL && length > 0 ? real(entry) : NULL;
        int status = entry == NULL ? -1
                     : folder != NULL && is_kind(folder, S_IFDIR)
                         ? allow_folder(r, folder, "PYTHONPATH")
                         : 0;
        free(entry);
        free(folder);
        if (status < 0) {
            return -1;
        }
        path += length + (path[length] == ':');
    }
    if (r->in->home == NULL) {
        return 0;
    }
    char *lib = tourney_format("%s/.local/lib", r->in->home);
    DIR *dir = lib != NULL ? opendir(lib) : NULL;
    int status = lib == NULL ? -1 : 0;
    for (struct dirent *e = dir ? readdir(dir) : NULL; status == 0 && e != NULL;
         e = readdir(dir)) {
        if (strncmp(e->d_name, "python", 6) != 0) {
            continue;
        }
        char *site = tourney_format("%s/%s/site-packages", lib, e->d_name);
        char *folder = site != NULL ? real(site) : NULL;
        status = site == NULL ? -1
                 : folder != NULL && is_kind(folder, S_IFDIR)
                     ? (allow_folder(r, folder, "the user's site-packages") < 0 ? -1 : 0)
                     : 0;
        free(site);
        free(folder);
    }
    if (dir != NULL) {
        closedir(dir);
    }
    free(lib);
    return status;
}

/* The agent's own files, its own folder and the folders its arguments
 * name; and the arguments made absolute. */
static int add_own(struct reads *r)
{
    const struct program_reads_input *in = r->in;
    char **own = NULL;
    size_t count = 0;
    if (tourney_program_own_paths(in->argv, in->program_word, in->dir, &own, &count) != 0) {
        free_list(own);
        return -1;
    }
    int status = 0;
    /* The files, then their first one's folder (the last of the list). */
    for (size_t i = 0; status == 0 && i + 1 < count; i++) {
        status = allow_file(r, own[i], "its own file");
    }
    if (status == 0 && count > 0) {
        r->own_folder = strdup(own[count - 1]);
        status = r->own_folder == NULL ? -1 : allow_folder(r, own[count - 1], "its own folder");
    }
    free_list(own);
    size_t capacity = 0;
    size_t argc = 0;
    for (size_t i = 0; status >= 0 && in->argv[i] != NULL; i++) {
        char *path = i > 0 && in->argv[i][0] != '/' ? absolute(in->argv[i], in->dir) : NULL;
        bool exists = path != NULL && access(path, F_OK) == 0;
        if (exists && is_kind(path, S_IFDIR)) {
            char *folder = real(path);
            status = folder == NULL ? 0 : allow_folder(r, folder, "named on its command line");
            free(folder);
        }
        if (status >= 0) {
            status = push(&r->out->argv, &argc, &capacity, exists ? path : strdup(in->argv[i]));
            path = exists ? NULL : path;
        }
        free(path);
    }
    return status < 0 ? -1 : 0;
}

/* Adds the paths of LIST, canonical, to the forbidden ones, but those its
 * own paths (OWN) are beneath (two agents may share a folder, or a
 * script). */
static int add_forbidden(struct reads *r, const char *const *list, char *const *own,
                         size_t *capacity)
{
    for (size_t i = 0; list != NULL && list[i] != NULL; i++) {
        char *path = tourney_canonical_path(list[i], r->in->dir);
        bool mine = false;
        for (size_t j = 0; path != NULL && own != NULL && own[j] != NULL; j++) {
            mine = mine || beneath(own[j], path);
        }
        if (path != NULL && (mine || listed(r->forbidden, path))) {
            free(path);
            continue;
        }
        if (push(&r->forbidden, &r->forbidden_count, capacity, path) != 0) {
            return -1;
        }
    }
    return 0;
}

/* The never and forbidden paths of IN. */
static int set_forbidden(struct reads *r)
{
    char **own = NULL;
    size_t own_count = 0;
    const struct program_reads_input *in = r->in;
    if (tourney_program_own_paths(in->argv, in->program_word, in->dir, &own, &own_count) != 0) {
        free_list(own);
        return -1;
    }
    size_t capacity = 0;
    int status = add_forbidden(r, in->never, own, &capacity);
    r->never_count = r->forbidden_count;
    if (status == 0) {
        status = add_forbidden(r, in->forbidden, own, &capacity);
    }
    r->checked = r->forbidden_count;
    free_list(own);
    return status;
}

/* The folders and files of `read =`: the user named them, so other
 * agents' files in them are given too; never the config, the output
 * folder, the home or the root. */
static int add_named(struct reads *r)
{
    const struct program_reads_input *in = r->in;
    r->checked = r->never_count;
    int status = 0;
    for (size_t i = 0; status == 0 && in->folders != NULL && in->folders[i] != NULL; i++) {
        char *path = absolute(in->folders[i], in->dir);
        char *canonical = path != NULL ? real(path) : NULL;
        status = path == NULL        ? -1
                 : canonical == NULL ? 0
                 : is_kind(canonical, S_IFDIR)
                     ? (allow_folder(r, canonical, "read =") < 0 ? -1 : 0)
                 : !forbidden(r, canonical) ? allow_file(r, canonical, "read =")
                                            : 0;
        free(path);
        free(canonical);
    }
    r->checked = r->forbidden_count;
    if (status != 0) {
        return -1;
    }
    if (in->game_plugin != NULL) {
        char *plugin = real(in->game_plugin);
        status = plugin != NULL ? allow_file(r, plugin, "the game's plugin") : 0;
        free(plugin);
        return status;
    }
    return 0;
}

/* The system's configuration that interpreters read as they start, and no
 * secret: OpenSSL's (node loads it), the time zone. */
static const char *const system_files[] = {"/etc/ssl/openssl.cnf", "/etc/localtime"};

static int add_system_files(struct reads *r)
{
    for (size_t i = 0; i < sizeof(system_files) / sizeof(system_files[0]); i++) {
        char *file = real(system_files[i]);
        int status = file != NULL ? allow_file(r, file, "the system's configuration") : 0;
        free(file);
        if (status != 0) {
            return -1;
        }
    }
    return 0;
}

/* The notes as one text. */
static int join_notes(struct reads *r)
{
    if (r->full &&
        note(r, tourney_format("more than %d paths: the rest is not readable", MAX_PATHS)) != 0) {
        return -1;
    }
    for (size_t i = 0; i < r->note_count; i++) {
        char *text = r->out->note == NULL ? strdup(r->notes[i])
                                          : tourney_format("%s; %s", r->out->note, r->notes[i]);
        if (text == NULL) {
            return -1;
        }
        free(r->out->note);
        r->out->note = text;
    }
    return 0;
}

int tourney_program_reads(const struct program_reads_input *in, struct program_reads *out,
                          struct error *err)
{
    memset(out, 0, sizeof(*out));
    struct reads r = {.in = in, .out = out};
    r.home = in->home != NULL && in->home[0] == '/' ? real(in->home) : NULL;
    int status = set_forbidden(&r);
    if (status == 0) {
        status = add_own(&r);
    }
    if (status == 0) {
        status = add_program(&r, in->argv[0], 0);
    }
    /* A program started through env: what env runs. */
    char *program = status == 0 ? real(in->argv[0]) : NULL;
    if (program != NULL && strcmp(base_of(program), "env") == 0) {
        const char *name = env_program(in->argv + 1);
        status = name != NULL ? add_found(&r, name, 1) : 0;
    }
    free(program);
    if (status == 0) {
        status = add_named(&r);
    }
    if (status == 0) {
        status = add_python_paths(&r);
    }
    if (status == 0) {
        status = add_system_files(&r);
    }
    if (status == 0) {
        status = join_notes(&r);
    }
    if (status == 0) {
        out->workdir = strdup(r.own_folder != NULL ? r.own_folder : in->dir);
        status = out->workdir == NULL ? -1 : 0;
    }
    free_list(r.forbidden);
    free_list(r.notes);
    free(r.home);
    free(r.own_folder);
    return status == 0 ? 0 : tourney_error_nomem(err);
}

void tourney_program_reads_finish(struct program_reads *out)
{
    free_list(out->paths);
    free_list(out->shown);
    free_list(out->argv);
    free(out->note);
    free(out->workdir);
    memset(out, 0, sizeof(*out));
}
