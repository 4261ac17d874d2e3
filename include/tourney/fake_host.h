/*
 * tourney/fake_host.h - the runner's side of an agent, small enough to sit in
 * a unit test: host services (a monotonic clock, a seeded random stream, a
 * log that keeps the last message), a game plugin loaded and created, and an
 * agent created, asked for moves and destroyed, all without the runner.
 *
 * Header-only: every function is static inline, so a test needs no library.
 * A test program (not a plugin) includes it:
 *
 *     struct tourney_fake_game game;
 *     struct tourney_fake_agent agent;
 *     char error[256];
 *     const struct tourney_param_value board[] = {{3}, {3}, {3}};
 *     tourney_fake_game_open(&game, "/path/to/mnk.so", board, error, sizeof(error));
 *     tourney_fake_agent_create(&agent, tourney_agent_entry(), game.api, game.instance,
 *                               &game.info, my_values, 0, 42);
 *     tourney_fake_agent_move(&agent, state, 0, 0, &report, &move);
 *
 * Differences from the runner, which a test may rely on: the random stream
 * is splitmix64 from the seed given (the runner's seeds come from the
 * tournament), the agent sees the game's own descriptor (the runner hands
 * agents a copy with the knowledge of every ABI minor filled in, see
 * tourney_game_get_search), and nothing is isolated: a crash is the test's.
 * tourney_fake_game_open needs dlopen (in libc since glibc 2.34; link with
 * -ldl before that).
 */
#ifndef TOURNEY_FAKE_HOST_H
#define TOURNEY_FAKE_HOST_H

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <tourney/tourney.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Nanoseconds on CLOCK_MONOTONIC, the clock of the services' now_ns (with
 * only strict ISO C visible, the calendar clock of timespec_get). */
static inline uint64_t tourney_fake_now_ns(void)
{
    struct timespec ts;

#if defined(CLOCK_MONOTONIC)
    clock_gettime(CLOCK_MONOTONIC, &ts);
#else
    timespec_get(&ts, TIME_UTC);
#endif
    return (uint64_t)ts.tv_sec * UINT64_C(1000000000) + (uint64_t)ts.tv_nsec;
}

/* The host services and what they saw. Pass &host->services as the host and
 * host itself as the context. */
struct tourney_fake_host {
    struct tourney_host services;
    uint64_t random_state;  /* splitmix64 state */
    uint64_t random_calls;  /* how many numbers the agent drew */
    int32_t log_count;      /* messages logged so far */
    uint32_t last_level;    /* of the last message */
    char last_message[512]; /* the last message, cut if need be */
};

static inline uint64_t tourney_fake_host_now(void *context)
{
    (void)context;
    return tourney_fake_now_ns();
}

