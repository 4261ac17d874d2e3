/*
 * libFuzzer harness for the config path: any bytes as an INI file, through
 * inih and our reader, the config checks and the parameter checks of a
 * plugin-like parameter list. No input may crash, hang or leak.
 *
 *   CC=clang meson setup build-fuzz -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false
 *   ./build-fuzz/tests/fuzz/fuzz-config -max_total_time=60 CORPUS_DIR
 */
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "diag.h"
#include "params.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const tie_breaks[] = {"lowest", "random", NULL};

/* Parameters of every type, like the shipped agents'. */
static const struct tourney_param_info params[] = {
    {.name = "depth", .type = TOURNEY_PARAM_INT, .default_value = "0", .min = 0, .max = 64},
    {.name = "tie_break",
     .type = TOURNEY_PARAM_CHOICE,
     .default_value = "lowest",
     .choices = tie_breaks},
    {.name = "iterative", .type = TOURNEY_PARAM_BOOL, .default_value = "true"},
};

static const char *const reserved[] = {"plugin", NULL};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diagnostics diag;
    tourney_diag_init(&diag);
    struct tournament_config config;
    tourney_config_load_text(&config, "fuzz/input.ini", (const char *)data, size, &diag);
    struct tourney_param_value values[3];
    for (size_t i = 0; i < config.agent_count; i++) {
        tourney_params_resolve(params, 3, config.agents[i].choice.section, reserved, config.path,
                               "agent", values, &diag);
    }
    tourney_config_finish(&config);
    tourney_diag_finish(&diag);
    return 0;
}
