#include "analysis_file.h"

#include <jansson.h>

#include "exact_solver.h"
#include "text.h"

static int put_line(json_t *o, FILE *out)
{
    int status = -1;
    if (o != NULL && json_dumpf(o, out, JSON_COMPACT) == 0 && fputc('\n', out) != EOF) {
        status = 0;
    }
    json_decref(o);
    return status;
}

static json_t *value_json(struct exact_value v)
{
    char text[32];
    tourney_exact_text(v, text, sizeof(text));
    return json_string(text);
}

static json_t *game_json(const struct analysis_file *f, const struct analysed_game *g)
{
    json_t *moves = json_array();
    json_t *o = json_pack("{s:I, s:[s, s], s:I, s:o}", "game", (json_int_t)g->index, "players",
                          f->header->agents[g->agent[0]].name, f->header->agents[g->agent[1]].name,
                          "first_ply", (json_int_t)g->first_ply, "moves", moves);
    if (o == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < g->move_count; i++) {
        const struct graded_move *m = &g->graded[i];
        char text[64];
        tourney_game_adapter_move_text(f->game, g->moves[i], text, sizeof(text));
        tourney_make_printable(text, false); /* the game's bytes, into JSON */
        json_t *move =
            json_pack("{s:I, s:i, s:s, s:o, s:o, s:s}", "ply", (json_int_t)m->ply, "seat", m->seat,
                      "move", text, "before", value_json(m->before), "after",
                      value_json(m->reached), "grade", tourney_grade_name(m->grade));
        if (move == NULL || json_array_append_new(moves, move) != 0) {
            json_decref(o);
            return NULL;
        }
    }
    return o;
}

static int write_lines(const void *context, FILE *out)
{
    const struct analysis_file *f = context;
    const struct log_header *h = f->header;
    json_t *head = json_pack("{s:s, s:i, s:s, s:s, s:s, s:s, s:I, s:s, s:I}", "analysis", "exact",
                             "format", ANALYSIS_FILE_FORMAT, "game", h->game, "game_params",
                             h->game_params, "solver", TOURNEY_EXACT_AGENT, "solver_params",
                             f->solver_params, "budget", (json_int_t)f->budget, "settings_digest",
                             h->settings_digest, "games", (json_int_t)f->games->count);
    if (put_line(head, out) != 0) {
        return -1;
    }
    for (size_t i = 0; i < f->games->count; i++) {
        if (put_line(game_json(f, &f->games->games[i]), out) != 0) {
            return -1;
        }
    }
    return 0;
}

int tourney_analysis_file_write(const struct out_dir *dir, const char *name,
                                const struct analysis_file *file, struct error *err)
{
    return tourney_out_dir_write(dir, name, write_lines, file, err);
}
