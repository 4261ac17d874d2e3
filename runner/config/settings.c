#include "settings.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "time_control.h"

/* What one unit written in a config is in the unit a value is kept in. */
#define NS_PER_MS UINT64_C(1000000)
#define BYTES_PER_KIB UINT64_C(1024)
#define BYTES_PER_MIB (UINT64_C(1024) * 1024)

/* Where a member of struct tournament_settings is, for a row. */
#define FIELD(member)                                       \
    .offset = offsetof(struct tournament_settings, member), \
    .size = sizeof(((struct tournament_settings *)NULL)->member)

/* Where a TEXT row's value, read, is kept (struct setting's read). */
#define READ_INTO(member)                                        \
    .read_offset = offsetof(struct tournament_settings, member), \
    .read_size = sizeof(((struct tournament_settings *)NULL)->member)

/* The words of each CHOICE, in the order of its enum. */
static const char *const format_words[] = {"round-robin", "gauntlet", NULL};
static const char *const isolation_words[] = {"process", "none", NULL};
static const char *const anchor_words[] = {"auto", "random", "mean", NULL};
static const char *const order_words[] = {"sequential", "random", NULL};
static const char *const sprt_model_words[] = {"normalized", "logistic", NULL};
static const char *const analysis_words[] = {"none", "exact", NULL};
static const char *const exact_words[] = {"no", "yes", NULL};

_Static_assert(FORMAT_ROUND_ROBIN == 0 && FORMAT_GAUNTLET == 1, "format_words");
_Static_assert(ISOLATION_PROCESS == 0 && ISOLATION_NONE == 1, "isolation_words");
_Static_assert(ANCHOR_AUTO == 0 && ANCHOR_RANDOM == 1 && ANCHOR_MEAN == 2, "anchor_words");
_Static_assert(OPENINGS_SEQUENTIAL == 0 && OPENINGS_RANDOM == 1, "order_words");
_Static_assert(SPRT_NORMALIZED == 0 && SPRT_LOGISTIC == 1, "sprt_model_words");
_Static_assert(ANALYSIS_NONE == 0 && ANALYSIS_EXACT == 1, "analysis_words");
_Static_assert(EXACT_VS_RANDOM_NO == 0 && EXACT_VS_RANDOM_YES == 1, "exact_words");
_Static_assert(sizeof(enum tournament_format) == sizeof(int) &&
                   sizeof(enum isolation) == sizeof(int) &&
                   sizeof(enum sandbox_setting) == sizeof(int) &&
                   sizeof(enum rating_anchor) == sizeof(int) &&
                   sizeof(enum openings_order) == sizeof(int) &&
                   sizeof(enum sprt_model) == sizeof(int) &&
                   sizeof(enum analysis_mode) == sizeof(int) &&
                   sizeof(enum exact_vs_random_mode) == sizeof(int),
               "CHOICE and SWITCH values are stored as int");

static bool not_empty(const char *text)
{
    return text[0] != '\0';
}

static bool read_clock(const char *text, void *clock)
{
    return tourney_time_control_parse(text, clock);
}

static bool sprt_on(const struct tournament_settings *settings)
{
    return settings->sprt.enabled;
}

/*
 * Every [tournament] setting, one row each, in the order of docs/config.md
 * (unit.settings checks that table against this one).
 *
 * Adding a setting is one row here plus its use: a member of struct
 * tournament_settings, the row, and the code that acts on the value. The
 * row alone makes the config read it (with its file:line errors), the
 * unknown-key message list it, the results log's header keep it (place)
 * and its settings digest cover it (decides), and the reports show it
 * (label, summary). A setting the log keeps and did not have before goes in
 * SETTING_LOG_ADDED, so that older logs still resume and merge and a
 * tournament that leaves it at its default logs and reports what it did.
 */
