/*
 * settings.h - the settings of a tournament, the keys of its [tournament]
 * section: held once, in struct tournament_settings, and described once, by
 * one table with a row per key (settings.c). The config reader, the results
 * log's header (its JSON and its settings digest) and the reports all go
 * through the table, so a setting is added by adding its row (and using it).
 */
#ifndef TOURNEY_RUNNER_SETTINGS_H
#define TOURNEY_RUNNER_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "digest.h"
#include "error.h"
#include "judging.h"
#include "time_control.h"

/* Where agent code runs. Process is the default (zero), so a config that
 * was never loaded (as in `tourney agents` without a file) isolates. */
enum isolation {
    ISOLATION_PROCESS = 0, /* each agent in a child process of its own */
    ISOLATION_NONE = 1,    /* in the runner: for trusted agents and benchmarks */
};

/* The system-call sandbox of agent processes. */
enum sandbox_setting {
    SANDBOX_AUTO = 0, /* not set: on wherever the kernel supports it */
    SANDBOX_ON = 1,   /* sandbox = true: required */
    SANDBOX_OFF = 2,  /* sandbox = false */
};

/* How agent processes are limited (isolation = process). */
struct isolation_limits {
    enum sandbox_setting sandbox;
    uint64_t time_margin_ns;     /* hard limit of a move = budget + margin */
    uint64_t memory_bytes;       /* address space */
    uint64_t output_limit_bytes; /* stdout + stderr per game */
    uint64_t cpu_limit;          /* CPU time per move in budgets; 0 for no limit */
};

/* Which pairs of agents play. */
enum tournament_format {
    FORMAT_ROUND_ROBIN = 0, /* every pair */
    FORMAT_GAUNTLET = 1,    /* only the pairs with gauntlet_agent */
};

/* Which opening of a file each round of a tournament plays. */
enum openings_order {
    OPENINGS_SEQUENTIAL = 0, /* round r the file's opening r, from the first again at the end */
    OPENINGS_RANDOM = 1,     /* each pass over the file in an order drawn from the seed */
};

/* What is done with the games once they are played (analysis). */
enum analysis_mode {
    ANALYSIS_NONE = 0,  /* nothing */
    ANALYSIS_EXACT = 1, /* every move graded by its exact value (tourney analyze) */
};

/* Whether the reports show the exact score against random (exact_vs_random). */
enum exact_vs_random_mode {
    EXACT_VS_RANDOM_NO = 0,  /* not computed */
    EXACT_VS_RANDOM_YES = 1, /* computed after the games where it can be */
};

/* The most positions of the game exact_vs_random follows by default. */
#define TOURNEY_EXACT_VS_RANDOM_BUDGET UINT64_C(1000000)

/* A file whose contents decide the games: the path as the config writes it
 * (relative to the config's directory), and the digest of what was read. */
struct setting_file {
    char *path;                      /* NULL when unset */
    char digest[TOURNEY_DIGEST_HEX]; /* of the contents; "" until read */
};

/* The most games played at once (jobs). */
#define TOURNEY_MAX_JOBS 256

/* Every [tournament] setting; the table says each one's default. Times
 * are kept in nanoseconds and sizes in bytes, whatever unit the config
 * writes them in (the row's scale): read once, used as they are. */
struct tournament_settings {
    char *name;
    uint64_t seed;
    uint32_t games_per_pair; /* 0 until read: it is required */
    uint64_t time_per_move_ns;
    /* "BASE+INC" (time_control.h) as written, for the log's header and
     * its digest, or NULL: time_per_move_ms. */
    char *time_control;
    /* time_control read, as the runner uses it: zeros without a clock. */
    struct time_control clock;
    char *output_dir;  /* NULL until the config sets its default */
    char *plugin_path; /* as written; the config resolves its directories */
    enum tournament_format format;
    char *gauntlet_agent;         /* or NULL */
    struct setting_file openings; /* start positions, one a line */
    uint32_t opening_plies;       /* random plies from the start instead; 0: none */
    enum openings_order openings_order;
    enum isolation isolation;
    struct isolation_limits limits;
    struct sprt_settings sprt; /* off by default */
    enum rating_anchor rating_anchor;
    unsigned jobs; /* 0 when not set */
    enum analysis_mode analysis;
    enum exact_vs_random_mode exact_vs_random;
    uint64_t exact_vs_random_budget; /* positions */
};

