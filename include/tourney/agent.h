/*
 * tourney/agent.h - the interface of an agent plugin.
 *
 * An agent plugin is a shared object that exports exactly one symbol,
 *
 *     TOURNEY_EXPORT const struct tourney_agent_api *tourney_agent_entry(void);
 *
 * returning a pointer to a constant descriptor that lives as long as the
 * library is loaded (use the TOURNEY_AGENT_ENTRY macro below).
 *
 * Agents are game-agnostic: they learn the game only through the
 * struct tourney_game_api they are given when created, so every agent plays
 * every game. An agent must never print, never exit and never keep global
 * mutable state: everything lives in the instance it creates.
 *
 * Life of an instance: the runner creates one instance per game and seat,
 * calls choose_move each time it is that seat's turn, and destroys it when
 * the game ends.
 *
 * The runtime contract (docs/plugins.md, "Rules for plugins" and "Where an
 * agent runs", says why; docs/isolation.md lists the test behind each):
 *  - Where: by default in a process of its own (tourney-agent-host), one
 *    process for a pairing's consecutive games: anything global carries
 *    over from game to game. With `isolation = none`, in the runner's
 *    process, on one of its worker threads.
 *  - Loading: constructors and get_param_info run at load, in that process
 *    and in short-lived ones that only list or check the plugin; a plugin
 *    may read its own file and the system's libraries then, and no other
 *    file. After load no file may be opened at all (sandbox_violation).
 *  - Time: the runner measures each choose_move; one that takes longer than
 *    request->budget_ns counts as over budget, and an agent that has not
 *    answered by request->deadline_ns plus the config's time_margin_ms is
 *    killed and loses (time_forfeit). More processor time than the config's
 *    `cpu_limit` loses too (cpu_limit).
 *  - In a process of its own the agent is stopped between its moves:
 *    threads do not run on the opponent's time; one still computing goes
 *    on at the agent's next turn.
 *  - Memory is limited to agent_memory_mb (malloc returns NULL past it);
 *    stdout and stderr are captured and counted (agent_output_limit_kb a
 *    game): print nothing, explain through host->log.
 *  - Randomness only from host->random_u64, so that games replay.
 * Each function below is tagged with [when] it is called.
 */
#ifndef TOURNEY_AGENT_H
#define TOURNEY_AGENT_H

#include <tourney/abi.h>
#include <tourney/game.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Scores agents report, from the point of view of the player to move.
 * A proven win in p plies (p moves from the position searched, counting both
 * players) scores TOURNEY_SCORE_WIN - p, a proven loss -(TOURNEY_SCORE_WIN - p),
 * so a faster win and a slower loss score higher. Anything with an absolute
 * value of at most TOURNEY_EVAL_LIMIT is a heuristic or a draw (0). */
#define TOURNEY_SCORE_WIN 1000000
/* Scores at least this large in absolute value are proven results. */
#define TOURNEY_SCORE_PROVEN (TOURNEY_SCORE_WIN - 10000)

/* Log levels for tourney_host.log. */
enum tourney_log_level {
    TOURNEY_LOG_ERROR = 0,
    TOURNEY_LOG_WARNING = 1,
    TOURNEY_LOG_INFO = 2,
    TOURNEY_LOG_DEBUG = 3,
};

/* Services the runner offers to an agent. Every function receives the
 * `context` pointer given beside this struct in tourney_agent_init.
 * Owned by the host. Structs only grow at the end. */
struct tourney_host {
    uint32_t struct_size; /* sizeof(struct tourney_host) as the runner knows it */

    /* Nanoseconds on a monotonic clock; the same clock as the deadlines. */
    uint64_t (*now_ns)(void *context);

    /* The next 64 uniformly distributed bits of this agent's random stream.
     * The stream is seeded by the runner from the tournament seed, the game
     * and the seat, so a game replays exactly. Agents must use no other
     * source of randomness. */
    uint64_t (*random_u64)(void *context);

    /* Records a message (a plain string, no trailing newline needed) with the
     * game, at a level of enum tourney_log_level. Agents use it instead of
     * printing. May be called at any time. */
    void (*log)(void *context, uint32_t level, const char *message);
};

