/*
 * exact_command.c - `tourney exact-vs-random`, see exact_command.h.
 */
#include "exact_command.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "exact_vs_random.h"
#include "suggest.h"
#include "text_escape.h"

/* The entrant named NAME, or ENTRANT_COUNT with ERR saying that there is
 * none, and which there are. */
static size_t find_agent(const struct tournament *t, const char *name, struct error *err)
{
    for (size_t i = 0; i < t->entrant_count; i++) {
        if (strcmp(t->entrants[i].name, name) == 0) {
            return i;
        }
    }
    struct suggestion guess;
    tourney_suggest_init(&guess, name);
    char names[TOURNEY_ERROR_SIZE] = "";
    size_t used = 0;
    for (size_t i = 0; i < t->entrant_count; i++) {
        if (used < sizeof(names)) {
            used +=
                (size_t)snprintf(names + used, sizeof(names) - used, " %s", t->entrants[i].name);
        }
        tourney_suggest_consider(&guess, t->entrants[i].name);
    }
    const char *best = tourney_suggest_best(&guess);
    tourney_error_set(err, "%s has no agent '%s'; its agents are:%s%s%s%s", t->config.path, name,
                      names, best ? "; did you mean '" : "", best ? best : "", best ? "'?" : "");
    return t->entrant_count;
}

static void print_header(const struct tournament *t, FILE *out)
{
    char game[512];
    tourney_terminal_copy(game, sizeof(game), tourney_game_adapter_name(&t->game));
    fprintf(out, "exact rates against random on %s (%s), from the initial position\n\n", game,
            t->game_params_text);
    fprintf(out, "%-16s %8s %8s %8s   %8s %8s %8s   %8s %10s %8s\n", "agent", "1st W%", "1st D%",
            "1st L%", "2nd W%", "2nd D%", "2nd L%", "win%", "positions", "asked");
}

static void print_row(const char *name, const struct exact_vs_random *r, FILE *out)
{
    fprintf(out, "%-16s %8.3f %8.3f %8.3f   %8.3f %8.3f %8.3f   %8.3f %10llu %8llu\n", name,
            100 * r->first.win, 100 * r->first.draw, 100 * r->first.loss, 100 * r->second.win,
            100 * r->second.draw, 100 * r->second.loss, 100 * r->win_rate,
            (unsigned long long)r->positions, (unsigned long long)r->asked);
    if (r->faults > 0) {
        fprintf(out,
                "  lost by a fault at %llu position%s, the first: ", (unsigned long long)r->faults,
                r->faults == 1 ? "" : "s");
        tourney_terminal_say(out, "", r->first_fault);
    }
}

static json_t *rates_json(const struct exact_rates *r)
{
    return json_pack("{s:f, s:f, s:f}", "win", r->win, "draw", r->draw, "loss", r->loss);
}

/* The figure as summary.json would hold it. */
static json_t *row_json(const char *name, const struct exact_vs_random *r)
{
    return json_pack("{s:s, s:o, s:o, s:f, s:I, s:I, s:I, s:s}", "agent", name, "first",
                     rates_json(&r->first), "second", rates_json(&r->second), "win_rate",
                     r->win_rate, "positions", (json_int_t)r->positions, "asked",
                     (json_int_t)r->asked, "faults", (json_int_t)r->faults, "first_fault",
                     r->first_fault);
}

int tourney_exact_command(const struct tournament *t, char *const *agents, size_t agent_count,
                          uint64_t budget, bool json, FILE *out, struct error *err)
{
    size_t *chosen = calloc(t->entrant_count + agent_count + 1, sizeof(*chosen));
    size_t count = 0;
    int status = 0;
    json_t *rows = json ? json_array() : NULL;

    if (chosen == NULL || (json && rows == NULL)) {
        tourney_error_nomem(err);
        status = 1;
        goto out;
    }
    for (size_t i = 0; i < agent_count; i++) {
        chosen[count] = find_agent(t, agents[i], err);
        if (chosen[count++] == t->entrant_count) {
            status = 2;
            goto out;
        }
    }
    for (size_t i = 0; agent_count == 0 && i < t->entrant_count; i++) {
        if (!t->entrants[i].is_random) {
            chosen[count++] = i;
        }
    }
    if (!json) {
        print_header(t, out);
    }
    for (size_t i = 0; i < count; i++) {
        const char *name = t->entrants[chosen[i]].name;
        struct exact_vs_random r;
        tourney_error_clear(err);
        if (tourney_exact_vs_random(t, chosen[i], budget, &r, err) != 0) {
            tourney_error_prefix(err, "agent '%s'", name);
            status = 1;
            break;
        }
        if (json) {
            json_t *row = row_json(name, &r);
            if (row == NULL || json_array_append_new(rows, row) != 0) {
                tourney_error_nomem(err);
                status = 1;
                break;
            }
        } else {
            print_row(name, &r, out);
            fflush(out);
        }
    }
    if (json && status == 0) {
        json_t *o = json_pack("{s:s, s:s, s:s, s:I, s:O}", "tournament", t->config.settings.name,
                              "game", tourney_game_adapter_name(&t->game), "game_params",
                              t->game_params_text, "budget", (json_int_t)budget, "agents", rows);
        if (o == NULL || json_dumpf(o, out, JSON_COMPACT | JSON_REAL_PRECISION(17)) != 0) {
            tourney_error_nomem(err);
            status = 1;
        } else {
            fputc('\n', out);
        }
        json_decref(o);
    }
out:
    json_decref(rows);
    free(chosen);
    return status;
}
