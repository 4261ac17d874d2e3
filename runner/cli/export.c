#include "export.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "analysis_read.h"
#include "export_format.h"
#include "log_game.h"
#include "log_reader.h"
#include "out_dir.h"
#include "output.h"
#include "record_check.h"
#include "results_log.h"
#include "text.h"

bool tourney_export_format_parse(const char *name, enum export_format *format)
{
    if (strcmp(name, "text") == 0) {
        *format = EXPORT_TEXT;
    } else if (strcmp(name, "csv") == 0) {
        *format = EXPORT_CSV;
    } else {
        return false;
    }
    return true;
}

/* A log opened with its game plugin, and where the games go; the games
 * left out, their ends not following from their moves, are named to
 * WARN and counted in LEFT_OUT. */
struct export_job {
    const struct export_request *request;
    struct log_reader *reader;
    struct game_adapter *game;
    const struct analysis_read *analysis; /* NULL without one */
    struct error *err;
    const struct warnings *warn;
    uint64_t *left_out;
};

/* Writes every game of the job's log to OUT. A log that cannot be read
 * leaves its reason in the job's error; a failure to write leaves none (the
 * caller knows what it was writing to). */
static int write_games(const void *context, FILE *out)
{
    const struct export_job *job = context;
    const struct export_source source = {
        .header = &job->reader->header, .game = job->game, .analysis = job->analysis};
    if (job->request->format == EXPORT_CSV && tourney_export_csv_head(out) != 0) {
        return -1;
    }
    struct game_record record;
    int status = 0;
    for (;;) {
        tourney_record_init(&record);
        int read = tourney_log_reader_next(job->reader, &record, job->err);
        if (read <= 0) {
            status = read;
            break;
        }
        struct error why;
        if (tourney_record_check(job->game, &job->reader->header, &record, &why) != 0) {
            tourney_warn(job->warn, "%s", why.text);
            ++*job->left_out;
            tourney_record_finish(&record);
            continue;
        }
        status = job->request->format == EXPORT_CSV
                     ? tourney_export_csv_game(out, &source, &record)
                     : tourney_export_text_game(out, &source, &record);
        tourney_record_finish(&record);
        if (status != 0) {
            return -1;
        }
    }
    tourney_record_finish(&record);
    return status;
}

/* The game of the log, found by its name along the plugin path, never at a
 * path the log holds (it is data, and may come from anywhere). */
static int find_game(struct log_game *game, const struct log_header *header, const char *exe_path,
                     const char *env_plugin_path, struct error *err)
{
    struct log_header by_name = *header;
    by_name.game_path = NULL;
    return tourney_log_game_find(game, &by_name, exe_path, env_plugin_path, err);
}

/* Writes to OUTPUT through a temporary file renamed into place. */
static int write_file(const char *output, const struct export_job *job)
{
    char *dir = tourney_dirname(output);
    const char *name = strrchr(output, '/');
    name = name != NULL ? name + 1 : output;
    if (dir == NULL) {
        return tourney_error_nomem(job->err);
    }
    struct error write_error;
    tourney_error_clear(job->err);
    int status = tourney_write_atomic(dir, name, write_games, job, &write_error);
    if (status != 0 && !tourney_error_is_set(job->err)) {
        *job->err = write_error;
    }
    free(dir);
    return status;
}

/* The log's analysis (analysis.jsonl beside it) into READ when there is one
 * of this log; else NULL, warning why one that is there is not used. */
static const struct analysis_read *read_analysis(const char *dir, const struct log_header *header,
                                                 struct analysis_read *read,
                                                 const struct warnings *warn)
{
    struct out_dir opened = {.fd = -1};
    struct error why;
    memset(read, 0, sizeof(*read));
    int status = tourney_out_dir_open(&opened, dir, false, &why);
    if (status == 0) {
        status = tourney_analysis_read(&opened, TOURNEY_ANALYSIS_NAME, header, read, &why);
    }
    if (status < 0) {
        tourney_warn(warn, "the export leaves the analysis out: %s", why.text);
    }
    tourney_out_dir_close(&opened);
    return status == 0 ? read : NULL;
}

int tourney_export(const struct export_request *request, const char *exe_path,
                   const char *env_plugin_path, FILE *out, const struct warnings *warn,
                   struct error *err)
{
    char *path = tourney_format("%s/%s", request->dir, TOURNEY_LOG_NAME);
    if (path == NULL) {
        return tourney_error_nomem(err);
    }
    struct log_reader reader;
    int status = tourney_log_reader_open(&reader, path, err);
    if (status != 0) {
        if (status == TOURNEY_LOG_EMPTY) {
            tourney_error_set(err, "the results log holds no complete line");
        }
        free(path);
        return -1;
    }
    struct log_game game;
    status = find_game(&game, &reader.header, exe_path, env_plugin_path, err);
    if (status != 0) {
        tourney_error_prefix(err, "cannot name the moves of %s", path);
    } else {
        uint64_t left_out = 0;
        struct analysis_read analysis;
        struct export_job job = {.request = request,
                                 .reader = &reader,
                                 .game = &game.game,
                                 .analysis =
                                     read_analysis(request->dir, &reader.header, &analysis, warn),
                                 .err = err,
                                 .warn = warn,
                                 .left_out = &left_out};
        tourney_error_clear(err);
        status =
            request->output != NULL ? write_file(request->output, &job) : write_games(&job, out);
        if (request->output == NULL && (fflush(out) != 0 || status != 0) &&
            !tourney_error_is_set(err)) {
            status = tourney_error_set(err, "cannot write the standard output");
        }
        if (status == 0 && reader.torn) {
            tourney_warn(warn, "%s ends in a torn record (an interrupted write); it is left out",
                         path);
        }
        if (status == 0 && left_out > 0) {
            /* The other games are exported; the status says some are not. */
            status = tourney_record_check_left_out(err, left_out, path, "the export");
        }
        tourney_analysis_read_finish(&analysis);
    }
    tourney_log_game_close(&game);
    tourney_log_reader_close(&reader);
    free(path);
    return status == 0 ? 0 : -1;
}
