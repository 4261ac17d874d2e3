/*
 * exact_vs_random.c - see exact_vs_random.h. One expectimax per seat of the
 * agent: at random's positions the mean of the values after each legal move,
 * at the agent's the value after the move it chose, at the end 1 for the
 * result reached. Every position's value is kept under its bytes and its ply
 * (what the agent is told), so that a position reached along several lines
 * is valued, and its agent asked, once.
 */
#include "exact_vs_random.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "executor.h"
#include "game_player.h"
#include "record.h"
#include "rng.h"
#include "text.h"
#include "text_bytes.h"

/* The positions valued so far: key i (state bytes, then the ply) at
 * keys + i * key_size, its value at values[i]; SLOTS hash them (index + 1,
 * 0 for a free slot). */
struct valued {
    size_t key_size;
    unsigned char *keys;
    struct exact_rates *values;
    size_t count;
    size_t room; /* keys and values allocated */
    uint32_t *slots;
    size_t slot_count; /* a power of two, at least twice COUNT */
};

struct expectimax {
    const struct tournament *t;
    struct game_player player;
    size_t agent;
    int agent_seat;
    uint64_t budget;
    uint64_t games; /* asked so far, both seats: the next game's index */
    struct exact_vs_random *out;
    bool twice;   /* each position asked with two streams, as deterministic play must agree */
    bool playing; /* player made */
    struct valued valued;
    unsigned char *states; /* a position per ply, max_plies + 1 of them */
    tourney_move *legal;   /* the legal moves per ply, move_limit each */
    unsigned char *key;    /* the key being looked up */
    struct error *err;
};

static uint64_t key_hash(const unsigned char *key, size_t size)
{
    uint64_t h = UINT64_C(1469598103934665603);
    for (size_t i = 0; i < size; i++) {
        h = (h ^ key[i]) * UINT64_C(1099511628211);
    }
    return tourney_mix64(h);
}

/* The slot of KEY: where it is, or the free one where it would go. */
static uint32_t *slot_of(const struct valued *v, const unsigned char *key)
{
    size_t i = (size_t)key_hash(key, v->key_size) & (v->slot_count - 1);
    while (v->slots[i] != 0 &&
           memcmp(v->keys + (size_t)(v->slots[i] - 1) * v->key_size, key, v->key_size) != 0) {
        i = (i + 1) & (v->slot_count - 1);
    }
    return &v->slots[i];
}

/* Room for one more position. Returns 0 or -1 when out of memory. */
static int valued_reserve(struct valued *v)
{
    if (v->count == v->room) {
        size_t room = v->room == 0 ? 1024 : v->room * 2;
        unsigned char *keys = realloc(v->keys, room * v->key_size);
        if (keys == NULL) {
            return -1;
        }
        v->keys = keys;
        struct exact_rates *values = realloc(v->values, room * sizeof(*values));
        if (values == NULL) {
            return -1;
        }
        v->values = values;
        v->room = room;
    }
    if (2 * (v->count + 1) > v->slot_count) {
        size_t count = v->slot_count == 0 ? 2048 : v->slot_count * 2;
        uint32_t *slots = calloc(count, sizeof(*slots));
        if (slots == NULL) {
            return -1;
        }
        free(v->slots);
        v->slots = slots;
        v->slot_count = count;
        for (size_t i = 0; i < v->count; i++) {
            *slot_of(v, v->keys + i * v->key_size) = (uint32_t)(i + 1);
        }
    }
    return 0;
}

static void valued_clear(struct valued *v)
{
    v->count = 0;
    if (v->slots != NULL) {
        memset(v->slots, 0, v->slot_count * sizeof(*v->slots));
    }
}

static void valued_finish(struct valued *v)
{
    free(v->keys);
    free(v->values);
    free(v->slots);
}

static void *state_at(const struct expectimax *x, int32_t ply)
{
    return x->states + (size_t)ply * x->t->game.info.state_size;
}

