#include "game_adapter.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "text.h"

/* The optional function FIELD of GAME's descriptor, or NULL when the game
 * has none: a descriptor built against an older minor is never read past
 * its size. Every optional call goes through here, so this is the line to
 * change when the ABI offers optional functions another way. */
#define OPTIONAL(GAME, FIELD)                                                           \
    (TOURNEY_HAS_FIELD(struct tourney_game_api, (GAME)->api->header.struct_size, FIELD) \
         ? (GAME)->api->FIELD                                                           \
         : NULL)

int tourney_game_adapter_init(struct game_adapter *game, const struct plugin *plugin,
                              const struct tourney_param_value *values, struct error *err)
{
    memset(game, 0, sizeof(*game));
    const struct tourney_game_api *api = plugin->game;
    if (plugin->kind != TOURNEY_KIND_GAME || plugin->handle == NULL || api == NULL) {
        return tourney_error_set(err, "%s is not a loaded game plugin", plugin->path);
    }
    char reason[512] = "";
    void *instance = NULL;
    struct tourney_game_info info;
    memset(&info, 0, sizeof(info));
    if (api->create(values, &instance, &info, reason, sizeof(reason)) != TOURNEY_OK) {
        reason[sizeof(reason) - 1] = '\0'; /* whatever the plugin did */
        return tourney_error_set(err, "game '%s' refused its parameters: %s", api->name,
                                 reason[0] ? reason : "no reason given");
    }
    /* From here on the instance is the adapter's, destroyed by finish. */
    game->api = api;
    game->instance = instance;
    game->info = info;
    if (info.state_size == 0 || info.move_limit <= 0 || info.max_plies <= 0) {
        return tourney_error_set(err,
                                 "game '%s' reported an impossible size (state %zu bytes, "
                                 "%d moves, %d plies)",
                                 api->name, info.state_size, (int)info.move_limit,
                                 (int)info.max_plies);
    }
    game->legal = calloc((size_t)info.move_limit, sizeof(*game->legal));
    if (game->legal == NULL) {
        return tourney_error_nomem(err);
    }
    return 0;
}

void tourney_game_adapter_finish(struct game_adapter *game)
{
    if (game->api != NULL) {
        game->api->destroy(game->instance);
    }
    free(game->legal);
    memset(game, 0, sizeof(*game));
}

const char *tourney_game_adapter_name(const struct game_adapter *game)
{
    return game->api->name;
}

bool tourney_game_adapter_has(const struct game_adapter *game, enum game_optional what)
{
    switch (what) {
    case GAME_OPTIONAL_EVALUATE:
        return OPTIONAL(game, evaluate) != NULL;
    case GAME_OPTIONAL_HASH:
        return OPTIONAL(game, hash) != NULL;
    case GAME_OPTIONAL_FORMAT_MOVE:
        return OPTIONAL(game, format_move) != NULL;
    case GAME_OPTIONAL_FORMAT_STATE:
        return OPTIONAL(game, format_state) != NULL;
    case GAME_OPTIONAL_PARSE_STATE:
        return OPTIONAL(game, parse_state) != NULL;
    case GAME_OPTIONAL_ORDER_MOVES:
        return OPTIONAL(game, order_moves) != NULL;
    case GAME_OPTIONAL_WINNING_MOVE:
        return OPTIONAL(game, winning_move) != NULL;
    case GAME_OPTIONAL_SAFE_MOVES:
        return OPTIONAL(game, safe_moves) != NULL;
    }
    return false;
}

void *tourney_game_adapter_new_state(const struct game_adapter *game)
{
    void *state = calloc(1, game->info.state_size);
    if (state != NULL) {
        game->api->initial_state(game->instance, state);
    }
    return state;
}

void tourney_game_adapter_initial_state(const struct game_adapter *game, void *state)
{
    game->api->initial_state(game->instance, state);
}

int tourney_game_adapter_to_move(const struct game_adapter *game, const void *state)
{
    return game->api->to_move(game->instance, state);
}

int tourney_game_adapter_status(const struct game_adapter *game, const void *state)
{
    return game->api->status(game->instance, state);
}

int tourney_game_adapter_legal_moves(const struct game_adapter *game, const void *state,
                                     tourney_move *moves)
{
    int count = game->api->legal_moves(game->instance, state, moves);
    /* A game that lists more than it promised is not read past its room. */
    return count < game->info.move_limit ? count : game->info.move_limit;
}

