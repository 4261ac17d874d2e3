#include "command_seat.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "probe.h"
#include "rng.h"
#include "seat_faults.h"
#include "text.h"
#include "text_bytes.h"

#define MS UINT64_C(1000000)

/* The longest drawing of a board asked of a game, in bytes. */
#define BOARD_TEXT_MAX (1u << 20)

static void on_log(void *context, int level, const char *text)
{
    struct command_seat *s = context;
    if (s->record != NULL && !s->quiet) {
        tourney_record_add_log(s->record, s->seat, level, text);
    }
}

/* Adds printf-style text to the lines being written. Returns -1 when out of
 * memory. */
__attribute__((format(printf, 2, 3))) static int put(struct command_seat *s, const char *format,
                                                     ...)
{
    for (;;) {
        size_t room = s->text_capacity - s->text_length;
        va_list args;
        va_start(args, format);
        int length = room > 0 ? vsnprintf(s->text + s->text_length, room, format, args) : -1;
        va_end(args);
        if (length >= 0 && (size_t)length < room) {
            s->text_length += (size_t)length;
            return 0;
        }
        size_t capacity = s->text_capacity * 2 + (length > 0 ? (size_t)length : 0) + 4096;
        char *text = realloc(s->text, capacity);
        if (text == NULL) {
            return -1;
        }
        s->text = text;
        s->text_capacity = capacity;
    }
}

/* Sends the lines written, and starts afresh. */
static int send_text(struct command_seat *s, struct error *err)
{
    int status = tourney_agent_process_send(&s->process, s->text, s->text_length, err);
    s->text_length = 0;
    return status;
}

static uint64_t margin_ns(const struct command_seat *s)
{
    return s->settings->limits->time_margin_ns;
}

/* Kills the program, if it runs: it is started anew before the next game. */
static void discard(struct command_seat *s)
{
    tourney_agent_process_kill(&s->process);
    s->ready = s->starting = s->creating = s->playing = false;
}

/* A wait that ended with EVENT as the seat's fault (1) or the runner's
 * failure (-1); the program is killed and started anew for the next game. */
static int fail(struct command_seat *s, enum process_event event, const char *why,
                const char *limit, const char *when, struct seat_fault *fault, struct error *err)
{
    discard(s);
    return tourney_seat_event_fault(&s->process, s->settings->limits, event, why, limit, when,
                                    fault, err);
}

/* A line the protocol allows, but not now: a protocol error. */
static int out_of_turn(struct command_seat *s, const struct agent_line *line, const char *expected,
                       const char *when, struct seat_fault *fault)
{
    char why[160];
    snprintf(why, sizeof(why), "it sent '%s' where %s was expected",
             tourney_agent_line_word(line->type), expected);
    return fail(s, PROCESS_PROTOCOL_ERROR, why, "", when, fault, NULL);
}

/* The agent gave up (an `error` line): agent_error, in its own words. */
static int gave_up(struct command_seat *s, const struct agent_line *line, const char *when,
                   struct seat_fault *fault)
{
    s->replace = true;
    return tourney_seat_at_fault(fault, TERMINATION_AGENT_ERROR, "it gave up %s: %.*s", when,
                                 tourney_utf8_prefix(line->text, 180), line->text);
}

static int start(struct command_seat *s, struct error *err)
{
    const struct command_settings *settings = s->settings;
    tourney_agent_process_finish(&s->process);
    const struct command_launch launch = {
        .host_path = settings->host_path,
        .argv = (const char *const *)s->access->argv,
        .dir = s->access->workdir,
        .reads = (const char *const *)s->access->paths,
        .memory_bytes = settings->limits->memory_bytes,
        .output_limit = settings->limits->output_limit_bytes,
        .sandbox_flags = !settings->sandbox ? 0
                         : settings->limits->sandbox == SANDBOX_ON
                             ? LOAD_SANDBOX | LOAD_SANDBOX_REQUIRED
                             : LOAD_SANDBOX,
        /* Stopped while it is not asked anything: no pondering. */
        .pause = true,
        .resting = settings->resting,
    };
    if (tourney_command_start(&s->process, &launch, &s->exec_sequence, err) != 0) {
        return -1;
    }
    s->starting = true;
    s->start_deadline = tourney_now_ns() + (uint64_t)PROBE_TIME_LIMIT_MS * MS;
    return 0;
}

