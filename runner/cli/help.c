#include "help.h"

#include <ctype.h>
#include <string.h>

#include "suggest.h"

struct command_help {
    const char *name;
    /* Each line a way to call it, without "tourney ". */
    const char *usage;
    /* What it does, in lines that fit the overview's column. */
    const char *summary;
    /* One option a line (continued on lines that start with blanks), as
     * "-o, --output DIR    what it does"; NULL when it has none. */
    const char *options;
    /* More about it, for its own help only; NULL when the summary says it all. */
    const char *details;
};

#define OVERRIDE_OPTIONS                                                           \
    "--set KEY=VALUE      set a value of the config in place of the file's:\n"     \
    "                     tournament.KEY, game.KEY or agent.NAME.KEY, e.g.\n"      \
    "                     --set tournament.games_per_pair=100 (repeatable)\n"      \
    "--each KEY=VALUE     set the parameter KEY of every agent whose plugin has\n" \
    "                     it, e.g. --each depth=3 (repeatable; a --set of one\n"   \
    "                     agent's parameter wins)\n"

static const struct command_help commands[] = {
    {
        .name = "run",
        .usage = "run CONFIG [OPTIONS]",
        .summary = "play the tournament CONFIG describes and write its reports",
        .options = "-o, --output DIR     write the reports into DIR instead of the config's "
                   "output_dir\n"
                   "-q, --quiet          print no tables and no progress, only errors\n"
                   "-v, --verbose        also print a line per game as it finishes\n"
                   "--wide               print every column of the tables (by default they\n"
                   "                     fit 100 characters, leaving out the least needed)\n"
                   "--resume             continue the tournament whose results log is in the\n"
                   "                     output folder, playing only the games not in it\n"
                   "--fresh              start over in an output folder that holds a results\n"
                   "                     log, which is kept as games.jsonl.1 (or .2, ...)\n"
                   "-j, --jobs N         play N games at once, each in a worker process\n"
                   "                     (1 to 256; default: the config's jobs, else one per "
                   "core)\n"
                   "--shard K/N          play only shard K of N (K from 0 to N - 1), into\n"
                   "                     OUTPUT_DIR/shard-K-of-N unless -o says otherwise\n" //
        OVERRIDE_OPTIONS,
        .details = "The tables go to standard output, the progress to standard error. The\n"
                   "values set with --set and --each are checked as the file's are, and kept\n"
                   "in the results log's header; a run resumed with --resume must set them\n"
                   "again. A run into a folder that holds a results log refuses without\n"
                   "--resume or --fresh: no result is ever replaced. Nothing is written\n"
                   "through a link: the output folder and the files in it must not be links.\n"
                   "See docs/config.md.",
    },
    {
        .name = "validate",
        .usage = "validate CONFIG [--set KEY=VALUE]... [--each KEY=VALUE]...",
        .summary = "check CONFIG and load its plugins, play nothing",
        .options = OVERRIDE_OPTIONS,
    },
    {
        .name = "agents",
        .usage = "agents [CONFIG]",
        .summary = "list the agent plugins found, with their parameters",
        .details = "With CONFIG, its plugin_path is searched first. Plugins are looked for in\n"
                   "the config's plugin_path, then $TOURNEY_PLUGIN_PATH, the build tree when\n"
                   "run from it, and the installed directory.",
    },
    {
        .name = "games",
        .usage = "games [CONFIG]",
        .summary = "list the game plugins found, with their parameters",
        .details = "With CONFIG, its plugin_path is searched first, as for `tourney agents`.",
    },
    {
        .name = "report",
        .usage = "report DIR [--wide]",
        .summary = "rebuild the reports in DIR from DIR/games.jsonl alone",
        .options = "--wide               print every column of the tables\n",
    },
    {
        .name = "replay",
        .usage = "replay DIR GAME",
        .summary = "show game number GAME of DIR/games.jsonl board by board",
    },
    {
        .name = "export",
        .usage = "export DIR [--format text|csv] [-o FILE]",
        .summary = "every game of DIR/games.jsonl as people read it: tag\n"
                   "pairs and moves in the game's notation (a PGN-like\n"
                   "text), or a CSV row per game",
        .options = "--format text|csv    the text with tags and moves (the default), or CSV\n"
                   "-o, --output FILE    write to FILE instead of standard output\n",
        .details = "The game plugin is looked for by the name the log gives, as `tourney run`\n"
                   "looks for plugins, and must be the file the games were played with. The\n"
                   "formats are described in docs/export.md.",
    },
    {
        .name = "analyze",
        .usage = "analyze DIR [--jobs N] [--budget NODES] [--cache FILE] [--wide]",
        .summary = "every move of DIR/games.jsonl graded by the exact values\n"
                   "of the positions before and after it (best, slower,\n"
                   "blunder), solved by negamax-ab-ids; writes\n"
                   "DIR/analysis.jsonl and prints each agent's figures",
        .options = "-j, --jobs N         solve N positions at once (default 1)\n"
                   "--budget NODES       positions a solve may visit before the value is\n"
                   "                     unknown (default 20000000; 0: no limit)\n"
                   "--cache FILE         start from the values in FILE and write them back\n"
                   "--wide               print every column of the table\n",
        .details = "See docs/reports.md (Exact analysis).",
    },
    {
        .name = "play",
        .usage = "play CONFIG AGENT [--second] [--seed N]",
        .summary = "play a game yourself against AGENT of CONFIG, on its game;\n"
                   "you move first unless --second",
        .options = "--first              move first (the default)\n"
                   "--second             move second\n"
                   "--seed N             the game's seed, from which the agent's random\n"
                   "                     stream comes (default 1)\n",
    },
    {
        .name = "solve",
        .usage = "solve GAME POSITION [PARAM=VALUE...] [OPTIONS]\n"
                 "solve GAME --file FILE [PARAM=VALUE...] [OPTIONS]",
        .summary = "the exact value and a best move of POSITION (in the game's\n"
                   "own notation), searched to the end of the game by\n"
                   "negamax-ab-ids; PARAM=VALUE set the game's parameters;\n"
                   "with --file, every position of FILE, lines 'MOVES [SCORE]'\n"
                   "(the moves from the start, the value as Pons's Connect Four\n"
                   "test sets give it), solved with one table, each SCORE\n"
                   "checked; prints the mean time and nodes per position",
        .options = "--agent-param KEY=VALUE  a parameter of negamax-ab-ids (repeatable), e.g.\n"
                   "                     tt_mb=1024 or window=full\n"
                   "--file FILE          solve every position of FILE\n"
                   "--json               print one JSON object\n"
                   "-q, --quiet          no progress line while the search runs\n",
        .details = "The result goes to standard output. While the search runs, a line on\n"
                   "standard error, when it is a terminal, says how long it has taken\n"
                   "(with --file, also the line and the positions solved); it is cleared\n"
                   "before the result is printed. See docs/solve.md.",
    },
    {
        .name = "exact-vs-random",
        .usage = "exact-vs-random CONFIG [AGENT...] [OPTIONS]",
        .summary = "the exact expected win, draw and loss rates of each AGENT\n"
                   "of CONFIG (default: every agent but random) against the\n"
                   "uniformly random agent, as first and as second player, on\n"
                   "a game small enough to enumerate; each position the agent\n"
                   "meets is asked once, as a new game, as in a tournament",
        .options = "--budget N           the most positions of the game each seat's\n"
                   "                     enumeration may hold (default 1000000)\n"
                   "--json               print one JSON object\n" OVERRIDE_OPTIONS,
        .details = "See docs/exact-vs-random.md.",
    },
    {
        .name = "merge",
        .usage = "merge OUT_DIR SHARD_DIR...",
        .summary = "merge the results logs of shards of one tournament into\n"
                   "OUT_DIR/games.jsonl in game order, and write its reports",
        .details = "See docs/distributed.md.",
    },
};

