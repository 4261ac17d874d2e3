#include "openings.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

/* A file with more mistakes than this has its first ones reported and the
 * rest counted: a file for another game would otherwise fill the screen. */
#define MAX_LINE_MISTAKES 10

/* The deepest a search for a position's plies goes: with a budget of
 * OPENINGS_SEARCH_NODES, only a game of one move a ply gets that far. */
#define SEARCH_MAX_DEPTH 64

/* The longest position text drawn for opening_plies. */
#define MAX_POSITION_TEXT (64 * 1024)

void tourney_openings_init(struct opening_book *book)
{
    memset(book, 0, sizeof(*book));
}

void tourney_openings_finish(struct opening_book *book)
{
    for (size_t i = 0; i < book->count; i++) {
        free(book->openings[i].position);
        free(book->openings[i].moves);
    }
    free(book->openings);
    free(book->states);
    memset(book, 0, sizeof(*book));
}

bool tourney_openings_active(const struct opening_book *book)
{
    return book->source != OPENINGS_NONE;
}

static const char *status_text(int status)
{
    switch (status) {
    case TOURNEY_WIN_FIRST:
        return "the first player won";
    case TOURNEY_WIN_SECOND:
        return "the second player won";
    default:
        return "it is a draw";
    }
}

/* ---- the plies that lead to a position ---- */

struct ply_search {
    const struct game_adapter *game;
    const void *target;
    size_t state_size;
    unsigned char *states; /* one per depth, SEARCH_MAX_DEPTH + 1 */
    tourney_move *legal;   /* move_limit per depth */
    tourney_move *moves;   /* the path being tried */
    uint64_t budget;       /* positions it may still visit */
};

/* Whether the plies from the position at DEPTH, LEFT of them, reach the
 * target; the path is in s->moves. */
static bool search_depth(struct ply_search *s, int depth, int left)
{
    const void *state = s->states + (size_t)depth * s->state_size;
    if (left == 0) {
        return memcmp(state, s->target, s->state_size) == 0;
    }
    if (tourney_game_adapter_status(s->game, state) != TOURNEY_ONGOING) {
        return false;
    }
    tourney_move *legal = s->legal + (size_t)depth * (size_t)s->game->info.move_limit;
    int count = tourney_game_adapter_legal_moves(s->game, state, legal);
    void *next = s->states + (size_t)(depth + 1) * s->state_size;
    for (int i = 0; i < count && s->budget > 0; i++) {
        s->budget--;
        memcpy(next, state, s->state_size);
        tourney_game_adapter_apply(s->game, next, legal[i]);
        s->moves[depth] = legal[i];
        if (search_depth(s, depth + 1, left - 1)) {
            return true;
        }
    }
    return false;
}

/* The plies that lead from the initial position to TARGET, the position
 * TEXT was read as, into *MOVES (heap): TEXT read as moves when it is
 * written so, else a search of the shallowest positions first, within
 * OPENINGS_SEARCH_NODES. Returns how many, -1 when none were found, -2 when
 * out of memory. */
static int32_t find_plies(struct game_adapter *game, const char *text, const void *target,
                          tourney_move **moves)
{
    size_t size = (size_t)game->info.state_size;
    size_t limit = (size_t)game->info.move_limit;
    int max_depth =
        game->info.max_plies < SEARCH_MAX_DEPTH ? game->info.max_plies : SEARCH_MAX_DEPTH;
    struct ply_search s = {
        .game = game,
        .target = target,
        .state_size = size,
        .states = malloc((SEARCH_MAX_DEPTH + 1) * size),
        .legal = malloc((SEARCH_MAX_DEPTH + 1) * limit * sizeof(tourney_move)),
        .moves = malloc((size_t)game->info.max_plies * sizeof(tourney_move) + 1),
        .budget = OPENINGS_SEARCH_NODES,
    };
    int32_t found = -2;
    if (s.states == NULL || s.legal == NULL || s.moves == NULL) {
        goto out;
    }
    const char *stop = NULL;
    int read = tourney_game_adapter_read_moves(game, text, s.states, s.moves,
                                               (size_t)game->info.max_plies, &stop);
    found = -1;
    if (stop == NULL && read <= game->info.max_plies && memcmp(s.states, target, size) == 0) {
        found = read;
    }
    tourney_game_adapter_initial_state(game, s.states);
    for (int depth = 0; found < 0 && depth <= max_depth && s.budget > 0; depth++) {
        if (search_depth(&s, 0, depth)) {
            found = depth;
        }
    }
    if (found >= 0) {
        *moves = s.moves;
        s.moves = NULL;
    }
out:
    free(s.states);
    free(s.legal);
    free(s.moves);
    return found;
}