/* The result for the agent of a finished game. */
static struct exact_rates final_rates(const struct expectimax *x, int status)
{
    struct exact_rates r = {0, 0, 0};
    if (status == TOURNEY_DRAW) {
        r.draw = 1;
    } else if ((status == TOURNEY_WIN_FIRST) == (x->agent_seat == 0)) {
        r.win = 1;
    } else {
        r.loss = 1;
    }
    return r;
}

/* Asks the agent for its move in the position at PLY, whose COUNT legal
 * moves are LEGAL, as the first move of game INDEX, a new game of SEED.
 * Returns 1 with *MOVE, 0 when it lost there by a fault (counted, with
 * its reason in FAULT), -1 with x->err set. */
static int ask_seeded(struct expectimax *x, int32_t ply, const tourney_move *legal, int count,
                      uint64_t index, uint64_t seed, tourney_move *move, char *fault_reason,
                      size_t fault_size)
{
    const struct match_rules *rules = &x->player.rules;
    struct scheduled_game scheduled = {
        .index = (uint32_t)index,
        .seed = seed,
        .agent = {(uint32_t)x->agent, (uint32_t)x->agent},
    };
    struct seat seats[2];
    tourney_seat_pool_seats(&x->player.seats, &scheduled, seats);
    const struct seat *seat = &seats[x->agent_seat];
    struct game_record record;
    tourney_record_init(&record);
    struct seat_fault fault = {.termination = TERMINATION_NORMAL};
    bool moved = false;
    int status = seat->ops->begin(seat->self, rules, scheduled.seed, x->agent_seat, &record,
                                  &fault, x->err);
    if (status == 0) {
        status = seat->ops->begun(seat->self, &fault, x->err);
    }
    if (status == 0) {
        uint64_t clock[2] = {rules->clock.base_ns, rules->clock.base_ns};
        status = tourney_executor_ask(rules, seat, x->agent_seat, state_at(x, ply), ply, clock,
                                      legal, count, &record, move, &moved, x->err);
    } else if (status > 0) {
        /* It could not even be made: a fault of its own, as in a game. */
        tourney_text_escape_string(record.reason, sizeof(record.reason), fault.reason);
        status = 0;
    }
    seat->ops->end(seat->self);
    seat->ops->ended(seat->self);
    snprintf(fault_reason, fault_size, "%s", record.reason);
    tourney_record_finish(&record);
    return status < 0 ? -1 : moved ? 1 : 0;
}

/* A seed for the second question at a position: another stream than any
 * game of the tournament's. */
#define SECOND_STREAM UINT64_C(0x7365636F6E642061)

/* The moves of a position as "3" or "a fault". */
static void answer_text(const struct expectimax *x, int answered, tourney_move move, char *text,
                        size_t size)
{
    if (answered > 0) {
        tourney_game_adapter_move_text(&x->t->game, move, text, size);
    } else {
        snprintf(text, size, "a fault");
    }
}

/* Asks the agent for its move in the position at PLY, whose COUNT legal
 * moves are LEGAL, as the first move of a new game; with x->twice, once
 * more with another stream, and two answers that differ are x->out's
 * CHANGED (returned as -1, x->err saying where). Returns 1 with *MOVE, 0
 * when it lost there by a fault (counted), -1 with x->err set. */
static int ask(struct expectimax *x, int32_t ply, const tourney_move *legal, int count,
               tourney_move *move)
{
    uint64_t index = x->games++;
    uint64_t seed = tourney_game_seed(x->t->config.settings.seed, index);
    char reason[sizeof(x->out->first_fault)];
    int answered = ask_seeded(x, ply, legal, count, index, seed, move, reason, sizeof(reason));
    x->out->asked++;
    if (answered < 0) {
        return -1;
    }
    /* A process stopped from outside, as far as it or its death says (a
     * signal > 0), loses too: that is only its word, and a stop of the
     * whole command stops this process as well. */
    if (answered == 0 && x->out->faults++ == 0) {
        snprintf(x->out->first_fault, sizeof(x->out->first_fault), "%s", reason);
    }
    if (!x->twice) {
        return answered;
    }
    tourney_move again = 0;
    char ignored[sizeof(x->out->first_fault)];
    int reanswered = ask_seeded(x, ply, legal, count, index, tourney_mix64(seed ^ SECOND_STREAM),
                                &again, ignored, sizeof(ignored));
    if (reanswered < 0) {
        return -1;
    }
    if (reanswered != answered || (answered > 0 && again != *move)) {
        char first[64];
        char second[64];
        answer_text(x, answered, *move, first, sizeof(first));
        answer_text(x, reanswered, again, second, sizeof(second));
        tourney_make_printable(first, false);
        tourney_make_printable(second, false);
        x->out->changed = true;
        snprintf(x->out->changed_at, sizeof(x->out->changed_at),
                 "it is not deterministic: asked twice at ply %d with two random streams, it "
                 "chose %s, then %s",
                 (int)ply, first, second);
        return tourney_error_set(x->err, "%s", x->out->changed_at);
    }
    return answered;
}

