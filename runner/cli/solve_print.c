/*
 * solve_print.c - a solved position, or the summary of a solved file, as
 * text for people or as JSON for scripts and benchmarks.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

#include "solve.h"
#include "text_escape.h"

/* "win", "loss", "draw", or "unknown" when the search stopped at a depth
 * limit without proving anything. */
static const char *outcome_word(const struct solve_result *r)
{
    if (r->score >= TOURNEY_SCORE_PROVEN) {
        return "win";
    }
    if (r->score <= -TOURNEY_SCORE_PROVEN) {
        return "loss";
    }
    return r->proven ? "draw" : "unknown";
}

/* Plies to the end of a won or lost game, else 0. */
static int32_t plies_to_end(const struct solve_result *r)
{
    if (r->score >= TOURNEY_SCORE_PROVEN) {
        return TOURNEY_SCORE_WIN - r->score;
    }
    if (r->score <= -TOURNEY_SCORE_PROVEN) {
        return TOURNEY_SCORE_WIN + r->score;
    }
    return 0;
}

static const char *player_name(int player)
{
    return player == 0 ? "the first player" : "the second player";
}

void tourney_solve_print_text(const struct solve_result *r, FILE *out)
{
    const char *word = outcome_word(r);
    int32_t plies = plies_to_end(r);
    double rate = r->seconds > 0 ? (double)r->nodes / r->seconds / 1e6 : 0;

    /* The game plugin names itself, its parameters, the position, the
     * board and the move: any bytes (text_escape.h). */
    fputs("game:      ", out);
    tourney_terminal_text(out, r->game, false);
    if (r->game_params[0]) {
        fputs(" (", out);
        tourney_terminal_text(out, r->game_params, false);
        fputs(")", out);
    }
    tourney_terminal_say(out, "\nposition:  ", r->position);
    if (r->board != NULL) {
        tourney_terminal_text(out, r->board, true);
    }
    fprintf(out, "to move:   %s\n", player_name(r->to_move));
    if (plies > 0) {
        /* Plies count both players' moves; the last is the winner's. */
        fprintf(out, "value:     %s for %s in %d %s\n", word, player_name(r->to_move), (int)plies,
                plies == 1 ? "ply" : "plies");
    } else if (r->proven) {
        fprintf(out, "value:     %s\n", word);
    } else {
        fprintf(out, "value:     unknown: the search stopped at its depth limit\n");
    }
    tourney_terminal_say(out, "best move: ", r->move_text);
    fprintf(out, "score:     %d\n", (int)r->score);
    fprintf(out, "nodes:     %llu\n", (unsigned long long)r->nodes);
    fprintf(out, "time:      %.3f s (%.2f million nodes per second)\n", r->seconds, rate);
}

/* Writes O, if it was filled (`filled`), as one line, and frees it.
 * Returns 0, or -1 when out of memory. */
static int print_object(json_t *o, bool filled, FILE *out)
{
    int status = -1;

    if (filled && json_dumpf(o, out, JSON_COMPACT) == 0) {
        fputc('\n', out);
        status = 0;
    }
    json_decref(o);
    return status;
}

/* A JSON object that names the game and the agent with their parameters,
 * or NULL when out of memory. */
static json_t *new_object(const char *game, const char *game_params, const char *agent_params)
{
    json_t *o = json_object();

    if (o != NULL && (json_object_set_new(o, "game", json_string(game)) != 0 ||
                      json_object_set_new(o, "game_params", json_string(game_params)) != 0 ||
                      json_object_set_new(o, "agent", json_string(SOLVE_AGENT)) != 0 ||
                      json_object_set_new(o, "agent_params", json_string(agent_params)) != 0)) {
        json_decref(o);
        o = NULL;
    }
    return o;
}

int tourney_solve_print_json(const struct solve_result *r, FILE *out)
{
    json_t *o = new_object(r->game, r->game_params, r->agent_params);

    if (o == NULL) {
        return -1;
    }
    if (json_object_set_new(o, "position", json_string(r->position)) != 0 ||
        json_object_set_new(o, "to_move", json_integer(r->to_move)) != 0 ||
        json_object_set_new(o, "result", json_string(outcome_word(r))) != 0 ||
        json_object_set_new(o, "plies", json_integer(plies_to_end(r))) != 0 ||
        json_object_set_new(o, "score", json_integer(r->score)) != 0 ||
        json_object_set_new(o, "proven", json_boolean(r->proven)) != 0 ||
        json_object_set_new(o, "best_move", json_integer(r->move)) != 0 ||
        json_object_set_new(o, "best_move_text", json_string(r->move_text)) != 0 ||
        json_object_set_new(o, "nodes", json_integer((json_int_t)r->nodes)) != 0 ||
        json_object_set_new(o, "depth", json_integer(r->depth)) != 0 ||
        json_object_set_new(o, "seconds", json_real(r->seconds)) != 0 ||
        json_object_set_new(o, "nodes_per_second",
                            json_real(r->seconds > 0 ? (double)r->nodes / r->seconds : 0)) != 0) {
        return print_object(o, false, out);
    }
    return print_object(o, true, out);
}

/* Microseconds, for the means: the positions of a test set take that order. */
static double mean_us(const struct solve_file_result *r)
{
    return r->positions > 0 ? r->seconds / (double)r->positions * 1e6 : 0;
}

static double mean_nodes(const struct solve_file_result *r)
{
    return r->positions > 0 ? (double)r->nodes / (double)r->positions : 0;
}

void tourney_solve_print_file_text(const struct solve_file_result *r, FILE *out)
{
    double rate = r->seconds > 0 ? (double)r->nodes / r->seconds / 1e6 : 0;

    fprintf(out, "game:       %s%s%s%s\n", r->game, r->game_params[0] ? " (" : "", r->game_params,
            r->game_params[0] ? ")" : "");
    fprintf(out, "file:       %s\n", r->file);
    fprintf(out, "positions:  %zu, %zu with a score, %s\n", r->positions, r->checked,
            r->wrong == 0 ? "every score right" : "SOME SCORES WRONG");
    fprintf(out, "mean time:  %.1f us\n", mean_us(r));
    fprintf(out, "mean nodes: %.1f\n", mean_nodes(r));
    fprintf(out, "speed:      %.2f million nodes per second\n", rate);
}

int tourney_solve_print_file_json(const struct solve_file_result *r, FILE *out)
{
    json_t *o = new_object(r->game, r->game_params, r->agent_params);

    if (o == NULL) {
        return -1;
    }
    if (json_object_set_new(o, "file", json_string(r->file)) != 0 ||
        json_object_set_new(o, "positions", json_integer((json_int_t)r->positions)) != 0 ||
        json_object_set_new(o, "checked", json_integer((json_int_t)r->checked)) != 0 ||
        json_object_set_new(o, "wrong", json_integer((json_int_t)r->wrong)) != 0 ||
        json_object_set_new(o, "nodes", json_integer((json_int_t)r->nodes)) != 0 ||
        json_object_set_new(o, "seconds", json_real(r->seconds)) != 0 ||
        json_object_set_new(o, "mean_nodes", json_real(mean_nodes(r))) != 0 ||
        json_object_set_new(o, "mean_us", json_real(mean_us(r))) != 0) {
        return print_object(o, false, out);
    }
    return print_object(o, true, out);
}