/* What an agent learns when it is created. The struct itself lives only
 * during the create call (copy it if you need it later); the pointers in it
 * stay valid until the instance is destroyed. Owned by the host.
 * Structs only grow at the end. */
struct tourney_agent_init {
    uint32_t struct_size;                    /* set by the host */
    const struct tourney_game_api *game_api; /* the rules, as functions */
    const void *game;                        /* the game instance */
    const struct tourney_game_info *game_info;
    const struct tourney_param_value *params; /* one per parameter of the agent,
                                               * in index order */
    const struct tourney_host *host;
    void *host_context;
    int32_t seat; /* 0 if this agent moves first in the game, 1 otherwise */
};

/* What the runner asks for a move. Owned by the host.
 * Structs only grow at the end: read a field after `ply` only when
 * TOURNEY_HAS_FIELD says struct_size holds it. */
struct tourney_move_request {
    uint32_t struct_size; /* set by the host */
    uint64_t budget_ns;   /* the time the agent may think about this move */
    uint64_t deadline_ns; /* now_ns() at the start of the move (start_ns) plus budget_ns */
    int32_t ply;          /* moves played so far in the game (from an opening, its
                           * plies where the runner knows them, else the moves since) */

    /* ---- ABI 1.2 ---- */

    /* The clocks, when the tournament has one (time_control = BASE+INC):
     * the time left on this agent's clock as the move starts, the increment
     * added to it after the move, and the time left on the opponent's clock.
     * A move that takes all of remaining_ns loses the game on time. budget_ns
     * is then the runner's suggestion of a share of the clock (an agent that
     * reads only budget_ns and deadline_ns keeps within it), and an agent
     * that manages its clock itself may think longer, up to the remaining
     * time. All three are 0 without a clock (time_per_move_ms alone): a move
     * then has budget_ns and no more. */
    uint64_t remaining_ns;
    uint64_t increment_ns;
    uint64_t opponent_remaining_ns;

    /* ---- added after the fields above, within ABI 1.2: the host sizes
     * this struct, so read it only when TOURNEY_HAS_FIELD says struct_size
     * holds it (an older runner's does not) ---- */

    /* now_ns() as the move was asked, the time deadline_ns and (on a
     * clock) remaining_ns count from: deadline_ns is start_ns + budget_ns. */
    uint64_t start_ns;
};

/* The share of its clock one move takes, the one rule the runner's
 * suggestion (budget_ns on a clock) and every shipped agent follow:
 * REMAINING_NS spread over the moves the mover may still have to make (its
 * own plies of PLIES_LEFT, the game's longest length less the ply; at least
 * 1 and at most TOURNEY_CLOCK_SHARE_MOVES), plus INCREMENT_NS, and never
 * more than a third of what remains, so that a game that lasts longer than
 * the estimate still has time for its end. A game that may last longer
 * than TOURNEY_CLOCK_SHARE_MOVES moves gets that fraction of the clock a
 * move; the moves it outlives the estimate by live on the increment and on
 * what earlier moves saved. [when] any time; needs nothing of the host. */
#define TOURNEY_CLOCK_SHARE_MOVES 20
static inline uint64_t tourney_clock_share(uint64_t remaining_ns, uint64_t increment_ns,
                                           int64_t plies_left)
{
    int64_t moves = (plies_left + 1) / 2;
    moves = moves < 1 ? 1 : moves > TOURNEY_CLOCK_SHARE_MOVES ? TOURNEY_CLOCK_SHARE_MOVES : moves;
    uint64_t share = remaining_ns / (uint64_t)moves + increment_ns;
    return share < remaining_ns / 3 ? share : remaining_ns / 3;
}

/* What an agent reports about the move it chose; the runner zeroes it and
 * sets struct_size before each call, and the agent writes only the fields
 * that size holds. Owned by the host. Structs only grow at the end. */
struct tourney_move_report {
    uint32_t struct_size; /* set by the host */
    uint64_t nodes;       /* positions visited by the search, the root included */
    int32_t depth;        /* the deepest ply below the root the search reached */
    int32_t score;        /* the value it believes, see TOURNEY_SCORE_WIN */
    int32_t has_score;    /* nonzero when `score` means something */