/* Waits for the program to be executed and to greet back. */
static int greeted(struct command_seat *s, struct seat_fault *fault, struct error *err)
{
    static const char when[] = "while starting";
    struct command_started started;
    struct command_failure failure;
    struct error why;
    tourney_error_clear(&why);
    int status = tourney_command_greet(&s->process, s->exec_sequence, s->start_deadline, on_log, s,
                                       &started, &failure, &why);
    s->starting = false;
    if (status == 0) {
        s->ready = true;
        return 0;
    }
    if (status > 0 && failure.refused) {
        discard(s);
        return tourney_seat_at_fault(fault, TERMINATION_AGENT_ERROR,
                                     "its program could not start: %.200s", why.text);
    }
    char limit[32];
    snprintf(limit, sizeof(limit), "%d ms", PROBE_TIME_LIMIT_MS);
    return fail(s, status < 0 ? PROCESS_FAILED : failure.event, why.text, limit, when, fault, err);
}

/* Tells the program the game, its seat and seed, and asks for new-game. */
static int post_new_game(struct command_seat *s, struct error *err)
{
    int status = put(s, "%sseat %d\nseed %llu\nnew-game\n", s->settings->game_lines, s->seat,
                     (unsigned long long)s->seed);
    if (status != 0) {
        s->text_length = 0;
        return tourney_error_nomem(err);
    }
    if (send_text(s, err) != 0) {
        return -1;
    }
    s->creating = true;
    return 0;
}

static int command_begin(void *self, const struct match_rules *rules, uint64_t game_seed, int seat,
                         struct game_record *record, struct seat_fault *fault, struct error *err)
{
    struct command_seat *s = self;
    s->rules = rules;
    s->record = record;
    s->seat = seat;
    s->seed = tourney_seat_seed(game_seed, seat);
    s->quiet = false;
    if (s->legal == NULL) {
        s->legal = calloc((size_t)rules->game->info.move_limit, sizeof(*s->legal));
        if (s->legal == NULL) {
            return tourney_error_nomem(err);
        }
    }
    if (!s->ready || !tourney_agent_process_alive(&s->process)) {
        /* The game goes out once it has greeted (begun). A process that
         * cannot be started costs this agent the game, never the
         * tournament. */
        if (start(s, err) != 0) {
            discard(s);
            tourney_seat_at_fault(fault, TERMINATION_AGENT_ERROR,
                                  "its process could not be started: %.200s", err->text);
            tourney_error_clear(err);
            return 1;
        }
        return 0;
    }
    if (post_new_game(s, err) != 0) {
        discard(s);
        return -1;
    }
    return 0;
}

static int command_begun(void *self, struct seat_fault *fault, struct error *err)
{
    static const char when[] = "while it was told of a new game";
    struct command_seat *s = self;
    if (s->starting) {
        int result = greeted(s, fault, err);
        if (result != 0) {
            return result;
        }
        if (post_new_game(s, err) != 0) {
            discard(s);
            return -1;
        }
    }
    if (!s->creating) {
        return 0;
    }
    uint64_t deadline = tourney_now_ns() + s->rules->setup_ns + margin_ns(s);
    struct agent_line line;
    struct error why;
    tourney_error_clear(&why);
    enum process_event event =
        tourney_command_next_line(&s->process, deadline, on_log, s, &line, &why);
    s->creating = false;
    tourney_agent_process_pause(&s->process);
    if (event != PROCESS_REPLY) {
        char limit[128];
        tourney_seat_describe_limit(s->settings->limits, s->rules->setup_ns, false, limit,
                                    sizeof(limit));
        return fail(s, event, why.text, limit, when, fault, err);
    }
    if (line.type == AGENT_LINE_ERROR) {
        return gave_up(s, &line, "before the game", fault);
    }
    if (line.type != AGENT_LINE_READY) {
        return out_of_turn(s, &line, "'ready'", when, fault);
    }
    s->playing = true;
    return 0;
}