void tourney_game_adapter_apply(const struct game_adapter *game, void *state, tourney_move move)
{
    game->api->apply(game->instance, state, move);
}

/* The position as the game writes it, on one line ("x . o / . x . / ..."),
 * or words that it cannot; into BUF of SIZE bytes. */
static void position_line(const struct game_adapter *game, const void *state, char *buf,
                          size_t size)
{
    char board[4096];
    if (!tourney_game_adapter_board_text(game, state, board, sizeof(board))) {
        snprintf(buf, size, "in a position it cannot write as text");
        return;
    }
    tourney_make_printable(board, true);
    size_t length = strlen(board);
    while (length > 0 && board[length - 1] == '\n') {
        board[--length] = '\0';
    }
    size_t used = (size_t)snprintf(buf, size, "in the position ");
    for (size_t i = 0; i < length && used + 4 < size; i++) {
        if (board[i] == '\n') {
            used += (size_t)snprintf(buf + used, size - used, " / ");
        } else {
            buf[used++] = board[i];
            buf[used] = '\0';
        }
    }
}

/* Sets ERR to what the game did wrong at PLY in STATE, and returns -1. */
__attribute__((format(printf, 5, 6))) static int broken(const struct game_adapter *game,
                                                        const void *state, int32_t ply,
                                                        struct error *err, const char *format, ...)
{
    char what[256];
    va_list args;
    va_start(args, format);
    vsnprintf(what, sizeof(what), format, args);
    va_end(args);
    char position[400];
    position_line(game, state, position, sizeof(position));
    return tourney_error_set(err, "game plugin '%s' broke its contract at ply %d (%s): %s",
                             game->api->name, (int)ply, position, what);
}

/* Checks the COUNT legal MOVES the game listed. */
static int check_moves(const struct game_adapter *game, const void *state, int32_t ply,
                       const tourney_move *moves, int count, struct error *err)
{
    int32_t limit = game->info.move_limit;
    if (count < 1) {
        return broken(game, state, ply, err, "it says the game goes on, and lists %d legal moves",
                      count);
    }
    if (count > limit) {
        return broken(game, state, ply, err,
                      "it lists %d legal moves, more than its move_limit of %d", count,
                      (int)limit);
    }
    for (int i = 0; i < count; i++) {
        if (moves[i] < 0 || moves[i] >= limit) {
            return broken(game, state, ply, err,
                          "it lists the legal move %d, outside [0, %d) (its move_limit)",
                          (int)moves[i], (int)limit);
        }
        if (i > 0 && moves[i] == moves[i - 1]) {
            return broken(game, state, ply, err, "it lists the legal move %d twice",
                          (int)moves[i]);
        }
        if (i > 0 && moves[i] < moves[i - 1]) {
            return broken(game, state, ply, err,
                          "it lists legal moves out of ascending order (%d before %d)",
                          (int)moves[i - 1], (int)moves[i]);
        }
    }
    return 0;
}

int tourney_game_adapter_turn(const struct game_adapter *game, const void *state, int32_t ply,
                              tourney_move *moves, struct game_turn *turn, struct error *err)
{
    memset(turn, 0, sizeof(*turn));
    turn->status = game->api->status(game->instance, state);
    if (turn->status < TOURNEY_ONGOING || turn->status > TOURNEY_WIN_SECOND) {
        return broken(game, state, ply, err,
                      "its status is %d, none of ongoing (0), draw (1), first wins (2) and "
                      "second wins (3)",
                      turn->status);
    }
    if (turn->status != TOURNEY_ONGOING) {
        return 0;
    }
    if (ply >= game->info.max_plies) {
        return broken(game, state, ply, err, "the game goes on past its max_plies of %d",
                      (int)game->info.max_plies);
    }
    turn->to_move = game->api->to_move(game->instance, state);
    if (turn->to_move != 0 && turn->to_move != 1) {
        return broken(game, state, ply, err, "it says player %d is to move, not 0 or 1",
                      turn->to_move);
    }
    turn->count = game->api->legal_moves(game->instance, state, moves);
    return check_moves(game, state, ply, moves, turn->count, err);
}

bool tourney_move_listed(const tourney_move *moves, int count, tourney_move move)
{
    for (int i = 0; i < count; i++) {
        if (moves[i] == move) {
            return true;
        }
    }
    return false;
}

