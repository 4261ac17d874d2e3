/*
 * agents/mcts/mcts.h - the instance of the mcts agent, shared by its parts:
 * the agent shell (mcts.c: parameters, create, the iteration loop, the
 * report), the tree (tree.c: nodes in one arena, selection, expansion,
 * backup and bounds, the root's choice) and the rollouts (rollout.c: the
 * playout policy and the game's knowledge it uses).
 *
 * docs/agents.md describes the algorithm and the parameters.
 */
#ifndef TOURNEY_AGENTS_MCTS_H
#define TOURNEY_AGENTS_MCTS_H

#include <stdbool.h>
#include <stdint.h>

#include <tourney/agent.h>

#include "../common/search.h"

/* The values of the rollout parameter, in the order of its choices. */
enum mcts_rollout {
    MCTS_ROLLOUT_RANDOM = 0,
    MCTS_ROLLOUT_KNOWLEDGE = 1,
};

/* What a game is worth to a player: the bounds of a node's value. */
enum mcts_value {
    MCTS_LOSS = 0,
    MCTS_DRAW = 1,
    MCTS_WIN = 2,
};

/* A node's bounds in one byte: the least (bits 0-1) and the most (bits 2-3)
 * its position is worth to the player who moved into it, for certain. A
 * node is proven when they meet: a finished game, or (with the solver) a
 * position whose lines are settled far enough. At the root they are for the
 * player to move there. */
#define MCTS_BOUNDS(LOW, HIGH) ((uint8_t)((LOW) | (HIGH) << 2))
#define MCTS_OPEN MCTS_BOUNDS(MCTS_LOSS, MCTS_WIN)

/* The outcome of a playout when nobody won. */
#define MCTS_NO_WINNER (-1)

/* One position in the tree, 24 bytes. A node's children lie side by side in
 * the arena, created together when it is expanded, in random order; they
 * are visited for the first time in that order, so the visited ones are
 * always a prefix of the block. */
struct mcts_node {
    uint32_t visits;
    uint32_t half_points; /* 2 per win and 1 per draw of `mover`, over the visits */
    uint32_t first_child; /* the arena index of the first child; 0: not expanded */
    uint32_t child_count;
    tourney_move move; /* the move that led here */
    int8_t mover;      /* the player who played it; -1 at the root */
    uint8_t bounds;    /* MCTS_BOUNDS, for `mover` */
    uint16_t plies;    /* proven won or lost: plies from here to the end of the line */
};

static inline enum mcts_value mcts_low(const struct mcts_node *node)
{
    return (enum mcts_value)(node->bounds & 3);
}

static inline enum mcts_value mcts_high(const struct mcts_node *node)
{
    return (enum mcts_value)(node->bounds >> 2);
}

static inline bool mcts_proven(const struct mcts_node *node)
{
    return mcts_low(node) == mcts_high(node);
}

typedef tourney_move (*mcts_winning_fn)(const void *game, const void *state);
typedef int (*mcts_safe_fn)(const void *game, const void *state, tourney_move *moves);

struct mcts {
    struct search s;           /* the game, the host, the working position */
    unsigned char *root_state; /* the position to move in, restored every iteration */
    tourney_move *scratch;     /* a move list for expansions and rollouts */
    uint32_t *path;            /* arena indices from the root to the leaf */
    int32_t path_levels;       /* room in `path`: max_plies + 2 */
    struct root_choice choice;

    /* The arena, allocated with the instance and emptied every move. */
    struct mcts_node *nodes;
    uint32_t capacity;
    uint32_t used;
    bool full_logged; /* the tree filled up once: said so in the log */
    int64_t tree_mb;

    /* Parameters. */
    int64_t iterations; /* 0: as many as the time budget allows */
    double exploration; /* the UCT constant */
    bool solver;        /* back proven results up the tree */
    int tie_break;

    /* The game's knowledge for rollouts; NULL when the rollout parameter
     * is random or the game lacks it. safe_moves only with winning_move. */
    mcts_winning_fn winning_move;
    mcts_safe_fn safe_moves;
};

/* The winner of a finished game (enum tourney_status), or MCTS_NO_WINNER. */
static inline int mcts_winner_of(int status)
{
    if (status == TOURNEY_WIN_FIRST) {
        return 0;
    }
    return status == TOURNEY_WIN_SECOND ? 1 : MCTS_NO_WINNER;
}

/* Empties the tree and makes the root, with the `n` legal moves of the
 * working position in `moves` as its children. Returns false when the
 * arena cannot hold them (create makes sure that it can). */
bool mcts_tree_reset(struct mcts *m, tourney_move *moves, int n);

/* One iteration: selection from the root, expansion, a rollout from the new
 * leaf (or its exact result, when the game is over there) and the backup,
 * with the bounds the solver can draw. Starts from m->root_state. */
void mcts_iterate(struct mcts *m);

/* Whether the search is over: the root is proven and every root move has
 * been tried, so that every win at once is known. */
static inline bool mcts_settled(const struct mcts *m)
{
    const struct mcts_node *root = &m->nodes[0];

    return mcts_proven(root) && m->nodes[root->first_child + root->child_count - 1].visits > 0;
}

/* The move to play after the search, and its score for the player to move
 * (`me`): a proven win or loss on TOURNEY_SCORE_WIN's scale, else the
 * chosen move's average result on [-TOURNEY_EVAL_LIMIT, TOURNEY_EVAL_LIMIT]. */
tourney_move mcts_choose_root_move(struct mcts *m, int me, int32_t *score);

/* Takes the game's winning_move and safe_moves for the knowledge rollout,
 * when it has them: the one place that reads the game's optional knowledge. */
void mcts_take_knowledge(struct mcts *m, const struct tourney_game_api *g);

/* Plays the working position, `ply` plies below the root and not over, to
 * the end with the rollout policy. Returns the winner, or MCTS_NO_WINNER. */
int mcts_rollout(struct mcts *m, int32_t ply);

#endif /* TOURNEY_AGENTS_MCTS_H */