/* Keeps R as the value of the position at PLY. Returns 0, or -1 with
 * x->err set: the table holds the budget already, or memory ran out. */
static int remember(struct expectimax *x, int32_t ply, struct exact_rates r)
{
    size_t state_size = x->t->game.info.state_size;
    memcpy(x->key, state_at(x, ply), state_size);
    memcpy(x->key + state_size, &ply, sizeof(ply));
    if (x->valued.count >= x->budget) {
        return tourney_error_set(x->err,
                                 "the game against random has more than %llu positions (the "
                                 "budget)",
                                 (unsigned long long)x->budget);
    }
    if (valued_reserve(&x->valued) != 0) {
        return tourney_error_nomem(x->err);
    }
    size_t index = x->valued.count++;
    memcpy(x->valued.keys + index * x->valued.key_size, x->key, x->valued.key_size);
    x->valued.values[index] = r;
    *slot_of(&x->valued, x->key) = (uint32_t)(index + 1);
    return 0;
}

/* The value for the agent of the position at PLY (in x->states). */
static int value_of(struct expectimax *x, int32_t ply, struct exact_rates *rates)
{
    const struct game_adapter *game = &x->t->game;
    size_t state_size = game->info.state_size;
    const void *state = state_at(x, ply);
    memcpy(x->key, state, state_size);
    memcpy(x->key + state_size, &ply, sizeof(ply));
    uint32_t *slot = slot_of(&x->valued, x->key);
    if (*slot != 0) {
        *rates = x->valued.values[*slot - 1];
        return 0;
    }
    tourney_move *legal = x->legal + (size_t)ply * (size_t)game->info.move_limit;
    struct game_turn turn;
    if (tourney_game_adapter_turn(game, state, ply, legal, &turn, x->err) != 0) {
        return -1;
    }
    struct exact_rates r = {0, 0, 0};
    if (turn.status != TOURNEY_ONGOING) {
        r = final_rates(x, turn.status);
    } else if (turn.to_move == x->agent_seat) {
        tourney_move move;
        int asked = ask(x, ply, legal, turn.count, &move);
        if (asked < 0) {
            return -1;
        }
        if (asked == 0) {
            r.loss = 1;
        } else {
            memcpy(state_at(x, ply + 1), state, state_size);
            tourney_game_adapter_apply(game, state_at(x, ply + 1), move);
            if (value_of(x, ply + 1, &r) != 0) {
                return -1;
            }
        }
    } else {
        /* Each of random's moves is as likely as the others. */
        for (int i = 0; i < turn.count; i++) {
            struct exact_rates child;
            memcpy(state_at(x, ply + 1), state, state_size);
            tourney_game_adapter_apply(game, state_at(x, ply + 1), legal[i]);
            if (value_of(x, ply + 1, &child) != 0) {
                return -1;
            }
            r.win += child.win;
            r.draw += child.draw;
            r.loss += child.loss;
        }
        r.win /= turn.count;
        r.draw /= turn.count;
        r.loss /= turn.count;
    }
    /* The lines below may have added positions: the key is looked up again. */
    if (remember(x, ply, r) != 0) {
        return -1;
    }
    *rates = r;
    return 0;
}

/* Counts in x->valued every position reachable from the one at PLY by any
 * moves of both players, each distinct one once, up to x->budget: the most
 * positions any agent's expectimax from there can hold, found without
 * asking it anything. Returns 0, or -1 with x->err set (over the budget). */