/* The game's name for MOVE as the protocol writes it: "#N" for a move
 * without a name, or whose name has blanks in it. */
static void move_word(const struct game_adapter *game, tourney_move move, char *buf, size_t size)
{
    tourney_game_adapter_move_text(game, move, buf, size);
    if (buf[0] == '\0' || strpbrk(buf, " \t\r\n") != NULL) {
        snprintf(buf, size, "#%d", (int)move);
    }
}

/* The board as the game draws it, one `board` line a row. */
static int put_board(struct command_seat *s, const void *state)
{
    const struct game_adapter *game = s->rules->game;
    if (!tourney_game_adapter_has(game, GAME_OPTIONAL_FORMAT_STATE)) {
        return 0;
    }
    for (size_t size = 4096; size <= BOARD_TEXT_MAX; size *= 2) {
        char *board = malloc(size);
        if (board == NULL) {
            return -1;
        }
        if (!tourney_game_adapter_board_text(game, state, board, size)) {
            free(board);
            continue;
        }
        int status = 0;
        for (char *row = board; status == 0 && *row != '\0';) {
            size_t length = strcspn(row, "\n");
            status = put(s, "board %.*s\n", (int)length, row);
            row += length + (row[length] == '\n');
        }
        free(board);
        return status;
    }
    return 0; /* a board too large to send goes without its drawing */
}

/* Writes the position (moves so far, board, legal moves) and `go`. */
static int put_position(struct command_seat *s, const void *state,
                        const struct tourney_move_request *request, int count)
{
    const struct game_adapter *game = s->rules->game;
    const struct game_record *r = s->record;
    char word[64];
    int status = put(s, "position %d\nmoves", (int)request->ply);
    for (size_t i = 0; status == 0 && i < r->move_count; i++) {
        status = put(s, " %d", (int)r->moves[i].move);
    }
    status = status ? status : put(s, "\nmoves-text");
    for (size_t i = 0; status == 0 && i < r->move_count; i++) {
        move_word(game, r->moves[i].move, word, sizeof(word));
        status = put(s, " %s", word);
    }
    status = status ? status : put(s, "\n");
    status = status ? status : put_board(s, state);
    status = status ? status : put(s, "legal");
    for (int i = 0; status == 0 && i < count; i++) {
        status = put(s, " %d", (int)s->legal[i]);
    }
    status = status ? status : put(s, "\nlegal-text");
    for (int i = 0; status == 0 && i < count; i++) {
        move_word(game, s->legal[i], word, sizeof(word));
        status = put(s, " %s", word);
    }
    status = status ? status
                    : put(s, "\ngo budget %llu", (unsigned long long)(request->budget_ns / MS));
    if (status == 0 && request->remaining_ns > 0) {
        status = put(s, " remaining %llu increment %llu opponent %llu",
                     (unsigned long long)(request->remaining_ns / MS),
                     (unsigned long long)(request->increment_ns / MS),
                     (unsigned long long)(request->opponent_remaining_ns / MS));
    }
    return status ? status : put(s, "\n");
}

/* "at ply PLY" in WHEN, for messages about a move. */
static const char *at_ply(char when[32], int32_t ply)
{
    snprintf(when, 32, "at ply %d", (int)ply);
    return when;
}

/* The move a `move` or `move-text` line names: 0 with *MOVE, or 1 with the
 * fault (a number that is no move at all breaks the protocol; a name of no
 * legal move is an illegal move). */
