/*
 * option_parser.h - a command's arguments read against the table of its
 * options, so that every command accepts the same forms and answers a
 * mistake the same way: "--jobs 2", "--jobs=2", "-j 2", "-j2", bundled flags
 * ("-qv", "-qj2"), "--" before operands that start with '-', "-h" or
 * "--help" anywhere, "--jobs needs a number of jobs", "--wide takes no
 * value" and "unknown option '--wdie'; did you mean '--wide'?". What a value
 * means is the command's business; the parser only hands it over.
 */
#ifndef TOURNEY_RUNNER_OPTION_PARSER_H
#define TOURNEY_RUNNER_OPTION_PARSER_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"

/* One option of a command. A table of them ends with an entry whose
 * long_name and short_name are both unset. */
struct cli_option {
    /* The command's own number for it, to switch on. */
    int id;
    /* 'o' for -o; 0 when it has no short form. */
    char short_name;
    /* "output" for --output; NULL when it has only a short form. */
    const char *long_name;
    /* The value's name in the help ("DIR"); NULL for a flag. */
    const char *argument;
    /* What the value must be, for "--output needs a directory"; NULL to
     * say the argument's name. */
    const char *needs;
    /* What it does, for the help: lines of at most 57 columns; a line
     * break continues it on the next line. */
    const char *help;
};

/* One word of the arguments as read: an option (with its value when it
 * takes one) or an operand. */
struct cli_word {
    const struct cli_option *option; /* NULL for an operand */
    char *value;                     /* the option's value, or the operand: in argv */
    bool short_form;                 /* the option was written -o, not --output */
};

struct cli_words {
    struct cli_word *words;
    size_t count;
    /* -h or --help was among the options: nothing else was checked. */
    bool help;
};

enum cli_parse_outcome {
    CLI_PARSED,
    CLI_MISTAKE,   /* ERR says what is wrong: the option as written, what was expected */
    CLI_NO_MEMORY, /* the list of words could not be made */
};

/* Reads the ARGC words of ARGV against OPTIONS (NULL for none) into WORDS,
 * in the order given, with WORDS->help set when help was asked for: help
 * wins over any mistake. The values point into ARGV. Release WORDS with
 * tourney_cli_words_finish whatever the outcome. */
enum cli_parse_outcome tourney_cli_parse(const struct cli_option *options, int argc, char **argv,
                                         struct cli_words *words, struct error *err);

void tourney_cli_words_finish(struct cli_words *words);

/* The option of WORD as it was written: "-o" or "--output". */
void tourney_cli_word_name(const struct cli_word *word, char *buffer, size_t size);

#endif /* TOURNEY_RUNNER_OPTION_PARSER_H */
