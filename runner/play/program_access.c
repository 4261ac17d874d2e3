/* getcwd, realpath (X/Open). */
#define _XOPEN_SOURCE 700
#include "program_access.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "text.h"

/* PATH as the runner's working directory sees it, absolute. */
static char *from_here(const char *path)
{
    if (path[0] == '/') {
        return strdup(path);
    }
    char here[PATH_MAX];
    return getcwd(here, sizeof(here)) != NULL ? tourney_format("%s/%s", here, path) : NULL;
}

/* The other agents' files, which entrant SELF may not read (a plugin's
 * file; a program's own files and folder; DIR the config's folder,
 * canonical), added to the NULL-terminated *LIST of *COUNT. */
static int others_of(const struct tournament *t, size_t self, const char *dir, char ***list,
                     size_t *count)
{
    int status = 0;
    for (size_t i = 0; status == 0 && i < t->entrant_count; i++) {
        const struct entrant *e = &t->entrants[i];
        if (i == self) {
            continue;
        }
        if (e->argv != NULL) {
            status = tourney_program_own_paths((const char *const *)e->argv, e->program_word, dir,
                                               list, count);
        } else if (e->plugin != NULL && e->plugin->path != NULL) {
            char **more = realloc(*list, (*count + 2) * sizeof(*more));
            char *path = more != NULL ? from_here(e->plugin->path) : NULL;
            if (more != NULL) {
                *list = more;
            }
            if (path == NULL) {
                status = -1;
            } else {
                more[(*count)++] = path;
                more[*count] = NULL;
            }
        }
    }
    return status;
}

static void free_list(char **list)
{
    for (size_t i = 0; list != NULL && list[i] != NULL; i++) {
        free(list[i]);
    }
    free(list);
}

int tourney_tournament_plan_reads(struct tournament *t, bool with_output, struct error *err)
{
    /* Arguments are made absolute from the config's folder, canonical. */
    char *here = from_here(t->config.dir);
    char *dir = here != NULL ? tourney_canonical_path(here, "/") : NULL;
    free(here);
    /* No program reads the config or the results. */
    char *never[3] = {from_here(t->config.path),
                      with_output ? from_here(t->config.settings.output_dir) : NULL, NULL};
    if (dir == NULL || never[0] == NULL || (with_output && never[1] == NULL)) {
        free(dir);
        free(never[0]);
        free(never[1]);
        return tourney_error_nomem(err);
    }
    int status = 0;
    for (size_t i = 0; status == 0 && i < t->entrant_count; i++) {
        struct entrant *e = &t->entrants[i];
        if (e->argv == NULL) {
            continue;
        }
        char **forbidden = NULL;
        size_t count = 0;
        if (others_of(t, i, dir, &forbidden, &count) != 0) {
            free_list(forbidden);
            status = tourney_error_nomem(err);
            break;
        }
        const struct program_reads_input input = {
            .argv = (const char *const *)e->argv,
            .program_word = e->program_word,
            .dir = dir,
            .folders = (const char *const *)e->read_words,
            .game_plugin = t->game_plugin.path,
            .search_path = getenv("PATH"),
            .python_path = getenv("PYTHONPATH"),
            .home = getenv("HOME"),
            .never = (const char *const *)never,
            .forbidden = (const char *const *)forbidden,
        };
        tourney_program_reads_finish(&e->access);
        status = tourney_program_reads(&input, &e->access, err);
        free_list(forbidden);
    }
    free(dir);
    free(never[0]);
    free(never[1]);
    return status;
}