static int reach(struct expectimax *x, int32_t ply)
{
    const struct game_adapter *game = &x->t->game;
    size_t state_size = game->info.state_size;
    const void *state = state_at(x, ply);
    memcpy(x->key, state, state_size);
    memcpy(x->key + state_size, &ply, sizeof(ply));
    if (*slot_of(&x->valued, x->key) != 0) {
        return 0;
    }
    struct exact_rates none = {0, 0, 0};
    if (remember(x, ply, none) != 0) {
        return -1;
    }
    tourney_move *legal = x->legal + (size_t)ply * (size_t)game->info.move_limit;
    struct game_turn turn;
    if (tourney_game_adapter_turn(game, state, ply, legal, &turn, x->err) != 0) {
        return -1;
    }
    for (int i = 0; turn.status == TOURNEY_ONGOING && i < turn.count; i++) {
        memcpy(state_at(x, ply + 1), state, state_size);
        tourney_game_adapter_apply(game, state_at(x, ply + 1), legal[i]);
        if (reach(x, ply + 1) != 0) {
            return -1;
        }
    }
    return 0;
}

/* The expectimax with the agent in SEAT, from the game's initial position. */
static int expectimax_seat(struct expectimax *x, int seat, struct exact_rates *rates)
{
    x->agent_seat = seat;
    valued_clear(&x->valued);
    tourney_game_adapter_initial_state(&x->t->game, state_at(x, 0));
    int status = value_of(x, 0, rates);
    x->out->positions += x->valued.count;
    return status;
}

/* X set up for AGENT of T and its OUT. Returns 0, or -1 with ERR set (out
 * of memory); finish it either way. */
static int expectimax_init(struct expectimax *x, const struct tournament *t, size_t agent,
                           uint64_t budget, struct exact_vs_random *out, struct error *err)
{
    const struct tourney_game_info *info = &t->game.info;
    *x = (struct expectimax){
        .t = t,
        .agent = agent,
        .budget = budget < UINT32_MAX ? budget : UINT32_MAX - 1,
        .out = out,
        .err = err,
    };
    memset(out, 0, sizeof(*out));
    size_t plies = (size_t)info->max_plies + 1;
    x->valued.key_size = info->state_size + sizeof(int32_t);
    x->states = calloc(plies, info->state_size);
    x->legal = calloc(plies, (size_t)info->move_limit * sizeof(*x->legal));
    x->key = calloc(1, x->valued.key_size);
    if (x->states == NULL || x->legal == NULL || x->key == NULL ||
        valued_reserve(&x->valued) != 0) {
        return tourney_error_nomem(err);
    }
    if (tourney_game_player_init(&x->player, t, NULL) != 0) {
        return tourney_error_nomem(err);
    }
    x->playing = true;
    return 0;
}

static void expectimax_finish(struct expectimax *x)
{
    if (x->playing) {
        tourney_game_player_finish(&x->player);
    }
    valued_finish(&x->valued);
    free(x->key);
    free(x->legal);
    free(x->states);
}

int tourney_exact_vs_random(const struct tournament *t, size_t agent, uint64_t budget,
                            struct exact_vs_random *out, struct error *err)
{
    struct expectimax x;
    int status = expectimax_init(&x, t, agent, budget, out, err);
    if (status == 0) {
        status = expectimax_seat(&x, 0, &out->first);
    }
    if (status == 0) {
        status = expectimax_seat(&x, 1, &out->second);
    }
    out->win_rate = (out->first.win + out->second.win) / 2;
    expectimax_finish(&x);
    return status;
}

/* Whether game INDEX of SCHEDULE, in PLAYED (NULL: all), is one of x's agent
 * against an entrant of the random plugin: then *GAME is it and *SEAT the
 * agent's. */