static int read_move(struct command_seat *s, const struct agent_line *line, int count,
                     const char *when, tourney_move *move, struct seat_fault *fault)
{
    const struct game_adapter *game = s->rules->game;
    if (line->type == AGENT_LINE_MOVE) {
        if (line->move < 0 || line->move >= game->info.move_limit) {
            char why[128];
            snprintf(why, sizeof(why), "it sent 'move %lld', but moves are numbered 0 to %d",
                     (long long)line->move, (int)game->info.move_limit - 1);
            return fail(s, PROCESS_PROTOCOL_ERROR, why, "", when, fault, NULL);
        }
        *move = (tourney_move)line->move;
        return 0;
    }
    *move = tourney_game_adapter_read_move(game, s->legal, count, line->text);
    if (*move < 0) {
        return tourney_seat_at_fault(fault, TERMINATION_ILLEGAL_MOVE,
                                     "'move-text %.*s' names no legal move %s (%d legal moves)",
                                     tourney_utf8_prefix(line->text, 60), line->text, when, count);
    }
    return 0;
}

/* The move's answer: `info` lines, then a move (or `error`). */
static int read_answer(struct command_seat *s, const struct tourney_move_request *request,
                       const struct move_limits *limits, int count, const char *when,
                       struct tourney_move_report *report, tourney_move *move,
                       struct seat_fault *fault, struct error *err)
{
    for (;;) {
        struct agent_line line;
        struct error why;
        tourney_error_clear(&why);
        enum process_event event =
            tourney_command_next_line(&s->process, limits->kill_ns, on_log, s, &line, &why);
        s->move_cpu_known = s->process.reply_cpu_known;
        s->move_cpu_ns = s->process.reply_cpu_ns;
        if (event != PROCESS_REPLY) {
            char limit[128];
            tourney_seat_describe_limit(s->settings->limits, limits->forfeit_ns - limits->start_ns,
                                        request->remaining_ns > 0, limit, sizeof(limit));
            return fail(s, event, why.text, limit, when, fault, err);
        }
        switch (line.type) {
        case AGENT_LINE_INFO:
            tourney_agent_line_apply_info(&line, report);
            break;
        case AGENT_LINE_MOVE:
        case AGENT_LINE_MOVE_TEXT:
            tourney_agent_process_pause(&s->process);
            return read_move(s, &line, count, when, move, fault);
        case AGENT_LINE_ERROR:
            tourney_agent_process_pause(&s->process);
            return gave_up(s, &line, when, fault);
        case AGENT_LINE_HELLO:
        case AGENT_LINE_READY:
        case AGENT_LINE_LOG:
        case AGENT_LINE_BLANK:
            return out_of_turn(s, &line, "'info', 'move' or 'move-text'", when, fault);
        }
    }
}

static int command_choose(void *self, const void *state,
                          const struct tourney_move_request *request,
                          const struct move_limits *limits, struct tourney_move_report *report,
                          tourney_move *move, struct seat_fault *fault, struct error *err)
{
    struct command_seat *s = self;
    char when[32];
    at_ply(when, request->ply);
    int count = tourney_game_adapter_legal_moves(s->rules->game, state, s->legal);
    if (put_position(s, state, request, count) != 0) {
        s->text_length = 0;
        return fail(s, PROCESS_FAILED, "out of memory", "", when, fault, err);
    }
    if (send_text(s, err) != 0) {
        discard(s);
        return -1;
    }
    /* As a plugin's move (process_seat.c). */
    s->process.cpu_limit_ns = limits->cpu_ns;
    int status = read_answer(s, request, limits, count, when, report, move, fault, err);
    s->process.cpu_limit_ns = 0;
    return status;
}

static void command_end(void *self)
{
    struct command_seat *s = self;
    if (s->starting || s->creating) {
        /* The other seat failed first: this agent is told of the game and
         * of its end unseen, as if it never had been. */
        s->quiet = true;
        struct seat_fault ignored;
        command_begun(s, &ignored, NULL);
    }
    if (!s->playing || !tourney_agent_process_alive(&s->process)) {
        s->playing = false;
        return;
    }
    s->playing = false;
    const struct game_record *r = s->record;
    const char *result = "draw";
    if (r->result != RESULT_DRAW) {
        result = (r->result == RESULT_FIRST_WINS) == (s->seat == 0) ? "win" : "loss";
    }
    if (put(s, "end-game %s\n", result) != 0 || send_text(s, NULL) != 0) {
        s->text_length = 0;
        discard(s);
        return;
    }
    /* No answer comes to end-game: the program is stopped at once, and
     * reads it as it is continued for its next game (docs/protocol.md).
     * Until then, possibly many games later, it takes no processor from
     * the agents that play meanwhile. */
    tourney_agent_process_pause(&s->process);
}