static const struct setting table[] = {
    {
        .key = "name",
        .type = SETTING_TEXT,
        FIELD(name),
        .accepts = tourney_settings_name_ok,
        .values = "1 to 40 letters, digits, '.', '_' or '-', not starting with '.' or '-'",
        .default_text = "the file's name without .ini",
        .place = SETTING_LOG_IDENTITY,
        .summary = true,
        .help = "the tournament's name, in the reports and in the default output_dir",
    },
    {
        .key = "seed",
        .type = SETTING_UINT,
        FIELD(seed),
        .max = UINT64_MAX,
        .default_value = 1,
        .place = SETTING_LOG_PLAY,
        .decides = true,
        .summary = true,
        .help = "the number every game's seed, and so every agent's random stream, is derived "
                "from",
    },
    {
        .key = "games_per_pair",
        .type = SETTING_UINT,
        FIELD(games_per_pair),
        .min = 2,
        .max = 1000000,
        .even = true,
        .note = "each pair plays both seats equally often",
        .required = true,
        .place = SETTING_LOG_PLAY,
        .decides = true,
        .summary = true,
        .help = "games each pair of agents plays, half of them with each agent moving first",
    },
    {
        .key = "time_per_move_ms",
        .type = SETTING_UINT,
        FIELD(time_per_move_ns),
        .scale = NS_PER_MS,
        .min = 1,
        .max = 86400000,
        .default_value = 1000,
        .unit = "milliseconds",
        .symbol = "ms",
        .place = SETTING_LOG_PLAY,
        .decides = true,
        .label = "Time per move",
        .summary = true,
        .help = "each move's thinking time in milliseconds, handed to agents as their budget and "
                "deadline",
    },
    {
        .key = "output_dir",
        .type = SETTING_TEXT,
        FIELD(output_dir),
        .accepts = not_empty,
        .values = "a directory",
        .default_text = "reports/NAME",
        .help = "where the reports go; created with its parents if missing",
    },
    {
        .key = "plugin_path",
        .type = SETTING_TEXT,
        FIELD(plugin_path),
        .values = "directories separated by ':'",
        .help = "searched first for plugins named without a /",
    },
    {
        .key = "format",
        .type = SETTING_CHOICE,
        FIELD(format),
        .words = format_words,
        .default_value = FORMAT_ROUND_ROBIN,
        .place = SETTING_LOG_PAIRS,
        .decides = true,
        .summary = true,
        .help = "which pairs play: every pair, or only those with gauntlet_agent in them",
    },
    {
        .key = "gauntlet_agent",
        .type = SETTING_TEXT,
        FIELD(gauntlet_agent),
        .values = "the NAME of an [agent NAME] section",
        .place = SETTING_LOG_PAIRS,
        .decides = true,
        .digest_key = "gauntlet",
        .help = "with format = gauntlet, the agent every other agent plays",
    },
    {
        .key = "isolation",
        .type = SETTING_CHOICE,
        FIELD(isolation),
        .words = isolation_words,
        .default_value = ISOLATION_PROCESS,
        .help = "where agent code runs: each agent in a child process of its own, or in the "
                "runner's process",
    },
    {
        .key = "sandbox",
        .type = SETTING_SWITCH,
        FIELD(limits.sandbox),
        .default_value = SANDBOX_AUTO,
        .default_text = "on where the kernel supports it",
        .help = "with isolation = process: the system-call sandbox of agent processes; true "
                "makes it required",
    },
    {
        .key = "time_margin_ms",
        .type = SETTING_UINT,
        FIELD(limits.time_margin_ns),
        .scale = NS_PER_MS,
        .max = 3600000,
        .default_value = 500,
        .unit = "milliseconds",
        .symbol = "ms",
        .place = SETTING_LOG_PLAY,
        .decides = true,
        .help = "with isolation = process: how long past a move's budget an agent is waited for "
                "before it is killed and loses on time",
    },
    {
        .key = "agent_memory_mb",
        .type = SETTING_UINT,
        FIELD(limits.memory_bytes),
        .scale = BYTES_PER_MIB,
        .min = 32,
        .max = 1048576,
        .default_value = 1024,
        .unit = "MiB",
        .symbol = "MiB",
        .place = SETTING_LOG_PLAY,
        .decides = true,
        .help = "with isolation = process: each agent process's address space, in MiB",
    },
    {
        .key = "agent_output_limit_kb",
        .type = SETTING_UINT,
        FIELD(limits.output_limit_bytes),
        .scale = BYTES_PER_KIB,
        .max = 1048576,
        .default_value = 64,
        .unit = "KiB",
        .symbol = "KiB",
        .place = SETTING_LOG_PLAY,
        .decides = true,
        .help = "with isolation = process: what an agent may print (stdout and stderr together) "
                "in one game, in KiB",
    },
    {
        .key = "cpu_limit",
        .type = SETTING_UINT,
        FIELD(limits.cpu_limit),
        .max = 1000,
        .default_value = 0,
        .unit = "move budgets",
        .symbol = "times the budget",
        .place = SETTING_LOG_ADDED,
        .decides = true,
        .help = "with isolation = process: the CPU time a move may take, all the agent's threads "
                "together, in multiples of the move's budget (on a clock, of the time left on "
                "it); an agent over it loses (cpu_limit), a plugin or a program alike. 0: no "
                "limit",
    },
    {
        .key = "sprt",
        .type = SETTING_SPRT,
        FIELD(sprt),
        .values = "elo0, elo1, alpha, beta, e.g. 0, 50, 0.05, 0.05: elo0 < elo1 within "
                  "\u00b11000, alpha and beta in (0, 0.5)",
        .place = SETTING_LOG_JUDGING,
        .decides = true,
        .help = "a sequential test for a match of exactly two agents: is the first agent elo1 Elo "
                "stronger than the second (H1), or only elo0 (H0)? The match stops at the first "
                "pair of games after which the test has its verdict; games_per_pair is then the "
                "most it may last",
    },
    {
        .key = "rating_anchor",
        .type = SETTING_CHOICE,
        FIELD(rating_anchor),
        .words = anchor_words,
        .default_value = ANCHOR_AUTO,
        .place = SETTING_LOG_JUDGING,
        .help = "the zero of the ratings: the random agent (the first entrant of the random "
                "plugin) or the mean of the ratings; auto takes the random agent when there is "
                "one",
    },
    {
        .key = "jobs",
        .type = SETTING_UINT,
        FIELD(jobs),
        .min = 1,
        .max = TOURNEY_MAX_JOBS,
        .default_text = "the number of online cores",
        .unit = "games played at once",
        .help = "how many games are played at once, each in a worker process; tourney run "
                "--jobs N overrides it",
    },
    {
        .key = "time_control",
        .type = SETTING_TEXT,
        FIELD(time_control),
        .read = read_clock,
        READ_INTO(clock),
        .values = TIME_CONTROL_EXPECTED,
        .place = SETTING_LOG_ADDED,
        .decides = true,
        .label = "Time control",
        .summary = true,
        .help = "a clock per agent and game instead of time_per_move_ms: BASE seconds at the "
                "start, INC seconds added after each of its moves; a move that uses up the clock "
                "loses on time (time_forfeit)",
    },
    {
        .key = "openings",
        .type = SETTING_FILE,
        FIELD(openings),
        .accepts = not_empty,
        .values = "a file of positions in the game's notation, one a line, relative to the "
                  "config's directory",
        .place = SETTING_LOG_ADDED,
        .decides = true,
        .label = "Openings",
        .summary = true,
        .help = "the positions games start from: every pair plays each round's opening from both "
                "seats; blank lines and text after # are skipped",
    },
    {
        .key = "opening_plies",
        .type = SETTING_UINT,
        FIELD(opening_plies),
        .min = 1,
        .max = 1000,
        .default_text = "none",
        .unit = "plies",
        .place = SETTING_LOG_ADDED,
        .decides = true,
        .label = "Opening plies",
        .summary = true,
        .help = "instead of openings: each round starts from this many random legal plies, drawn "
                "from the seed and the round, redrawn where they end the game",
    },
    {
        .key = "openings_order",
        .type = SETTING_CHOICE,
        FIELD(openings_order),
        .words = order_words,
        .default_value = OPENINGS_SEQUENTIAL,
        .place = SETTING_LOG_ADDED,
        .decides = true,
        .label = "Openings order",
        .summary = true,
        .help = "which opening of the file each round plays: the file's in turn, or each pass "
                "over the file shuffled with the seed",
    },
    {
        .key = "sprt_model",
        .type = SETTING_CHOICE,
        FIELD(sprt.model),
        .words = sprt_model_words,
        .default_value = SPRT_NORMALIZED,
        .place = SETTING_LOG_ADDED,
        .decides = true,
        .summary = true,
        .applies = sprt_on,
        /* Logs from before the setting tested logistic Elo. */
        .absent = "logistic",
        .help = "with sprt: what elo0 and elo1 measure: normalized Elo (as fishtest and fastchess "
                "by default: the same bounds take as many games whatever the draw rate) or "
                "logistic Elo (the expected score); see docs/reports.md",
    },
    {
        .key = "analysis",
        .type = SETTING_CHOICE,
        FIELD(analysis),
        .words = analysis_words,
        .default_value = ANALYSIS_NONE,
        .help = "after the games: exact grades every move by the exact values of the positions "
                "before and after it, as tourney analyze does, into analysis.jsonl; see "
                "docs/reports.md",
    },
    {
        .key = "exact_vs_random",
        .type = SETTING_CHOICE,
        FIELD(exact_vs_random),
        .words = exact_words,
        .default_value = EXACT_VS_RANDOM_NO,
        .help = "after the games: yes computes the exact win rate against random of every agent "
                "that plays random and chooses its moves without chance, on a game within "
                "exact_vs_random_budget, into exact-vs-random.json, and the reports show it "
                "beside the sampled one; see docs/reports.md",
    },
    {
        .key = "exact_vs_random_budget",
        .type = SETTING_UINT,
        FIELD(exact_vs_random_budget),
        .min = 1,
        .max = 4000000000,
        .default_value = TOURNEY_EXACT_VS_RANDOM_BUDGET,
        .unit = "positions",
        .help = "with exact_vs_random = yes: the most positions of the game, any moves of both "
                "players from the starts of the games against random, for which it is computed; "
                "a larger game is left out with the reason",
    },
};

