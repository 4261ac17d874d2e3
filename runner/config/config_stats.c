#include "config_stats.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

/* Elo differences a test may name; beyond them scores are all 0 or 1. */
#define SPRT_ELO_LIMIT 1000.0

/* Reads one number of a comma-separated list, moving *TEXT past it and its
 * comma. */
static bool next_number(const char **text, bool last, double *out)
{
    char *end = NULL;
    errno = 0;
    *out = strtod(*text, &end);
    if (end == *text || errno != 0 || !isfinite(*out)) {
        return false;
    }
    while (*end == ' ' || *end == '\t') {
        end++;
    }
    if (last) {
        *text = end;
        return *end == '\0';
    }
    if (*end != ',') {
        return false;
    }
    *text = end + 1;
    return true;
}

int tourney_parse_sprt(const char *text, struct sprt_settings *out, struct error *err)
{
    double v[4];
    const char *p = text;
    for (int i = 0; i < 4; i++) {
        if (!next_number(&p, i == 3, &v[i])) {
            return tourney_error_set(err, "expected four numbers 'elo0, elo1, alpha, beta', e.g. "
                                          "'0, 50, 0.05, 0.05'");
        }
    }
    if (!(v[0] < v[1]) || fabs(v[0]) > SPRT_ELO_LIMIT || fabs(v[1]) > SPRT_ELO_LIMIT) {
        return tourney_error_set(err, "expected elo0 < elo1, both within -1000 and 1000");
    }
    if (!(v[2] > 0.0 && v[2] < 0.5) || !(v[3] > 0.0 && v[3] < 0.5)) {
        return tourney_error_set(err, "expected alpha and beta (the error rates) above 0 and "
                                      "below 0.5");
    }
    out->enabled = true;
    out->elo0 = v[0];
    out->elo1 = v[1];
    out->alpha = v[2];
    out->beta = v[3];
    return 0;
}

void tourney_config_check_stats(const struct tournament_config *config, struct diagnostics *diag)
{
    if (config->settings.sprt.enabled && config->agent_count != 2) {
        tourney_diag_add(diag, config->path, tourney_config_line(config, "sprt"),
                         "'sprt' tests a match of two agents, but this file has %zu [agent NAME] "
                         "sections",
                         config->agent_count);
    }
}