static inline uint64_t tourney_fake_host_random(void *context)
{
    struct tourney_fake_host *host = (struct tourney_fake_host *)context;
    uint64_t z = (host->random_state += UINT64_C(0x9e3779b97f4a7c15));

    host->random_calls++;
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static inline void tourney_fake_host_log(void *context, uint32_t level, const char *message)
{
    struct tourney_fake_host *host = (struct tourney_fake_host *)context;

    host->log_count++;
    host->last_level = level;
    snprintf(host->last_message, sizeof(host->last_message), "%s", message ? message : "(null)");
}

/* Prepares HOST: services set, a random stream starting from SEED, no log. */
static inline void tourney_fake_host_init(struct tourney_fake_host *host, uint64_t seed)
{
    memset(host, 0, sizeof(*host));
    host->services.struct_size = (uint32_t)sizeof(host->services);
    host->services.now_ns = tourney_fake_host_now;
    host->services.random_u64 = tourney_fake_host_random;
    host->services.log = tourney_fake_host_log;
    host->random_state = seed;
}

/* A game instance, created from a descriptor or from a plugin's file. */
struct tourney_fake_game {
    void *handle; /* the plugin's, when opened from a file; else NULL */
    const struct tourney_game_api *api;
    void *instance;
    struct tourney_game_info info;
};

/* Creates an instance of API with VALUES, one per parameter of the game.
 * Returns TOURNEY_OK, or the game's status with its reason in ERROR. */
static inline int32_t tourney_fake_game_create(struct tourney_fake_game *game,
                                               const struct tourney_game_api *api,
                                               const struct tourney_param_value *values,
                                               char *error, uint64_t error_size)
{
    int32_t status;

    memset(game, 0, sizeof(*game));
    game->api = api;
    status = api->create(values, &game->instance, &game->info, error, error_size);
    if (status != TOURNEY_OK) {
        game->instance = NULL;
    }
    return status;
}

/* Loads the game plugin at PATH and creates an instance with VALUES. Returns
 * TOURNEY_OK, or a negative status with the reason in ERROR. */
static inline int32_t tourney_fake_game_open(struct tourney_fake_game *game, const char *path,
                                             const struct tourney_param_value *values, char *error,
                                             uint64_t error_size)
{
    tourney_game_entry_fn entry;
    void *symbol;
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    const struct tourney_game_api *api;
    int32_t status;

    memset(game, 0, sizeof(*game));
    if (handle == NULL) {
        snprintf(error, (size_t)error_size, "%s", dlerror());
        return TOURNEY_ERR_INVALID;
    }
    symbol = dlsym(handle, TOURNEY_GAME_ENTRY_SYMBOL);
    if (symbol == NULL) {
        snprintf(error, (size_t)error_size, "%s: no %s", path, TOURNEY_GAME_ENTRY_SYMBOL);
        dlclose(handle);
        return TOURNEY_ERR_INVALID;
    }
    /* POSIX lets dlsym's result be converted to a function pointer; the copy
     * keeps -pedantic quiet about it. */
    memcpy(&entry, &symbol, sizeof(entry));
    api = entry();
    if (api == NULL || api->header.abi_major != TOURNEY_ABI_MAJOR ||
        api->header.kind != TOURNEY_KIND_GAME) {
        snprintf(error, (size_t)error_size, "%s: not a game plugin of ABI major %d", path,
                 TOURNEY_ABI_MAJOR);
        dlclose(handle);
        return TOURNEY_ERR_INVALID;
    }
    status = tourney_fake_game_create(game, api, values, error, error_size);
    if (status != TOURNEY_OK) {
        dlclose(handle);
        return status;
    }
    game->handle = handle;
    return TOURNEY_OK;
}

/* Destroys the instance and unloads the plugin it came from, if any. */
static inline void tourney_fake_game_close(struct tourney_fake_game *game)
{
    if (game->instance != NULL) {
        game->api->destroy(game->instance);
    }
    if (game->handle != NULL) {
        dlclose(game->handle);
    }
    memset(game, 0, sizeof(*game));
}

/* An agent instance with everything its init points to: keep the struct
 * where it is while the agent lives. */
struct tourney_fake_agent {
    const struct tourney_agent_api *api;
    void *instance;
    struct tourney_fake_host host;
    struct tourney_game_info info;
    struct tourney_agent_init init;
};

/* Creates an instance of API for a game: its descriptor GAME_API and
 * instance GAME (both must outlive the agent) and INFO (copied). The agent
 * plays SEAT, with PARAMS (one per parameter of the agent, kept until it is
 * destroyed) and a random stream seeded with SEED. Returns the agent's
 * status; on failure agent->host.last_message says why. */
static inline int32_t
tourney_fake_agent_create(struct tourney_fake_agent *agent, const struct tourney_agent_api *api,
                          const struct tourney_game_api *game_api, const void *game,
                          const struct tourney_game_info *info,
                          const struct tourney_param_value *params, int32_t seat, uint64_t seed)
{
    int32_t status;

    memset(agent, 0, sizeof(*agent));
    agent->api = api;
    agent->info = *info;
    tourney_fake_host_init(&agent->host, seed);
    agent->init.struct_size = (uint32_t)sizeof(agent->init);
    agent->init.game_api = game_api;
    agent->init.game = game;
    agent->init.game_info = &agent->info;
    agent->init.params = params;
    agent->init.host = &agent->host.services;
    agent->init.host_context = &agent->host;
    agent->init.seat = seat;
    status = api->create(&agent->init, &agent->instance);
    if (status != TOURNEY_OK) {
        agent->instance = NULL;
    }
    return status;
}

/* Asks for a move in STATE, the PLY-th of the game, within BUDGET_NS (0: no
 * deadline), with a report zeroed and sized as the runner does. Returns the
 * agent's status. */
static inline int32_t tourney_fake_agent_move(struct tourney_fake_agent *agent, const void *state,
                                              uint64_t budget_ns, int32_t ply,
                                              struct tourney_move_report *report,
                                              tourney_move *move)
{
    struct tourney_move_request request;

    memset(&request, 0, sizeof(request));
    request.struct_size = (uint32_t)sizeof(request);
    request.budget_ns = budget_ns;
    request.start_ns = budget_ns == 0 ? 0 : tourney_fake_now_ns();
    request.deadline_ns = budget_ns == 0 ? 0 : request.start_ns + budget_ns;
    request.ply = ply;
    memset(report, 0, sizeof(*report));
    report->struct_size = (uint32_t)sizeof(*report);
    *move = -1;
    return agent->api->choose_move(agent->instance, state, &request, report, move);
}

/* Destroys the instance; safe after a failed create. */
static inline void tourney_fake_agent_destroy(struct tourney_fake_agent *agent)
{
    if (agent->instance != NULL) {
        agent->api->destroy(agent->instance);
        agent->instance = NULL;
    }
}

#ifdef __cplusplus
}
#endif

#endif /* TOURNEY_FAKE_HOST_H */
