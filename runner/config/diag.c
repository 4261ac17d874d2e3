#include "diag.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

void tourney_diag_init(struct diagnostics *diag)
{
    memset(diag, 0, sizeof(*diag));
}

void tourney_diag_finish(struct diagnostics *diag)
{
    for (size_t i = 0; i < diag->count; i++) {
        free(diag->items[i]);
    }
    free(diag->items);
    for (size_t i = 0; i < diag->place_count; i++) {
        free(diag->places[i]);
    }
    free(diag->places);
    memset(diag, 0, sizeof(*diag));
}

int tourney_diag_place(struct diagnostics *diag, const char *name)
{
    char **places = realloc(diag->places, (diag->place_count + 1) * sizeof(*places));
    if (places == NULL) {
        return 0;
    }
    diag->places = places;
    places[diag->place_count] = strdup(name);
    if (places[diag->place_count] == NULL) {
        return 0;
    }
    return TOURNEY_DIAG_FIRST_PLACE + (int)diag->place_count++;
}

bool tourney_diag_is_place(int line)
{
    return line >= TOURNEY_DIAG_FIRST_PLACE;
}

void tourney_diag_add(struct diagnostics *diag, const char *file, int line, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    char *message = tourney_vformat(fmt, args);
    va_end(args);

    char *item = NULL;
    if (message != NULL) {
        size_t place =
            tourney_diag_is_place(line) ? (size_t)(line - TOURNEY_DIAG_FIRST_PLACE) : SIZE_MAX;
        item = place < diag->place_count ? tourney_format("%s: %s", diag->places[place], message)
               : line > 0                ? tourney_format("%s:%d: %s", file, line, message)
                                         : tourney_format("%s: %s", file, message);
        free(message);
    }
    if (item == NULL) {
        diag->out_of_memory = true;
        return;
    }
    if (diag->count == diag->capacity) {
        size_t capacity = diag->capacity ? diag->capacity * 2 : 8;
        char **items = realloc(diag->items, capacity * sizeof(*items));
        if (items == NULL) {
            free(item);
            diag->out_of_memory = true;
            return;
        }
        diag->items = items;
        diag->capacity = capacity;
    }
    diag->items[diag->count++] = item;
}

bool tourney_diag_any(const struct diagnostics *diag)
{
    return diag->count > 0 || diag->out_of_memory;
}

void tourney_diag_say(const struct diagnostics *diag, const struct warnings *lines)
{
    for (size_t i = 0; i < diag->count; i++) {
        tourney_warn(lines, "%s", diag->items[i]);
    }
    if (diag->out_of_memory) {
        tourney_warn(lines, "tourney: out of memory while collecting errors; more may exist");
    }
}
