#include "option_parser.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suggest.h"

static bool is_end(const struct cli_option *option)
{
    return option->long_name == NULL && option->short_name == '\0';
}

static const struct cli_option *find_long(const struct cli_option *options, const char *name,
                                          size_t length)
{
    for (const struct cli_option *o = options; !is_end(o); o++) {
        if (o->long_name != NULL && strlen(o->long_name) == length &&
            strncmp(o->long_name, name, length) == 0) {
            return o;
        }
    }
    return NULL;
}

static const struct cli_option *find_short(const struct cli_option *options, char name)
{
    for (const struct cli_option *o = options; !is_end(o); o++) {
        if (o->short_name == name) {
            return o;
        }
    }
    return NULL;
}

void tourney_cli_word_name(const struct cli_word *word, char *buffer, size_t size)
{
    if (word->short_form) {
        snprintf(buffer, size, "-%c", word->option->short_name);
    } else {
        snprintf(buffer, size, "--%s", word->option->long_name);
    }
}

/* "unknown option 'WORD'", with the long option of OPTIONS (or --help)
 * closest to it; a short one has no close neighbours worth offering, as
 * every other letter is one edit away. */
static int unknown(const struct cli_option *options, const char *word, size_t length,
                   struct error *err)
{
    char written[TOURNEY_SUGGEST_MAX + 1];
    snprintf(written, sizeof(written), "%.*s", (int)length, word);
    struct suggestion guess;
    tourney_suggest_init(&guess, written);
    char name[TOURNEY_SUGGEST_MAX + 1];
    for (const struct cli_option *o = options; length > 2 && !is_end(o); o++) {
        if (o->long_name != NULL) {
            snprintf(name, sizeof(name), "--%s", o->long_name);
            tourney_suggest_consider(&guess, name);
        }
    }
    if (length > 2) {
        tourney_suggest_consider(&guess, "--help");
    }
    const char *best = tourney_suggest_best(&guess);
    return tourney_error_set(err, "unknown option '%.*s'%s%s%s", (int)length, word,
                             best ? "; did you mean '" : "", best ? best : "", best ? "'?" : "");
}

/* "WRITTEN needs what OPTION's value must be". */
static int needs_value(const struct cli_option *option, const char *written, size_t length,
                       struct error *err)
{
    return tourney_error_set(err, "%.*s needs %s", (int)length, written,
                             option->needs != NULL ? option->needs : option->argument);
}

static int add(struct cli_words *words, size_t most, const struct cli_option *option, char *value,
               bool short_form, struct error *err)
{
    /* MOST counts every character: a word cannot give more entries. */
    if (words->count == most) {
        return tourney_error_set(err, "too many words");
    }
    words->words[words->count].option = option;
    words->words[words->count].value = value;
    words->words[words->count].short_form = short_form;
    words->count++;
    return 0;
}

/* The long option WORD ("--name" or "--name=value"); *I moves past a value
 * taken from the next word. */
static int read_long(const struct cli_option *options, int argc, char **argv, int *i,
                     struct cli_words *words, size_t most, struct error *err)
{
    char *word = argv[*i];
    const char *name = word + 2;
    char *equals = strchr(word + 2, '=');
    size_t length = equals != NULL ? (size_t)(equals - name) : strlen(name);
    if (length == 4 && strncmp(name, "help", 4) == 0) {
        words->help = true;
        return 0;
    }
    const struct cli_option *option = find_long(options, name, length);
    if (option == NULL) {
        return unknown(options, word, length + 2, err);
    }
    if (option->argument == NULL) {
        if (equals != NULL) {
            return tourney_error_set(err, "--%s takes no value (got '%s')", option->long_name,
                                     word);
        }
        return add(words, most, option, NULL, false, err);
    }
    char *value = equals != NULL ? equals + 1 : *i + 1 < argc ? argv[++*i] : NULL;
    if (value == NULL || value[0] == '\0') {
        return needs_value(option, word, length + 2, err);
    }
    return add(words, most, option, value, false, err);
}

/* The short options of WORD ("-q", "-qv", "-j2", "-qj 2"). */
static int read_short(const struct cli_option *options, int argc, char **argv, int *i,
                      struct cli_words *words, size_t most, struct error *err)
{
    char *word = argv[*i];
    for (char *at = word + 1; *at != '\0'; at++) {
        if (*at == 'h') {
            words->help = true;
            continue;
        }
        const struct cli_option *option = find_short(options, *at);
        if (option == NULL) {
            char written[3] = {'-', *at, '\0'};
            return unknown(options, written, 2, err);
        }
        if (option->argument == NULL) {
            if (add(words, most, option, NULL, true, err) != 0) {
                return -1;
            }
            continue;
        }
        /* The rest of the word is the value, else the next word. */
        char *value = at[1] != '\0' ? at + 1 : *i + 1 < argc ? argv[++*i] : NULL;
        char written[3] = {'-', *at, '\0'};
        if (value == NULL || value[0] == '\0') {
            return needs_value(option, written, 2, err);
        }
        return add(words, most, option, value, true, err);
    }
    return 0;
}

enum cli_parse_outcome tourney_cli_parse(const struct cli_option *options, int argc, char **argv,
                                         struct cli_words *words, struct error *err)
{
    static const struct cli_option none[] = {{0}};
    options = options != NULL ? options : none;
    memset(words, 0, sizeof(*words));
    /* Each word gives at most one entry per character of a bundle. */
    size_t most = 0;
    for (int i = 0; i < argc; i++) {
        most += strlen(argv[i]) + 1;
    }
    words->words = calloc(most + 1, sizeof(*words->words));
    if (words->words == NULL) {
        return CLI_NO_MEMORY;
    }
    /* The first mistake is kept while the rest is read for -h and --help,
     * which win wherever they are. */
    struct error first;
    tourney_error_clear(&first);
    bool failed = false;
    bool operands_only = false;
    for (int i = 0; i < argc; i++) {
        char *word = argv[i];
        int status = 0;
        if (operands_only || word[0] != '-' || word[1] == '\0') {
            status = failed ? 0 : add(words, most, NULL, word, false, &first);
        } else if (strcmp(word, "--") == 0) {
            operands_only = true;
        } else if (word[1] == '-') {
            status = read_long(options, argc, argv, &i, words, most, failed ? NULL : &first);
        } else {
            status = read_short(options, argc, argv, &i, words, most, failed ? NULL : &first);
        }
        failed = failed || status != 0;
    }
    if (failed && !words->help) {
        if (err != NULL) {
            *err = first;
        }
        return CLI_MISTAKE;
    }
    return CLI_PARSED;
}

void tourney_cli_words_finish(struct cli_words *words)
{
    free(words->words);
    memset(words, 0, sizeof(*words));
}