static void command_ended(void *self)
{
    struct command_seat *s = self;
    struct agent_process *p = &s->process;
    /* After an illegal move too, unlike a plugin's: a program that sent one
     * may have sent more than its answer, and starts afresh. */
    if (!s->quiet && s->record->termination == TERMINATION_ILLEGAL_MOVE &&
        s->record->fault_seat == s->seat) {
        s->replace = true;
    }
    if (p->open) {
        tourney_seat_keep_output(p, s->record, s->seat, s->quiet);
        p->io.line_bytes = 0;
    }
    if (s->replace) {
        discard(s);
        s->replace = false;
    }
    if (!tourney_agent_process_alive(p)) {
        s->ready = false;
        tourney_agent_process_finish(p);
    }
    s->record = NULL;
    s->quiet = false;
}

static bool command_move_cpu(void *self, uint64_t *cpu_ns)
{
    const struct command_seat *s = self;
    *cpu_ns = s->move_cpu_ns;
    return s->move_cpu_known;
}

static const struct seat_ops command_ops = {
    .begin = command_begin,
    .begun = command_begun,
    .choose = command_choose,
    .end = command_end,
    .ended = command_ended,
    .move_cpu = command_move_cpu,
};

struct seat tourney_command_seat(struct command_seat *s, const struct command_settings *settings,
                                 const struct program_reads *access)
{
    memset(s, 0, sizeof(*s));
    s->settings = settings;
    s->access = access;
    return (struct seat){&command_ops, s};
}

void tourney_command_seat_quit(struct command_seat *s)
{
    tourney_agent_process_quit(&s->process);
}

void tourney_command_seat_finish(struct command_seat *s)
{
    tourney_agent_process_stop(&s->process, tourney_now_ns() + AGENT_PROCESS_QUIT_GRACE_NS);
    tourney_agent_process_finish(&s->process);
    free(s->text);
    free(s->legal);
    s->text = NULL;
    s->legal = NULL;
    s->text_length = s->text_capacity = 0;
    s->ready = false;
}

/* Whether TEXT can be sent as the rest of a line. */
static bool fits_a_line(const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c != '\0'; c++) {
        if (*c < 0x20 || *c == 0x7f) {
            return false;
        }
    }
    return true;
}

char *tourney_command_game_lines(const struct game_adapter *game, const char *game_path,
                                 const char *const *names, const char *const *values, size_t count,
                                 const struct match_rules *rules)
{
    char *text = fits_a_line(game_path)
                     ? tourney_format("game %s\ngame-plugin %s\n", tourney_game_adapter_name(game),
                                      game_path)
                     : tourney_format("game %s\n", tourney_game_adapter_name(game));
    for (size_t i = 0; text != NULL && i < count; i++) {
        char *longer = tourney_format("%sgame-param %s %s\n", text, names[i], values[i]);
        free(text);
        text = longer;
    }
    char *longer = NULL;
    if (text != NULL && rules->clock.base_ns > 0) {
        longer = tourney_format("%smove-limit %d\nmax-plies %d\ntime-control %llu %llu\n", text,
                                (int)game->info.move_limit, (int)game->info.max_plies,
                                (unsigned long long)(rules->clock.base_ns / MS),
                                (unsigned long long)(rules->clock.increment_ns / MS));
    } else if (text != NULL) {
        longer = tourney_format("%smove-limit %d\nmax-plies %d\ntime-per-move %llu\n", text,
                                (int)game->info.move_limit, (int)game->info.max_plies,
                                (unsigned long long)(rules->move_ns / MS));
    }
    free(text);
    return longer;
}