static bool against_random(const struct expectimax *x, const struct schedule *schedule,
                           const struct game_set *played, uint64_t index,
                           struct scheduled_game *game, int *seat)
{
    if (played != NULL && !tourney_game_set_has(played, index)) {
        return false;
    }
    tourney_schedule_game(schedule, index, game);
    for (int s = 0; s < 2; s++) {
        if (game->agent[s] == x->agent && game->agent[1 - s] != x->agent &&
            x->t->entrants[game->agent[1 - s]].is_random) {
            *seat = s;
            return true;
        }
    }
    return false;
}

/* The start of GAME into x->states at its ply, *PLY: the round's opening,
 * as the game was played from, or the initial position. */
static int put_start(struct expectimax *x, const struct scheduled_game *game, int32_t *ply)
{
    const struct tournament *t = x->t;
    if (!tourney_openings_active(&t->openings)) {
        *ply = 0;
        tourney_game_adapter_initial_state(&t->game, state_at(x, 0));
        return 0;
    }
    struct game_start start;
    if (tourney_openings_start(&t->openings, game->round, &x->player.draw, &start, x->err) != 0) {
        return -1;
    }
    *ply = start.move_count > 0 ? start.move_count : 0;
    memcpy(state_at(x, *ply), start.state, (size_t)t->game.info.state_size);
    return 0;
}

/* Over the agent's games against random in SEAT (-1: both, only counting
 * the positions they reach): the sum of their values into SUM and their
 * number into GAMES. Returns 0 or -1 with x->err set. */
static int over_games(struct expectimax *x, const struct schedule *schedule,
                      const struct game_set *played, int seat, struct exact_rates *sum,
                      uint64_t *games)
{
    *sum = (struct exact_rates){0, 0, 0};
    *games = 0;
    valued_clear(&x->valued);
    x->agent_seat = seat;
    for (uint64_t i = 0; i < schedule->count; i++) {
        struct scheduled_game game;
        int agent_seat = 0;
        int32_t ply = 0;
        if (!against_random(x, schedule, played, i, &game, &agent_seat) ||
            (seat >= 0 && agent_seat != seat)) {
            continue;
        }
        if (put_start(x, &game, &ply) != 0) {
            return -1;
        }
        struct exact_rates r = {0, 0, 0};
        if (seat < 0 ? reach(x, ply) != 0 : value_of(x, ply, &r) != 0) {
            return -1;
        }
        sum->win += r.win;
        sum->draw += r.draw;
        sum->loss += r.loss;
        (*games)++;
    }
    if (seat >= 0) {
        x->out->positions += x->valued.count;
    }
    return 0;
}

static struct exact_rates mean_of(struct exact_rates sum, uint64_t games)
{
    if (games == 0) {
        return sum;
    }
    return (struct exact_rates){sum.win / (double)games, sum.draw / (double)games,
                                sum.loss / (double)games};
}

int tourney_exact_vs_random_games(const struct tournament *t, const struct schedule *schedule,
                                  const struct game_set *played, size_t agent, uint64_t budget,
                                  struct exact_vs_random *out, struct error *err)
{
    struct expectimax x;
    struct exact_rates sum[2];
    uint64_t all = 0;
    int status = expectimax_init(&x, t, agent, budget, out, err);
    if (status == 0 && over_games(&x, schedule, played, -1, &sum[0], &all) != 0) {
        /* Over the budget is a game too large, not a failure. */
        status = x.valued.count >= x.budget ? 1 : -1;
        if (status > 0) {
            tourney_error_set(err,
                              "the game is too large: its positions from the starts of the "
                              "games against random, any moves of both players, are more than "
                              "%llu (exact_vs_random_budget)",
                              (unsigned long long)x.budget);
        }
    }
    x.twice = true;
    for (int seat = 0; status == 0 && seat < 2; seat++) {
        if (over_games(&x, schedule, played, seat, &sum[seat], &out->games[seat]) != 0) {
            status = out->changed ? 1 : -1;
        }
    }
    if (status == 0) {
        out->first = mean_of(sum[0], out->games[0]);
        out->second = mean_of(sum[1], out->games[1]);
        all = out->games[0] + out->games[1];
        out->win_rate = all == 0 ? 0 : (sum[0].win + sum[1].win) / (double)all;
    }
    expectimax_finish(&x);
    return status;
}
