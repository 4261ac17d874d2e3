/* Thinks on its opponent's time: a thread of its own spins from the
 * moment the agent is created until it is destroyed, whether or not it is
 * the agent's turn, taking a processor from whoever else needs one. The
 * agent plays the lowest legal move and reports, as the "nodes" of each
 * move, how many microseconds of processor time that thread used since the
 * agent's previous move returned: the time it took from its opponent. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include <tourney/tourney.h>

struct ponder {
    const struct tourney_game_api *game_api;
    const void *game;
    tourney_move *moves;
    pthread_t thread;
    bool running;
    atomic_bool stop;
    _Atomic uint64_t spun_ns; /* the thread's CPU time, as it last looked */
    uint64_t spun_at_return;  /* spun_ns as the previous move returned */
};

static void *spin(void *context)
{
    struct ponder *p = context;
    while (!atomic_load(&p->stop)) {
        for (volatile int i = 0; i < 2000; i++) {
        }
        struct timespec cpu;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
        atomic_store(&p->spun_ns, (uint64_t)cpu.tv_sec * 1000000000 + (uint64_t)cpu.tv_nsec);
    }
    return NULL;
}

static void ponder_destroy(void *instance)
{
    struct ponder *p = instance;
    if (p == NULL) {
        return;
    }
    if (p->running) {
        atomic_store(&p->stop, true);
        pthread_join(p->thread, NULL);
    }
    free(p->moves);
    free(p);
}

static int ponder_create(const struct tourney_agent_init *init, void **out)
{
    struct ponder *p = calloc(1, sizeof(*p));
    if (p == NULL) {
        return TOURNEY_ERR_NOMEM;
    }
    p->moves = calloc((size_t)init->game_info->move_limit, sizeof(*p->moves));
    p->game_api = init->game_api;
    p->game = init->game;
    atomic_init(&p->stop, false);
    atomic_init(&p->spun_ns, 0);
    p->running = p->moves != NULL && pthread_create(&p->thread, NULL, spin, p) == 0;
    if (!p->running) {
        ponder_destroy(p);
        return TOURNEY_ERR_NOMEM;
    }
    *out = p;
    return TOURNEY_OK;
}

static int ponder_choose_move(void *instance, const void *state,
                              const struct tourney_move_request *request,
                              struct tourney_move_report *report, tourney_move *move)
{
    struct ponder *p = instance;
    (void)request;
    report->nodes = (atomic_load(&p->spun_ns) - p->spun_at_return) / 1000;
    if (p->game_api->legal_moves(p->game, state, p->moves) <= 0) {
        return TOURNEY_ERR_INVALID;
    }
    *move = p->moves[0];
    p->spun_at_return = atomic_load(&p->spun_ns);
    return TOURNEY_OK;
}

static const struct tourney_agent_api ponder_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "ponder",
    .description = "spins a thread on its opponent's time, for the isolation tests",
    .create = ponder_create,
    .destroy = ponder_destroy,
    .choose_move = ponder_choose_move,
    .id = "org.tourney.test.zoo-ponder",
    .version = "1.0.0",
};

TOURNEY_AGENT_ENTRY(ponder_api)
