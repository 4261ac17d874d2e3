/*
 * agents/mcts/tree.c - the search tree: UCT selection, expansion, backup,
 * the solver's bounds, and the choice of the move at the root.
 *
 * Every iteration walks from the root to a node met for the first time, or
 * to a node met before whose children the arena has no room for, plays the
 * game out from there (or takes its exact result when the game is over
 * there), and adds the result to every node on the way: 2 half-points to
 * the nodes whose mover won, 1 for a draw. A node is expanded (all its
 * children created at once) on its second visit, so a leaf visited once
 * costs no memory.
 *
 * The solver keeps, for every node, the least and the most its position is
 * worth for certain (score-bounded MCTS, Cazenave and Saffidine 2010, which
 * extends MCTS-Solver, Winands, Bjornsson and Saito 2008, to draws). A
 * finished game is worth its result; a position is worth at least the best
 * of its children's least and at most the best of their most, to the player
 * to move there. Selection passes over a child that cannot be worth more
 * than its parent is already sure of: a proven loss, and a proven draw
 * beside a secured draw, which would otherwise soak up the iterations
 * without anything left to learn.
 *
 * Results are integers and the children's order comes from the host's
 * stream, so the same seed builds the same tree.
 */
#include <math.h>
#include <string.h>

#include "mcts.h"

/* A value seen by the other player. */
static enum mcts_value flip(enum mcts_value value)
{
    return (enum mcts_value)(MCTS_WIN - value);
}

/* A finished game's result for `mover`. */
static enum mcts_value value_for(int winner, int mover)
{
    if (winner == MCTS_NO_WINNER) {
        return MCTS_DRAW;
    }
    return winner == mover ? MCTS_WIN : MCTS_LOSS;
}

/* The winner of the game a proven node leads to. */
static int proven_winner(const struct mcts_node *node)
{
    enum mcts_value value = mcts_low(node);

    if (value == MCTS_DRAW) {
        return MCTS_NO_WINNER;
    }
    /* Two players, numbered 0 and 1. */
    return value == MCTS_WIN ? node->mover : 1 - node->mover;
}

/* The least `node` is worth to `player`, who moves in its position (its
 * children's mover): its own bounds turned round unless `player` also
 * moved into it, or it is the root. */
static enum mcts_value low_for(const struct mcts_node *node, int player)
{
    if (node->mover < 0 || node->mover == player) {
        return mcts_low(node);
    }
    return flip(mcts_high(node));
}

/* Makes the `n` moves in `moves` the children of `node`, in a random order
 * (shuffled in place), all played by `mover`. */
static bool add_children(struct mcts *m, struct mcts_node *node, tourney_move *moves, int n,
                         int mover)
{
    if (n <= 0 || (uint32_t)n > m->capacity - m->used) {
        if (n > 0 && !m->full_logged) {
            search_log(&m->s, TOURNEY_LOG_INFO,
                       "the tree's %lld MiB are full (%u nodes): iterations now play out from "
                       "its leaves",
                       (long long)m->tree_mb, (unsigned)m->used);
            m->full_logged = true;
        }
        return false;
    }
    /* Fisher-Yates: every order equally likely. */
    for (int i = n - 1; i > 0; i--) {
        int j = (int)search_random_below(&m->s, (uint64_t)i + 1);
        tourney_move t = moves[i];

        moves[i] = moves[j];
        moves[j] = t;
    }
    node->first_child = m->used;
    node->child_count = (uint32_t)n;
    for (int i = 0; i < n; i++) {
        struct mcts_node *child = &m->nodes[m->used + (uint32_t)i];

        memset(child, 0, sizeof(*child));
        child->move = moves[i];
        child->mover = (int8_t)mover;
        child->bounds = MCTS_OPEN;
    }
    m->used += (uint32_t)n;
    return true;
}

bool mcts_tree_reset(struct mcts *m, tourney_move *moves, int n)
{
    const struct search *s = &m->s;

    memset(&m->nodes[0], 0, sizeof(m->nodes[0]));
    m->nodes[0].mover = -1;
    m->nodes[0].bounds = MCTS_OPEN;
    m->used = 1;
    return add_children(m, &m->nodes[0], moves, n, s->api->to_move(s->game, s->state));
}

/* Creates the children of `node`, the working position, which is not over. */
static bool expand(struct mcts *m, struct mcts_node *node)
{
    const struct search *s = &m->s;
    int n = s->api->legal_moves(s->game, s->state, m->scratch);

    return add_children(m, node, m->scratch, n, s->api->to_move(s->game, s->state));
}

