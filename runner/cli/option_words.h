/*
 * option_words.h - an option and its value written as one word, the
 * GNU way ("--jobs=2", "-j2", "-oDIR"), split into the two words the
 * commands read.
 */
#ifndef TOURNEY_RUNNER_OPTION_WORDS_H
#define TOURNEY_RUNNER_OPTION_WORDS_H

/* A new NULL-terminated array of the words of ARGV (ARGC of them, their
 * strings shared or in the array's own memory) with every option that
 * takes a value and holds it split in two; *COUNT gets how many. Free
 * it with free(). NULL when out of memory. */
char **tourney_option_words(int argc, char **argv, int *count);

#endif
