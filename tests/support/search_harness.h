/*
 * tests/support/search_harness.h - driving game and agent plugins from the build
 * tree without the runner, for the search tests and the search benchmarks:
 * loading a plugin, parameters from "key=value" words, a game instance, an
 * agent on the installed fake host (tourney/fake_host.h), and one move.
 *
 * Nothing here asserts or exits: failures come back as -1 with a message in
 * the caller's buffer, so tests and benchmarks each decide what a failure
 * means.
 */
#ifndef TOURNEY_TESTS_SEARCH_HARNESS_H
#define TOURNEY_TESTS_SEARCH_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include <tourney/fake_host.h>
#include <tourney/tourney.h>

#define HARNESS_MAX_PARAMS 16

/* Loads DIR/NAME.so and stores its entry function (dlsym's result, which
 * POSIX lets be converted to a function pointer) in *entry. Returns the
 * handle for dlclose, or NULL with a message in ERROR. */
void *harness_load(const char *dir, const char *name, const char *symbol, void **entry,
                   char *error, size_t error_size);

/* dlclose for a handle from harness_load; NULL does nothing. */
void harness_unload(void *handle);

/* Loads the game or agent plugin NAME from DIR. */
const struct tourney_game_api *harness_load_game(const char *dir, const char *name, void **handle,
                                                 char *error, size_t error_size);
const struct tourney_agent_api *harness_load_agent(const char *dir, const char *name,
                                                   void **handle, char *error, size_t error_size);

/* The parameter descriptions of a game's or an agent's descriptor, read
 * through its get_param_info into DESCS (room for HARNESS_MAX_PARAMS).
 * Returns their number, or -1 with a message in ERROR. */
int harness_game_params(const struct tourney_game_api *api, struct tourney_param_info *descs,
                        char *error, size_t error_size);
int harness_agent_params(const struct tourney_agent_api *api, struct tourney_param_info *descs,
                         char *error, size_t error_size);

/* Fills VALUES (one per descriptor) with the defaults, then with the
 * "key=value" words of OVERRIDES (may be NULL); a later word wins. Returns 0,
 * or -1 for an unknown key or a bad value, named in ERROR. */
int harness_params(const struct tourney_param_info *descs, size_t count,
                   struct tourney_param_value *values, const char *overrides, char *error,
                   size_t error_size);

struct harness_game {
    const struct tourney_game_api *api;
    void *instance;
    struct tourney_game_info info;
};

/* Creates an instance of API with parameters PARAMS ("rows=4 cols=4 k=4"). */
int harness_game_create(struct harness_game *g, const struct tourney_game_api *api,
                        const char *params, char *error, size_t error_size);
void harness_game_destroy(struct harness_game *g);

/* Writes into STATE (state_size bytes) the start when TEXT is NULL, else
 * the position TEXT describes in the game's notation. Returns 0, or -1 when
 * the game cannot read it. */
int harness_state(const struct harness_game *g, const char *text, void *state);

/* An agent with everything its init points to, which must stay put while
 * it lives: keep the struct where it is. */
struct harness_agent {
    struct tourney_fake_agent fake;
    struct tourney_param_value values[HARNESS_MAX_PARAMS];
    int32_t ply; /* the moves played before the position asked about; 0 unless set */
};

/* Creates agent API for a game (its functions GAME_API, instance GAME and
 * INFO) with parameters PARAMS and a random stream seeded with SEED. */
int harness_agent_create(struct harness_agent *a, const struct tourney_agent_api *api,
                         const struct tourney_game_api *game_api, const void *game,
                         const struct tourney_game_info *info, const char *params, uint64_t seed,
                         char *error, size_t error_size);
void harness_agent_destroy(struct harness_agent *a);

/* Asks for a move in STATE within BUDGET_NS (0: no time limit). Returns the
 * agent's status. */
int harness_choose(struct harness_agent *a, const void *state, uint64_t budget_ns,
                   struct tourney_move_report *report, tourney_move *move);

#endif /* TOURNEY_TESTS_SEARCH_HARNESS_H */
