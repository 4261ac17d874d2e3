#include "option_words.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The options of any command that take a value. */
static const char *const long_with_value[] = {
    "--output", "--jobs", "--shard",       "--set",  "--each",
    "--format", "--seed", "--agent-param", "--file", NULL,
};
static const char *const short_with_value[] = {"-o", "-j", NULL};

static bool listed(const char *const *list, const char *word, size_t length)
{
    for (size_t i = 0; list[i] != NULL; i++) {
        if (strlen(list[i]) == length && strncmp(list[i], word, length) == 0) {
            return true;
        }
    }
    return false;
}

char **tourney_option_words(int argc, char **argv, int *count)
{
    /* At most two words for each, and the two words' text. */
    size_t text = 0;
    for (int i = 0; i < argc; i++) {
        text += strlen(argv[i]) + 2;
    }
    size_t most = 2 * (size_t)argc + 1;
    char **words = malloc(most * sizeof(*words) + text);
    if (words == NULL) {
        return NULL;
    }
    char *area = (char *)(words + most);
    int n = 0;
    for (int i = 0; i < argc; i++) {
        char *word = argv[i];
        size_t length = strlen(word);
        char *equals = strchr(word, '=');
        if (listed(long_with_value, word, length) || listed(short_with_value, word, length)) {
            /* The next word is its value, whatever it looks like. */
            words[n++] = argv[i];
            if (i + 1 < argc) {
                words[n++] = argv[++i];
            }
        } else if (word[0] == '-' && word[1] == '-' && equals != NULL &&
                   listed(long_with_value, word, (size_t)(equals - word))) {
            size_t name = (size_t)(equals - word);
            memcpy(area, word, name);
            area[name] = '\0';
            words[n++] = area;
            area += name + 1;
            words[n++] = equals + 1;
        } else if (length > 2 && word[0] == '-' && word[1] != '-' &&
                   listed(short_with_value, word, 2)) {
            memcpy(area, word, 2);
            area[2] = '\0';
            words[n++] = area;
            area += 3;
            words[n++] = word + 2;
        } else {
            words[n++] = argv[i];
        }
    }
    words[n] = NULL;
    *count = n;
    return words;
}