#define COMMAND_COUNT (sizeof(commands) / sizeof(commands[0]))

static const struct command_help *find(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        if (strcmp(commands[i].name, name) == 0) {
            return &commands[i];
        }
    }
    return NULL;
}

/* Each line of TEXT with INDENT blanks before it. */
static void print_indented(const char *text, int indent, FILE *out)
{
    while (text != NULL && *text != '\0') {
        size_t length = strcspn(text, "\n");
        fprintf(out, "%*s%.*s\n", indent, "", (int)length, text);
        text += length + (text[length] == '\n');
    }
}

void tourney_help_print_overview(FILE *out)
{
    fputs("Usage: tourney COMMAND [ARGS]\n"
          "\n"
          "Plays round-robin and gauntlet tournaments between game-playing agents loaded as\n"
          "plugins.\n"
          "\n"
          "Commands (tourney COMMAND --help tells more of each):\n",
          out);
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        const struct command_help *c = &commands[i];
        const char *usage = c->usage;
        const char *summary = c->summary;
        /* Usage and summary side by side where the usage is short; else
         * the summary below it. */
        while (*usage != '\0') {
            size_t length = strcspn(usage, "\n");
            bool last = usage[length] == '\0';
            if (last && length <= 22) {
                size_t first = strcspn(summary, "\n");
                fprintf(out, "  %-22.*s %.*s\n", (int)length, usage, (int)first, summary);
                summary += first + (summary[first] == '\n');
            } else {
                fprintf(out, "  %.*s\n", (int)length, usage);
            }
            usage += length + !last;
        }
        print_indented(summary, 25, out);
        /* Options of their own for the commands whose usage leaves them
         * out; the others show theirs in the usage. */
        if (strstr(c->usage, "[OPTIONS]") != NULL) {
            print_indented(c->options, 6, out);
        }
    }
    fputs("\n"
          "Options:\n"
          "  -h, --help             show this help\n"
          "  -V, --version          show the version\n"
          "\n"
          "Plugins are looked for in the config's plugin_path, then $TOURNEY_PLUGIN_PATH\n"
          "(colon-separated), the build tree when run from it, and the installed directory.\n"
          "See docs/config.md for the config format, docs/plugins.md for writing agents and\n"
          "docs/distributed.md for playing shards of a tournament on several machines.\n",
          out);
}