/* ---- reading a file ---- */

/* What reading a file holds besides the book. */
struct reader {
    struct opening_book *book;
    struct game_adapter *game;
    const char *file;
    struct diagnostics *diag;
    size_t capacity;
    size_t mistakes;
    /* Positions by a hash of their bytes, for duplicates: indices + 1, 0
     * for a free slot, in a table twice as large as the positions. */
    size_t *slots;
    size_t slot_count;
};

__attribute__((format(printf, 3, 4))) static void mistake(struct reader *r, int line,
                                                          const char *format, ...)
{
    r->mistakes++;
    if (r->mistakes > MAX_LINE_MISTAKES) {
        return;
    }
    char message[512];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof(message), format, args);
    va_end(args);
    tourney_diag_add(r->diag, r->file, line, "%s", message);
}

static uint64_t state_hash(const unsigned char *state, size_t size)
{
    uint64_t hash = 0;
    for (size_t i = 0; i < size; i++) {
        hash = tourney_mix64(hash ^ state[i]);
    }
    return hash;
}

/* The slot of the position STATE: the one holding it, or the free one
 * where it goes. */
static size_t *slot_of(struct reader *r, const unsigned char *state)
{
    size_t size = (size_t)r->game->info.state_size;
    size_t at = (size_t)state_hash(state, size) & (r->slot_count - 1);
    for (;;) {
        size_t held = r->slots[at];
        if (held == 0 || memcmp(r->book->states + (held - 1) * size, state, size) == 0) {
            return &r->slots[at];
        }
        at = (at + 1) & (r->slot_count - 1);
    }
}

/* Makes room for one more position, its state and its slot. */
static int grow(struct reader *r)
{
    struct opening_book *book = r->book;
    size_t size = (size_t)r->game->info.state_size;
    if (book->count < r->capacity) {
        return 0;
    }
    size_t capacity = r->capacity ? r->capacity * 2 : 64;
    struct opening *openings = realloc(book->openings, capacity * sizeof(*openings));
    if (openings == NULL) {
        return -1;
    }
    book->openings = openings;
    unsigned char *states = realloc(book->states, capacity * size);
    if (states == NULL) {
        return -1;
    }
    book->states = states;
    size_t *slots = calloc(2 * capacity, sizeof(*slots));
    if (slots == NULL) {
        return -1;
    }
    free(r->slots);
    r->slots = slots;
    r->slot_count = 2 * capacity;
    r->capacity = capacity;
    for (size_t i = 0; i < book->count; i++) {
        *slot_of(r, book->states + i * size) = i + 1;
    }
    return 0;
}

/* Checks the position TEXT of line LINE and adds it to the book. Returns
 * -1 only when out of memory. */
static int add_position(struct reader *r, char *text, int line)
{
    struct opening_book *book = r->book;
    size_t size = (size_t)r->game->info.state_size;
    if (grow(r) != 0) {
        return -1;
    }
    unsigned char *state = book->states + book->count * size;
    if (tourney_game_adapter_parse_state(r->game, text, state) != 0) {
        mistake(r, line, "game '%s' cannot read the position '%s'",
                tourney_game_adapter_name(r->game), text);
        return 0;
    }
    int status = tourney_game_adapter_status(r->game, state);
    if (status != TOURNEY_ONGOING) {
        mistake(r, line, "the game is over in the position '%s': %s", text, status_text(status));
        return 0;
    }
    size_t *slot = slot_of(r, state);
    if (*slot != 0) {
        mistake(r, line, "the position '%s' is the one of line %d", text,
                book->openings[*slot - 1].line);
        return 0;
    }
    struct opening *opening = &book->openings[book->count];
    memset(opening, 0, sizeof(*opening));
    opening->line = line;
    opening->position = strdup(text);
    if (opening->position == NULL) {
        return -1;
    }
    opening->move_count = find_plies(r->game, text, state, &opening->moves);
    if (opening->move_count == -2) {
        free(opening->position);
        return -1;
    }
    *slot = ++book->count;
    return 0;
}

/* Whether LINE (LENGTH bytes) holds only printable ASCII and tabs. */
static bool printable(const char *line, size_t length)
{
    for (size_t i = 0; i < length; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c < 0x20 && c != '\t') || c > 0x7e) {
            return false;
        }
    }
    return true;
}

/* Reads line LINE, LENGTH bytes at TEXT. Returns -1 only when out of
 * memory. */
