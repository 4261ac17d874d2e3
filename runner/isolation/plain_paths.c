/* TOURNEY_PLAIN_PATHS read (plain_paths.h): a word a call, so that a typo
 * is an error that names it, not a fast path silently left on. */
#include "plain_paths.h"

#include <string.h>

int tourney_plain_paths_read(const char *value, struct fast_paths *paths, struct error *err)
{
    *paths =
        (struct fast_paths){.shared_channel = true, .processor_share = true, .idle_watch = true};
    const char *word = value == NULL ? "" : value;
    while (*word != '\0') {
        size_t length = strcspn(word, ",");
        if (length == strlen("all") && strncmp(word, "all", length) == 0) {
            *paths = (struct fast_paths){0};
        } else if (length == strlen("shared_channel") &&
                   strncmp(word, "shared_channel", length) == 0) {
            paths->shared_channel = false;
        } else if (length == strlen("processor_share") &&
                   strncmp(word, "processor_share", length) == 0) {
            paths->processor_share = false;
        } else if (length == strlen("idle_watch") && strncmp(word, "idle_watch", length) == 0) {
            paths->idle_watch = false;
        } else if (length > 0) {
            return tourney_error_set(err,
                                     TOURNEY_PLAIN_PATHS_ENV ": '%.*s' is none of shared_channel, "
                                                             "processor_share, idle_watch, all",
                                     (int)(length > 40 ? 40 : length), word);
        }
        word += length;
        if (*word == ',') {
            word++;
        }
    }
    return 0;
}