bool tourney_help_print_command(const char *command, FILE *out)
{
    const struct command_help *c = find(command);
    if (c == NULL) {
        return false;
    }
    const char *usage = c->usage;
    bool first = true;
    while (*usage != '\0') {
        size_t length = strcspn(usage, "\n");
        fprintf(out, "%s tourney %.*s\n", first ? "Usage:" : "      ", (int)length, usage);
        usage += length + (usage[length] == '\n');
        first = false;
    }
    fputc('\n', out);
    /* The summary as one sentence, wrapped anew: its lines fit the
     * overview's column. */
    const char *summary = c->summary;
    size_t column = 0;
    bool start = true;
    while (*summary != '\0') {
        size_t length = strcspn(summary, " \n");
        if (column > 0 && column + 1 + length > 90) {
            fputc('\n', out);
            column = 0;
        } else if (column > 0) {
            fputc(' ', out);
            column++;
        }
        fputc(start ? toupper((unsigned char)*summary) : *summary, out);
        fprintf(out, "%.*s", (int)length - 1, summary + 1);
        start = false;
        column += length;
        summary += length;
        summary += *summary != '\0';
    }
    fputs(".\n", out);
    if (c->options != NULL) {
        fputs("\nOptions:\n", out);
        print_indented(c->options, 2, out);
        fputs("  -h, --help           show this help\n", out);
    }
    if (c->details != NULL) {
        fputc('\n', out);
        print_indented(c->details, 0, out);
    }
    return true;
}

bool tourney_help_wanted(const char *argument)
{
    return strcmp(argument, "-h") == 0 || strcmp(argument, "--help") == 0;
}

const char *tourney_help_suggest_command(const char *command)
{
    struct suggestion guess;
    tourney_suggest_init(&guess, command);
    size_t best = COMMAND_COUNT;
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        size_t before = guess.distance;
        tourney_suggest_consider(&guess, commands[i].name);
        best = guess.distance < before ? i : best;
    }
    return best < COMMAND_COUNT ? commands[best].name : NULL;
}

/* Offers every option OPTIONS names ("-o, --output DIR  ..." gives -o and
 * --output) to GUESS. */
static void consider_options(struct suggestion *guess, const char *options)
{
    while (options != NULL && *options != '\0') {
        size_t line = strcspn(options, "\n");
        const char *at = options;
        while (at < options + line && *at == '-') {
            size_t length = strcspn(at, " ,=\n");
            tourney_suggest_consider_n(guess, at, length);
            at += length;
            at += strncmp(at, ", ", 2) == 0 ? 2 : 0;
        }
        options += line + (options[line] == '\n');
    }
}

void tourney_help_unknown_option(const char *command, const char *option, FILE *err)
{
    const struct command_help *c = find(command);
    struct suggestion guess;
    tourney_suggest_init(&guess, option);
    consider_options(&guess, c != NULL ? c->options : NULL);
    tourney_suggest_consider(&guess, "--help");
    const char *best = tourney_suggest_best(&guess);
    fprintf(err, "tourney %s: unknown option '%s'%s%s%s\n", command, option,
            best ? "; did you mean '" : "", best ? best : "", best ? "'?" : "");
}