#define ROW_COUNT (sizeof(table) / sizeof(table[0]))
_Static_assert(ROW_COUNT <= TOURNEY_SETTINGS_MAX, "a config keeps a line per setting");

const struct setting *tourney_settings_table(size_t *count)
{
    *count = ROW_COUNT;
    return table;
}

const struct setting *tourney_settings_find(const char *key)
{
    for (size_t i = 0; i < ROW_COUNT; i++) {
        if (strcmp(table[i].key, key) == 0) {
            return &table[i];
        }
    }
    return NULL;
}

bool tourney_settings_name_ok(const char *name)
{
    size_t length = strlen(name);
    if (length == 0 || length > 40 || name[0] == '.' || name[0] == '-') {
        return false;
    }
    for (size_t i = 0; i < length; i++) {
        char c = name[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '.' || c == '_' || c == '-';
        if (!ok) {
            return false;
        }
    }
    return true;
}

static void *field(const struct setting *row, struct tournament_settings *settings)
{
    return (char *)settings + row->offset;
}

const void *tourney_setting_field(const struct setting *row,
                                  const struct tournament_settings *settings)
{
    return (const char *)settings + row->offset;
}

/* What one unit as written is as kept (1 for a row kept as written). */
static uint64_t scale_of(const struct setting *row)
{
    return row->scale > 0 ? row->scale : 1;
}

uint64_t tourney_setting_number(const struct setting *row,
                                const struct tournament_settings *settings)
{
    const void *at = tourney_setting_field(row, settings);
    if (row->type == SETTING_UINT && row->size == sizeof(uint64_t)) {
        uint64_t value = 0;
        memcpy(&value, at, sizeof(value));
        return value / scale_of(row);
    }
    if (row->type == SETTING_UINT) {
        uint32_t value = 0;
        memcpy(&value, at, sizeof(value));
        return value;
    }
    int value = 0;
    memcpy(&value, at, sizeof(value));
    return (uint64_t)value;
}

/* Stores a UINT's value (as written: kept in the row's unit), a CHOICE's
 * index or a SWITCH's state. */
static void set_number(const struct setting *row, struct tournament_settings *settings,
                       uint64_t number)
{
    void *at = field(row, settings);
    if (row->type == SETTING_UINT && row->size == sizeof(uint64_t)) {
        uint64_t kept = number * scale_of(row);
        memcpy(at, &kept, sizeof(kept));
    } else if (row->type == SETTING_UINT) {
        uint32_t value = (uint32_t)number;
        memcpy(at, &value, sizeof(value));
    } else {
        int value = (int)number;
        memcpy(at, &value, sizeof(value));
    }
}

static const char *text_value(const struct setting *row,
                              const struct tournament_settings *settings)
{
    const char *text = NULL;
    memcpy(&text, tourney_setting_field(row, settings), sizeof(text));
    return text;
}

/* A TEXT setting's string, to be freed or replaced. */
static char *owned_text(const struct setting *row, struct tournament_settings *settings)
{
    char *text = NULL;
    memcpy(&text, field(row, settings), sizeof(text));
    return text;
}

static struct setting_file *file_value(const struct setting *row,
                                       struct tournament_settings *settings)
{
    return field(row, settings);
}

static const struct setting_file *file_of(const struct setting *row,
                                          const struct tournament_settings *settings)
{
    return tourney_setting_field(row, settings);
}

static const struct sprt_settings *sprt_value(const struct setting *row,
                                              const struct tournament_settings *settings)
{
    return tourney_setting_field(row, settings);
}

void tourney_settings_init(struct tournament_settings *settings)
{
    memset(settings, 0, sizeof(*settings));
    for (size_t i = 0; i < ROW_COUNT; i++) {
        const struct setting *row = &table[i];
        if (row->type == SETTING_UINT || row->type == SETTING_CHOICE ||
            row->type == SETTING_SWITCH) {
            set_number(row, settings, row->default_value);
        }
    }
}

void tourney_settings_finish(struct tournament_settings *settings)
{
    for (size_t i = 0; i < ROW_COUNT; i++) {
        if (table[i].type == SETTING_TEXT || table[i].type == SETTING_FILE) {
            free(owned_text(&table[i], settings));
        }
    }
    memset(settings, 0, sizeof(*settings));
}

/* Replaces a TEXT setting's value by a copy of TEXT (which may be NULL). */
static int set_text(const struct setting *row, struct tournament_settings *settings,
                    const char *text)
{
    char *copy = NULL;
    if (text != NULL && (copy = strdup(text)) == NULL) {
        return -1;
    }
    free(owned_text(row, settings));
    memcpy(field(row, settings), &copy, sizeof(copy));
    return 0;
}

int tourney_settings_copy_logged(struct tournament_settings *to,
                                 const struct tournament_settings *from, struct error *err)
{
    tourney_settings_init(to);
    for (size_t i = 0; i < ROW_COUNT; i++) {
        const struct setting *row = &table[i];
        if (row->place == SETTING_NOT_LOGGED) {
            continue;
        }
        if (row->type != SETTING_TEXT && row->type != SETTING_FILE) {
            memcpy(field(row, to), tourney_setting_field(row, from), row->size);
        } else if (set_text(row, to, text_value(row, from)) != 0) {
            return tourney_error_nomem(err);
        }
        if (row->read != NULL) {
            memcpy((char *)to + row->read_offset, (const char *)from + row->read_offset,
                   row->read_size);
        }
        if (row->type == SETTING_FILE) {
            memcpy(file_value(row, to)->digest, file_of(row, from)->digest,
                   sizeof(file_value(row, to)->digest));
        }
    }
    return 0;
}

/* Adds printf-style text at the end of TEXT, as far as SIZE allows. */
__attribute__((format(printf, 3, 4))) static void append(char *text, size_t size,
                                                         const char *format, ...)
{
    size_t length = strlen(text);
    if (length + 1 >= size) {
        return;
    }
    va_list args;
    va_start(args, format);
    vsnprintf(text + length, size - length, format, args);
    va_end(args);
}

void tourney_setting_values(const struct setting *row, char *text, size_t size)
{
    text[0] = '\0';
    switch (row->type) {
    case SETTING_UINT:
        append(text, size, "%s", row->even ? "an even number" : "a whole number");
        if (row->unit != NULL && !row->even) {
            append(text, size, " of %s", row->unit);
        }
        append(text, size, " from %" PRIu64 " to %" PRIu64, row->min, row->max);
        if (row->note != NULL) {
            append(text, size, " (%s)", row->note);
        }
        break;
    case SETTING_CHOICE:
        for (size_t i = 0; row->words[i] != NULL; i++) {
            const char *joint = i == 0 ? "" : row->words[i + 1] == NULL ? " or " : ", ";
            append(text, size, "%s%s", joint, row->words[i]);
        }
        break;
    case SETTING_SWITCH:
        append(text, size, "true or false (or yes/no, on/off, 1/0)");
        break;
    case SETTING_TEXT:
    case SETTING_SPRT:
    case SETTING_FILE:
        append(text, size, "%s", row->values);
        break;
    }
}

void tourney_setting_default(const struct setting *row, char *text, size_t size)
{
    if (row->required) {
        snprintf(text, size, "none: required");
    } else if (row->default_text != NULL) {
        snprintf(text, size, "%s", row->default_text);
    } else if (row->type == SETTING_UINT) {
        snprintf(text, size, "%" PRIu64, row->default_value);
    } else if (row->type == SETTING_CHOICE) {
        snprintf(text, size, "%s", row->words[row->default_value]);
    } else {
        snprintf(text, size, "none");
    }
}

bool tourney_setting_is_default(const struct setting *row,
                                const struct tournament_settings *settings)
{
    switch (row->type) {
    case SETTING_TEXT:
    case SETTING_FILE:
        return text_value(row, settings) == NULL;
    case SETTING_SPRT:
        return !sprt_value(row, settings)->enabled;
    case SETTING_UINT:
    case SETTING_CHOICE:
    case SETTING_SWITCH:
        break;
    }
    return tourney_setting_number(row, settings) == row->default_value;
}

static bool applies(const struct setting *row, const struct tournament_settings *settings)
{
    return row->applies == NULL || row->applies(settings);
}

/* Whether ROW is at the value a log leaves out: its absent value, or its
 * default. */
static bool at_log_default(const struct setting *row, const struct tournament_settings *settings)
{
    if (row->absent == NULL) {
        return tourney_setting_is_default(row, settings);
    }
    char text[128];
    tourney_setting_text(row, settings, text, sizeof(text));
    return strcmp(text, row->absent) == 0;
}

bool tourney_setting_in_log(const struct setting *row, const struct tournament_settings *settings)
{
    return row->place != SETTING_NOT_LOGGED && applies(row, settings) &&
           (row->place != SETTING_LOG_ADDED || !at_log_default(row, settings));
}

/* The index of WORD among ROW's words, or -1. */
static int word_index(const struct setting *row, const char *word)
{
    for (int i = 0; row->words[i] != NULL; i++) {
        if (strcmp(row->words[i], word) == 0) {
            return i;
        }
    }
    return -1;
}

/* Reads TEXT into SETTINGS; false when ROW does not take it. (A test's four
 * numbers are read by tourney_parse_sprt, which says what was wrong.) */
static bool parse_value(const struct setting *row, const char *text,
                        struct tournament_settings *settings)
{
    switch (row->type) {
    case SETTING_UINT: {
        uint64_t number = 0;
        if (!tourney_parse_uint64(text, &number) || number < row->min || number > row->max ||
            (row->even && number % 2 != 0)) {
            return false;
        }
        set_number(row, settings, number);
        return true;
    }
    case SETTING_CHOICE: {
        int index = word_index(row, text);
        if (index < 0) {
            return false;
        }
        set_number(row, settings, (uint64_t)index);
        return true;
    }
    case SETTING_SWITCH: {
        bool on = false;
        if (!tourney_parse_bool(text, &on)) {
            return false;
        }
        set_number(row, settings, on ? SANDBOX_ON : SANDBOX_OFF);
        return true;
    }
    case SETTING_SPRT:
    case SETTING_TEXT:
    case SETTING_FILE:
        break;
    }
    if (row->read != NULL) {
        return row->read(text, (char *)settings + row->read_offset);
    }
    return row->accepts == NULL || row->accepts(text);
}

int tourney_setting_parse(const struct setting *row, const char *text,
                          struct tournament_settings *settings, struct error *err)
{
    if (row->type == SETTING_SPRT) {
        if (tourney_parse_sprt(text, field(row, settings), err) != 0) {
            return tourney_error_prefix(err, "bad value '%s' for '%s'", text, row->key);
        }
        return 0;
    }
    if (!parse_value(row, text, settings)) {
        char values[200];
        tourney_setting_values(row, values, sizeof(values));
        return tourney_error_set(err, "bad value '%s' for '%s': expected %s", text, row->key,
                                 values);
    }
    if ((row->type == SETTING_TEXT || row->type == SETTING_FILE) &&
        set_text(row, settings, text) != 0) {
        return tourney_error_nomem(err);
    }
    if (row->type == SETTING_FILE) {
        file_value(row, settings)->digest[0] = '\0'; /* another file, not read yet */
    }
    return 0;
}

void tourney_setting_text(const struct setting *row, const struct tournament_settings *settings,
                          char *text, size_t size)
{
    text[0] = '\0';
    switch (row->type) {
    case SETTING_UINT:
        append(text, size, "%" PRIu64, tourney_setting_number(row, settings));
        break;
    case SETTING_CHOICE:
        append(text, size, "%s", row->words[tourney_setting_number(row, settings)]);
        break;
    case SETTING_SWITCH: {
        uint64_t state = tourney_setting_number(row, settings);
        append(text, size, "%s",
               state == SANDBOX_ON    ? "true"
               : state == SANDBOX_OFF ? "false"
                                      : "");
        break;
    }
    case SETTING_TEXT: {
        const char *value = text_value(row, settings);
        append(text, size, "%s", value ? value : "");
        break;
    }
    case SETTING_FILE:
        append(text, size, "%s", file_of(row, settings)->digest);
        break;
    case SETTING_SPRT: {
        /* Exact, so that the digest tells apart tests that differ at all. */
        const struct sprt_settings *sprt = sprt_value(row, settings);
        if (sprt->enabled) {
            append(text, size, "%.17g,%.17g,%.17g,%.17g", sprt->elo0, sprt->elo1, sprt->alpha,
                   sprt->beta);
        }
        break;
    }
    }
}

void tourney_setting_show(const struct setting *row, const struct tournament_settings *settings,
                          char *text, size_t size)
{
    const struct sprt_settings *sprt = sprt_value(row, settings);
    if (row->type == SETTING_UINT && row->symbol != NULL) {
        snprintf(text, size, "%" PRIu64 " %s", tourney_setting_number(row, settings), row->symbol);
    } else if (row->type == SETTING_SPRT && sprt->enabled) {
        snprintf(text, size, "%g, %g, %g, %g", sprt->elo0, sprt->elo1, sprt->alpha, sprt->beta);
    } else if (row->type == SETTING_SWITCH && tourney_setting_is_default(row, settings)) {
        snprintf(text, size, "%s", row->default_text);
    } else if (row->type == SETTING_FILE && !tourney_setting_is_default(row, settings)) {
        /* The digest's beginning tells apart two versions of one file. */
        const struct setting_file *file = file_of(row, settings);
        snprintf(text, size, "%s%s%.8s%s", file->path, file->digest[0] ? " (contents " : "",
                 file->digest, file->digest[0] ? ")" : "");
    } else {
        tourney_setting_text(row, settings, text, size);
        if (text[0] == '\0') {
            snprintf(text, size, "none");
        }
    }
}

char *tourney_settings_digest_text(const struct tournament_settings *settings,
                                   enum setting_place place)
{
    char *text = strdup("");
    for (size_t i = 0; text != NULL && i < ROW_COUNT; i++) {
        const struct setting *row = &table[i];
        bool after_game = place == SETTING_LOG_JUDGING || place == SETTING_LOG_ADDED;
        if (row->place != place || !row->decides || !applies(row, settings) ||
            (after_game && at_log_default(row, settings))) {
            continue;
        }
        /* Text values are taken whole, never cut to a buffer. */
        char value[128];
        tourney_setting_text(row, settings, value, sizeof(value));
        const char *shown = row->type == SETTING_TEXT ? text_value(row, settings) : value;
        const char *key = row->digest_key ? row->digest_key : row->key;
        char *longer = tourney_format("%s%s=%s\n", text, key, shown ? shown : "");
        free(text);
        text = longer;
    }
    return text;
}

static bool same_value(const struct setting *row, const struct tournament_settings *a,
                       const struct tournament_settings *b)
{
    if (!applies(row, a) && !applies(row, b)) {
        return true;
    }
    if (row->type == SETTING_TEXT) {
        const char *x = text_value(row, a);
        const char *y = text_value(row, b);
        return (x == NULL) == (y == NULL) && (x == NULL || strcmp(x, y) == 0);
    }
    char x[128];
    char y[128];
    tourney_setting_text(row, a, x, sizeof(x));
    tourney_setting_text(row, b, y, sizeof(y));
    return strcmp(x, y) == 0;
}

const struct setting *tourney_settings_difference(const struct tournament_settings *a,
                                                  const struct tournament_settings *b)
{
    for (size_t i = 0; i < ROW_COUNT; i++) {
        if (table[i].decides && !same_value(&table[i], a, b)) {
            return &table[i];
        }
    }
    return NULL;
}

void tourney_settings_list_keys(char *text, size_t size)
{
    size_t used = 0;
    text[0] = '\0';
    for (size_t i = 0; i < ROW_COUNT && used < size; i++) {
        used += (size_t)snprintf(text + used, size - used, "%s%s", i ? ", " : "", table[i].key);
    }
}

const char *tourney_tournament_format_name(enum tournament_format format)
{
    return format == FORMAT_GAUNTLET ? format_words[1] : format_words[0];
}

const char *tourney_rating_anchor_name(enum rating_anchor anchor)
{
    return anchor == ANCHOR_RANDOM || anchor == ANCHOR_MEAN ? anchor_words[anchor]
                                                            : anchor_words[ANCHOR_AUTO];
}
