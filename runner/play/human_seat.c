#include "human_seat.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void move_text(const struct match_rules *rules, tourney_move move, char *buf, size_t size)
{
    tourney_game_adapter_move_text(rules->game, move, buf, size);
}

static int begin(void *self, const struct match_rules *rules, uint64_t game_seed, int seat,
                 struct game_record *record, struct seat_fault *fault, struct error *err)
{
    (void)game_seed;
    (void)fault;
    (void)err;
    struct human_seat *h = self;
    h->rules = rules;
    h->record = record;
    h->seat = seat;
    h->resigned = false;
    h->key_shown = false;
    fprintf(h->out,
            "You play %s against %s. Type a move; 'moves' lists the legal ones, "
            "'quit' resigns.\n",
            seat == 0 ? "first" : "second", h->opponent);
    return 0;
}

static int begun(void *self, struct seat_fault *fault, struct error *err)
{
    (void)self;
    (void)fault;
    (void)err;
    return 0;
}

static void show_board(const struct human_seat *h, const void *state)
{
    char board[8192];
    if (tourney_game_adapter_board_text(h->rules->game, state, board, sizeof(board))) {
        fprintf(h->out, "\n%s\n", board);
    }
}

/* Where the board's text changes from BEFORE to AFTER: the first byte
 * that differs, or SIZE_MAX. */
static size_t changed_at(const char *before, const char *after)
{
    size_t i = 0;
    while (before[i] != '\0' && before[i] == after[i]) {
        i++;
    }
    return before[i] == after[i] ? SIZE_MAX : i;
}

/* Before the person's first move: the mark their moves leave and the name
 * of each cell a move fills, found by playing each legal move on a copy of
 * the position and seeing where the board's text changes (the game draws
 * the board; tourney knows no cells). Nothing when the game has no board. */
static void show_key(const struct human_seat *h, const void *state, const tourney_move *moves,
                     int count)
{
    const struct game_adapter *game = h->rules->game;
    enum { BOARD_TEXT = 8192 };
    char *base = malloc(2 * BOARD_TEXT);
    char *after = base != NULL ? base + BOARD_TEXT : NULL;
    if (base == NULL || !tourney_game_adapter_board_text(game, state, base, BOARD_TEXT)) {
        free(base);
        return;
    }
    void *copy = tourney_game_adapter_new_state(game);
    char **names = calloc(strlen(base) + 1, sizeof(*names));
    if (copy == NULL || names == NULL) {
        free(copy);
        free(names);
        free(base);
        return;
    }
    size_t width = 1;
    char mark = '\0';
    for (int i = 0; i < count; i++) {
        memcpy(copy, state, (size_t)game->info.state_size);
        tourney_game_adapter_apply(game, copy, moves[i]);
        size_t at = tourney_game_adapter_board_text(game, copy, after, BOARD_TEXT)
                        ? changed_at(base, after)
                        : SIZE_MAX;
        char name[64];
        move_text(h->rules, moves[i], name, sizeof(name));
        if (at == SIZE_MAX || names[at] != NULL || (names[at] = strdup(name)) == NULL) {
            continue;
        }
        mark = mark == '\0' && isgraph((unsigned char)after[at]) ? after[at] : mark;
        width = strlen(name) > width ? strlen(name) : width;
    }
    if (mark != '\0') {
        fprintf(h->out, "Your mark is %c.\n", mark);
    }
    /* The board with each cell a move fills named, the others as drawn. */
    fputs("The cells by name:\n", h->out);
    for (size_t i = 0; base[i] != '\0'; i++) {
        if (base[i] == '\n') {
            fputc('\n', h->out);
        } else if (base[i] != ' ') {
            fprintf(h->out, "%*s%s", (int)width,
                    names[i] != NULL ? names[i] : (char[]){base[i], 0},
                    base[i + 1] == ' ' ? " " : "");
        }
    }
    for (size_t i = 0; base[i] != '\0'; i++) {
        free(names[i]);
    }
    free(names);
    free(copy);
    free(base);
}