/* How a setting's value is written and stored. */
enum setting_type {
    SETTING_UINT,   /* a whole number in [min, max]: uint32_t or uint64_t */
    SETTING_CHOICE, /* one of its words: an enum, the word's index */
    SETTING_TEXT,   /* a string (char *), NULL when unset */
    SETTING_SWITCH, /* true or false, or left to the runner: enum sandbox_setting */
    SETTING_SPRT,   /* elo0, elo1, alpha, beta: struct sprt_settings */
    SETTING_FILE,   /* a path whose file's contents decide: struct setting_file */
};

/* Where a setting is kept in the results log's header. Log format 1 fixed
 * the header's layout, so the settings it has sit in their places of it; a
 * setting added since goes in SETTING_LOG_ADDED. */
enum setting_place {
    SETTING_NOT_LOGGED = 0, /* how a run is carried out (paths, jobs, isolation) */
    SETTING_LOG_IDENTITY,   /* beside the program's version: the tournament's name */
    SETTING_LOG_PAIRS,      /* who plays whom: before the game, in the digest too */
    SETTING_LOG_PLAY,       /* how each game is played: after the game */
    /* After the settings digest, always written: the test (null when off)
     * and the anchor. Older logs lack them and read as the defaults; the
     * digest has them only when not at the default, as it had before. */
    SETTING_LOG_JUDGING,
    /* Last, and only when not at the default, in the JSON, the digest and
     * the reports alike: a tournament that leaves a new setting at its
     * default keeps the header (and reports) it had before the setting
     * existed, and older logs, which lack it, read as the default. */
    SETTING_LOG_ADDED,
};

/* One row of the table. */
struct setting {
    const char *key; /* in [tournament], in the log header's JSON, in summary.json */
    enum setting_type type;
    size_t offset;                     /* of the value in struct tournament_settings */
    size_t size;                       /* of the value */
    uint64_t min, max;                 /* UINT: the range */
    bool even;                         /* UINT: even numbers only */
    uint64_t default_value;            /* UINT, CHOICE (the word's index), SWITCH */
    const char *const *words;          /* CHOICE: NULL-terminated */
    bool (*accepts)(const char *text); /* TEXT: which values it takes; NULL: any */
    /* TEXT: instead of accepts, reads the text into a value of its own,
     * kept at READ_OFFSET (READ_SIZE bytes) beside the text, once as it is
     * read; false for text it does not take, the value untouched. */
    bool (*read)(const char *text, void *value);
    size_t read_offset;
    size_t read_size;
    const char *unit; /* UINT: in messages, "a whole number of UNIT" */
    /* UINT (uint64_t only): what one UNIT is as kept, 1000000 for
     * milliseconds kept in nanoseconds; 0 for kept as written. The config,
     * the log's header, its digest and the reports have the number as
     * written; struct tournament_settings has it times the scale. */
    uint64_t scale;
    const char *symbol;       /* UINT: after a value in reports, "1000 ms" */
    const char *values;       /* what it takes, in words, where the type cannot say */
    const char *note;         /* UINT: said in parentheses after the range */
    const char *default_text; /* the default in words, where it is not a value */
    bool required;
    enum setting_place place;
    bool decides;           /* changes how games are played: in the settings digest */
    const char *digest_key; /* its name in the digest's text, where not KEY */
    const char *label;      /* a line "LABEL: value" of report.md and report.html */
    bool summary;           /* a key of summary.json's "tournament" */
    const char *help;       /* what it means, as docs/config.md's table says */
    /* When the setting means something (NULL: always); otherwise it is not
     * logged, not in the digest and never a difference between two runs. */
    bool (*applies)(const struct tournament_settings *settings);
    /* SETTING_LOG_ADDED whose default is not what logs from before the row
     * had: that value, which a log without the key reads as, and which the
     * log and the digest leave out. */
    const char *absent;
};