static int read_line(struct reader *r, const char *text, size_t length, int line)
{
    const char *comment = memchr(text, '#', length);
    if (comment != NULL) {
        length = (size_t)(comment - text);
    }
    while (length > 0 &&
           (text[length - 1] == ' ' || text[length - 1] == '\t' || text[length - 1] == '\r')) {
        length--;
    }
    while (length > 0 && (text[0] == ' ' || text[0] == '\t')) {
        text++;
        length--;
    }
    if (length == 0) {
        return 0;
    }
    if (memchr(text, '\0', length) != NULL) {
        mistake(r, line, "the line contains a NUL byte");
        return 0;
    }
    if (!printable(text, length)) {
        mistake(r, line, "the position holds a character that is not printable ASCII");
        return 0;
    }
    char *position = strndup(text, length);
    if (position == NULL) {
        return -1;
    }
    int status = add_position(r, position, line);
    free(position);
    return status;
}

int tourney_openings_read(struct opening_book *book, struct game_adapter *game, const char *text,
                          size_t length, const char *file, enum openings_order order,
                          uint64_t seed, const char *config, int setting_line,
                          struct diagnostics *diag)
{
    tourney_openings_finish(book);
    if (!tourney_game_adapter_has(game, GAME_OPTIONAL_PARSE_STATE)) {
        tourney_diag_add(diag, config, setting_line,
                         "game '%s' cannot read positions (it has no parse_state): use "
                         "opening_plies instead of openings",
                         tourney_game_adapter_name(game));
        return -1;
    }
    struct reader r = {.book = book, .game = game, .file = file, .diag = diag};
    int status = 0;
    int line = 0;
    for (size_t at = 0; status == 0 && at < length;) {
        const char *end = memchr(text + at, '\n', length - at);
        size_t line_length = end != NULL ? (size_t)(end - (text + at)) : length - at;
        line++;
        status = read_line(&r, text + at, line_length, line);
        at += line_length + 1;
    }
    free(r.slots);
    if (status != 0) {
        tourney_diag_add(diag, file, line, "out of memory");
    } else if (r.mistakes > MAX_LINE_MISTAKES) {
        tourney_diag_add(diag, file, 0, "%zu more lines with mistakes",
                         r.mistakes - MAX_LINE_MISTAKES);
    } else if (r.mistakes == 0 && book->count == 0) {
        tourney_diag_add(diag, file, 0, "no positions: every line is blank or a comment");
        status = -1;
    }
    if (status != 0 || r.mistakes > 0) {
        tourney_openings_finish(book);
        return -1;
    }
    book->source = OPENINGS_FILE;
    book->game = game;
    book->order = order;
    book->seed = seed;
    return 0;
}

/* ---- which opening a round plays ---- */

/* The place of X (below N) in an order of [0, N) drawn from KEY: a
 * four-round Feistel network on the smallest even number of bits that
 * holds N, applied again until it lands below N (cycle walking). Each pass
 * over a file so plays every position once, in an order computed for each
 * round alone, in constant time and memory. */
static uint64_t shuffled(uint64_t x, uint64_t n, uint64_t key)
{
    int half = 1;
    while (half < 32 && (UINT64_C(1) << (2 * half)) < n) {
        half++;
    }
    uint64_t mask = (UINT64_C(1) << half) - 1;
    do {
        uint64_t left = x >> half;
        uint64_t right = x & mask;
        for (uint64_t r = 0; r < 4; r++) {
            uint64_t next = left ^ (tourney_mix64(key + (r << 56) + right) & mask);
            left = right;
            right = next;
        }
        x = (left << half) | right;
    } while (x >= n);
    return x;
}

size_t tourney_openings_index(const struct opening_book *book, uint64_t round)
{
    uint64_t n = book->count;
    if (n == 0) {
        return 0;
    }
    if (book->order == OPENINGS_SEQUENTIAL) {
        return (size_t)(round % n);
    }
    return (size_t)shuffled(round % n, n, tourney_opening_seed(book->seed, round / n));
}

/* ---- random plies ---- */

int tourney_opening_draw_init(struct opening_draw *draw, const struct opening_book *book)
{
    memset(draw, 0, sizeof(*draw));
    if (book->source != OPENINGS_PLIES) {
        return 0;
    }
    const struct tourney_game_info *info = &book->game->info;
    draw->state = malloc((size_t)info->state_size);
    draw->moves = malloc(((size_t)book->plies + 1) * sizeof(*draw->moves));
    draw->legal = malloc((size_t)info->move_limit * sizeof(*draw->legal));
    draw->text_size = 256;
    draw->text = malloc(draw->text_size);
    return draw->state && draw->moves && draw->legal && draw->text ? 0 : -1;
}