static void list_moves(const struct human_seat *h, const tourney_move *moves, int count)
{
    fprintf(h->out, "Legal moves:");
    for (int i = 0; i < count; i++) {
        char name[64];
        move_text(h->rules, moves[i], name, sizeof(name));
        fprintf(h->out, " %s", name);
    }
    fputc('\n', h->out);
}

/* A line of input without its line break and surrounding blanks; NULL at
 * the end of the input. */
static char *read_line(struct human_seat *h)
{
    ssize_t length = getline(&h->line, &h->line_size, h->in);
    if (length < 0) {
        return NULL;
    }
    char *text = h->line;
    while (length > 0 && isspace((unsigned char)text[length - 1])) {
        text[--length] = '\0';
    }
    while (isspace((unsigned char)*text)) {
        text++;
    }
    return text;
}

static int resign(struct human_seat *h, struct seat_fault *fault, const char *why)
{
    h->resigned = true;
    fault->termination = TERMINATION_AGENT_ERROR;
    snprintf(fault->reason, sizeof(fault->reason), "%s", why);
    return 1;
}

static int choose(void *self, const void *state, const struct tourney_move_request *request,
                  const struct move_limits *limits, struct tourney_move_report *report,
                  tourney_move *move, struct seat_fault *fault, struct error *err)
{
    (void)request;
    (void)limits; /* a person is not timed */
    (void)report;
    struct human_seat *h = self;
    const struct match_rules *rules = h->rules;
    if (h->record->move_count > 0) {
        char name[64];
        move_text(rules, h->record->moves[h->record->move_count - 1].move, name, sizeof(name));
        fprintf(h->out, "\n%s plays %s.", h->opponent, name);
    }
    show_board(h, state);
    tourney_move *moves = calloc((size_t)rules->game->info.move_limit, sizeof(*moves));
    if (moves == NULL) {
        return tourney_error_nomem(err);
    }
    int count = tourney_game_adapter_legal_moves(rules->game, state, moves);
    if (!h->key_shown && count > 0) {
        h->key_shown = true;
        show_key(h, state, moves, count);
    }
    int result = 0;
    for (;;) {
        fprintf(h->out, "Your move: ");
        fflush(h->out);
        char *text = read_line(h);
        if (text == NULL) {
            fprintf(h->out, "\n");
            result = resign(h, fault, "the player's input ended");
            break;
        }
        if (text[0] == '\0') {
            continue;
        }
        if (strcasecmp(text, "quit") == 0 || strcasecmp(text, "resign") == 0) {
            result = resign(h, fault, "the player resigned");
            break;
        }
        if (strcasecmp(text, "moves") == 0 || strcasecmp(text, "help") == 0 ||
            strcmp(text, "?") == 0) {
            list_moves(h, moves, count);
            continue;
        }
        if (strcasecmp(text, "board") == 0) {
            show_board(h, state);
            continue;
        }
        *move = tourney_game_adapter_read_move(rules->game, moves, count, text);
        if (*move >= 0) {
            break;
        }
        char example[64];
        move_text(rules, moves[0], example, sizeof(example));
        fprintf(h->out,
                "'%.40s' is not a legal move here. Type one like '%s' ('moves' lists "
                "them all, 'quit' resigns).\n",
                text, example);
    }
    free(moves);
    return result;
}

static void end(void *self)
{
    (void)self;
}

static void ended(void *self)
{
    (void)self;
}

static const struct seat_ops human_ops = {
    .begin = begin,
    .begun = begun,
    .choose = choose,
    .end = end,
    .ended = ended,
};

struct seat tourney_human_seat(struct human_seat *human, FILE *in, FILE *out, const char *opponent)
{
    memset(human, 0, sizeof(*human));
    human->in = in;
    human->out = out;
    human->opponent = opponent;
    struct seat seat = {&human_ops, human};
    return seat;
}

void tourney_human_seat_finish(struct human_seat *human)
{
    free(human->line);
    human->line = NULL;
}