/* The most rows the table may have (a config keeps a line per row). */
#define TOURNEY_SETTINGS_MAX 32

/* The table, in the order of docs/config.md's table; *COUNT rows. */
const struct setting *tourney_settings_table(size_t *count);

/* The row of KEY, or NULL; its index in the table is row - table. */
const struct setting *tourney_settings_find(const char *key);

/* Every setting at its default (text settings unset). */
void tourney_settings_init(struct tournament_settings *settings);
void tourney_settings_finish(struct tournament_settings *settings);

/* TO gets the settings a results log keeps, copied from FROM; the others
 * keep their defaults. TO must be finished either way. */
int tourney_settings_copy_logged(struct tournament_settings *to,
                                 const struct tournament_settings *from, struct error *err);

/* Reads TEXT as ROW's value into SETTINGS. Returns -1 with "bad value
 * 'TEXT' for 'KEY': expected ..." (or "out of memory") in ERR. */
int tourney_setting_parse(const struct setting *row, const char *text,
                          struct tournament_settings *settings, struct error *err);

/* Where ROW's value lives in SETTINGS; the type says what it is. */
const void *tourney_setting_field(const struct setting *row,
                                  const struct tournament_settings *settings);
/* A UINT's value as written (in its unit, not its scale's), a CHOICE's
 * index or a SWITCH's state. */
uint64_t tourney_setting_number(const struct setting *row,
                                const struct tournament_settings *settings);
bool tourney_setting_is_default(const struct setting *row,
                                const struct tournament_settings *settings);
/* Whether the log's header holds ROW's value (only when it applies;
 * SETTING_LOG_ADDED: only when not at the default, or at its absent value). */
bool tourney_setting_in_log(const struct setting *row, const struct tournament_settings *settings);

/* The value as the settings digest has it: the number, the word, the text
 * ("" when unset), the test's four numbers exactly ("" when off), a file's
 * digest (not its path: the same file moved is the same setting). */
void tourney_setting_text(const struct setting *row, const struct tournament_settings *settings,
                          char *text, size_t size);
/* The value for people: "1000 ms", "none" when unset. */
void tourney_setting_show(const struct setting *row, const struct tournament_settings *settings,
                          char *text, size_t size);
/* What the setting takes: "a whole number of milliseconds from 1 to
 * 86400000", "process or none". */
void tourney_setting_values(const struct setting *row, char *text, size_t size);
/* Its default: "1000", "none", or the row's words. */
void tourney_setting_default(const struct setting *row, char *text, size_t size);

/* "key=value\n" for each setting kept in PLACE that decides the games, in
 * table order (after the game, only those not at their defaults): a part of
 * the settings digest's text. Heap string; NULL when
 * out of memory. */
char *tourney_settings_digest_text(const struct tournament_settings *settings,
                                   enum setting_place place);

/* The first setting that decides the games in which A and B differ, or
 * NULL. */
const struct setting *tourney_settings_difference(const struct tournament_settings *a,
                                                  const struct tournament_settings *b);

/* "name, seed, ...": every key, for a message. */
void tourney_settings_list_keys(char *text, size_t size);

/* The word of a format: "round-robin" or "gauntlet". */
const char *tourney_tournament_format_name(enum tournament_format format);

/* Names of tournaments and agents: letters, digits, '.', '_', '-', not
 * starting with '.' or '-', at most 40 characters. */
bool tourney_settings_name_ok(const char *name);

#endif /* TOURNEY_RUNNER_SETTINGS_H */
