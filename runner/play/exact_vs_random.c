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
 * moves are LEGAL, as the first move of a new game. Returns 1 with *MOVE,
 * 0 when it lost there by a fault (counted), -1 with x->err set. */
static int ask(struct expectimax *x, int32_t ply, const tourney_move *legal, int count,
               tourney_move *move)
{
    const struct match_rules *rules = &x->player.rules;
    uint64_t index = x->games++;
    struct scheduled_game scheduled = {
        .index = (uint32_t)index,
        .seed = tourney_game_seed(x->t->config.settings.seed, index),
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
    x->out->asked++;
    /* A process stopped from outside, as far as it or its death says (a
     * signal > 0), loses too: that is only its word, and a stop of the
     * whole command stops this process as well. */
    if (status >= 0 && !moved && x->out->faults++ == 0) {
        snprintf(x->out->first_fault, sizeof(x->out->first_fault), "%s", record.reason);
    }
    tourney_record_finish(&record);
    return status < 0 ? -1 : moved ? 1 : 0;
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
    memcpy(x->key, state, state_size);
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
    *rates = r;
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

int tourney_exact_vs_random(const struct tournament *t, size_t agent, uint64_t budget,
                            struct exact_vs_random *out, struct error *err)
{
    const struct tourney_game_info *info = &t->game.info;
    struct expectimax x = {
        .t = t,
        .agent = agent,
        .budget = budget < UINT32_MAX ? budget : UINT32_MAX - 1,
        .out = out,
        .err = err,
    };
    memset(out, 0, sizeof(*out));
    int status = -1;
    size_t plies = (size_t)info->max_plies + 1;
    x.valued.key_size = info->state_size + sizeof(int32_t);
    x.states = calloc(plies, info->state_size);
    x.legal = calloc(plies, (size_t)info->move_limit * sizeof(*x.legal));
    x.key = calloc(1, x.valued.key_size);
    if (x.states == NULL || x.legal == NULL || x.key == NULL || valued_reserve(&x.valued) != 0) {
        tourney_error_nomem(err);
        goto out;
    }
    if (tourney_game_player_init(&x.player, t, NULL) != 0) {
        tourney_error_nomem(err);
        goto out;
    }
    status = expectimax_seat(&x, 0, &out->first);
    if (status == 0) {
        status = expectimax_seat(&x, 1, &out->second);
    }
    out->win_rate = (out->first.win + out->second.win) / 2;
    tourney_game_player_finish(&x.player);
out:
    valued_finish(&x.valued);
    free(x.key);
    free(x.legal);
    free(x.states);
    return status;
}