void tourney_opening_draw_finish(struct opening_draw *draw)
{
    free(draw->state);
    free(draw->moves);
    free(draw->legal);
    free(draw->text);
    memset(draw, 0, sizeof(*draw));
}

/* Draws the plies of round ROUND into DRAW: the stream of the round's
 * opening, one legal move a ply, drawn again from where the stream is
 * while the plies end the game. Returns 0, or -1 with ERR. */
static int draw_plies(const struct opening_book *book, uint64_t round, struct opening_draw *draw,
                      struct error *err)
{
    const struct game_adapter *game = book->game;
    struct rng rng = {tourney_opening_seed(book->seed, round)};
    for (int attempt = 0; attempt < OPENINGS_DRAW_ATTEMPTS; attempt++) {
        tourney_game_adapter_initial_state(game, draw->state);
        bool going = true;
        for (uint32_t ply = 0; going && ply < book->plies; ply++) {
            int count = tourney_game_adapter_status(game, draw->state) == TOURNEY_ONGOING
                            ? tourney_game_adapter_legal_moves(game, draw->state, draw->legal)
                            : 0;
            if (count <= 0) {
                going = false;
                break;
            }
            tourney_move move = draw->legal[tourney_rng_next(&rng) % (uint64_t)count];
            tourney_game_adapter_apply(game, draw->state, move);
            draw->moves[ply] = move;
        }
        if (going && tourney_game_adapter_status(game, draw->state) == TOURNEY_ONGOING) {
            return 0;
        }
    }
    return tourney_error_set(err,
                             "no %d draws of %" PRIu32 " random plies left the game going in "
                             "round %llu",
                             OPENINGS_DRAW_ATTEMPTS, book->plies, (unsigned long long)round);
}

/* The drawn position as the game writes it into draw->text; false when it
 * cannot (no format_state, or a text past MAX_POSITION_TEXT). */
static bool draw_text(const struct game_adapter *game, struct opening_draw *draw)
{
    if (!tourney_game_adapter_has(game, GAME_OPTIONAL_FORMAT_STATE)) {
        return false;
    }
    while (!tourney_game_adapter_board_text(game, draw->state, draw->text, draw->text_size)) {
        /* Refused: the buffer may be too small. */
        char *larger =
            draw->text_size < MAX_POSITION_TEXT ? realloc(draw->text, draw->text_size * 2) : NULL;
        if (larger == NULL) {
            return false;
        }
        draw->text = larger;
        draw->text_size *= 2;
    }
    return true;
}

int tourney_openings_use_plies(struct opening_book *book, const struct game_adapter *game,
                               uint32_t plies, uint64_t seed, struct error *err)
{
    tourney_openings_finish(book);
    if ((int64_t)plies >= (int64_t)game->info.max_plies) {
        return tourney_error_set(err,
                                 "opening_plies = %" PRIu32 " leaves no move to play: game '%s' "
                                 "lasts at most %d plies",
                                 plies, tourney_game_adapter_name(game),
                                 (int)game->info.max_plies);
    }
    book->source = OPENINGS_PLIES;
    book->game = game;
    book->plies = plies;
    book->seed = seed;
    /* A game that ends before the plies do is told now, not mid-run. */
    struct opening_draw draw;
    int status = tourney_opening_draw_init(&draw, book);
    if (status != 0) {
        tourney_error_nomem(err);
    } else {
        status = draw_plies(book, 0, &draw, err);
    }
    tourney_opening_draw_finish(&draw);
    if (status != 0) {
        tourney_openings_finish(book);
    }
    return status;
}

int tourney_openings_start(const struct opening_book *book, uint64_t round,
                           struct opening_draw *draw, struct game_start *start, struct error *err)
{
    if (book->source == OPENINGS_FILE) {
        size_t i = tourney_openings_index(book, round);
        const struct opening *opening = &book->openings[i];
        *start = (struct game_start){
            .state = book->states + i * (size_t)book->game->info.state_size,
            .position = opening->position,
            .moves = opening->moves,
            .move_count = opening->move_count,
        };
        return 0;
    }
    if (draw_plies(book, round, draw, err) != 0) {
        return -1;
    }
    *start = (struct game_start){
        .state = draw->state,
        .position = draw_text(book->game, draw) ? draw->text : NULL,
        .moves = draw->moves,
        .move_count = (int32_t)book->plies,
    };
    return 0;
}