    /* ---- added after the fields above, within ABI 1.2: the host sizes
     * this struct, so write these only when TOURNEY_HAS_FIELD says
     * struct_size holds them (an older runner's does not) ---- */

    int32_t seldepth;     /* selective depth: the deepest ply below the root that any line
                           * of the search reached, an abandoned iteration's included */
    int32_t has_seldepth; /* nonzero when `seldepth` means something */
};

/* The descriptor an agent plugin exports. Structs only grow at the end: the
 * comment "ABI 1.N" marks where each minor begins, and a field of minor N is
 * read only when TOURNEY_HAS_FIELD says header.struct_size holds it. */
struct tourney_agent_api {
    struct tourney_abi_header header; /* TOURNEY_ABI_HEADER(struct tourney_agent_api,
                                       * TOURNEY_KIND_AGENT) */
    const char *name;                 /* short name, e.g. "negamax"; how configs refer to it */
    const char *description;          /* one line */

    /* ABI 1.0 and 1.1 pointed here to an array of parameter descriptions,
     * whose stride would change if the description grew. From 1.2 on it is
     * NULL: parameters are described one at a time by get_param_info. */
    const void *legacy_params;
    uint64_t param_count; /* how many parameters the agent accepts */

    /* [once per game and seat, before its first move; sandboxed]
     * Required. Creates an instance for one game and seat. On success stores
     * it in *out and returns TOURNEY_OK; on failure returns a negative status
     * and explains through init->host->log. */
    int32_t (*create)(const struct tourney_agent_init *init, void **out);

    /* [once per instance, when its game ends, also by a fault of either
     * seat; never after the process is killed] Required. Frees an
     * instance. destroy(NULL) does nothing. */
    void (*destroy)(void *agent);

    /* [each turn of the instance's seat; timed, see the contract above]
     * Required. Chooses a move for the player to move in `state`, an ongoing
     * position of the game (the agent may not modify it; it may copy it).
     * Stores the move in *move, fills `report` and returns TOURNEY_OK. A move
     * that is not legal loses the game, and so does a negative status. */
    int32_t (*choose_move)(void *agent, const void *state,
                           const struct tourney_move_request *request,
                           struct tourney_move_report *report, tourney_move *move);

    /* ---- ABI 1.2 ---- */

    /* [at load, before any game; also by `tourney agents` and `validate`]
     * Required when param_count > 0. Describes parameter `index` (in
     * [0, param_count)) into `info`, whose struct_size the host has set;
     * writes only the fields that size holds (use tourney_param_info_copy).
     * Returns TOURNEY_OK, or a negative status for an index out of range. */
    int32_t (*get_param_info)(const struct tourney_agent_api *api, uint32_t index,
                              struct tourney_param_info *info);

    /* [at load, before any game] Optional. The extension named `id`: a
     * pointer to a constant struct that begins with its own uint32_t
     * struct_size and lives while the plugin is loaded, or NULL. No agent
     * extension is defined yet. */
    const void *(*get_extension)(const struct tourney_agent_api *api, const char *id);

    /* Optional. The plugin's identity, shown in listings and reports: an id
     * in reverse-DNS style ("org.tourney.negamax"; letters, digits, '.', '-'
     * and '_') and a version string ("1.0.0"; printable, no spaces). */
    const char *id;
    const char *version;
};

/* The entry symbol's name and type. */
#define TOURNEY_AGENT_ENTRY_SYMBOL "tourney_agent_entry"
typedef const struct tourney_agent_api *(*tourney_agent_entry_fn)(void);

/* Defines the entry symbol of an agent plugin returning &API. */
#define TOURNEY_AGENT_ENTRY(API)                                              \
    TOURNEY_EXPORT const struct tourney_agent_api *tourney_agent_entry(void); \
    TOURNEY_EXPORT const struct tourney_agent_api *tourney_agent_entry(void)  \
    {                                                                         \
        return &(API);                                                        \
    }

#ifdef __cplusplus
}
#endif

#endif /* TOURNEY_AGENT_H */
