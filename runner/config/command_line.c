#include "command_line.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "text.h"

/* Characters a shell gives a meaning to when unquoted, which the command,
 * run without one, cannot have. */
static const char shell_only[] = "|&;<>()$`*?[]{}";

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Splits TEXT into OUT (room for strlen(TEXT) + 1 bytes), each word ended
 * by a NUL. Returns the number of words, or -1 with ERR. */
static long split_into(const char *text, char *out, struct error *err)
{
    long words = 0;
    const char *p = text;
    for (;;) {
        while (is_blank(*p)) {
            p++;
        }
        if (*p == '\0') {
            return words;
        }
        if (*p == '~' || *p == '#') {
            return tourney_error_set(err,
                                     "'%c' at the start of a word: the command is not run "
                                     "by a shell (quote it to pass it as it is)",
                                     *p);
        }
        while (*p != '\0' && !is_blank(*p)) {
            char c = *p++;
            if (c == '\'') {
                const char *end = strchr(p, '\'');
                if (end == NULL) {
                    return tourney_error_set(err, "a single quote without its end");
                }
                memcpy(out, p, (size_t)(end - p));
                out += end - p;
                p = end + 1;
            } else if (c == '"') {
                while (*p != '"') {
                    if (*p == '\0') {
                        return tourney_error_set(err, "a double quote without its end");
                    }
                    if (*p == '\\' && p[1] != '\0' && strchr("\\\"$`", p[1]) != NULL) {
                        p++;
                    } else if (*p == '$' || *p == '`') {
                        return tourney_error_set(err,
                                                 "'%c' in double quotes: the command is not run "
                                                 "by a shell (write \\%c to pass it as it is)",
                                                 *p, *p);
                    }
                    *out++ = *p++;
                }
                p++;
            } else if (c == '\\') {
                if (*p == '\0') {
                    return tourney_error_set(err, "a backslash at the end");
                }
                *out++ = *p++;
            } else if (strchr(shell_only, c) != NULL) {
                return tourney_error_set(err,
                                         "'%c' outside quotes: the command is not run by a shell "
                                         "(quote it to pass it as it is)",
                                         c);
            } else {
                *out++ = c;
            }
        }
        *out++ = '\0';
        words++;
    }
}

char **tourney_command_split(const char *text, size_t *count, struct error *err)
{
    size_t length = strlen(text);
    /* The pointers, then the words: never longer than the text, plus a NUL
     * each, of which there are at most half as many as bytes, plus one. */
    size_t most = length / 2 + 2;
    char **words = malloc(most * sizeof(*words) + length + most);
    if (words == NULL) {
        tourney_error_nomem(err);
        return NULL;
    }
    char *text_area = (char *)(words + most);
    long found = split_into(text, text_area, err);
    if (found <= 0) {
        if (found == 0) {
            tourney_error_set(err, "no program in it");
        }
        free(words);
        return NULL;
    }
    char *word = text_area;
    for (long i = 0; i < found; i++) {
        words[i] = word;
        word += strlen(word) + 1;
    }
    words[found] = NULL;
    *count = (size_t)found;
    return words;
}

/* Whether PATH is a regular file this process may execute. */
static bool executable(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0 && S_ISREG(info.st_mode) && access(path, X_OK) == 0;
}

/* PATH made absolute against DIR (heap string). */
static char *absolute(const char *path, const char *dir)
{
    if (path[0] == '/') {
        return strdup(path);
    }
    if (dir[0] == '/') {
        return tourney_format("%s/%s", dir, path);
    }
    char cwd[4096];
    if (getcwd(cwd, sizeof(cwd)) == NULL) {
        return NULL;
    }
    return strcmp(dir, ".") == 0 ? tourney_format("%s/%s", cwd, path)
                                 : tourney_format("%s/%s/%s", cwd, dir, path);
}

char *tourney_command_find(const char *program, const char *dir, const char *search_path,
                           struct error *err)
{
    if (strchr(program, '/') != NULL) {
        char *path = absolute(program, dir);
        if (path == NULL) {
            tourney_error_nomem(err);
        } else if (!executable(path)) {
            if (access(path, F_OK) == 0) {
                tourney_error_set(err, "%s is not an executable file", path);
            } else {
                tourney_error_set_errno(err, "cannot run %s", path);
            }
            free(path);
            path = NULL;
        }
        return path;
    }
    const char *p = search_path != NULL ? search_path : "";
    while (*p != '\0') {
        size_t length = strcspn(p, ":");
        /* An empty directory in PATH is the working directory, as for a shell:
         * here the config's. */
        char *candidate = length == 0 ? absolute(program, dir)
                                      : tourney_format("%.*s/%s", (int)length, p, program);
        char *path = candidate != NULL ? absolute(candidate, dir) : NULL;
        free(candidate);
        if (path == NULL) {
            tourney_error_nomem(err);
            return NULL;
        }
        if (executable(path)) {
            return path;
        }
        free(path);
        p += length + (p[length] == ':');
    }
    tourney_error_set(err, "no program '%s' in the directories of PATH", program);
    return NULL;
}