bool tourney_game_adapter_is_legal(struct game_adapter *game, const void *state, tourney_move move)
{
    if (tourney_game_adapter_status(game, state) != TOURNEY_ONGOING) {
        return false;
    }
    int count = tourney_game_adapter_legal_moves(game, state, game->legal);
    return tourney_move_listed(game->legal, count, move);
}

bool tourney_game_adapter_play(struct game_adapter *game, void *state, tourney_move move)
{
    if (!tourney_game_adapter_is_legal(game, state, move)) {
        return false;
    }
    tourney_game_adapter_apply(game, state, move);
    return true;
}

/* Ends the text a plugin wrote into BUF (SIZE > 0) within BUF; empties it
 * when the plugin did not write it (WRITTEN false). */
static void terminate(char *buf, size_t size, bool written)
{
    buf[written ? size - 1 : 0] = '\0';
}

bool tourney_game_adapter_move_name(const struct game_adapter *game, tourney_move move, char *buf,
                                    size_t size)
{
    int (*format_move)(const void *, tourney_move, char *, size_t) = OPTIONAL(game, format_move);
    if (size == 0) {
        return false;
    }
    /* A move read from a log is data: the game is only asked about moves
     * that can be its own. */
    bool named = format_move != NULL && move >= 0 && move < game->info.move_limit &&
                 format_move(game->instance, move, buf, size) == TOURNEY_OK;
    /* Whatever the plugin did, BUF ends within its size. */
    terminate(buf, size, named);
    return named;
}

void tourney_game_adapter_move_text(const struct game_adapter *game, tourney_move move, char *buf,
                                    size_t size)
{
    if (!tourney_game_adapter_move_name(game, move, buf, size)) {
        snprintf(buf, size, "#%d", (int)move);
    }
}

tourney_move tourney_game_adapter_read_move(const struct game_adapter *game,
                                            const tourney_move *moves, int count, const char *text)
{
    if (text[0] == '#' && text[1] != '\0') {
        char *end = NULL;
        long number = strtol(text + 1, &end, 10);
        bool is_move = *end == '\0' && number >= 0 && number <= INT32_MAX;
        return is_move && tourney_move_listed(moves, count, (tourney_move)number)
                   ? (tourney_move)number
                   : -1;
    }
    for (int i = 0; i < count; i++) {
        char name[64];
        tourney_game_adapter_move_text(game, moves[i], name, sizeof(name));
        if (strcasecmp(name, text) == 0) {
            return moves[i];
        }
    }
    return -1;
}

int tourney_game_adapter_read_moves(struct game_adapter *game, const char *text, void *state,
                                    tourney_move *played, size_t room, const char **stop)
{
    const char *p = strcmp(text, "-") == 0 ? "" : text;
    int count = 0;
    tourney_game_adapter_initial_state(game, state);
    *stop = NULL;
    while (*p != '\0') {
        if (*p == ',') {
            p++;
            continue;
        }
        int n = tourney_game_adapter_status(game, state) == TOURNEY_ONGOING
                    ? tourney_game_adapter_legal_moves(game, state, game->legal)
                    : 0;
        tourney_move found = -1;
        size_t found_length = 0;
        for (int i = 0; i < n; i++) {
            char name[64];
            tourney_game_adapter_move_text(game, game->legal[i], name, sizeof(name));
            size_t length = strlen(name);
            if (length > found_length && strncasecmp(p, name, length) == 0) {
                found = game->legal[i];
                found_length = length;
            }
        }
        if (found < 0) {
            *stop = p;
            break;
        }
        tourney_game_adapter_apply(game, state, found);
        if (played != NULL && (size_t)count < room) {
            played[count] = found;
        }
        p += found_length;
        count++;
    }
    return count;
}

bool tourney_game_adapter_board_text(const struct game_adapter *game, const void *state, char *buf,
                                     size_t size)
{
    int (*format_state)(const void *, const void *, char *, size_t) = OPTIONAL(game, format_state);
    if (size == 0) {
        return false;
    }
    bool drawn =
        format_state != NULL && format_state(game->instance, state, buf, size) == TOURNEY_OK;
    terminate(buf, size, drawn);
    return drawn;
}

int tourney_game_adapter_parse_state(const struct game_adapter *game, const char *text,
                                     void *state)
{
    int (*parse_state)(const void *, const char *, void *) = OPTIONAL(game, parse_state);
    return parse_state != NULL && parse_state(game->instance, text, state) == TOURNEY_OK ? 0 : -1;
}