/* The child of an expanded node to walk into: the next one never visited,
 * else the one with the best upper confidence bound (UCB1: the mean result
 * plus exploration * sqrt(ln N / n)), the first of equals. With the solver
 * a child that cannot be worth more than the node is sure of is passed
 * over; one is always left, or the node would be proven. */
static uint32_t select_child(const struct mcts *m, const struct mcts_node *node)
{
    const struct mcts_node *children = m->nodes + node->first_child;
    uint32_t count = node->child_count;
    enum mcts_value secured = MCTS_LOSS;
    uint32_t best = 0;
    double best_value = -HUGE_VAL;
    double log_visits;

    /* The visited children are a prefix of the block. */
    if (children[count - 1].visits == 0) {
        uint32_t i = 0;

        while (children[i].visits != 0) {
            i++;
        }
        return node->first_child + i;
    }
    if (m->solver) {
        secured = low_for(node, children[0].mover);
    }
    log_visits = log((double)node->visits);
    for (uint32_t i = 0; i < count; i++) {
        const struct mcts_node *c = &children[i];
        double visits = (double)c->visits;
        double value;

        if (m->solver && mcts_high(c) <= secured) {
            continue;
        }
        value = c->half_points / (2.0 * visits) + m->exploration * sqrt(log_visits / visits);
        if (value > best_value) {
            best_value = value;
            best = i;
        }
    }
    return node->first_child + best;
}

/* The result of a playout from the working position at `node`, `depth`
 * plies below the root: exact when the game is over there, which proves
 * the node (*proven is set). */
static int leaf_result(struct mcts *m, struct mcts_node *node, int32_t depth, bool *proven)
{
    const struct search *s = &m->s;
    int status = s->api->status(s->game, s->state);
    int winner;

    if (status == TOURNEY_ONGOING) {
        return mcts_rollout(m, depth);
    }
    winner = mcts_winner_of(status);
    node->bounds = MCTS_BOUNDS(value_for(winner, node->mover), value_for(winner, node->mover));
    node->plies = 0;
    *proven = true;
    return winner;
}

/* Adds a playout's result to the nodes on the path. */
static void backup(struct mcts *m, int32_t depth, int winner)
{
    for (int32_t d = depth; d >= 0; d--) {
        struct mcts_node *node = &m->nodes[m->path[d]];

        node->visits++;
        if (winner == MCTS_NO_WINNER) {
            node->half_points += 1;
        } else if (winner == node->mover) {
            node->half_points += 2;
        }
    }
}

/* Works out `node`'s bounds again from its children's, after one of them
 * changed. Returns whether they changed. A win keeps the shortest line
 * known, a loss the longest. */
static bool update_bounds(struct mcts *m, struct mcts_node *node)
{
    const struct mcts_node *children = m->nodes + node->first_child;
    int player = children[0].mover;
    enum mcts_value low = MCTS_LOSS;
    enum mcts_value high = MCTS_LOSS;
    uint32_t win_plies = UINT32_MAX;
    uint32_t loss_plies = 0;
    uint8_t bounds;

    for (uint32_t i = 0; i < node->child_count; i++) {
        const struct mcts_node *c = &children[i];

        low = mcts_low(c) > low ? mcts_low(c) : low;
        high = mcts_high(c) > high ? mcts_high(c) : high;
        if (mcts_low(c) == MCTS_WIN && c->plies < win_plies) {
            win_plies = c->plies;
        }
        if (c->plies > loss_plies) {
            loss_plies = c->plies;
        }
    }
    /* Those were `player`'s; the node's are its mover's. */
    if (node->mover >= 0 && node->mover != player) {
        enum mcts_value t = low;

        low = flip(high);
        high = flip(t);
    }
    bounds = MCTS_BOUNDS(low, high);
    if (bounds == node->bounds) {
        return false;
    }
    node->bounds = bounds;
    if (low == high && low != MCTS_DRAW) {
        /* Won by `player`: the quickest win; lost: every child is, the
         * slowest loss. */
        uint32_t plies = (win_plies != UINT32_MAX ? win_plies : loss_plies) + 1;

        node->plies = (uint16_t)(plies < UINT16_MAX ? plies : UINT16_MAX);
    }
    return true;
}

