#include "help.h"

#include <ctype.h>
#include <string.h>

#include "suggest.h"

static void print_indented(const char *text, int indent, FILE *out)
{
    while (text != NULL && *text != '\0') {
        size_t length = strcspn(text, "\n");
        fprintf(out, "%*s%.*s\n", indent, "", (int)length, text);
        text += length + (text[length] == '\n');
    }
}

/* OPTIONS one a line, INDENT blanks in: "-o, --output DIR", then what it
 * does from the 22nd column (continued lines there too). */
static void print_options(const struct cli_option *options, int indent, FILE *out)
{
    for (const struct cli_option *o = options; o->long_name != NULL || o->short_name; o++) {
        char name[96];
        int length = 0;
        if (o->short_name != '\0') {
            length += snprintf(name + length, sizeof(name) - (size_t)length, "-%c%s",
                               o->short_name, o->long_name != NULL ? ", " : "");
        }
        if (o->long_name != NULL) {
            length += snprintf(name + length, sizeof(name) - (size_t)length, "--%s", o->long_name);
        }
        if (o->argument != NULL) {
            snprintf(name + length, sizeof(name) - (size_t)length, " %s", o->argument);
        }
        const char *help = o->help;
        size_t first = strcspn(help, "\n");
        fprintf(out, "%*s%-*s%.*s\n", indent, "", strlen(name) < 20 ? 21 : (int)strlen(name) + 2,
                name, (int)first, help);
        if (help[first] == '\n') {
            print_indented(help + first + 1, indent + 21, out);
        }
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
    size_t count = 0;
    const struct cli_command *const *commands = tourney_cli_commands(&count);
    for (size_t i = 0; i < count; i++) {
        const struct cli_command *c = commands[i];
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
            print_options(c->options, 6, out);
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

void tourney_help_print_command(const struct cli_command *c, FILE *out)
{
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
        print_options(c->options, 2, out);
        fputs("  -h, --help           show this help\n", out);
    }
    if (c->details != NULL) {
        fputc('\n', out);
        print_indented(c->details, 0, out);
    }
}

const char *tourney_help_suggest_command(const char *command)
{
    size_t count = 0;
    const struct cli_command *const *commands = tourney_cli_commands(&count);
    struct suggestion guess;
    tourney_suggest_init(&guess, command);
    size_t best = count;
    for (size_t i = 0; i < count; i++) {
        size_t before = guess.distance;
        tourney_suggest_consider(&guess, commands[i]->name);
        best = guess.distance < before ? i : best;
    }
    /* The guess's own copy of the name ends with this function. */
    return best < count && tourney_suggest_best(&guess) != NULL ? commands[best]->name : NULL;
}