void mcts_iterate(struct mcts *m)
{
    struct search *s = &m->s;
    struct mcts_node *node = &m->nodes[0];
    int32_t depth = 0;
    bool proven = false;
    int winner;

    memcpy(s->state, m->root_state, s->info.state_size);
    m->path[0] = 0;
    for (;;) {
        uint32_t child;

        /* Below the root, a proven node is walked into only without the
         * solver: its result is known. */
        if (depth > 0 && mcts_proven(node)) {
            winner = proven_winner(node);
            break;
        }
        if (node->child_count == 0 &&
            (node->visits == 0 || depth + 1 >= m->path_levels || !expand(m, node))) {
            winner = leaf_result(m, node, depth, &proven);
            break;
        }
        child = select_child(m, node);
        node = &m->nodes[child];
        s->api->apply(s->game, s->state, node->move);
        depth++;
        m->path[depth] = child;
    }
    if (depth > s->max_ply) {
        s->max_ply = depth;
    }
    backup(m, depth, winner);
    if (proven && m->solver) {
        for (int32_t d = depth - 1; d >= 0; d--) {
            if (!update_bounds(m, &m->nodes[m->path[d]])) {
                break;
            }
        }
    }
}

/* The root child to play among those offered to m->choice, by the
 * tie_break parameter; NULL when none was. */
static const struct mcts_node *pick(struct mcts *m, const struct mcts_node *children,
                                    uint32_t count)
{
    tourney_move move;

    if (m->choice.count == 0) {
        return NULL;
    }
    move = root_choice_pick(&m->choice, m->tie_break, &m->s);
    for (uint32_t i = 0; i < count; i++) {
        if (children[i].move == move) {
            return &children[i];
        }
    }
    return NULL;
}

/* The chosen root move's score for `me`, the player to move at the root:
 * proven, or the mean result, never below what is sure. */
static int32_t move_score(const struct mcts_node *chosen, int me)
{
    double mean;

    if (mcts_proven(chosen) && mcts_low(chosen) != MCTS_DRAW) {
        int winner = proven_winner(chosen);

        return search_terminal_score(winner == 0 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND, me,
                                     (int32_t)chosen->plies + 1);
    }
    if (mcts_proven(chosen) || chosen->visits == 0) {
        return 0;
    }
    /* From -1 (lost every playout) to 1 (won every one). */
    mean = (double)chosen->half_points / chosen->visits - 1.0;
    if (mcts_low(chosen) == MCTS_DRAW && mean < 0) {
        mean = 0;
    }
    return (int32_t)lround(mean * TOURNEY_EVAL_LIMIT);
}

tourney_move mcts_choose_root_move(struct mcts *m, int me, int32_t *score)
{
    const struct mcts_node *root = &m->nodes[0];
    const struct mcts_node *children = m->nodes + root->first_child;
    uint32_t count = root->child_count;
    enum mcts_value secured = MCTS_LOSS;
    const struct mcts_node *hopeful;
    const struct mcts_node *chosen;

    for (uint32_t i = 0; i < count; i++) {
        secured = mcts_low(&children[i]) > secured ? mcts_low(&children[i]) : secured;
    }
    /* A proven win: the quickest. */
    root_choice_reset(&m->choice);
    for (uint32_t i = 0; i < count && secured == MCTS_WIN; i++) {
        if (mcts_low(&children[i]) == MCTS_WIN) {
            root_choice_offer(&m->choice, children[i].move, -(int32_t)children[i].plies);
        }
    }
    chosen = pick(m, children, count);

    /* Else the most visited move that may be worth more than is sure (the
     * most robust estimate), when its playouts say it is; else the most
     * visited move that is sure of that much. */
    if (chosen == NULL) {
        for (uint32_t i = 0; i < count; i++) {
            if (mcts_high(&children[i]) > secured) {
                root_choice_offer(&m->choice, children[i].move, (int32_t)children[i].visits);
            }
        }
        hopeful = pick(m, children, count);
        if (hopeful != NULL && (secured == MCTS_LOSS || mcts_low(hopeful) == secured ||
                                hopeful->half_points > hopeful->visits)) {
            chosen = hopeful;
        }
    }
    if (chosen == NULL && secured != MCTS_LOSS) {
        root_choice_reset(&m->choice);
        for (uint32_t i = 0; i < count; i++) {
            if (mcts_low(&children[i]) == secured) {
                root_choice_offer(&m->choice, children[i].move, (int32_t)children[i].visits);
            }
        }
        chosen = pick(m, children, count);
    }
    /* Every move proven lost: the slowest loss. */
    if (chosen == NULL) {
        root_choice_reset(&m->choice);
        for (uint32_t i = 0; i < count; i++) {
            root_choice_offer(&m->choice, children[i].move, (int32_t)children[i].plies);
        }
        chosen = pick(m, children, count);
    }
    if (chosen == NULL) {
        chosen = children; /* never: the root has moves */
    }
    *score = move_score(chosen, me);
    return chosen->move;
}
